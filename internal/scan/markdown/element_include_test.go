package markdown

import (
	"reflect"
	"testing"
)

// TestElementIncludes: <embed src> and <include>…</include> naming a
// Markdown file are include elements, in an HTML block or opening a
// paragraph; other embeds, an include in code, and a non-Markdown file are
// not.
func TestElementIncludes(t *testing.T) {
	src := "# Config\n\n<embed src=\"../.upstream/config.md\"></embed>\n\n" +
		"<include>../headless/page-conventions.mdx</include>\n\n" +
		"<embed src=\"video.mp4\">\n\n" +
		"```\n<include>in-code.md</include>\n```\n\n" +
		"Text <include>inline.md</include> later.\n"
	var got []string
	for _, inc := range Extract("docs/config/index.md", []byte(src)).Includes {
		if inc.Syntax == IncludeElement {
			got = append(got, inc.Path)
		}
	}
	if want := []string{"../.upstream/config.md", "../headless/page-conventions.mdx"}; !reflect.DeepEqual(got, want) {
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
