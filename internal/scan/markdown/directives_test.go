package markdown

import (
	"slices"
	"testing"
)

// TestSiteSyntax: text that only a site generator renders — a template
// tag, a ::: container or autodoc directive, a !!! admonition — marks the
// document; the same characters in code, in a code span or as plain
// punctuation do not.
func TestSiteSyntax(t *testing.T) {
	tests := []struct {
		name, body string
		want       bool
	}{
		{"liquid or markdoc tag", "Intro.\n\n{% admonition type=\"warning\" %}\nCareful.\n{% /admonition %}\n", true},
		{"template variable", "Version {{ site.version }} is out.\n", true},
		{"hugo shortcode", "See {{< ref \"install.md\" >}}.\n", true},
		{"container directive", ":::tip\nA tip.\n:::\n", true},
		{"autodoc directive", "::: httpx.Client\n", true},
		{"admonition", "!!! note \"Heads up\"\n    Indented.\n", true},
		{"tag in a code span", "Write `{% raw %}` to escape.\n", false},
		{"tag in a fenced block", "```liquid\n{% if x %}y{% endif %}\n```\n", false},
		{"a brace alone", "A set {a, b} and 50% off.\n", false},
		{"colons in prose", "Ratio 3:1 and a note: fine.\n", false},
		{"plain", "# Title\n\nText with [a link](x.md).\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Extract("docs/page.md", []byte(tt.body)).SiteSyntax; got != tt.want {
				t.Errorf("SiteSyntax = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPassthroughAnchors: the ids and <a name>s of a fence without an info
// string, or whose info string is HTML, are PassthroughAnchors; a fence
// with a language, a code block and prose are not read, and none of them
// is an HTML anchor.
func TestPassthroughAnchors(t *testing.T) {
	body := "# T\n\n~~~\n<h2 id=\"events\">Events</h2>\n<a name=\"old\"></a><div name=\"not-a\"></div>\n~~~\n\n" +
		"```html\n<h2 id=\"sample\">S</h2>\n```\n\n    <p id=\"indented\"></p>\n\n" +
		"~~~<span id=\"fn1\"></span>[1] ~~~ A note.\n"
	doc := Extract("p.md", []byte(body))
	if want := []string{"events", "fn1", "old"}; !slices.Equal(doc.PassthroughAnchors, want) {
		t.Errorf("PassthroughAnchors = %q, want %q", doc.PassthroughAnchors, want)
	}
	if len(doc.HTMLAnchors) != 0 {
		t.Errorf("HTMLAnchors = %q, want none: a fence is code on GitHub", doc.HTMLAnchors)
	}
}

// TestTagArguments: the first argument of each template tag outside code
// that may render an element is kept; control flow, includes, code and
// end tags, and tags in code, are not.
func TestTagArguments(t *testing.T) {
	body := "# T\n\n{% tabs Tab one, 2 %}\n<!-- tab -->\nA\n{% endtabs %}\n\n{% note \"warning\" %}Careful.{% endnote %}\n\n" +
		"{% if site.x %}{% include a.md %}{% endif %} {%- youtube abc123 -%}\n\n`{% tabs in code %}`\n\n```\n{% tabs fenced %}\n```\n"
	doc := Extract("p.md", []byte(body))
	if want := []string{"Tab one", "warning", "abc123"}; !slices.Equal(doc.TagArguments, want) {
		t.Errorf("TagArguments = %q, want %q", doc.TagArguments, want)
	}
}

// TestLinkDirectives: the name of a directive written right before a
// link's text (Paradox's @scaladoc, @ref, @@snip) is the link's
// Directive; an e-mail address or a lone '@' before a link is none.
func TestLinkDirectives(t *testing.T) {
	body := "Extend @scaladoc[Actor](pekko.actor.Actor), see @ref[Streams](stream.md) and\n" +
		"@@snip[Demo.scala](/docs/Demo.scala) { #x }, mail me@host[x](a.md), at @ [y](b.md), plain [z](c.md).\n"
	doc := Extract("p.md", []byte(body))
	var got []string
	for _, l := range doc.Links {
		got = append(got, l.Destination+"="+l.Directive)
	}
	want := []string{"pekko.actor.Actor=scaladoc", "stream.md=ref", "/docs/Demo.scala=@snip", "a.md=", "b.md=", "c.md="}
	if !slices.Equal(got, want) {
		t.Errorf("directives:\n got %q\nwant %q", got, want)
	}
}

// TestIncludeMarkdownPluginTags: {% include-markdown "x" %} and a quoted
// {% include 'x' %} name their file unquoted, options after it left out;
// Jekyll's bare {% include x %} keeps its syntax, and a path a template
// computes is no include.
func TestIncludeMarkdownPluginTags(t *testing.T) {
	src := "# A\n\n{% include-markdown \"../README.md\" start=\"<!--s-->\" %}\n\n{% include 'notes.md' %}\n\n" +
		"{% include note.html %}\n\n{% include-markdown \"{{ page }}.md\" %}\n"
	var got []string
	for _, inc := range Extract("docs/a.md", []byte(src)).Includes {
		got = append(got, inc.Syntax+" "+inc.Path)
	}
	want := []string{"include-markdown ../README.md", "include-markdown notes.md", "include note.html"}
	if !slices.Equal(got, want) {
		t.Errorf("includes = %q, want %q", got, want)
	}
}
