package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// The pages a site's navigation lists record the configuration that lists
// them: MkDocs' nav (pages, sections, titled pages; URLs left out),
// mdBook's SUMMARY.md (itself and its chapters), VitePress' sidebar
// (items, nested items, a group's base, the multi-sidebar form, a route
// to a directory's index). Pages no navigation lists record nothing.
func TestSiteNavigation(t *testing.T) {
	s := scanFiles(t, map[string]string{
		"mkdocs.yml":          "site_name: x\nnav:\n  - index.md\n  - Guide:\n      - guide/start.md\n      - Deep: guide/deep.md#part\n  - Home: https://example.com\n  - ../outside.md\n",
		"docs/index.md":       "# Home\n",
		"docs/guide/start.md": "# Start\n",
		"docs/guide/deep.md":  "# Deep\n",
		"docs/unlisted.md":    "# Unlisted\n",

		"book/book.toml":      "[book]\ntitle = \"b\"\n",
		"book/src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Ch](ch/one.md)\n",
		"book/src/intro.md":   "# Intro\n",
		"book/src/ch/one.md":  "# One\n",
		"book/src/stray.md":   "# Stray\n",

		"site/.vitepress/config.mts": `export default {
  themeConfig: {
    sidebar: {
      '/guide/': [
        { text: 'Guide', items: [ { text: 'Intro', link: '/guide/intro' }, { text: 'API', link: '/guide/api.md' } ] },
        { text: 'More', base: '/more/', items: [ { text: 'Index', link: '/' } ] },
      ],
      '/ref/': { base: '/ref/', items: [ { text: 'Conf', link: 'conf' } ] },
    },
  },
}
`,
		"site/guide/intro.md": "# Intro\n",
		"site/guide/api.md":   "# API\n",
		"site/more/index.md":  "# More\n",
		"site/ref/conf.md":    "# Conf\n",
		"site/other.md":       "# Other\n",
	})
	var got []string
	for _, e := range s.Entities {
		if e.Kind == snapshot.KindDocument {
			if nav, ok := e.Metadata["navigation"].(string); ok {
				got = append(got, e.Path+" <- "+nav)
			}
		}
	}
	want := []string{
		"book/src/SUMMARY.md <- book/book.toml",
		"book/src/ch/one.md <- book/book.toml",
		"book/src/intro.md <- book/book.toml",
		"docs/guide/deep.md <- mkdocs.yml",
		"docs/guide/start.md <- mkdocs.yml",
		"docs/index.md <- mkdocs.yml",
		"site/guide/api.md <- site/.vitepress/config.mts",
		"site/guide/intro.md <- site/.vitepress/config.mts",
		"site/more/index.md <- site/.vitepress/config.mts",
		"site/ref/conf.md <- site/.vitepress/config.mts",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("navigation:\n%q\nwant\n%q", got, want)
	}
}
