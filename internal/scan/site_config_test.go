package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestConfiguredSites scans testdata/siteconfig under docbridge.yaml sites
// entries: a MkDocs site without mkdocs.yml, detected Jekyll and
// Docusaurus sites turned off, a detected MkDocs site read as Docusaurus,
// and the generator options. Each case's true positives (a deleted page,
// a heading id the generator does not render) stay broken.
func TestConfiguredSites(t *testing.T) {
	type doc struct {
		path string
		want []string
	}
	type cov struct{ scope, reason string }
	tests := []struct {
		name  string
		sites []config.Site
		docs  []doc
		cov   []cov
		// gone are roots that must have no sites coverage entry.
		gone []string
	}{
		{"detection only", nil, []doc{
			// No mkdocs.yml: GitHub's ids, not MkDocs'.
			{"mkd/docs/index.md", []string{"anchor:mkd/docs/setup.md#creme-brulee", "anchor:mkd/docs/setup.md#install-upgrade", "link:mkd/docs/gone.md"}},
			{"jek/index.md", []string{"link:proj/guide.html"}},
			{"dsite/docs/intro.md", nil},
			// The docs are served at /docs/: /guide is no page.
			{"dsite/docs/abs.md", []string{"link:dsite/guide"}},
			{"ovr/docs/a.md", []string{"anchor:ovr/docs/b.md#install--upgrade"}},
			{"bk/chapters/intro.md", []string{"link:bk/chapters/SUMMARY.html", "link:bk/chapters/deleted.md"}},
			{"bk/chapters/SUMMARY.md", []string{"link:bk/chapters/later.md"}},
			{"vp/src/index.md", []string{"link:guide", "link:guide.md"}},
		}, []cov{
			{"jek", "jekyll site detected from jek/_config.yml"},
			{"dsite", "docusaurus site detected from dsite/docusaurus.config.js"},
			{"ovr/docs", "mkdocs site detected from ovr/mkdocs.yml"},
			{"vp", "vitepress site detected from vp/.vitepress"},
		}, []string{"mkd/docs", "bk/chapters"}},
		{"named and turned off", []config.Site{
			{Root: "mkd", Generator: config.GeneratorMkDocs},
			{Root: "jek", Generator: config.GeneratorNone},
			{Root: "dsite", Generator: config.GeneratorNone},
			{Root: "ovr", Generator: config.GeneratorDocusaurus},
			{Root: "bk", Generator: config.GeneratorMdBook, Src: "chapters"},
			{Root: "vp", Generator: config.GeneratorVitePress, SrcDir: "src"},
		}, []doc{
			// MkDocs' default slugify: ASCII ids, no doubled dash.
			{"mkd/docs/index.md", []string{"anchor:mkd/docs/setup.md#crème-brûlée", "link:mkd/docs/gone.md"}},
			// GitHub's rules: guide.html is not guide.md.
			{"jek/index.md", []string{"link:jek/guide.html", "link:proj/guide.html"}},
			{"dsite/docs/intro.md", []string{"link:dsite/docs/guide"}},
			// Docusaurus shares GitHub's slugger.
			{"ovr/docs/a.md", []string{"anchor:ovr/docs/b.md#install-upgrade"}},
			{"bk/chapters/intro.md", []string{"link:bk/chapters/deleted.md"}},
			{"bk/chapters/SUMMARY.md", nil}, // mdBook creates the missing chapter
			// "/" is the source directory.
			{"vp/src/index.md", nil},
		}, []cov{
			{"mkd/docs", "mkdocs site configured in docbridge.yaml (sites.0)"},
			{"ovr", "docusaurus site configured in docbridge.yaml (sites.3)"},
			{"bk/chapters", "mdbook site configured in docbridge.yaml (sites.4)"},
			{"vp/src", "vitepress site configured in docbridge.yaml (sites.5) over vp/.vitepress"},
		}, []string{"jek", "dsite", "vp"}},
		{"options over detected configuration", []config.Site{
			{Root: "mkd/docs", Generator: config.GeneratorMkDocs, DocsDir: ".", Slugify: "pymdownx.slugs.uslugify"},
			{Root: "jek", Generator: config.GeneratorJekyll, BaseURL: "proj/"},
			// none by a site's content directory works as well as by its
			// project directory.
			{Root: "ovr/docs", Generator: config.GeneratorNone},
			{Root: "dsite", Generator: config.GeneratorDocusaurus, RouteBasePath: "/"},
		}, []doc{
			// pymdownx keeps Unicode and turns each space into a dash.
			{"mkd/docs/index.md", []string{"anchor:mkd/docs/setup.md#creme-brulee", "anchor:mkd/docs/setup.md#install-upgrade", "link:mkd/docs/gone.md"}},
			{"jek/index.md", nil},
			{"ovr/docs/a.md", []string{"anchor:ovr/docs/b.md#install-upgrade"}},
			// The docs are served at /.
			{"dsite/docs/abs.md", nil},
			{"dsite/docs/intro.md", nil},
		}, []cov{
			{"mkd/docs", "mkdocs site configured in docbridge.yaml (sites.0)"},
			{"jek", "jekyll site configured in docbridge.yaml (sites.1) over jek/_config.yml"},
			{"dsite", "docusaurus site configured in docbridge.yaml (sites.3) over dsite/docusaurus.config.js"},
		}, []string{"ovr/docs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config.Default()
			cfg.Sites = tt.sites
			if err := cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			ix := newIndex(scanDir(t, "testdata/siteconfig", cfg, Options{}))
			for _, d := range tt.docs {
				if got := brokenIn(ix, d.path); !slices.Equal(got, d.want) {
					t.Errorf("%s: broken %q, want %q", d.path, got, d.want)
				}
			}
			for _, c := range tt.cov {
				ix.wantCoverage(t, c.scope, c.reason, 0)
			}
			for _, g := range tt.gone {
				if c := ix.coverage(g, " site "); len(c) != 0 {
					t.Errorf("%s: still a site: %+v", g, c)
				}
			}
		})
	}
}

