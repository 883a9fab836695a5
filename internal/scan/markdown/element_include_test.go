package markdown

import (
	"reflect"
	"strings"
	"testing"
)

// TestElementIncludes: <embed src>, <include>…</include> and <include src>
// naming a Markdown file (or one a template names) are include elements, in an HTML block (at the line the
// element starts) or opening a paragraph; other embeds, an include in code, and a non-Markdown file are
// not.
func TestElementIncludes(t *testing.T) {
	src := "# Config\n\n<embed src=\"../.upstream/config.md\"></embed>\n\n" +
		"<include>../headless/page-conventions.mdx</include>\n\n" +
		"<embed src=\"video.mp4\">\n\n" +
		"```\n<include>in-code.md</include>\n```\n\n" +
		"Text <include>inline.md</include> later.\n\n" +
		"<div>\n<embed src=\"block/a.md\">\n<include>\n  block/b.md\n</include>\n</div>\n\n" +
		"<include src=\"syntax/frontmatter.md\" />\n\n" +
		"<include src=\"./syntax/{{ filename }}.md\" />\n\n" +
		"<include src=\"tips.md#escaping\" inline>\n</include>\n\n" +
		"<include src=\"banner.html\" />\n\n" +
		"{% macro show(f) %}\n<include src=\"./loop/{{ f }}.md\" />\n{% endmacro %}\n"
	var got []string
	lines := map[string]int{}
	for _, inc := range Extract("docs/config/index.md", []byte(src)).Includes {
		if inc.Syntax == IncludeElement {
			got = append(got, inc.Path)
			lines[inc.Path] = inc.Line
		}
	}
	lineOf := func(s string) int { return strings.Count(src[:strings.Index(src, s)], "\n") + 1 }
	if lines["block/a.md"] != lineOf("<embed src=\"block/a.md") || lines["block/b.md"] != lineOf("<include>\n  block/b.md") ||
		lines["./loop/{{ f }}.md"] != lineOf("<include src=\"./loop/") {
		t.Errorf("element include lines %v, want the lines their elements start on", lines)
	}
	want := []string{"../.upstream/config.md", "../headless/page-conventions.mdx", "block/a.md", "block/b.md",
		"syntax/frontmatter.md", "./syntax/{{ filename }}.md", "tips.md", "./loop/{{ f }}.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("element includes = %q, want %q", got, want)
	}
	var mdx []string
	for _, inc := range Extract("a.mdx", []byte("# A\n\n<include>./part.mdx</include>\n")).Includes {
		mdx = append(mdx, inc.Syntax+" "+inc.Path)
	}
	if want := []string{"element ./part.mdx"}; !reflect.DeepEqual(mdx, want) {
		t.Errorf("MDX includes = %q, want %q", mdx, want)
	}
}
