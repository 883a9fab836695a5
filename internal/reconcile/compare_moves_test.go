package reconcile

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestFindingsTravelWithMovedDocuments: a document moved byte for byte
// keeps its findings as unchanged (a broken anchor that travelled with the
// page is not the change's); a new document with the same problem is new;
// a document copied (its old path stays) moves nothing.
func TestFindingsTravelWithMovedDocuments(t *testing.T) {
	page := "# Page\n\nSee [below](#gone).\n"
	base := map[string]string{"docs/old/page.md": page, "docs/keep.md": "# Keep\n\nSee [x](#nowhere).\n"}
	head := maps.Clone(base)
	delete(head, "docs/old/page.md")
	head["docs/new/page.md"] = page
	head["docs/fresh.md"] = "# Fresh\n\nSee [below](#gone).\n"
	copied := maps.Clone(base)
	copied["docs/copy/page.md"] = page

	run := func(t *testing.T, head map[string]string) (moves, nw, unchanged, resolved []string) {
		t.Helper()
		b, h := t.TempDir(), t.TempDir()
		testtree.Write(t, b, base)
		testtree.Write(t, h, head)
		bs, _ := scanDir(t, b)
		hs, cfg := scanDir(t, h)
		res := Check(Input{Head: hs, Signals: graph.Compute(hs, graph.Options{}), Base: bs, Config: cfg})
		list := func(ds []finding.Diagnostic) []string {
			var out []string
			for _, d := range ds {
				out = append(out, fmt.Sprintf("%s %s", d.Primary().Path, d.Code))
			}
			return out
		}
		return sortedMoves(movedDocuments(bs, hs)), list(res.Comparison.New), list(res.Comparison.Unchanged), list(res.Comparison.Resolved)
	}
	moves, nw, unchanged, resolved := run(t, head)
	if want := []string{"docs/new/page.md<-docs/old/page.md"}; !slices.Equal(moves, want) {
		t.Errorf("moves %q, want %q", moves, want)
	}
	if want := []string{"docs/fresh.md BROKEN_ANCHOR"}; !slices.Equal(nw, want) {
		t.Errorf("new %q, want %q", nw, want)
	}
	if want := []string{"docs/keep.md BROKEN_ANCHOR", "docs/new/page.md BROKEN_ANCHOR"}; !slices.Equal(unchanged, want) || len(resolved) != 0 {
		t.Errorf("unchanged %q (want %q), resolved %q (want none)", unchanged, want, resolved)
	}
	moves, nw, _, _ = run(t, copied)
	if len(moves) != 0 || !slices.Equal(nw, []string{"docs/copy/page.md BROKEN_ANCHOR"}) {
		t.Errorf("a copy: moves %q, new %q; want none and the copy's finding new", moves, nw)
	}
}

// sortedMoves lists moved as "new<-old" pairs, in a stable order for comparison.
func sortedMoves(moved map[string]string) []string {
	out := make([]string, 0, len(moved))
	for h, b := range moved {
		out = append(out, h+"<-"+b)
	}
	slices.Sort(out)
	return out
}
