package scan

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Documents that are test input: Markdown a project's tests read, render
// or build, often broken on purpose (a fixture book with a dangling link, a
// post with invalid front matter). Nobody reads them as documentation, so
// reconcile reports nothing located in them; they stay documents of the
// graph, and a coverage note per tree counts them. A document is test
// input when
//
//   - a directory above it is a fixture directory or a playground
//     (testDataDirs) — outside a documentation site: a site section named
//     fixtures or playground is content; or
//   - it lies in a site or book a test builds: a directory inside a test
//     tree (testTreeDirs) that holds a generator's marker (buildRootKind);
//     or
//   - it lies elsewhere in a test tree and is not a README: a linter's or
//     renderer's test cases (test/link-fragments.md) — unless the test
//     tree is a section of the documentation: inside a documentation site
//     whose root lies above it, or below a docs directory.
//
// A test tree's README (tests/README.md on how to run the tests) is none
// of these, and is checked.

// testInputKey is the document metadata key naming the test-input tree a
// document lies in (reconcile reads it).
const testInputKey = "testInput"

// unbuiltKey is the document metadata key naming the directory of a page
// its site does not build (a Docusaurus version dropped from versions.json,
// and its translations): nobody reads it, so, as test input, nothing
// located in it is reported (reconcile reads it).
const unbuiltKey = "unbuilt"

// testDataDirs hold data for tests at any depth. "testdata" and the
// underscored names are never documentation; the others are, inside a
// documentation site, a section of it (siteSectionDataDirs). A playground
// is where a generator's or a library's developers try it out: pages
// copied from other projects and links broken on purpose, built by no
// published site.
var testDataDirs = []string{"testdata", "__fixtures__", "__snapshots__", "fixtures", "fixture", "playground", "playgrounds"}

// siteSectionDataDirs are the testDataDirs that, inside a documentation
// site, name a section of its content (a page on writing fixtures).
var siteSectionDataDirs = []string{"fixtures", "fixture", "playground", "playgrounds"}

// testTreeDirs are the directories of tests, at any depth; a directory
// named test_x or test-x (test_site, test-project) is one too, and so is a
// benchmark's (a book a benchmark builds, copied from another project).
var testTreeDirs = []string{"test", "tests", "__tests__", "e2e", "__e2e__", "benchmark", "benchmarks"}

// isTestTreeDir reports whether a directory name is a test tree's.
func isTestTreeDir(seg string) bool {
	if slices.Contains(testTreeDirs, seg) {
		return true
	}
	for _, prefix := range []string{"test_", "test-", "tests_", "tests-"} {
		if len(seg) > len(prefix) && strings.HasPrefix(seg, prefix) {
			return true
		}
	}
	return false
}

// testInputTree is one tree of test input.
type testInputTree struct {
	root string
	// why says what makes it test input.
	why  string
	docs int
}

// testInputTrees returns, per document, the test-input tree it lies in,
// and the trees in root order. A document in nested trees belongs to the
// outermost one (a fixture site inside a fixture directory is counted
// once).
func testInputTrees(t *tree, sites []docSite) (map[string]*testInputTree, []*testInputTree) {
	roots := map[string]*testInputTree{}
	for _, dir := range sortedKeys(t.dirs) {
		if kind, ok := buildRootKind(t, dir); ok && underTestTree(dir) {
			roots[dir] = &testInputTree{root: dir, why: kind + " a test builds (inside a test tree)"}
		}
	}
	byDoc := map[string]*testInputTree{}
	loose := map[string]*testInputTree{} // test trees, by root
	for i := range t.ex {
		x := &t.ex[i]
		if x.Markdown == nil {
			continue
		}
		var found *testInputTree
		if dir, ok := testDataDir(x.Path, sites); ok {
			if roots[dir] == nil {
				roots[dir] = &testInputTree{root: dir, why: "a directory of test data"}
			}
			found = roots[dir]
		}
		for dir := parentDir(x.Path); dir != "." && dir != "/" && dir != ""; dir = parentDir(dir) {
			if r := roots[dir]; r != nil && (found == nil || len(dir) < len(found.root)) {
				found = r
			}
		}
		if found == nil {
			if dir, ok := testTreeOf(x.Path, sites); ok {
				if loose[dir] == nil {
					loose[dir] = &testInputTree{root: dir, why: "Markdown in a test tree, other than its README"}
				}
				found = loose[dir]
			}
		}
		if found != nil {
			found.docs++
			byDoc[x.Path] = found
		}
	}
	var trees []*testInputTree
	for _, r := range sortedKeys(roots) {
		if roots[r].docs > 0 {
			trees = append(trees, roots[r])
		}
	}
	for _, r := range sortedKeys(loose) {
		trees = append(trees, loose[r])
	}
	slices.SortStableFunc(trees, func(a, b *testInputTree) int { return strings.Compare(a.root, b.root) })
	return byDoc, trees
}

