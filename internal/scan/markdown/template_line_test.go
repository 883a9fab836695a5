package markdown

import (
	"slices"
	"testing"
)

// TestTemplateLineIncludes: a line that is one template expression is an
// include of syntax template; mdBook's {{#include}}, Hugo's shortcodes, an
// expression inside text and one in code are not.
func TestTemplateLineIncludes(t *testing.T) {
	doc := "# T\n\n{{ pydantic_settings }}\n\n{{- macro(1) -}}\n\nText {{ inline }} here.\n\n{{< hint >}}\n\n{{% note %}}\n\n`{{ code }}`\n\n```\n{{ fenced }}\n```\n"
	var got []string
	for _, inc := range Extract("docs/a.md", []byte(doc)).Includes {
		if inc.Syntax == IncludeTemplate {
			got = append(got, inc.Path)
		}
	}
	if want := []string{"pydantic_settings", "macro(1)"}; !slices.Equal(got, want) {
		t.Errorf("template includes %q, want %q", got, want)
	}
}
