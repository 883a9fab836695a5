package scan

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// FuzzSiteConfig feeds arbitrary bytes to the site configuration readers
// (mkdocs.yml, book.toml, _config.yml) and the permalink matcher: they must
// never panic, and a reader that accepts a file returns a root.
func FuzzSiteConfig(f *testing.F) {
	for _, p := range []string{"gensites/mk/mkdocs.yml", "gensites/book/book.toml", "gensites/site/_config.yml"} {
		data, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("collections:\n  docs:\n    permalink: /:collection/:path/\npermalink: pretty\n"))
	f.Add([]byte("markdown_extensions:\n  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify\n"))
	f.Add([]byte("markdown_extensions:\n  - pymdownx.emoji\n  - pymdownx.tabbed:\n      combine_header_slug: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if docs, o, _, ok := parseMkDocsIn(nil, "mkdocs.yml", data); ok && (docs == "" || o == nil) {
			t.Fatalf("parseMkDocs accepted %q without a root or options", data)
		}
		if src, o, _, ok := parseBookTOML("book.toml", data); ok && (src == "" || o == nil) {
			t.Fatalf("parseBookTOML accepted %q without a root", data)
		}
		tr := &tree{dirs: map[string]bool{"_layouts": true}}
		if src, o, ok := parseJekyll(tr, "_config.yml", data); ok {
			if src == "" || o == nil {
				t.Fatalf("parseJekyll accepted %q without a root or options", data)
			}
			_ = o.collectionCandidates(src, jekyllPermalink(string(data), o.baseurl))
		}
		_, _ = matchPermalink(string(data), "docs", "docs/a/b")
	})
}

// FuzzSiteAnchors runs every generator's heading ids over arbitrary
// documents: no panic, and one id per heading where the generator gives
// every heading one.
func FuzzSiteAnchors(f *testing.F) {
	f.Add([]byte("# A\n\n## A\n\n## A_1 {#x}\n{: #y}\n\n## --- \n"))
	f.Add([]byte("## Crème {: #c .k data-x=\"a b\" }\n\n## \u0130 \u1e9e \U0001F680\n"))
	f.Add([]byte("## Same\n\n=== \"Same\"\n\n    x\n\n===! \":smile: `Same`\"\n\n## Same-same\n\n=== \"\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc := markdown.Extract("a.md", data)
		hs := doc.SiteHeadings
		for _, o := range []*mkdocsOptions{
			{slugify: slugifyPyDefault, attrList: true}, {slugify: slugifyPyUnicode},
			{slugify: slugifyPymdownx, slugCase: "fold", normalize: "NFKD", percent: true},
			{slugify: "my.own.slugify"},
		} {
			if got := mkdocsAnchors(hs, o); o.modelled() && len(got) != len(hs) {
				t.Fatalf("mkdocsAnchors gave %d ids for %d headings", len(got), len(hs))
			}
		}
		if got := kramdownGFMAnchors(hs, ""); len(got) != len(hs) {
			t.Fatalf("kramdownGFMAnchors gave %d ids for %d headings", len(got), len(hs))
		}
		if got := kramdownAnchors(hs, "p-"); len(got) != len(hs) {
			t.Fatalf("kramdownAnchors gave %d ids for %d headings", len(got), len(hs))
		}
		_ = mdBookAnchors(hs)
		_ = footnoteAnchors(&doc)
		for _, tabs := range []*mkdocsTabs{{}, {slug: &mkdocsOptions{slugify: slugifyPymdownx, slugCase: "lower", normalize: "NFC"}, combine: true}} {
			o := &mkdocsOptions{slugify: slugifyPyDefault, attrList: true, emoji: true, tabs: tabs}
			heads := mkdocsAnchors(hs, o)
			all := append(slices.Clone(heads), mkdocsTabsOf(mkdocsAnchorRuns(hs, o), &doc, o)...)
			if len(all) != len(heads)+len(doc.Tabs) {
				t.Fatalf("%d ids for %d headings and %d tabs", len(all), len(heads), len(doc.Tabs))
			}
			seen := map[string]bool{}
			for _, id := range heads {
				seen[id] = true
			}
			for _, id := range all[len(heads):] {
				if seen[id] && tabs.slug != nil {
					t.Fatalf("tab id %q taken already in %q", id, all)
				}
				seen[id] = true
			}
		}
	})
}
