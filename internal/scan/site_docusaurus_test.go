package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestDocusaurusRoutes scans a Docusaurus site and checks that links
// written as the site's URLs resolve to the pages served there — docs by
// route, slug, id, number-prefixed and category-index names, a version,
// blog posts by date and slug, pages, static files, @site/ paths, .md
// file links and URL-relative links read from the page's URL — while a
// deleted page linked by route, a page missing from a version and a
// renamed heading are still reported.
func TestDocusaurusRoutes(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.ts": `import type { Config } from '@docusaurus/types';
export default {
  baseUrl: '/site/',
  presets: [['classic', {
    docs: { sidebarPath: require.resolve('./sidebars.js'), versions: { '1.0': { path: 'v1' } }, lastVersion: 'current' },
    blog: { routeBasePath: 'news' },
  }]],
} satisfies Config;
`,
		"website/versions.json": `["1.0"]`,
		"website/docs/intro.md": "---\nslug: /\n---\n# Intro\n",
		"website/docs/01-guide/02-setup.md": "# Setup\n\n" +
			"[a](/docs/api) [b](/docs/other) [c](/docs/renamed#speed) [d](../api) [e](/img/logo.svg) " +
			"[f](@site/static/img/logo.svg) [g](/about) [h](/docs/v1/old) [i](/news/2021/05/05/hello) [j](/news/launch) " +
			"[k](../custom.md) [l](/site/docs/api/) [m](/docs) [n](install) [o](/docs/guide/setup#setup)\n\n" +
			"Broken: [x](/docs/deleted) [y](/docs/renamed#old-heading) [z](/docs/v1/gone) [w](../nothing)\n",
		"website/docs/01-guide/install.md":          "# Install\n",
		"website/docs/api/index.md":                 "# API\n",
		"website/docs/custom.md":                    "---\nid: renamed\n---\n# Custom\n\n## Speed\n",
		"website/docs/slugged.md":                   "---\nslug: other\n---\n# Slugged\n",
		"website/docs/_partial.md":                  "# Partial\n",
		"website/versioned_docs/version-1.0/old.md": "# Old\n\n[back](/docs/guide/setup) [self](old) [gone](/docs/v1/deleted)\n",
		"website/blog/2021-05-05-hello.md":          "# Hello\n\n[setup](/docs/guide/setup)\n",
		"website/blog/2022-01-01-launch.md":         "---\nslug: launch\n---\n# Launch\n",
		"website/static/img/logo.svg":               "<svg/>\n",
		"website/src/pages/about.tsx":               "export default function About() { return null; }\n",
		"website/README.md":                         "# Website\n\n[github style](docs/custom.md) [route](/docs/api)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const setup = "document:website/docs/01-guide/02-setup.md"
	for _, to := range []string{
		"document:website/docs/api/index.md", "document:website/docs/slugged.md", "document:website/docs/custom.md",
		"document:website/versioned_docs/version-1.0/old.md", "document:website/blog/2021-05-05-hello.md",
		"document:website/blog/2022-01-01-launch.md", "module:website/src/pages/about.tsx", "document:website/docs/01-guide/install.md",
	} {
		ix.relation(t, snapshot.RelLinksTo, setup, to)
	}
	rel := ix.relation(t, snapshot.RelLinksTo, setup, "document:website/docs/custom.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"old-heading"}) {
		t.Errorf("missingAnchors = %q, want the renamed heading only", got)
	}
	if got, want := ix.unresolved(setup), []string{"website/docs/deleted", "website/docs/nothing", "website/versioned_docs/version-1.0/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the setup page = %q, want %q", got, want)
	}
	if got, want := ix.unresolved("document:website/versioned_docs/version-1.0/old.md"), []string{"website/versioned_docs/version-1.0/deleted"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the old page = %q, want %q", got, want)
	}
	if got := ix.unresolved("document:website/blog/2021-05-05-hello.md"); len(got) != 0 {
		t.Errorf("the blog post's route link is broken: %q", got)
	}
	// Outside every content directory GitHub's rules hold.
	if got, want := ix.unresolved("document:website/README.md"), []string{"docs/api"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the README = %q, want %q", got, want)
	}
}

// TestDocSlug: the URL path of a doc below its version's route.
func TestDocSlug(t *testing.T) {
	for _, c := range []struct {
		rel  string
		fm   map[string]string
		want string
	}{
		{"intro.md", nil, "/intro"},
		{"01-guide/02-setup.mdx", nil, "/guide/setup"},
		{"guide/index.md", nil, "/guide"},
		{"guide/README.md", nil, "/guide"},
		{"guide/guide.md", nil, "/guide"},
		{"guide/x.md", map[string]string{"slug": "/abs"}, "/abs"},
		{"guide/x.md", map[string]string{"slug": "rel"}, "/guide/rel"},
		{"guide/x.md", map[string]string{"id": "y"}, "/guide/y"},
		{"guide/index.md", map[string]string{"slug": "z"}, "/guide/z"},
		{"2021-05-05-notes.md", nil, "/2021-05-05-notes"},
		{"1.2-release.md", nil, "/1.2-release"},
	} {
		if got := docSlug(c.rel, c.fm); got != c.want {
			t.Errorf("docSlug(%q, %v) = %q, want %q", c.rel, c.fm, got, c.want)
		}
	}
	for rel, want := range map[string]string{
		"2021-05-05-hello-world.mdx": "2021/05/05/hello-world",
		"2021-05-05-folder/index.md": "2021/05/05/folder",
		"plain.md":                   "plain",
	} {
		if got := blogSlug(rel, ""); got != want {
			t.Errorf("blogSlug(%q) = %q, want %q", rel, got, want)
		}
	}
}

// TestDocusaurusDocsBesideSite: with docs beside the site directory
// (path: '../docs') the scan's site root widens to hold both, but @site/
// and a bare .md link's last try still mean the site directory, where
// docusaurus.config.* lies; a file missing there is still reported.
func TestDocusaurusDocsBesideSite(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.js": "module.exports = { presets: [['classic', { docs: { path: '../docs' } }]] };\n",
		"docs/guide.md": "# Guide\n\n[logo](@site/static/img/logo.svg) [notes](notes.md) [next](/docs/other)\n\n" +
			"Broken: [gone](@site/static/img/gone.svg)\n",
		"docs/other.md":               "# Other\n",
		"website/notes.md":            "# Notes\n",
		"website/static/img/logo.svg": "<svg/>\n",
		"static/img/gone.svg":         "<svg/>\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide = "document:docs/guide.md"
	for _, to := range []string{"document:website/notes.md", "document:docs/other.md"} {
		ix.relation(t, snapshot.RelLinksTo, guide, to)
	}
	if got, want := ix.unresolved(guide), []string{"website/static/img/gone.svg"}; !slices.Equal(got, want) {
		t.Errorf("broken links of the guide = %q, want %q", got, want)
	}
}

// TestDocusaurusTranslations: a locale's translated docs
// (i18n/<locale>/docusaurus-plugin-content-docs/current) are pages of
// the site at /<locale>/: a URL-relative link reaches a sibling's
// translation, or the default page where the locale has none; static
// files resolve as for the default pages; a page neither has, and an
// anchor the translated page lacks, are still broken. A locale the
// configuration does not list is no site's.
func TestDocusaurusTranslations(t *testing.T) {
	page := "# API\n\n[install](./installation#setup) [state](example-setstate) [logo](/img/logo.png)\n\n" +
		"Broken: [gone](./nothing) [anchor](./installation#install-it)\n"
	files := map[string]string{
		"website/docs/api.md":                                                       "# API\n",
		"website/docs/installation.md":                                              "# Installation\n\n## Install it\n",
		"website/docs/example-setstate.md":                                          "# Example\n",
		"website/static/img/logo.png":                                               "png",
		"website/i18n/zh-CN/docusaurus-plugin-content-docs/current/api.md":          page,
		"website/i18n/zh-CN/docusaurus-plugin-content-docs/current/installation.md": "# 安装\n\n## Setup\n",
	}
	for _, tt := range []struct {
		name, locales string
		want          []string
	}{
		{"listed", `["en", "zh-CN"]`, []string{"website/i18n/zh-CN/docusaurus-plugin-content-docs/current/nothing"}},
		{"not listed", `["en"]`, []string{"img/logo.png", "website/i18n/zh-CN/docusaurus-plugin-content-docs/current/example-setstate",
			"website/i18n/zh-CN/docusaurus-plugin-content-docs/current/installation", "website/i18n/zh-CN/docusaurus-plugin-content-docs/current/nothing"}},
	} {
		root := t.TempDir()
		tree := map[string]string{"website/docusaurus.config.js": "module.exports = { i18n: { defaultLocale: 'en', locales: " + tt.locales + " }, " +
			"presets: [['classic', { docs: { routeBasePath: '/' } }]] };\n"}
		for p, c := range files {
			tree[p] = c
		}
		testtree.Write(t, root, tree)
		ix := newIndex(scanDir(t, root, nil, Options{}))
		const api = "document:website/i18n/zh-CN/docusaurus-plugin-content-docs/current/api.md"
		got := ix.unresolved(api)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken links of the translated page = %q, want %q", tt.name, got, tt.want)
		}
		if tt.name != "listed" {
			continue
		}
		ix.relation(t, snapshot.RelLinksTo, api, "document:website/docs/example-setstate.md")
		rel := ix.relation(t, snapshot.RelLinksTo, api, "document:website/i18n/zh-CN/docusaurus-plugin-content-docs/current/installation.md")
		if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"install-it"}) {
			t.Errorf("missingAnchors of the translation = %q, want the heading it lacks", got)
		}
	}
}

// A category whose link is a generated index (in a _category_ file, JSON
// or YAML, or in the sidebars module) is a page Docusaurus makes at its
// link's slug, or at /category/ and its label's slug (the directory's
// name, number prefix dropped, when no label is given): links to those
// resolve, and one to a category with no generated index does not.
func TestDocusaurusCategoryIndexes(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"website/docusaurus.config.js": "module.exports = { presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n",
		"website/sidebars.js": "module.exports = { docs: [{ type: 'category', label: 'Guides', " +
			"link: { type: 'generated-index', slug: '/guides/all' }, items: ['intro'] }] };\n",
		"website/docs/intro.md": "# Intro\n\n[i](/docs/category/integrations) [p](/docs/category/providers) [g](/docs/guides/all) " +
			"[x](/docs/category/plain) [y](/docs/category/nothing)\n",
		"website/docs/01-integrations/_category_.json": `{"label": "Integrations", "link": {"type": "generated-index"}}`,
		"website/docs/01-integrations/a.md":            "# A\n",
		"website/docs/02-providers/_category_.yml":     "link:\n  type: generated-index\n",
		"website/docs/02-providers/b.md":               "# B\n",
		"website/docs/plain/_category_.json":           `{"label": "Plain", "link": {"type": "doc", "id": "plain/c"}}`,
		"website/docs/plain/c.md":                      "# C\n",
	})
	got := newIndex(scanDir(t, root, nil, Options{})).unresolved("document:website/docs/intro.md")
	want := []string{"website/docs/category/nothing", "website/docs/category/plain"}
	if !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}
