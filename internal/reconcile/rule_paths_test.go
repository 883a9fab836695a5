package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestUnresolvedPath(t *testing.T) {
	ds := withCode(check(t, "paths"), catalog.UnresolvedPath)
	// docs/guide.md names only paths that exist, and intro.md's exact
	// mentions, `and/or`, `application/json`, `docs` and `src/gone/worker.go`
	// (only its first directory exists) are not reported.
	want := []string{
		"docs/intro.md:11 UNRESOLVED_PATH", // `src/apq/`
		"docs/intro.md:3 UNRESOLVED_PATH",  // `docs/gude.md`
		"docs/intro.md:5 UNRESOLVED_PATH",  // `src/app/mian.go`
		"docs/intro.md:7 UNRESOLVED_PATH",  // `src/app/legacy/worker.go`, twice on the line: one finding (2×)
		"docs/intro.md:9 UNRESOLVED_PATH",  // `./gide.md`
	}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	tests := []struct {
		line                 int
		message, remediation string
	}{
		{3, "`docs/gude.md` does not exist; did you mean `docs/guide.md`?", "Write `docs/guide.md` instead of `docs/gude.md`."},
		{5, "`src/app/mian.go` does not exist; did you mean `src/app/main.go`?", "Write `src/app/main.go` instead of `src/app/mian.go`."},
		{7, "`src/app/legacy/worker.go` does not exist", ""},
		{9, "`./gide.md` does not exist; did you mean `docs/guide.md`?", "Write `docs/guide.md` instead of `./gide.md`."},
		{11, "`src/apq/` does not exist", ""},
	}
	for _, tc := range tests {
		i := slices.IndexFunc(ds, func(d finding.Diagnostic) bool { return d.Primary().Line == tc.line })
		if d := ds[i]; d.Message != tc.message || d.Remediation != tc.remediation || d.Severity != catalog.Warn {
			t.Errorf("line %d: got %+v, want %q / %q", tc.line, d, tc.message, tc.remediation)
		}
	}
	// A did-you-mean is the mention's edit: the code span rewritten.
	edits := map[int][2]string{3: {"docs/gude.md", "docs/guide.md"}, 5: {"src/app/mian.go", "src/app/main.go"}, 9: {"./gide.md", "docs/guide.md"}}
	for _, d := range ds {
		line := d.Primary().Line
		var want []finding.Edit
		if e, ok := edits[line]; ok {
			want = []finding.Edit{{Path: "docs/intro.md", Line: line, Kind: finding.EditCode, Old: e[0], New: e[1]}}
		}
		if !slices.EqualFunc(d.Edits, want, sameEdit) {
			t.Errorf("line %d: edits %+v, want %+v", line, d.Edits, want)
		}
	}
	for _, d := range ds {
		if want := map[int]int{7: 2}[d.Primary().Line]; d.Occurrences != want {
			t.Errorf("line %d: %d occurrences, want %d", d.Primary().Line, d.Occurrences, want)
		}
	}
}

// TestUnresolvedPathOneFindingPerOccurrence: a fuzzy mention of a
// directory relates to the area and the package there; it is one
// finding. Exact mentions in a fuzzy relation are not findings.
func TestUnresolvedPathOneFindingPerOccurrence(t *testing.T) {
	ev := []snapshot.Evidence{
		{Source: "markdown", Path: "a.md", LineStart: 2, Context: "src/ap"},
		{Source: "markdown", Path: "a.md", LineStart: 3, Context: "src/app"},
	}
	meta := func() map[string]any { return map[string]any{"references": []any{"src/ap"}} }
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{
			{ID: "document:a.md", Kind: snapshot.KindDocument, Path: "a.md"},
			{ID: "area:src/app", Kind: snapshot.KindArea, Path: "src/app"},
			{ID: "package:src/app", Kind: snapshot.KindPackage, Path: "src/app"},
		},
		Relations: []snapshot.Relation{
			{ID: "mentions:document:a.md->area:src/app", Kind: snapshot.RelMentions, From: "document:a.md", To: "area:src/app",
				Confidence: snapshot.ConfidenceFuzzy, Evidence: ev, Metadata: meta()},
			{ID: "mentions:document:a.md->package:src/app", Kind: snapshot.RelMentions, From: "document:a.md", To: "package:src/app",
				Confidence: snapshot.ConfidenceFuzzy, Evidence: ev, Metadata: meta()},
		},
	}
	ds := withCode(Run(Input{Head: s}), catalog.UnresolvedPath)
	if got := where(ds); !slices.Equal(got, []string{"a.md:2 UNRESOLVED_PATH"}) {
		t.Fatalf("got %v", got)
	}
	if ds[0].Message != "`src/ap` does not exist; did you mean `src/app`?" {
		t.Fatalf("got %q", ds[0].Message)
	}
}

func TestUnresolvedPathSurvivesLineMoves(t *testing.T) {
	assertMovedKeepsIDs(t, "paths", catalog.UnresolvedPath)
}

// sameEdit compares edits by what they rewrite (Columns are the check's).
func sameEdit(a, b finding.Edit) bool {
	return a.Path == b.Path && a.Line == b.Line && a.Kind == b.Kind && a.Old == b.Old && a.New == b.New
}
