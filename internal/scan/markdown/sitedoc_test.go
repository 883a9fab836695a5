package markdown

import (
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
		"<h2 ID=\"Upper\">Raw heading</h2>\n\n```html\n<a name=\"in-code\"></a>\n```\n\n`<a name=\"in-span\">`\n"
	doc := Extract("a.md", []byte(src))
	want := []string{"Upper", "box", "inline-a", "inner", "legacy"}
	if !reflect.DeepEqual(doc.HTMLAnchors, want) {
		t.Errorf("HTMLAnchors = %q, want %q", doc.HTMLAnchors, want)
	}
}

func TestSiteHeadings(t *testing.T) {
	src := "# Hello *World*\n\n## Custom {#my-id}\n\n## Colon { : #other .cls }\n\n### Book { #first .class1 .class2 }\n\n" +
		"## Only class {.wide}\n\n## Braces {not attrs}\n\nSetext `code`\n------\n"
	doc := Extract("a.md", []byte(src))
	want := []SiteHeading{
		{Text: "Hello World", Raw: "Hello *World*", Line: 1},
		{Text: "Custom", ID: "my-id", Line: 3},
		{Text: "Colon", ID: "other", Line: 5},
		{Text: "Book", ID: "first", Line: 7},
		{Text: "Only class", Line: 9},
		{Text: "Braces {not attrs}", Line: 11},
		{Text: "Setext code", Raw: "Setext `code`", Line: 13},
	}
	if !reflect.DeepEqual(doc.SiteHeadings, want) {
		t.Errorf("SiteHeadings =\n%+v\nwant\n%+v", doc.SiteHeadings, want)
	}
}

func TestDirectives(t *testing.T) {
	src := "# T\n\n--8<-- \"includes/abbr.md\"\n\n;--8<-- \"escaped.md\"\n\n--8<--\nblock/a.md\nblock/b.md:section\n--8<--\n\n" +
		"{!shared/intro.md!}\n\n{{#include ../common/setup.md:5:10}}\n\n```\n--8<-- \"in-code.md\"\n```\n\n" +
		"See [the guide]({% link _docs/guide.md %}) and [post]({% post_url 2010-07-21-name %}) or {% link {{ page.x }} %}.\n"
	doc := Extract("docs/a.md", []byte(src))
	wantInc := []Include{
		{Path: "includes/abbr.md", Syntax: IncludeSnippets, Line: 3},
		{Path: "block/a.md", Syntax: IncludeSnippets, Line: 8},
		{Path: "block/b.md", Syntax: IncludeSnippets, Line: 9},
		{Path: "shared/intro.md", Syntax: IncludeMarkdownInclude, Line: 12},
		{Path: "../common/setup.md", Syntax: IncludeMdBook, Line: 14},
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
		{Destination: "{% link _docs/guide.md %}", Line: 20, Kind: LinkSite, Target: "_docs/guide.md"},
		{Destination: "{% post_url 2010-07-21-name %}", Line: 20, Kind: LinkPost, Target: "2010-07-21-name"},
	}
	if !reflect.DeepEqual(site, wantLinks) {
		t.Errorf("site links =\n%+v\nwant\n%+v", site, wantLinks)
	}
}
