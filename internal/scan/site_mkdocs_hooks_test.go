package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestMkDocsRewrittenAnchors: in a MkDocs site whose hooks (or macros)
// rewrite pages, an anchor no heading text can give (config.blog_dir,
// +type:abstract) may be an id the rewrite renders: it is counted in a
// note, not reported. A slug-shaped anchor is still reported there, and
// without hooks every missing anchor is.
func TestMkDocsRewrittenAnchors(t *testing.T) {
	page := "# Blog\n\n## Advanced settings\n\n#### <!-- md:setting config.blog_dir -->\n\nText.\n"
	links := "# Index\n\n[a](blog.md#config.blog_dir) [b](blog.md#+type:abstract) [c](blog.md#advanced-settings) [d](blog.md#renamed-heading)\n"
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"hooks", "site_name: x\nhooks:\n  - overrides/hooks/shortcodes.py\n",
			[]string{"anchor:docs/blog.md#renamed-heading"}},
		{"macros", "site_name: x\nplugins:\n  - search\n  - macros:\n      module_name: main\n",
			[]string{"anchor:docs/blog.md#renamed-heading"}},
		{"neither", "site_name: x\nplugins:\n  - search\n",
			[]string{"anchor:docs/blog.md#+type:abstract", "anchor:docs/blog.md#config.blog_dir", "anchor:docs/blog.md#renamed-heading"}},
	} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{"mkdocs.yml": tt.config, "docs/blog.md": page, "docs/index.md": links})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		if got := brokenIn(ix, "docs/index.md"); !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.want)
		}
		if tt.name == "hooks" {
			ix.wantCoverage(t, "docs/index.md", "2 links to anchors of docs/blog.md that no heading text gives, which the site's hooks may render, not checked", 0)
		}
	}
}

// TestMkDocsTemplateExpressionPage: a page whose line is one template
// expression ("{{ pydantic_settings }}") on a site whose hooks or macros
// rewrite pages gets content the scan cannot see, headings included: a
// missing anchor into it, slug-shaped or not, is counted, not reported.
// The same page on a site without a rewriter, and a page without the
// expression on the rewriting site, still report it. A page whose
// command-line reference an extension renders (::: mkdocs-click) is the
// same on any MkDocs site.
func TestMkDocsTemplateExpressionPage(t *testing.T) {
	filled := "# Settings\n\nIntro.\n\n{{ pydantic_settings }}\n"
	plain := "# Other\n\nIntro, and {{ inline }} in text.\n"
	cli := "# CLI\n\n::: mkdocs-click\n    :module: x.cli\n    :command: x\n"
	links := "# Index\n\n[a](settings.md#customise-settings-sources) [b](other.md#customise-settings-sources) [c](cli.md#x-build)\n"
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"hooks", "site_name: x\nhooks:\n  - docs/plugins/main.py\n",
			[]string{"anchor:docs/other.md#customise-settings-sources"}},
		{"neither", "site_name: x\n",
			[]string{"anchor:docs/other.md#customise-settings-sources", "anchor:docs/settings.md#customise-settings-sources"}},
	} {
		root := t.TempDir()
		testtree.Write(t, root, map[string]string{"mkdocs.yml": tt.config, "docs/settings.md": filled, "docs/other.md": plain, "docs/cli.md": cli, "docs/index.md": links})
		ix := newIndex(scanDir(t, root, nil, Options{}))
		if got := brokenIn(ix, "docs/index.md"); !slices.Equal(got, tt.want) {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.want)
		}
		if tt.name == "hooks" {
			ix.wantCoverage(t, "docs/index.md", "1 link to anchors of docs/settings.md, where a template expression or a command-reference directive renders content the scan cannot see, not checked", 0)
			ix.wantCoverage(t, "docs/index.md", "1 link to anchors of docs/cli.md, where a template expression or a command-reference directive renders content the scan cannot see, not checked", 0)
		}
	}
}

