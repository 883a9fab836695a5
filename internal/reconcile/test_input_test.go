package reconcile

import (
	"slices"
	"testing"
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
