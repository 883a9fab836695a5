package reconcile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestTestInput checks testdata/test_input: documents in a fixture book
// (book.toml, or only src/SUMMARY.md), a Jekyll source a test builds, a
// testdata/ directory and a linter's test case in a test tree are test
// input, and nothing located in them is reported — their broken links,
// anchors and front matter included. What stays: the tests' own README, a
// site's section named fixtures, a real page's broken link, and a real
// page's link into a fixture's missing heading. Placeholder destinations
// (TODO, $BRANCH_URL, <url>, ..., #) are no broken links; a
// placeholder-shaped destination that names a file links to it.
func TestTestInput(t *testing.T) {
	got := where(check(t, "test_input"))
	want := []string{
		"README.md:3 BROKEN_LINK",   // docs/gone.md: a deleted page still fires
		"README.md:8 BROKEN_ANCHOR", // into a fixture, from a real page
		"site/docs/fixtures/index.md:3 BROKEN_LINK",
		"tests/README.md:3 BROKEN_LINK",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

// TestDocumentsExclude: checks.documents.exclude leaves more documents
// unchecked, and a negated pattern checks test input the scan recognized;
// the last matching pattern decides.
func TestDocumentsExclude(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "test_input"))
	cfg.Checks.Documents.Exclude = []string{"site/", "!site/docs/index.md", "tests/", "!tests/books/basic/", "tests/books/basic/src/SUMMARY.md"}
	got := where(Run(Input{Head: s, Signals: graph.Compute(s, SignalOptions(cfg, nil)), Config: cfg}))
	want := []string{
		"README.md:3 BROKEN_LINK",
		"README.md:8 BROKEN_ANCHOR",
		"tests/books/basic/src/chapter.md:3 FRONT_MATTER_INVALID",
		"tests/books/basic/src/chapter.md:7 BROKEN_ANCHOR",
		"tests/books/basic/src/chapter.md:7 BROKEN_LINK",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

// TestUnbuiltVersions: nothing is reported in the pages of a Docusaurus
// version versions.json no longer lists, nor in their translations; a
// listed version's broken link still is.
func TestUnbuiltVersions(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"website/docusaurus.config.js":                                        "module.exports = { presets: [['classic', { docs: {} }]] };\n",
		"website/versions.json":                                               `["1.0"]`,
		"website/docs/intro.md":                                               "# Intro\n",
		"website/versioned_docs/version-1.0/intro.md":                         "# Intro\n\n[gone](gone.md)\n",
		"website/versioned_docs/version-0.9/intro.md":                         "# Intro\n\n[gone](gone.md)\n",
		"website/i18n/fr/docusaurus-plugin-content-docs/version-0.9/intro.md": "# Intro\n\n[gone](#nowhere)\n",
	})
	s, cfg := scanDir(t, dir)
	got := where(Run(Input{Head: s, Signals: graph.Compute(s, SignalOptions(cfg, nil)), Config: cfg}))
	if want := []string{"website/versioned_docs/version-1.0/intro.md:3 BROKEN_LINK"}; !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}
