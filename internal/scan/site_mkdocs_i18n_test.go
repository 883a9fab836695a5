package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMkDocsI18nFolderFallback: with mkdocs-static-i18n's folder
// structure, a translated page's link to a page (or an image) its
// language lacks is served from the default language's, at the docs
// root or in the default's own folder, anchors checked there; a page no
// language has, and an anchor the fallback page lacks, are still broken.
// Without fallback, with the suffix structure, or without the plugin the
// links are read as written.
func TestMkDocsI18nFolderFallback(t *testing.T) {
	ja := "# ガイド\n\n[ref](../ref/agent.md) [run](../ref/agent.md#run) [img](../assets/logo.png)\n" +
		"[gone](../ref/gone.md) [bad](../ref/agent.md#nope)\n"
	files := map[string]string{
		"docs/index.md":        "# Home\n",
		"docs/ref/agent.md":    "# Agent\n\n## Run\n",
		"docs/assets/logo.png": "png",
		"docs/ja/guide/x.md":   ja,
		"docs/ja/index.md":     "# ホーム\n",
	}
	langs := "      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: ja\n          name: 日本語\n"
	fallback := []string{"anchor:docs/ref/agent.md#nope", "link:docs/ja/ref/gone.md"}
	// The image is reported where a browser reads it from the page's URL
	// (x.md served at x/).
	asWritten := []string{"link:docs/ja/guide/assets/logo.png", "link:docs/ja/ref/agent.md", "link:docs/ja/ref/gone.md"}
	for _, tt := range []struct {
		name, plugins string
		want          []string
	}{
		{"folder", "plugins:\n  - search\n  - i18n:\n      docs_structure: folder\n" + langs, fallback},
		{"folder, fallback on", "plugins:\n  - i18n:\n      docs_structure: folder\n      fallback_to_default: true\n" + langs, fallback},
		{"folder, no fallback", "plugins:\n  - i18n:\n      docs_structure: folder\n      fallback_to_default: false\n" + langs, asWritten},
		{"suffix", "plugins:\n  - i18n:\n      docs_structure: suffix\n" + langs, asWritten},
		{"no plugin", "", asWritten},
	} {
		root := t.TempDir()
		tree := map[string]string{"mkdocs.yml": "site_name: S\n" + tt.plugins}
		for p, c := range files {
			tree[p] = c
		}
		testtree.Write(t, root, tree)
		got := brokenIn(newIndex(scanDir(t, root, nil, Options{})), "docs/ja/guide/x.md")
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.want)
		}
	}
}
