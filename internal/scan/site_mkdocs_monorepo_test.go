package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMkDocsMonorepoIncludes: with the monorepo plugin (or techdocs-core,
// which bundles it), a nav entry "!include ./v1/mkdocs.yml" (tag or
// string) or "*include ./components/*/mkdocs.yml" serves the included
// site's docs under its site_name; a link into an alias nothing mounts,
// or to a page the included docs lack, is still broken, and without the
// plugin the alias is a directory like any other.
func TestMkDocsMonorepoIncludes(t *testing.T) {
	index := "# Platform\n\n[v1](./versions/v1/reference.md) [v2](versions/v2/reference.md) [auth](components/auth/setup.md)\n" +
		"[gone](./versions/v1/gone.md) [v9](./versions/v9/reference.md)\n"
	nav := "nav:\n  - Intro: index.md\n  - Components: '*include ./components/*/mkdocs.yml'\n  - API:\n" +
		"    - v1: '!include ./v1/mkdocs.yml'\n    - v2: !include ./v2/mkdocs.yml\n"
	files := map[string]string{
		"site/docs/index.md":                 index,
		"site/v1/mkdocs.yml":                 "site_name: versions/v1\n",
		"site/v1/docs/reference.md":          "# v1\n",
		"site/v2/mkdocs.yml":                 "site_name: versions/v2\ndocs_dir: pages\n",
		"site/v2/pages/reference.md":         "# v2\n",
		"site/components/auth/mkdocs.yml":    "site_name: components/auth\n",
		"site/components/auth/docs/setup.md": "# Setup\n",
	}
	for _, tt := range []struct {
		name, plugins string
		want          []string
	}{
		{"monorepo", "plugins:\n  - monorepo\n", []string{"link:site/docs/versions/v1/gone.md", "link:site/docs/versions/v9/reference.md"}},
		{"techdocs-core", "plugins:\n  - techdocs-core\n", []string{"link:site/docs/versions/v1/gone.md", "link:site/docs/versions/v9/reference.md"}},
		{"no plugin", "", []string{"link:site/docs/components/auth/setup.md", "link:site/docs/versions/v1/gone.md",
			"link:site/docs/versions/v1/reference.md", "link:site/docs/versions/v2/reference.md", "link:site/docs/versions/v9/reference.md"}},
	} {
		root := t.TempDir()
		tree := map[string]string{"site/mkdocs.yml": "site_name: Platform\n" + nav + tt.plugins}
		for p, c := range files {
			tree[p] = c
		}
		testtree.Write(t, root, tree)
		got := brokenIn(newIndex(scanDir(t, root, nil, Options{})), "site/docs/index.md")
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.want)
		}
	}
}