// testTreeOf returns the outermost test tree above doc when doc is a
// Markdown file the tests read there: any but a README (which says how to
// run the tests). A test tree inside a documentation site whose root lies
// above it, or below a docs, doc or documentation directory, is a section
// of the documentation (pages about the tests), not one.
func testTreeOf(doc string, sites []docSite) (string, bool) {
	base := strings.ToLower(path.Base(doc))
	if strings.TrimSuffix(base, path.Ext(base)) == "readme" {
		return "", false
	}
	site, inSite := siteRootOf(sites, doc)
	segs := strings.Split(parentDir(doc), "/")
	for i, seg := range segs {
		if !isTestTreeDir(seg) {
			continue
		}
		dir := strings.Join(segs[:i+1], "/")
		if inSite && within(dir, site.root) || slices.ContainsFunc(segs[:i], isDocsDir) {
			return "", false // a section of the documentation about tests
		}
		return dir, true
	}
	return "", false
}

// isDocsDir reports whether a directory name is one documentation lives
// in: docs, doc, documentation (any case).
func isDocsDir(seg string) bool {
	switch strings.ToLower(seg) {
	case "docs", "doc", "documentation":
		return true
	}
	return false
}

// testDataDir returns the outermost fixture directory above doc, leaving
// out siteSectionDataDirs inside a documentation site (there they are a
// section of its content, unless the site itself lies in test data).
func testDataDir(doc string, sites []docSite) (string, bool) {
	segs := strings.Split(parentDir(doc), "/")
	site, inSite := siteRootOf(sites, doc)
	for i, seg := range segs {
		if !slices.Contains(testDataDirs, seg) {
			continue
		}
		dir := strings.Join(segs[:i+1], "/")
		if slices.Contains(siteSectionDataDirs, seg) && inSite && within(dir, site.root) && dir != site.root {
			continue
		}
		return dir, true
	}
	return "", false
}

// underTestTree reports whether dir is or lies below a test tree.
func underTestTree(dir string) bool {
	for _, seg := range strings.Split(dir, "/") {
		if isTestTreeDir(seg) {
			return true
		}
	}
	return false
}

// buildRootKind reports whether dir is the root of something a site
// generator builds, by the generator's own markers — also those a
// generator accepts without a configuration file: an mdBook book is a
// book.toml or a src/SUMMARY.md (mdBook's defaults), a Jekyll source a
// _config file or its _posts or _layouts directory, MkDocs an mkdocs.yml,
// Hugo its configuration file beside a content directory, Docusaurus its
// configuration, VitePress its .vitepress directory.
func buildRootKind(t *tree, dir string) (string, bool) {
	has := func(name string) bool { return t.files[path.Join(dir, name)] }
	hasDir := func(name string) bool { return t.dirs[path.Join(dir, name)] }
	switch {
	case has("book.toml") || has("src/SUMMARY.md"):
		return "an mdBook book", true
	case has("mkdocs.yml") || has("mkdocs.yaml"):
		return "an MkDocs site", true
	case has("_config.yml") || has("_config.yaml") || has("_config.toml") || hasDir("_posts") || hasDir("_layouts"):
		return "a Jekyll site", true
	case hasDir(".vitepress"):
		return "a VitePress site", true
	case (has("hugo.toml") || has("hugo.yaml") || has("hugo.json") || has("config.toml")) && hasDir("content"):
		return "a Hugo site", true
	}
	for _, ext := range []string{"js", "ts", "mjs", "cjs"} {
		if has("docusaurus.config." + ext) {
			return "a Docusaurus site", true
		}
	}
	return "", false
}

// markTestInput records on every test-input document the tree it lies in,
// and one coverage note per tree.
func (d *docRefs) markTestInput() {
	sites := d.sites
	if d.hugo != nil {
		// A Hugo site's pages are its content directories.
		for _, s := range d.hugo.sites {
			for _, m := range s.content {
				if !m.missing {
					sites = append(sites, docSite{root: m.source}) // only the root is read
				}
			}
		}
	}
	byDoc, trees := testInputTrees(d.t, sites)
	for _, doc := range sortedKeys(byDoc) {
		x := d.t.byPath[doc]
		e := d.b.entity(snapshot.KindDocument, doc, x.Markdown.Title, doc)
		setMeta(&e.Metadata, testInputKey, byDoc[doc].root)
	}
	for _, tr := range trees {
		d.b.note(snapshot.Coverage{Analyzer: "documents", Scope: tr.root, Status: snapshot.StatusNotApplicable,
			Reason: fmt.Sprintf("test input, %s: %d document(s) whose links, anchors, paths and front matter are not checked", tr.why, tr.docs)})
	}
	d.markUnbuilt()
}

// markUnbuilt marks the documents of the version directories a Docusaurus
// site does not build (docusaurusOptions.unbuilt), with a note per
// directory.
func (d *docRefs) markUnbuilt() {
	for _, site := range d.sites {
		o := site.docusaurus()
		if o == nil {
			continue
		}
		for _, dir := range o.unbuilt {
			n := 0
			for _, x := range d.t.ex {
				if x.Markdown == nil || !within(x.Path, dir) {
					continue
				}
				e := d.b.entity(snapshot.KindDocument, x.Path, x.Markdown.Title, x.Path)
				setMeta(&e.Metadata, unbuiltKey, dir)
				n++
			}
			if n > 0 {
				d.b.note(snapshot.Coverage{Analyzer: "documents", Scope: dir, Status: snapshot.StatusNotApplicable,
					Reason: fmt.Sprintf("a docs version the site does not build (not in versions.json): %d document(s) whose links, anchors, paths and front matter are not checked", n)})
			}
		}
	}
}
