package doctor

import (
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// A DRIFT_MOVE stands for its references: the links dimension counts each
// link it groups (its paths are no link), as it would count them alone.
func TestByCodeCountsGroupedMembers(t *testing.T) {
	at := func(line int) []finding.Location { return []finding.Location{{Path: "docs/a.md", Line: line}} }
	move := finding.Diagnostic{ID: "m", Code: catalog.DriftMove, Evidence: at(3), Members: []finding.Diagnostic{
		{ID: "1", Code: catalog.DriftLink, Evidence: at(3)},
		{ID: "2", Code: catalog.DriftLink, Evidence: at(4)},
		{ID: "3", Code: catalog.DriftPath, Evidence: at(5)},
	}}
	plain := finding.Diagnostic{ID: "b", Code: catalog.BrokenLink, Evidence: at(9)}
	got := byCode([]finding.Diagnostic{move, plain}, linksCheck.keep)
	if len(got) != 3 {
		t.Fatalf("links problems = %d (%v), want the two grouped links and the broken one", len(got), got)
	}
}

// One broken link written on three lines is one finding whose members
// share its code: the links dimension counts three links, not four.
func TestByCodeCountsRepeatedReferenceOncePerLine(t *testing.T) {
	at := func(line int) []finding.Location { return []finding.Location{{Path: "docs/a.md", Line: line}} }
	link := func(id string, line int) finding.Diagnostic {
		return finding.Diagnostic{ID: id, Code: catalog.BrokenLink, Evidence: at(line)}
	}
	group := link("g", 3)
	group.Evidence = append(group.Evidence, at(7)[0], at(9)[0])
	group.Occurrences = 3
	group.Members = []finding.Diagnostic{link("1", 3), link("2", 7), link("3", 9)}
	if got := byCode([]finding.Diagnostic{group}, linksCheck.keep); len(got) != 3 {
		t.Fatalf("links problems = %d (%v), want one per line", len(got), got)
	}
}