// TestMkDocsConfigVariants: a project that builds its site with
// `mkdocs build -f mkdocs-online.yml`, its settings shared through
// INHERIT, is a MkDocs site: the inherited hooks rewrite its pages, and
// mkdocstrings ids its objects, members and docstring headings
// ("<object>--<heading>"). A missing anchor no rewrite explains and a
// missing page are still reported; an mkdocs.yml beside the variants is
// the one read.
func TestMkDocsConfigVariants(t *testing.T) {
	common := "site_name: x\nhooks:\n  - hooks.py\n"
	files := map[string]string{
		"mkdocs-common.yml":  common,
		"mkdocs-online.yml":  "INHERIT: mkdocs-common.yml\nplugins:\n  - mkdocstrings\n",
		"mkdocs-offline.yml": "INHERIT: ./mkdocs-common.yml\nsite_dir: offline\n",
		"docs/api/color.md":  "# Color\n\n::: textual.color\n",
		"docs/blog.md":       "# Blog\n\n#### <!-- md:setting config.blog_dir -->\n\nText.\n",
		"docs/index.md": "# Index\n\n[a](api/color.md#textual.color--named-colors) [b](api/color.md#textual.color.Color.parse) " +
			"[c](blog.md#config.blog_dir) [d](blog.md#renamed-heading) [e](api/colour.md) [f](api/color.md#textual-colour)\n",
	}
	root := t.TempDir()
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{"anchor:docs/api/color.md#textual-colour", "anchor:docs/blog.md#renamed-heading", "link:docs/api/colour.md"}
	if got := brokenIn(ix, "docs/index.md"); !slices.Equal(got, want) {
		t.Errorf("variants: broken %q, want %q", got, want)
	}

	// mkdocs.yml, without hooks, is what `mkdocs build` reads.
	root = t.TempDir()
	files["mkdocs.yml"] = "site_name: x\n"
	testtree.Write(t, root, files)
	ix = newIndex(scanDir(t, root, nil, Options{}))
	want = []string{"anchor:docs/api/color.md#textual-colour", "anchor:docs/blog.md#config.blog_dir", "anchor:docs/blog.md#renamed-heading", "link:docs/api/colour.md"}
	if got := brokenIn(ix, "docs/index.md"); !slices.Equal(got, want) {
		t.Errorf("with mkdocs.yml: broken %q, want %q", got, want)
	}
}

// TestMkDocsInherit: INHERIT merges the file over its parent, mappings key
// by key and anything else replaced, up to a bounded chain; a parent the
// tree lacks leaves the defaults and says why; a cycle ends at the bound.
func TestMkDocsInherit(t *testing.T) {
	tr := &tree{byPath: map[string]*Extraction{
		"site/base.yml": {SiteConfig: []byte("docs_dir: pages\nmarkdown_extensions:\n  toc:\n    slugify: !!python/name:pymdownx.slugs.uslugify_cased\n  attr_list:\n")},
		"site/mid.yml":  {SiteConfig: []byte("INHERIT: base.yml\nuse_directory_urls: false\nmarkdown_extensions:\n  footnotes:\n")},
		"a.yml":         {SiteConfig: []byte("INHERIT: b.yml\n")},
		"b.yml":         {SiteConfig: []byte("INHERIT: a.yml\n")},
	}}
	docs, o, why, ok := parseMkDocsIn(tr, "site/mkdocs-x.yml", []byte("INHERIT: mid.yml\n"))
	if !ok || why != "" || docs != "site/pages" || !o.fileURLs || !o.attrList || !o.footnotes || o.slugCase != "none" {
		t.Errorf("chain: docs %q ok %v why %q options %+v", docs, ok, why, o)
	}
	if _, _, why, ok := parseMkDocsIn(tr, "mkdocs-y.yml", []byte("INHERIT: missing.yml\n")); ok || !strings.Contains(why, "missing.yml") {
		t.Errorf("missing parent: ok %v why %q", ok, why)
	}
	if docs, _, _, ok := parseMkDocsIn(tr, "mkdocs-z.yml", []byte("INHERIT: a.yml\n")); !ok || docs != "docs" {
		t.Errorf("cycle: docs %q ok %v, want the defaults after the bounded chain", docs, ok)
	}
	for name, want := range map[string]bool{"mkdocs-online.yml": true, "mkdocs.insiders.yaml": true, "mkdocs_en.yml": true,
		"mkdocs.yml": false, "mkdocs-.yml": false, "mkdocsx.yml": false, "mkdocs-online.toml": false} {
		if got := mkdocsVariant(name); got != want {
			t.Errorf("mkdocsVariant(%q) = %v, want %v", name, got, want)
		}
	}
}
