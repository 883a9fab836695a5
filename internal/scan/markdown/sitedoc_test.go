package markdown

import (
	"fmt"
	"reflect"
	"testing"
)

func TestFrontMatterTemplate(t *testing.T) {
	tests := []struct {
		yaml    string
		invalid bool
	}{
		{"title: \"{{ replace .Name \"-\" \" \" | title }}\"\ndate: {{ .Date }}\n", false}, // a Hugo archetype
		{"title: {% if page.x %}a{% endif %}\n", false},                                    // Liquid
		{"title: [unclosed\n", true},                                                       // a real mistake still is one
		{"title: {{ unclosed\n: x\n", true},
	}
	for _, tt := range tests {
		doc := Extract("docs/a.md", withFrontMatter(tt.yaml))
		got := false
		for _, is := range doc.Issues {
			got = got || is.Code == CodeFrontMatterInvalid
		}
		if got != tt.invalid {
			t.Errorf("front matter %q: FRONT_MATTER_INVALID %v, want %v (%v)", tt.yaml, got, tt.invalid, issueStrings(doc.Issues))
		}
	}
}

func TestHTMLAnchors(t *testing.T) {
	src := "# T\n\n<a name=\"legacy\"></a>\n\n<div id=\"box\" class=\"x\">\n<span id='inner'>x</span>\n</div>\n\n" +
		"Text <a id=\"inline-a\">here</a> and <span name=\"not-an-anchor\">s</span>.\n\n" +
		"<h2 ID=\"Upper\">Raw heading</h2>\n\n<p Id=\"mixed\">x</p>\n\n```html\n<a name=\"in-code\"></a>\n```\n\n`<a name=\"in-span\">`\n"
	doc := Extract("a.md", []byte(src))
	want := []string{"Upper", "box", "inline-a", "inner", "legacy", "mixed"}
	if !reflect.DeepEqual(doc.HTMLAnchors, want) {
		t.Errorf("HTMLAnchors = %q, want %q", doc.HTMLAnchors, want)
	}
}

func TestSiteHeadings(t *testing.T) {
	src := "# Hello *World*\n\n## Custom {#my-id}\n\n## Colon { : #other .cls }\n\n### Book { #first .class1 .class2 }\n\n" +
		"## Only class {.wide}\n\n## Braces {not attrs}\n\nSetext `code`\n------\n\n" +
		"### with pip <small>recommended</small> { #with-pip data-toc-label=\"with pip\" }\n\n" +
		"### Navigation path { id=navigation-path }\n\n## Quoted { title='a {b} c' #q }\n"
	doc := Extract("a.md", []byte(src))
	want := []SiteHeading{
		{Text: "Hello World", Raw: "Hello *World*", Line: 1},
		{Text: "Custom", ID: "my-id", Line: 3},
		{Text: "Colon", ID: "other", Line: 5},
		{Text: "Book", ID: "first", Line: 7},
		{Text: "Only class", Line: 9},
		{Text: "Braces {not attrs}", Line: 11},
		{Text: "Setext code", Raw: "Setext `code`", Line: 13},
		{Text: "with pip recommended", Raw: "with pip <small>recommended</small>", ID: "with-pip", Line: 16},
		{Text: "Navigation path", ID: "navigation-path", Line: 18},
		{Text: "Quoted", ID: "q", Line: 20},
	}
	if !reflect.DeepEqual(doc.SiteHeadings, want) {
		t.Errorf("SiteHeadings =\n%+v\nwant\n%+v", doc.SiteHeadings, want)
	}
}

