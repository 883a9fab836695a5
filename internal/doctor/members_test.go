package doctor

import (
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/reconcile"
)

// A DRIFT_MOVE stands for its references: the links dimension counts each
// link it groups (its paths are no link), as it would count them alone.
func TestByCodeCountsGroupedMembers(t *testing.T) {
	at := func(line int) []reconcile.Location { return []reconcile.Location{{Path: "docs/a.md", Line: line}} }
	move := reconcile.Diagnostic{ID: "m", Code: catalog.DriftMove, Evidence: at(3), Members: []reconcile.Diagnostic{
		{ID: "1", Code: catalog.DriftLink, Evidence: at(3)},
		{ID: "2", Code: catalog.DriftLink, Evidence: at(4)},
		{ID: "3", Code: catalog.DriftPath, Evidence: at(5)},
	}}
	plain := reconcile.Diagnostic{ID: "b", Code: catalog.BrokenLink, Evidence: at(9)}
	got := byCode([]reconcile.Diagnostic{move, plain}, linksCheck.keep)
	if len(got) != 3 {
		t.Fatalf("links problems = %d (%v), want the two grouped links and the broken one", len(got), got)
	}
}
