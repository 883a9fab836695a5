package scan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestSiteHeadingAnchors scans testdata/sites: one document, with the same
// headings and links, inside a VitePress site, inside a Docusaurus site and
// outside any site. A link into it must name the anchor its renderer gives
// the heading: VitePress's slug or the explicit {#id} in VitePress, GitHub's
// slug or the explicit id in Docusaurus, GitHub's slug elsewhere — and the
// explicit id too, which whoever wrote it wrote for a renderer that reads
// it. Level-4 headings count too.
func TestSiteHeadingAnchors(t *testing.T) {
	ix := newIndex(scanDir(t, "testdata/sites", nil, Options{}))
	tests := []struct {
		name, from, to string
		missing        []string // of the guide's links into the options page
		brokenSelf     []string // of the options page's links to itself
	}{
		{"vitepress", "docs/guide.md", "docs/config/build-options.md",
			[]string{"buildassetsinlinelimit"}, []string{"buildassetsinlinelimit"}},
		{"docusaurus", "website/docs/guide.md", "website/docs/build-options.md",
			[]string{"build-assetsinlinelimit"}, []string{"build-assetsinlinelimit"}},
		{"no site", "notes/guide.md", "notes/build-options.md",
			[]string{"build-assetsinlinelimit"}, []string{"build-assetsinlinelimit"}},
	}
	for _, tt := range tests {
		rel := ix.relation(t, snapshot.RelLinksTo, "document:"+tt.from, "document:"+tt.to)
		if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, tt.missing) {
			t.Errorf("%s: missingAnchors = %q, want %q (of %q)", tt.name, got, tt.missing, asStrings(rel.Metadata["anchors"]))
		}
		self := ix.ent["document:"+tt.to]
		var broken []string
		for _, b := range asMaps(self.Metadata["brokenAnchors"]) {
			broken = append(broken, fmt.Sprint(b["anchor"]))
		}
		if !slices.Equal(broken, tt.brokenSelf) {
			t.Errorf("%s: brokenAnchors = %q, want %q", tt.name, broken, tt.brokenSelf)
		}
	}
}

func TestSiteRootsKinds(t *testing.T) {
	tr := &tree{dirs: map[string]bool{}}
	for _, p := range []string{"docs/.vitepress/config.ts", "docusaurus.config.ts", "book/book.toml", "book/src/a.md", "py/mkdocs.yml", "py/docs/a.md"} {
		tr.paths = append(tr.paths, p)
		for d := parentDir(p); d != "."; d = parentDir(d) {
			tr.dirs[d] = true
		}
	}
	var got []string
	for _, s := range siteRoots(tr) {
		got = append(got, s.root+"="+s.kind())
	}
	// A Docusaurus site is its config's directory (here the repository);
	// docs/ inside it is a VitePress root, the innermost site of its pages.
	want := ".=docusaurus book/src=mdbook docs=vitepress py/docs=mkdocs"
	if strings.Join(got, " ") != want {
		t.Errorf("siteRoots = %q, want %q", got, want)
	}
}

// TestSiteGeneratorsRegistry: each generator is registered once, every
// generator a docbridge.yaml entry may name (but hugo, resolved apart, and
// none) builds its site through the registry, and the inferred convention
// is the fallback, not a registered generator.
func TestSiteGeneratorsRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range siteGenerators {
		if seen[g.kind()] {
			t.Errorf("generator %s is registered twice", g.kind())
		}
		seen[g.kind()] = true
	}
	if seen[siteInferred] {
		t.Errorf("the inferred convention is registered; it is the fallback")
	}
	tr := &tree{dirs: map[string]bool{}, files: map[string]bool{}}
	for _, name := range []string{config.GeneratorMkDocs, config.GeneratorMdBook, config.GeneratorJekyll, config.GeneratorVitePress, config.GeneratorDocusaurus, config.GeneratorAstro} {
		s, ok := configuredDocSite(tr, config.Site{Root: "site", Generator: name})
		if !ok || s.kind() != name {
			t.Errorf("sites entry %s: configuredDocSite = %q, %v", name, s.kind(), ok)
		}
	}
	for _, name := range []string{config.GeneratorHugo, config.GeneratorNone} {
		if s, ok := configuredDocSite(tr, config.Site{Root: "site", Generator: name}); ok {
			t.Errorf("sites entry %s makes a %s site", name, s.kind())
		}
	}
}

// TestSiteRootsClaimOrder: a directory two generators claim keeps the one
// first in siteGenerators, whichever file the walk meets first.
func TestSiteRootsClaimOrder(t *testing.T) {
	tr := &tree{dirs: map[string]bool{}}
	// mkdocs.yml serves docs/ by default; docs/.vitepress makes docs/ a
	// VitePress root too.
	for _, p := range []string{"docs/.vitepress/config.ts", "docs/a.md", "mkdocs.yml"} {
		tr.paths = append(tr.paths, p)
		for d := parentDir(p); d != "."; d = parentDir(d) {
			tr.dirs[d] = true
		}
	}
	var got []string
	for _, s := range siteRoots(tr) {
		got = append(got, s.root+"="+s.kind())
	}
	if want := "docs=vitepress"; strings.Join(got, " ") != want {
		t.Errorf("siteRoots = %q, want %q", got, want)
	}
}

// TestHeadingAnchorsByGenerator checks which heading ids headingAnchors
// takes for each kind of page: the generator's own in its site, GitHub's
// outside one, and GitHub's without the explicit ids for a page of a
// Docusaurus site that no content plugin serves (its README beside the
// docs directory). Raw HTML anchors count everywhere, compared lowercased
// and percent-decoded.
func TestHeadingAnchorsByGenerator(t *testing.T) {
	doc := &markdown.Document{
		Path:             "site/README.md",
		Anchors:          []string{"github-slug"},
		CustomAnchors:    []string{"custom-id"},
		VitePressAnchors: []string{"vitepress-slug"},
		HTMLAnchors:      []string{"Raw%20Id"},
	}
	docusaurus := &docusaurusOptions{siteDir: "site", docs: []docusaurusDocs{{route: "/docs", versions: []docusaurusContent{{dir: "site/docs"}}}}}
	served := *doc
	served.Path = "site/docs/intro.md"
	tests := []struct {
		name   string
		doc    *markdown.Document
		site   docSite
		inSite bool
		want   string
	}{
		{"outside a site", doc, docSite{}, false, "github-slug raw id raw%20id"},
		{"vitepress", doc, docSite{root: "site", gen: vitepressGen{}}, true, "raw id raw%20id vitepress-slug"},
		{"docusaurus content", &served, docSite{root: "site", gen: docusaurusGen{}, opts: docusaurus}, true, "custom-id github-slug raw id raw%20id"},
		{"docusaurus, no content plugin", doc, docSite{root: "site", gen: docusaurusGen{}, opts: docusaurus}, true, "github-slug raw id raw%20id"},
		{"astro", doc, docSite{root: "site", gen: astroGen{}}, true, "github-slug raw id raw%20id"},
	}
	for _, tc := range tests {
		got := strings.Join(sortedKeys(headingAnchors(tc.doc, tc.site, tc.inSite)), " ")
		if got != tc.want {
			t.Errorf("%s: headingAnchors = %q, want %q", tc.name, got, tc.want)
		}
	}
}
