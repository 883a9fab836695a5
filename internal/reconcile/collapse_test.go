package reconcile

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// Identical findings in one document (same code, file, key and message)
// are one finding with a count, whose evidence names each line once;
// findings that differ in any of these stay apart. The fingerprint does
// not depend on how many times the document repeats a reference, and the
// members, one per line, have the fingerprints the findings would have
// alone.
func TestIdenticalFindingsCollapse(t *testing.T) {
	sev := func(string) catalog.Level { return catalog.Warn }
	at := func(line int) []finding.Location { return []finding.Location{{Path: "a.md", Line: line}} }
	gone := func(line int) draft {
		return draft{Code: catalog.UnresolvedPath, Message: "`src/gone.go` does not exist", Evidence: at(line), Key: "src/gone.go",
			edits: []finding.Edit{{Path: "a.md", Line: line, Kind: finding.EditCode, Old: "src/gone.go", New: "src/here.go"}}}
	}
	thrice := []draft{gone(7), gone(3), gone(3), gone(3),
		{Code: catalog.UnresolvedPath, Message: "`src/other.go` does not exist", Evidence: at(3), Key: "src/other.go"},
		{Code: catalog.BrokenLink, Message: "`src/gone.go` does not exist", Evidence: at(3), Key: "src/gone.go"},
	}
	ds := finalize(thrice, sev)
	type row struct {
		code        string
		line, count int
	}
	var got []row
	for _, d := range ds {
		got = append(got, row{d.Code, d.Primary().Line, d.Occurrences})
	}
	cmpRow := func(a, b row) int { return cmp.Or(strings.Compare(a.code, b.code), a.line-b.line, a.count-b.count) }
	slices.SortFunc(got, cmpRow)
	want := []row{{catalog.BrokenLink, 3, 0}, {catalog.UnresolvedPath, 3, 0}, {catalog.UnresolvedPath, 3, 4}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	var g finding.Diagnostic
	for _, d := range ds {
		if d.Occurrences == 4 {
			g = d
		}
	}
	if want := []finding.Location{{Path: "a.md", Line: 3}, {Path: "a.md", Line: 7}}; !slices.Equal(g.Evidence, want) {
		t.Errorf("evidence %v, want %v", g.Evidence, want)
	}
	if len(g.Edits) != 2 || g.Edits[0].Line != 3 || g.Edits[1].Line != 7 {
		t.Errorf("edits %+v: want line 3's and line 7's", g.Edits)
	}
	alone := finalizeBy([]draft{gone(3), gone(7)}, sev, false)
	if len(g.Members) != 2 || len(alone) != 2 || g.Members[0].ID != alone[0].ID || g.Members[1].ID != alone[1].ID || g.ID != alone[0].ID {
		t.Errorf("members %+v, alone %+v: want the fingerprints of the findings alone, the group's the first's", g.Members, alone)
	}
	once := finalize([]draft{gone(3), gone(7)}, sev)
	if len(once) != 1 || once[0].ID != g.ID {
		t.Errorf("written once per line %+v: want the fingerprint %s of the line repeated", once, g.ID)
	}
}