func TestDirectives(t *testing.T) {
	src := "# T\n\n--8<-- \"includes/abbr.md\"\n\n;--8<-- \"escaped.md\"\n\n--8<--\nblock/a.md\nblock/b.md:section\n--8<--\n\n" +
		"{!shared/intro.md!}\n\n{{#include ../common/setup.md:5:10}}\n\n```\n--8<-- \"in-code.md\"\n```\n\n" +
		"- helpers like `{{#include /path/to/file.md}}` and \\{{#include escaped.md}}\n\n" +
		"See [the guide]({% link _docs/guide.md %}) and [post]({% post_url 2010-07-21-name %}) or {% link {{ page.x }} %}.\n\n" +
		"{% include_relative parts/a.md %} {% include note.html param=\"x\" %}\n"
	doc := Extract("docs/a.md", []byte(src))
	wantInc := []Include{
		{Path: "includes/abbr.md", Syntax: IncludeSnippets, Line: 3},
		{Path: "block/a.md", Syntax: IncludeSnippets, Line: 8},
		{Path: "block/b.md", Syntax: IncludeSnippets, Line: 9},
		{Path: "shared/intro.md", Syntax: IncludeMarkdownInclude, Line: 12},
		{Path: "../common/setup.md", Syntax: IncludeMdBook, Line: 14},
		{Path: "parts/a.md", Syntax: includeJekyllRelative, Line: 24},
		{Path: "note.html", Syntax: IncludeJekyll, Line: 24},
	}
	if !reflect.DeepEqual(doc.Includes, wantInc) {
		t.Errorf("Includes =\n%+v\nwant\n%+v", doc.Includes, wantInc)
	}
	var site []Link
	for _, l := range doc.Links {
		if l.Kind == LinkSite || l.Kind == LinkPost {
			site = append(site, l)
		}
	}
	wantLinks := []Link{
		{Destination: "{% link _docs/guide.md %}", Line: 22, Kind: LinkSite, Target: "_docs/guide.md"},
		{Destination: "{% post_url 2010-07-21-name %}", Line: 22, Kind: LinkPost, Target: "2010-07-21-name"},
	}
	if !reflect.DeepEqual(site, wantLinks) {
		t.Errorf("site links =\n%+v\nwant\n%+v", site, wantLinks)
	}
}

func TestLiquidBlocks(t *testing.T) {
	src := "# T\n\n{% highlight diff %}\n- [old](gone.md) {% post_url 2018-03-20-x %}\n{% endhighlight %}\n\n" +
		"{% comment %}\n[draft](draft.md)\n{% endcomment %}\n\n" +
		"{% raw %}\nWrite [a link]({% link a.md %}) like [this](kept.md).\n{% endraw %}\n\n" +
		"```\n{% highlight x %}\n```\n\n[after](after.md) and {% link b.md %}\n"
	doc := Extract("a.md", []byte(src))
	var got []string
	for _, l := range doc.Links {
		got = append(got, l.Kind+":"+l.Target)
	}
	want := []string{"relative:kept.md", "site:b.md", "relative:after.md"} // a paragraph's tags are read before its links
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links = %q, want %q", got, want)
	}
}

func TestHeadingBlockIAL(t *testing.T) {
	doc := Extract("a.md", []byte("## 1.0.0\n{: #v1-0-0}\n\n## Two\n\n{: #not-after-a-heading}\n"))
	if len(doc.SiteHeadings) != 2 || doc.SiteHeadings[0].BlockID != "v1-0-0" || doc.SiteHeadings[1].BlockID != "" {
		t.Errorf("SiteHeadings = %+v, want the first with BlockID v1-0-0 and the second without", doc.SiteHeadings)
	}
}

func TestAttrAnchors(t *testing.T) {
	src := "# T\n\n* item\n{#after-item}\n\n[](){#empty-link} and text {: #inline .cls }\n\n" +
		"{not-attrs} {% raw %} {{ var }} `{#in-code}`\n\n```\n{#fenced}\n```\n"
	doc := Extract("a.md", []byte(src))
	want := []string{"after-item", "empty-link", "inline"}
	if !reflect.DeepEqual(doc.AttrAnchors, want) {
		t.Errorf("AttrAnchors = %q, want %q", doc.AttrAnchors, want)
	}
}

