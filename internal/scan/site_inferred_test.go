package scan

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// brokenFrom lists the links-to relations into unresolved entities from
// documents under prefix, as "from -> to".
func brokenFrom(ix *index, prefix string) []string {
	var out []string
	for _, r := range ix.rel {
		if r.Kind == snapshot.RelLinksTo && strings.HasPrefix(r.To, "unresolved:") && strings.HasPrefix(r.From, "document:"+prefix) {
			out = append(out, strings.TrimPrefix(r.From, "document:")+" -> "+strings.TrimPrefix(r.To, "unresolved:"))
		}
	}
	sort.Strings(out)
	return out
}

// TestInferredSite scans a site no generator configuration marks (an
// Eleventy-like tree: pages under site/src served from "/", pretty URLs,
// dated blog posts, a template page, headings with template tags and a
// bracketed id, a page whose front matter gives its URL and old URLs): its
// links resolve as the site serves them, one note says so, and a link to
// no page and an anchor no slug rule gives stay broken.
func TestInferredSite(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"site/src/docs/collections.md":   "# Collections\n\n## Sorting {% addedin \"2.0\" %}\n\n### Keep previous [#keep]\n",
		"site/src/docs/data.md":          "---\nurl: /reference/data-files/\noldUrl: [/docs/old-data/, /docs/data-v1/]\npermalink: \"{{ page.fileSlug }}.html\"\n---\n# Data\n",
		"site/src/docs/index.md":         "# Docs\n",
		"site/src/blog/2024-01-31-v3.md": "# v3\n\n[data](/docs/data/) [collections](../docs/collections.md)\n",
		"site/src/feed.njk":              "---\npermalink: /feed/\n---\n",
		"site/src/docs/usage.md": "# Usage\n\n" +
			"[a](/docs/collections/#sorting) [b](/docs/data/) [c](/docs/) [d](/blog/v3/) [e](/feed/) [f](@/docs/data.md)\n\n" +
			"[g](/docs/collections/#keep) [h](../blog/v3)\n\n" +
			"[i](/reference/data-files/) [j](/docs/old-data/) [k](/docs/data-v1.html)\n\n" +
			"Broken: [x](/docs/gone/) [y](/docs/collections/#unsorted) [z](/docs/collections/#keep-previous)\n",
	}
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const usage = "document:site/src/docs/usage.md"
	for _, to := range []string{"site/src/docs/collections.md", "site/src/docs/data.md", "site/src/blog/2024-01-31-v3.md"} {
		ix.relation(t, snapshot.RelLinksTo, usage, "document:"+to)
	}
	rel := ix.relation(t, snapshot.RelLinksTo, usage, "document:site/src/docs/collections.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); !slices.Equal(got, []string{"keep-previous", "unsorted"}) {
		t.Errorf("missingAnchors = %q, want the heading no slug rule renders and the slug an explicit id replaces", got)
	}
	if got, want := brokenFrom(ix, "site/"), []string{"site/src/docs/usage.md -> docs/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	notes := ix.coverage("site", "site generator not recognised in site/")
	if len(notes) != 1 || notes[0].Analyzer != snapshot.AnalyzerSiteInference || !strings.Contains(notes[0].Reason, "/x from site/src/") || !strings.Contains(notes[0].Reason, "dated file names") {
		t.Errorf("inference notes = %+v, want one naming the content root and the dated file names", notes)
	}
}

// TestInferenceNeedsEvidence keeps GitHub's reading where the tree's links
// do not show a site: three extensionless links among links written for
// GitHub are mistakes, and five that resolve only as pretty URLs are no
// majority beside eight extensionless links to directories.
func TestInferenceNeedsEvidence(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"docs/a.md": "# A\n\n[b](b.md) [c](c.md) [d](./c.md) [x](b) [y](c) [z](b)\n",
		"docs/b.md": "# B\n",
		"docs/c.md": "# C\n",
	}
	var dirs, pretty strings.Builder
	for i := range 8 {
		files[fmt.Sprintf("guide/pkg%d/main.go", i)] = "package main\n"
		fmt.Fprintf(&dirs, "[p%d](pkg%d) ", i, i)
	}
	for i := range 5 {
		files[fmt.Sprintf("guide/page%d.md", i)] = "# Page\n"
		fmt.Fprintf(&pretty, "[q%d](page%d) ", i, i)
	}
	files["guide/index.md"] = "# Guide\n\n" + dirs.String() + "\n\n" + pretty.String() + "\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := brokenFrom(ix, "docs/"); len(got) != 2 {
		t.Errorf("docs/ broken links = %q, want b and c as written (GitHub's reading)", got)
	}
	if got := brokenFrom(ix, "guide/"); len(got) != 5 {
		t.Errorf("guide/ broken links = %q, want the five pretty links", got)
	}
	for _, c := range ix.s.Coverage {
		if c.Analyzer == snapshot.AnalyzerSiteInference {
			t.Errorf("unexpected inference: %+v", c)
		}
	}
}

