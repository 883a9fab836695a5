package scan

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A link to a file that scan.maxFiles left out of the listing is not known
// to be broken: it is unverified, and says which bound. A link to a file
// missing where the listing is complete is still broken, and a warm scan
// says what the cold one said.
func TestLinkBeyondMaxFilesIsUnverified(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docbridge.yaml": "version: 1\nscan:\n  maxFiles: 3\n",
		"README.md":      "# Readme\n\n[a](a.md) [gone](b-gone.md) [z](z.md)\n",
		"a.md":           "# A\n",
		"z.md":           "# Z\n", // sorts after the cut: exists, unlisted
	})
	codes := func(s *snapshot.Snapshot) []string {
		cfg, err := config.Load(root)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range reconcile.Run(reconcile.Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg}) {
			if d.Code == catalog.BrokenLink || d.Code == catalog.UnverifiedLink {
				got = append(got, d.Code+" "+d.Message)
			}
		}
		slices.Sort(got)
		return got
	}
	cold := scanResult(t, root, Options{})
	want := []string{
		"BROKEN_LINK link to b-gone.md: no such file",
		"UNVERIFIED_LINK link to z.md: not checked: the walk listed only the first 3 files by path (scan.maxFiles), and the file may be among the rest",
	}
	if got := codes(cold.Snapshot); !slices.Equal(got, want) {
		t.Errorf("cold scan\n got %q\nwant %q", got, want)
	}
	warm := scanResult(t, root, Options{Previous: cold.Store})
	if warm.Snapshot.ContentHash != cold.Snapshot.ContentHash || !bytes.Equal(withoutRun(t, warm.Snapshot), withoutRun(t, cold.Snapshot)) {
		t.Error("a warm scan's snapshot differs from the cold one's")
	}
	if got := codes(warm.Snapshot); !slices.Equal(got, want) {
		t.Errorf("warm scan\n got %q\nwant %q", got, want)
	}
}

// An anchor into a document with more headings than the extraction lists
// (markdown.MaxAnchors) is not known to be broken: it is counted as not
// checked. An anchor missing from a document whose list is whole is still
// BROKEN_ANCHOR.
func TestAnchorPastTheAnchorBoundIsNotBroken(t *testing.T) {
	var long strings.Builder
	long.WriteString("# Changelog\n")
	for i := range markdown.MaxAnchors + 50 {
		fmt.Fprintf(&long, "\n## v%d\n", i)
	}
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"CHANGELOG.md": long.String(),
		"guide.md":     "# Guide\n\n## Setup\n",
		"README.md": fmt.Sprintf("# Readme\n\n[old](CHANGELOG.md#v3) [late](CHANGELOG.md#v%d) [typo](guide.md#setpu)\n",
			markdown.MaxAnchors+40),
	})
	res := scanResult(t, root, Options{})
	var got []string
	for _, d := range reconcile.Run(reconcile.Input{Head: res.Snapshot, Signals: graph.Compute(res.Snapshot, graph.Options{}), Config: config.Default()}) {
		if d.Code == catalog.BrokenAnchor {
			got = append(got, d.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "anchor #setpu matches no heading of guide.md") {
		t.Errorf("BROKEN_ANCHOR findings %q, want only #setpu's", got)
	}
	var noted bool
	for _, c := range res.Snapshot.Coverage {
		noted = noted || strings.Contains(c.Reason, "1 link to anchors of documents with more headings or ids than the scan lists")
	}
	if !noted {
		t.Errorf("no coverage note counts the unchecked anchor: %+v", res.Snapshot.Coverage)
	}
}
