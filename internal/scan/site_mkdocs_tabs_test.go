package scan

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/testtree"
)

// tabCase is one page of testdata/mkdocs_tabs/cases.json, with the tab ids
// pymdownx.tabbed 11.0 on Python-Markdown 3.10 gave it (oracle.py).
type tabCase struct {
	Name   string `json:"name"`
	Config struct {
		Slugify  map[string]string `json:"slugify"`
		Combine  bool              `json:"combine"`
		Emoji    bool              `json:"emoji"`
		AttrList bool              `json:"attr_list"`
	} `json:"config"`
	Page string   `json:"page"`
	IDs  []string `json:"ids"`
}

// mkdocsYAML is the mkdocs.yml that configures what c.Config names.
func (c tabCase) mkdocsYAML() string {
	var b strings.Builder
	b.WriteString("site_name: x\nmarkdown_extensions:\n")
	if c.Config.AttrList {
		b.WriteString("  - attr_list\n")
	}
	if c.Config.Emoji {
		b.WriteString("  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n")
	}
	b.WriteString("  - pymdownx.tabbed:\n      alternate_style: true\n")
	if c.Config.Combine {
		b.WriteString("      combine_header_slug: true\n")
	}
	if c.Config.Slugify != nil {
		b.WriteString("      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds: {")
		for k, v := range c.Config.Slugify {
			b.WriteString(k + ": " + v)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

func loadTabCases(t *testing.T) []tabCase {
	t.Helper()
	data, err := os.ReadFile("testdata/mkdocs_tabs/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []tabCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("only %d cases", len(cases))
	}
	return cases
}

// TestMkDocsTabAnchors: the ids of content tabs are those pymdownx.tabbed
// renders, recorded by testdata/mkdocs_tabs/oracle.py.
func TestMkDocsTabAnchors(t *testing.T) {
	for _, c := range loadTabCases(t) {
		_, o, why, ok := parseMkDocsIn(nil, "mkdocs.yml", []byte(c.mkdocsYAML()))
		if !ok {
			t.Fatalf("%s: %s", c.Name, why)
		}
		doc := markdown.Extract("docs/page.md", []byte(c.Page))
		got := mkdocsTabsOf(mkdocsAnchorRuns(doc.SiteHeadings, o), &doc, o)
		if !slices.Equal(got, c.IDs) && !(len(got) == 0 && len(c.IDs) == 0) {
			t.Errorf("%s: tab ids %q, want %q (tabs %+v)", c.Name, got, c.IDs, doc.Tabs)
		}
	}
}

// TestMkDocsTabsNotConfigured: without pymdownx.tabbed a tab line is text,
// and gives no id.
func TestMkDocsTabsNotConfigured(t *testing.T) {
	_, o, _, _ := parseMkDocsIn(nil, "mkdocs.yml", []byte("site_name: x\nmarkdown_extensions:\n  - pymdownx.emoji\n"))
	doc := markdown.Extract("docs/page.md", []byte("# T\n\n=== \"A\"\n\n    a\n"))
	if len(doc.Tabs) != 1 {
		t.Fatalf("tabs %+v", doc.Tabs)
	}
	if got := mkdocsTabsOf(nil, &doc, o); len(got) != 0 {
		t.Errorf("ids %q without pymdownx.tabbed", got)
	}
}

// TestMkDocsTabLinks: in a site configured like mkdocs-material, links to
// the combined ids of content tabs resolve; a link to a tab that does not
// exist, and one to a heading renamed since, are still reported.
func TestMkDocsTabLinks(t *testing.T) {
	config := "site_name: x\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n" +
		"  - pymdownx.tabbed:\n      alternate_style: true\n      combine_header_slug: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n" +
		"  - toc:\n      permalink: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n"
	page := "# Changing the logo\n\n## Configuration\n\n### Logo\n\n=== \":octicons-image-16: Image\"\n\n    a\n\n=== \":octicons-package-16: Icon, bundled\"\n\n    b\n"
	links := "# Index\n\n[a](logo.md#logo-image) [b](logo.md#logo-icon-bundled) [c](logo.md#logo-icon-remote) [d](logo.md#logo-and-icons) [e](logo.md#logo)\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"mkdocs.yml": config, "docs/logo.md": page, "docs/index.md": links})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{"anchor:docs/logo.md#logo-and-icons", "anchor:docs/logo.md#logo-icon-remote"}
	if got := brokenIn(ix, "docs/index.md"); !slices.Equal(got, want) {
		t.Errorf("broken %q, want %q", got, want)
	}
}

// TestMkDocsExtensionsMapping: markdown_extensions may be one mapping of
// names to options instead of a list.
func TestMkDocsExtensionsMapping(t *testing.T) {
	_, o, _, ok := parseMkDocsIn(nil, "mkdocs.yml", []byte("site_name: x\nmarkdown_extensions:\n  attr_list:\n  toc:\n    slugify: !!python/name:pymdownx.slugs.uslugify\n  pymdownx.tabbed:\n    alternate_style: true\n"))
	if !ok || !o.attrList || o.slugify != slugifyPymdownx || o.tabs == nil || o.tabs.slug != nil {
		t.Fatalf("options %+v", o)
	}
	_, o, _, _ = parseMkDocsIn(nil, "mkdocs.yml", []byte("site_name: x\nmarkdown_extensions:\n  - attr_list\n  - pymdownx.tabbed\n"))
	if !o.attrList || o.tabs == nil {
		t.Fatalf("list form: options %+v", o)
	}
}

// TestMkDocsTabsUnmodelledSlugify: with a toc slugify the scan does not
// model, the heading ids of every modelled slugify are anchors, and so are
// the tab ids combined with each of them (combine_header_slug), not only
// the first's.
func TestMkDocsTabsUnmodelledSlugify(t *testing.T) {
	_, o, why, ok := parseMkDocsIn(nil, "mkdocs.yml", []byte("site_name: x\nmarkdown_extensions:\n  toc:\n    slugify: !!python/name:project.slugs.custom\n"+
		"  pymdownx.tabbed:\n    alternate_style: true\n    combine_header_slug: true\n    slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}\n"))
	if !ok || o.modelled() || o.tabs == nil || o.tabs.slug == nil {
		t.Fatalf("options %+v (%s)", o, why)
	}
	doc := markdown.Extract("docs/page.md", []byte("# Café\n\n=== \"Tab\"\n\n    a\n"))
	got, _ := mkdocsGen{}.anchors(&doc, docSite{root: "docs", gen: mkdocsGen{}, opts: o})
	for _, want := range []string{"cafe", "café", "cafe-tab", "café-tab"} {
		if !slices.Contains(got, want) {
			t.Errorf("anchors %q lack %q", got, want)
		}
	}
}