// TestConfiguredSitesKeepEachOther: generator none removes detected sites
// only, never the site another entry names at that directory.
func TestConfiguredSitesKeepEachOther(t *testing.T) {
	cfg := config.Default()
	cfg.Sites = []config.Site{{Root: "mkd", Generator: config.GeneratorMkDocs}, {Root: "mkd/docs", Generator: config.GeneratorNone}}
	ix := newIndex(scanDir(t, "testdata/siteconfig", cfg, Options{}))
	ix.wantCoverage(t, "mkd/docs", "mkdocs site configured in docbridge.yaml (sites.0)", 0)
}

// TestConfiguredSiteMissingDirectory: an entry whose content directory is
// not in the tree is kept (its generator may create it) and its coverage
// entry is partial and says so.
func TestConfiguredSiteMissingDirectory(t *testing.T) {
	cfg := config.Default()
	cfg.Sites = []config.Site{{Root: "mkd", Generator: config.GeneratorMkDocs, DocsDir: "generated"}}
	ix := newIndex(scanDir(t, "testdata/siteconfig", cfg, Options{}))
	c := ix.coverage("mkd/generated", "is not in the repository")
	if len(c) != 1 || c[0].Status != snapshot.StatusPartial {
		t.Errorf("coverage = %+v, want one partial note", c)
	}
}

// TestConfiguredSiteOverHugo: an entry naming another generator at a Hugo
// site's root replaces the Hugo site.
func TestConfiguredSiteOverHugo(t *testing.T) {
	cfg := config.Default()
	cfg.Sites = []config.Site{{Root: "site", Generator: config.GeneratorMkDocs, DocsDir: "content"}}
	ix := newIndex(scanDir(t, "testdata/hugo", cfg, Options{}))
	if c := ix.coverage("site", "Hugo site"); len(c) != 0 {
		t.Errorf("the Hugo site stayed: %+v", c)
	}
	ix.wantCoverage(t, "site/content", "mkdocs site configured in docbridge.yaml (sites.0)", 0)
}

// TestConfiguredSlugifyModelled: every slugify name the configuration
// accepts is one the scan reproduces, so none falls back to accepting the
// ids of every variant.
func TestConfiguredSlugifyModelled(t *testing.T) {
	for _, name := range config.MkDocsSlugify {
		s, ok := configuredDocSite(&tree{}, config.Site{Root: ".", Generator: config.GeneratorMkDocs, Slugify: name})
		if !ok || s.mkdocs() == nil || !s.mkdocs().modelled() {
			t.Errorf("slugify %s: not modelled (%+v)", name, s.mkdocs())
		}
	}
}

// TestSiteConfigUnread: a site whose mkdocs.yml or book.toml the scan
// cannot parse keeps its default root and options, and its coverage note
// is partial and says why, whether detected or named by a sites entry; a
// readable one stays complete.
func TestSiteConfigUnread(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"py/mkdocs.yml":     "site_name: [unclosed\n",
		"py/docs/index.md":  "# Py\n",
		"book/book.toml":    "[book\n",
		"book/src/intro.md": "# Intro\n",
		"ok/mkdocs.yml":     "site_name: ok\n",
		"ok/docs/index.md":  "# Ok\n",
	})
	configured := config.Default()
	configured.Sites = []config.Site{{Root: "py", Generator: config.GeneratorMkDocs}, {Root: "book", Generator: config.GeneratorMdBook}}
	for _, cfg := range []*config.Config{nil, configured} {
		ix := newIndex(scanDir(t, root, cfg, Options{}))
		for scope, why := range map[string]string{"py/docs": "mkdocs.yml is not YAML", "book/src": "book.toml is not TOML"} {
			c := ix.coverage(scope, why)
			if len(c) != 1 || c[0].Status != snapshot.StatusPartial || !strings.Contains(c[0].Reason, "default options") {
				t.Errorf("config %v: %s coverage = %+v, want one partial note saying %q", cfg != nil, scope, ix.coverage(scope, ""), why)
			}
		}
		if c := ix.coverage("ok/docs", "mkdocs site detected from ok/mkdocs.yml"); len(c) != 1 || c[0].Status != snapshot.StatusComplete {
			t.Errorf("ok/docs coverage = %+v, want one complete note", ix.coverage("ok/docs", ""))
		}
	}
}