func TestAutodoc(t *testing.T) {
	doc := Extract("a.md", []byte("# API\n\n::: pkg.mod.Name\n    options:\n      show_source: false\n\n::: not an object\n\n```\n::: in.code\n```\n"))
	if !reflect.DeepEqual(doc.Autodoc, []string{"pkg.mod.Name"}) {
		t.Errorf("Autodoc = %q, want [pkg.mod.Name]", doc.Autodoc)
	}
	// hf-doc-builder's directive, its member list after it.
	doc = Extract("a.md", []byte("# Agents\n\n## CodeAgent\n\n[[autodoc]] CodeAgent\n    - run\n\n[[autodoc]] models.Bert extra\n\n`[[autodoc]] InCode`\n"))
	if !reflect.DeepEqual(doc.AutodocNames, []string{"CodeAgent"}) || doc.Autodoc != nil {
		t.Errorf("AutodocNames = %q, Autodoc = %q; want [CodeAgent] and none", doc.AutodocNames, doc.Autodoc)
	}
}

func TestFootnotes(t *testing.T) {
	doc := Extract("a.md", []byte("# T\n\nText[^1] and[^note].\n\n[^1]: One.\n  [^note]: Two.\n\n```\n[^code]: no\n```\n\n[^bad label]: no\n"))
	if !reflect.DeepEqual(doc.Footnotes, []string{"1", "note"}) {
		t.Errorf("Footnotes = %q, want [1 note]", doc.Footnotes)
	}
}

// TestSiteHeadingSmart: Smart is set only where typography changes the
// text, dashes outside code turned into en and em dashes.
func TestSiteHeadingSmart(t *testing.T) {
	doc := Extract("a.md", []byte("## A -- B --- C `x--y`\n\n## Plain - dash\n"))
	want := []SiteHeading{
		{Text: "A -- B --- C x--y", Raw: "A -- B --- C `x--y`", Smart: "A – B — C x--y", Line: 1},
		{Text: "Plain - dash", Line: 3},
	}
	if !reflect.DeepEqual(doc.SiteHeadings, want) {
		t.Errorf("SiteHeadings =\n%+v\nwant\n%+v", doc.SiteHeadings, want)
	}
}

// TestFootnoteDefinitionIsNoReference: a footnote definition is a
// footnote, as GitHub renders it, not a link reference definition whose
// destination is the rest of the line; the links inside it are links, at
// their own lines.
func TestFootnoteDefinitionIsNoReference(t *testing.T) {
	doc := Extract("docs/a.md", []byte("# T\n\n> A quote.\n> [^wiki]\n\nSee[^local].\n\n"+
		"[^wiki]: [https://en.wikipedia.org/wiki/Trust_boundary](https://en.wikipedia.org/wiki/Trust_boundary).\n"+
		"[^local]: The [setup](setup.md) page.\n"))
	var got []string
	for _, l := range doc.Links {
		got = append(got, fmt.Sprintf("%d %s %s", l.Line, l.Kind, l.Destination))
	}
	want := []string{"8 external https://en.wikipedia.org/wiki/Trust_boundary", "9 relative setup.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links = %q, want %q", got, want)
	}
	if !reflect.DeepEqual(doc.Footnotes, []string{"wiki", "local"}) {
		t.Errorf("Footnotes = %q, want [wiki local]", doc.Footnotes)
	}
}

// TestMystTargets: a line "(label)=" outside code declares a MyST target;
// one in a code block, a line with more on it, or a label with spaces
// does not.
func TestMystTargets(t *testing.T) {
	src := "(intro)=\n# Intro\n\n  (syntax/colon_fence)=  \n\n```\n(in-code)=\n```\n\nsee (x)= here\n\n(two words)=\n"
	doc := Extract("a.md", []byte(src))
	if want := []string{"intro", "syntax/colon_fence"}; !reflect.DeepEqual(doc.Targets, want) {
		t.Errorf("Targets = %q, want %q", doc.Targets, want)
	}
}

// TestMystDirectiveTargets: a directive's :label: or :name: option — in a
// backtick fence or a colon fence — is a target; an option line after the
// directive's body, or in a plain code block, is not.
func TestMystDirectiveTargets(t *testing.T) {
	src := "# A\n\n```{note}\n:class: tip\n:label: my-note\nBody.\n:name: too-late\n```\n\n" +
		":::{figure} x.png\n:name: fig-x\n:::\n\n```text\n:label: in-code\n```\n\n:name: loose\n"
	doc := Extract("a.md", []byte(src))
	if want := []string{"my-note", "fig-x"}; !reflect.DeepEqual(doc.Targets, want) {
		t.Errorf("Targets = %q, want %q", doc.Targets, want)
	}
}