// TestSiteLinkFlood counts the failing site-shaped links of a tree no
// convention explains into its tree (relation metadata), while a broken
// link to a Markdown file there is still a link of its own.
func TestSiteLinkFlood(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	for i := range 24 {
		fmt.Fprintf(&b, "[p%d](/reference/api/item-%d) ", i, i)
	}
	testtree.Write(t, root, map[string]string{
		"web/pages/index.md": "# Home\n\n" + b.String() + "\n\n[gone](./gone.md)\n",
		"README.md":          "# Readme\n\n[missing](docs/missing.md)\n",
		// A recognised site inside the flooded tree keeps its findings.
		"web/mkdocs.yml":    "site_name: x\n",
		"web/docs/index.md": "# Site\n\n[nope](nope/)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	flood, own := 0, 0
	for _, r := range ix.rel {
		if r.Kind != snapshot.RelLinksTo || !strings.HasPrefix(r.To, "unresolved:") {
			continue
		}
		if tree, ok := r.Metadata[snapshot.MetaUnrecognisedSite].(string); ok {
			if tree != "web" {
				t.Errorf("%s: tree %q, want web", r.To, tree)
			}
			flood++
		} else {
			own++
		}
	}
	if flood != 24 || own != 3 {
		t.Errorf("flooded %d, own %d; want 24 counted into web/, and the two .md links and the MkDocs page's link on their own", flood, own)
	}
	if len(ix.coverage("web", "resolve under no convention")) != 1 {
		t.Errorf("no flood note for web: %+v", ix.s.Coverage)
	}
}

func TestWithoutTemplateTags(t *testing.T) {
	for in, want := range map[string]string{
		`Sorting {% addedin "2.0" %}`:      "Sorting",
		`{{ badge }} Title {% x %} tail`:   "Title tail",
		`Plain {braces} stay`:              "Plain {braces} stay",
		`Unclosed {% tag`:                  "Unclosed {% tag",
		`Mixed {% a %}{{ b }} and {c} end`: "Mixed and {c} end",
	} {
		if got := withoutTemplateTags(in); got != want {
			t.Errorf("withoutTemplateTags(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUndated(t *testing.T) {
	if name, ok := undated("2024-01-31-six-million"); !ok || name != "six-million" {
		t.Errorf("undated = %q %v", name, ok)
	}
	for _, no := range []string{"2024-1-31-x", "v2024-01-31-x", "2024-01-31", "20240131-x"} {
		if _, ok := undated(no); ok {
			t.Errorf("undated(%q) ok", no)
		}
	}
}

// TestInferenceOffWithGeneratorNone keeps GitHub's reading for a tree a
// sites entry says GitHub renders.
func TestInferenceOffWithGeneratorNone(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"docbridge.yaml": "sites:\n  - {root: docs, generator: none}\n"}
	var b strings.Builder
	for i := range 6 {
		files[fmt.Sprintf("docs/p%d.md", i)] = "# P\n"
		fmt.Fprintf(&b, "[p%d](p%d) ", i, i)
	}
	files["docs/index.md"] = "# Index\n\n" + b.String() + "\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := brokenFrom(ix, "docs/"); len(got) != 6 {
		t.Errorf("broken links = %q, want all six under GitHub's rules", got)
	}
}

// TestInferredRoutes: in an inferred site a router's URL names a page
// whose path has route groups and ordering prefixes, a page.mdx serves
// its directory, a public/ file is served at "/", and an escaped {#id}
// is the heading's id; a route to no page stays broken.
func TestInferredRoutes(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	for _, dest := range []string{"/docs/intro/setup", "/docs/intro/setup#refresh", "/docs/faq", "/img/a.png", "/docs/guide", "/docs/guide", "/docs/policy.watchCreate", "/docs/missing"} {
		fmt.Fprintf(&b, "[x](%s) ", dest)
	}
	testtree.Write(t, root, map[string]string{
		"apps/docs/content/docs/(guides)/1.intro/02-setup.mdx": "# Setup\n\n## Refresh \\{#refresh\\}\n",
		"apps/docs/content/docs/faq/page.mdx":                  "# FAQ\n",
		"apps/docs/content/docs/guide.mdx":                     "# Guide\n",
		"apps/docs/content/docs/policy.watchCreate.mdx":        "# watchCreate\n",
		"apps/docs/public/img/a.png":                           "png",
		"apps/docs/content/docs/index.mdx":                     "# Docs\n\n" + b.String() + "\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const index = "document:apps/docs/content/docs/index.mdx"
	rel := ix.relation(t, snapshot.RelLinksTo, index, "document:apps/docs/content/docs/(guides)/1.intro/02-setup.mdx")
	if got := asStrings(rel.Metadata["missingAnchors"]); len(got) != 0 {
		t.Errorf("missingAnchors = %q, want the escaped {#refresh} read as the id", got)
	}
	ix.relation(t, snapshot.RelLinksTo, index, "document:apps/docs/content/docs/faq/page.mdx")
	if got, want := brokenFrom(ix, "apps/"), []string{"apps/docs/content/docs/index.mdx -> docs/missing"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
}

func TestUnordered(t *testing.T) {
	for in, want := range map[string]string{
		"1.getting-started": "getting-started", "02-install": "install", "10.x": "x",
		"2024-01-31-post": "2024-01-31-post", "v1.2": "v1.2", "404": "404", "1.2.3": "1.2.3", "3-": "3-",
		"(0)concepts": "concepts", "(12)basics": "basics", "(guides)": "(guides)", "(1)": "(1)", "(1)2x": "(1)2x", "(1234)x": "(1234)x",
	} {
		if got := unordered(in); got != want {
			t.Errorf("unordered(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestInferredProjects: two example sites side by side (each its own
// package.json) are two trees, each served from its own content root.
func TestInferredProjects(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"examples/a/package.json": "{}", "examples/b/package.json": "{}"}
	var a, b strings.Builder
	for i := range 6 {
		files[fmt.Sprintf("examples/a/content/docs/p%d.md", i)] = "# P\n"
		files[fmt.Sprintf("examples/b/pages/guide/q%d.mdx", i)] = "# Q\n"
		fmt.Fprintf(&a, "[p%d](/docs/p%d) ", i, i)
		fmt.Fprintf(&b, "[q%d](/guide/q%d) ", i, i)
	}
	files["examples/a/content/index.md"] = "# A\n\n" + a.String() + "[gone](/docs/gone)\n"
	files["examples/b/pages/index.mdx"] = "# B\n\n" + b.String() + "\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "examples/"), []string{"examples/a/content/index.md -> docs/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	for _, tree := range []string{"examples/a", "examples/b"} {
		if len(ix.coverage(tree, "site generator not recognised in "+tree+"/")) != 1 {
			t.Errorf("no inference note for %s", tree)
		}
	}
}

func TestSiteShapedDottedNames(t *testing.T) {
	for dest, want := range map[string]bool{
		"/actions/policy.watchCreate": true, "../api/Array.prototype.map": true, "guide": true, "page.html": true,
		"../a.md": false, "img/logo.PNG": false, "src/main.go": false, "data.json": false,
	} {
		l := markdown.Link{Kind: markdown.LinkRelative, Destination: dest, Target: strings.TrimPrefix(dest, "/")}
		if got := siteShaped(l); got != want {
			t.Errorf("siteShaped(%q) = %v, want %v", dest, got, want)
		}
	}
}

func TestHyphenSlug(t *testing.T) {
	for in, want := range map[string]string{
		"list_categories": "list-categories", "after_render Filters": "after-render-filters",
		"  Hello, World!  ": "hello-world", "鷹架（Scaffold）": "鷹架-scaffold", "v2.0 notes": "v2-0-notes",
	} {
		if got := hyphenSlug(in); got != want {
			t.Errorf("hyphenSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestInferredLocales: pages under content/<locale>/ are served from their
// locale's root, and a link may also name the locale (/zh/guide) or an
// .html page compiled from .mdx; a page no locale has stays broken.
func TestInferredLocales(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	var en, zh strings.Builder
	for i := range 6 {
		files[fmt.Sprintf("site/docs/en/guide/p%d.mdx", i)] = "# P\n"
		files[fmt.Sprintf("site/docs/zh/guide/p%d.mdx", i)] = "# P\n"
		fmt.Fprintf(&en, "[p%d](/guide/p%d) ", i, i)
		fmt.Fprintf(&zh, "[p%d](/guide/p%d) ", i, i)
	}
	files["site/docs/en/index.md"] = "# EN\n\n" + en.String() + "[h](/guide/p1.html) [gone](/guide/gone)\n"
	files["site/docs/zh/index.md"] = "# ZH\n\n" + zh.String() + "[z](/zh/guide/p2) [e](/en/guide/p3)\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "site/"), []string{"site/docs/en/index.md -> guide/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:site/docs/zh/index.md", "document:site/docs/en/guide/p3.mdx")
}

// TestMisreadSite: a recognised site whose own site-shaped links mostly
// fail under its generator's rules (routes made in code) is not read as the
// generator reads it: its failing links are counted into one finding, with
// the generator it was taken for, however many of its images resolve, while
// a site with a few broken links among many that resolve keeps reporting
// them one by one.
func TestMisreadSite(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"routed/mkdocs.yml":  "site_name: r\n",
		"healthy/mkdocs.yml": "site_name: h\n",
	}
	var routed, healthy strings.Builder
	for i := range 24 {
		files[fmt.Sprintf("routed/docs/pg/page-%d.md", i)] = fmt.Sprintf("# Page %d\n", i)
		files[fmt.Sprintf("healthy/docs/page-%d.md", i)] = fmt.Sprintf("# Page %d\n", i)
		fmt.Fprintf(&routed, "[p%d](/docs/pg/page-%d) ", i, i)
		fmt.Fprintf(&healthy, "[p%d](/page-%d) ", i, i)
	}
	// Its images, found in the site's directory, say nothing of how it
	// routes its pages: they do not outvote the failing page links.
	for i := range 30 {
		files[fmt.Sprintf("routed/docs/img/i-%d.png", i)] = "png"
		fmt.Fprintf(&routed, "![i%d](/img/i-%d.png) ", i, i)
	}
	files["routed/docs/index.md"] = "# Home\n\n" + routed.String() + "\n"
	files["healthy/docs/index.md"] = "# Home\n\n" + healthy.String() + "[a](/gone-a) [b](/gone-b) [c](/gone-c)\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	counted, reported := 0, 0
	for _, r := range ix.rel {
		if r.Kind != snapshot.RelLinksTo || !strings.HasPrefix(r.To, "unresolved:") {
			continue
		}
		if tree, ok := r.Metadata[snapshot.MetaUnrecognisedSite].(string); ok {
			if tree != "routed/docs" || r.Metadata[snapshot.MetaMisreadSite] != "mkdocs" {
				t.Errorf("%s: tree %q, generator %v; want routed/docs, mkdocs", r.To, tree, r.Metadata[snapshot.MetaMisreadSite])
			}
			counted++
		} else {
			reported++
		}
	}
	if counted != 24 || reported != 3 {
		t.Errorf("counted %d, reported %d; want the routed site's 24 counted and the healthy site's 3 reported", counted, reported)
	}
	if notes := ix.coverage("routed/docs", "mkdocs site detected in routed/docs/, yet 24 of its 24"); len(notes) != 1 {
		t.Errorf("no misread note: %+v", ix.s.Coverage)
	}
}

// TestInferredPagesByName: a tree whose links name pages by their file name
// wherever they lie (a flat slug) is read so once that reading explains
// enough failures, and only for links that are one name: a link with a
// directory in it that fails stays broken, whatever page of its name lies
// elsewhere.
// TestInferredBesideImages: a wiki whose pages link each other
// extensionless from its root (/Help/A/page for Help/A/page.md) and show
// many images from a shared folder is read as pretty URLs — images found
// as written do not outweigh the page links — and a page link to no page
// stays broken.
func TestInferredBesideImages(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	var b strings.Builder
	for i := range 6 {
		files[fmt.Sprintf("Help/A/page-%d.md", i)] = fmt.Sprintf("# Page %d\n", i)
		fmt.Fprintf(&b, "[p%d](/Help/A/page-%d) ", i, i)
	}
	for i := range 20 {
		files[fmt.Sprintf(".attachments/image-%d.png", i)] = "png"
		fmt.Fprintf(&b, "![i%d](/.attachments/image-%d.png) ", i, i)
	}
	files["Help/A.md"] = "# A\n\n" + b.String() + "[gone](/Help/A/gone)\n"
	files["Help.md"] = "# Help\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "Help/"), []string{"Help/A.md -> Help/A/gone"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	if notes := ix.coverage("Help", "6 of 7 site-shaped links resolve as a site serves pretty URLs"); len(notes) != 1 {
		t.Errorf("no inference note: %+v", ix.s.Coverage)
	}
}

func TestInferredPagesByName(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"web/package.json": "{}\n"}
	var b strings.Builder
	for i := range 8 {
		files[fmt.Sprintf("web/content/topic-%d/page-%d.md", i, i)] = fmt.Sprintf("# Page %d\n", i)
		fmt.Fprintf(&b, "[p%d](/page-%d) ", i, i)
	}
	files["web/content/index.md"] = "# Home\n\n" + b.String() + "\n\n[x](learn/page-3) [y](/nowhere)\n"
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenFrom(ix, "web/"), []string{"web/content/index.md -> nowhere", "web/content/index.md -> web/content/learn/page-3"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	if notes := ix.coverage("web", "pages served at their file name"); len(notes) != 1 {
		t.Errorf("no by-name note: %+v", ix.s.Coverage)
	}
	if name := singleName("/a/b"); name {
		t.Error("singleName(/a/b)")
	}
}
