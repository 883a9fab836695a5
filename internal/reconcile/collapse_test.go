package reconcile

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

// Identical findings on one line (same code, location and message) are one
// finding with a count; findings that differ in any of these stay apart.
// The fingerprints do not depend on how many times a line repeats a
// reference: not the collapsed one's, not those of later occurrences of
// the same key.
func TestIdenticalFindingsCollapse(t *testing.T) {
	sev := func(string) catalog.Level { return catalog.Warn }
	at := func(line int) []Location { return []Location{{Path: "a.md", Line: line}} }
	gone := func(line int) finding {
		return finding{Code: catalog.UnresolvedPath, Message: "`src/gone.go` does not exist", Evidence: at(line), Key: "src/gone.go"}
	}
	thrice := []finding{gone(3), gone(3), gone(3), gone(7),
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
	want := []row{{catalog.BrokenLink, 3, 0}, {catalog.UnresolvedPath, 3, 0}, {catalog.UnresolvedPath, 3, 3}, {catalog.UnresolvedPath, 7, 0}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	once := finalize([]finding{gone(3), gone(7)}, sev)
	idsOf := func(ds []Diagnostic) []string {
		var out []string
		for _, d := range ds {
			if d.Code == catalog.UnresolvedPath && d.Message == "`src/gone.go` does not exist" {
				out = append(out, d.ID)
			}
		}
		return out
	}
	if a, b := idsOf(ds), idsOf(once); !slices.Equal(a, b) || len(a) != 2 || a[0] == a[1] {
		t.Errorf("fingerprints with the line repeated %v, written once %v: want the same two", a, b)
	}
}