// TestElementAnchorsAndTitles: an MDX component's literal id is an anchor
// and its title a title (an expression attribute is neither); a raw HTML
// <summary>'s text is a title.
func TestElementAnchorsAndTitles(t *testing.T) {
	mdx := "# T\n\n<Tabs>\n<Tab\n  id=\"static\"\n  title=\"OAuth  2.0\"\n>\n\nText.\n\n</Tab>\n<Tab id={dynamic} title={t}>\n</Tab>\n</Tabs>\n\n<Accordion title='Billing' />\n\n<TeamMember name=\"Dan\" permalink=\"dan-abramov\" />\n"
	doc := Extract("a.mdx", []byte(mdx))
	if want := []string{"static"}; !reflect.DeepEqual(doc.HTMLAnchors, want) {
		t.Errorf("HTMLAnchors = %q, want %q", doc.HTMLAnchors, want)
	}
	if want := []string{"Billing", "OAuth 2.0", "dan-abramov"}; !reflect.DeepEqual(doc.ElementTitles, want) {
		t.Errorf("ElementTitles = %q, want %q", doc.ElementTitles, want)
	}
	md := "# R\n\n<details>\n<summary><b>Admin</b> role</summary>\n\nAll.\n</details>\n\n```html\n<summary>In code</summary>\n```\n"
	doc = Extract("r.md", []byte(md))
	if want := []string{"Admin role"}; !reflect.DeepEqual(doc.ElementTitles, want) {
		t.Errorf("ElementTitles = %q, want %q", doc.ElementTitles, want)
	}
}

func TestBracketID(t *testing.T) {
	if id, rest, ok := BracketID("Keep Previous [#keep-previous]"); !ok || id != "keep-previous" || rest != "Keep Previous" {
		t.Errorf("BracketID = %q %q %v", id, rest, ok)
	}
	for text, want := range map[string]string{
		"Refresh {#refresh-404}":  "refresh-404",
		"Step 1 {/*step-1*/}":     "step-1",
		"Step 1 {/step-1/}":       "step-1", // the stars read as emphasis
		"Install {/* install */}": "install",
	} {
		if id, _, ok := BracketID(text); !ok || id != want {
			t.Errorf("BracketID(%q) = %q %v, want %q", text, id, ok, want)
		}
	}
	for _, no := range []string{"Array [a]", "Ends [#]", "x [#a b]", "Set {/}", "Map {/a b/}"} {
		if _, _, ok := BracketID(no); ok {
			t.Errorf("BracketID(%q) found an id", no)
		}
	}
}

// ExplicitID reads every id syntax the attribute-list and bracket readers
// know, and nothing else.
func TestExplicitID(t *testing.T) {
	tests := []struct {
		text, rest, id string
		ok             bool
	}{
		{"Computed Properties {#computed-properties}", "Computed Properties", "computed-properties", true},
		{"Title { #spaced }", "Title", "spaced", true},
		{"Title {: #kramdown }", "Title", "kramdown", true},
		{"Title {#id .class data-x=1}", "Title", "id", true},
		{`Title {id="quoted"}`, "Title", "quoted", true},
		{"Keep Previous Result [#keep-previous-result]", "Keep Previous Result", "keep-previous-result", true},
		{"Step 1 {/*step-1*/}", "Step 1", "step-1", true},
		{"`{#c}` {#d}", "`{#c}`", "d", true},
		{"Title {.class}", "Title {.class}", "", false}, // a list without an id
		{"Map {key}", "Map {key}", "", false},
		{"Array [a]", "Array [a]", "", false},
		{"Title {#id} trailing", "Title {#id} trailing", "", false},
		{"Plain", "Plain", "", false},
	}
	for _, tt := range tests {
		rest, id, ok := ExplicitID(tt.text)
		if rest != tt.rest || id != tt.id || ok != tt.ok {
			t.Errorf("ExplicitID(%q) = %q, %q, %v; want %q, %q, %v", tt.text, rest, id, ok, tt.rest, tt.id, tt.ok)
		}
	}
}
