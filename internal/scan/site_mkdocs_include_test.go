package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMkDocsIncludeMarkdownPlugin: with mkdocs-include-markdown-plugin,
// {% include-markdown "../README.md" %} and {% include "CHANGELOG.md" %}
// (a quoted path, from the page or from docs_dir) splice the file's
// headings into the page, so anchors into it resolve; an anchor neither
// has is still broken. Without the plugin the tags render nothing.
func TestMkDocsIncludeMarkdownPlugin(t *testing.T) {
	files := map[string]string{
		"README.md":         "# Tool\n\n## Install\n\nSteps.\n",
		"docs/CHANGELOG.md": "# Changes\n\n## 1.0\n",
		"docs/index.md":     "# Home\n\n{% include-markdown \"../README.md\" start=\"<!--s-->\" %}\n",
		"docs/sub/news.md":  "# News\n\n{% include 'CHANGELOG.md' %}\n",
		"docs/guide.md":     "# Guide\n\n[i](index.md#install) [c](sub/news.md#10) [x](index.md#nope)\n",
	}
	for _, tt := range []struct {
		name, plugins string
		want          []string
	}{
		{"plugin", "plugins:\n  - search\n  - include-markdown\n", []string{"docs/guide.md -> docs/index.md#nope"}},
		{"no plugin", "", []string{"docs/guide.md -> docs/index.md#install", "docs/guide.md -> docs/index.md#nope", "docs/guide.md -> docs/sub/news.md#10"}},
	} {
		root := t.TempDir()
		tree := map[string]string{"mkdocs.yml": "site_name: S\n" + tt.plugins}
		for p, c := range files {
			tree[p] = c
		}
		testtree.Write(t, root, tree)
		got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken anchors %q, want %q", tt.name, got, tt.want)
		}
	}
}
