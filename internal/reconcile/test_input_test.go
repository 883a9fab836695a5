package reconcile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
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
