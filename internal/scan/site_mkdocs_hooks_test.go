package scan

import (
	"slices"
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
