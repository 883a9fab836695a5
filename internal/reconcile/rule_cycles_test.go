package reconcile

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile/catalog"
)

func TestImportCycles(t *testing.T) {
	tests := []struct {
		fixture  string
		where    []string
		messages []string
		evidence [][]Location // of each finding, in message order
	}{
		{
			fixture:  "cycles/loop",
			where:    []string{"src/a.ts:2 IMPORT_CYCLE", "src/a.ts:2 IMPORT_CYCLE"},
			messages: []string{"import cycle of 2: src/a.ts → src/b.ts → src/a.ts", "import cycle of 3: src/a.ts → src/b.ts → src/c.ts → src/a.ts"},
			evidence: [][]Location{
				{{"src/a.ts", 2}, {"src/b.ts", 2}},
				{{"src/a.ts", 2}, {"src/b.ts", 1}, {"src/c.ts", 1}},
			},
		},
		{
			fixture:  "cycles/goloop",
			where:    []string{"internal/alpha/alpha.go:7 IMPORT_CYCLE"},
			messages: []string{"import cycle of 2: internal/alpha → internal/beta → internal/alpha"},
			evidence: [][]Location{{{"internal/alpha/alpha.go", 7}, {"internal/beta/beta.go", 3}}},
		},
		{fixture: "cycles/none", where: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			ds := withCode(check(t, tt.fixture), catalog.ImportCycle)
			if got := where(ds); !slices.Equal(got, tt.where) {
				t.Fatalf("got %v, want %v", got, tt.where)
			}
			slices.SortFunc(ds, func(a, b Diagnostic) int { return strings.Compare(a.Message, b.Message) })
			for i, d := range ds {
				if d.Severity != catalog.Warn || d.Message != tt.messages[i] || !slices.Equal(d.Evidence, tt.evidence[i]) {
					t.Errorf("finding %d: got %+v", i, d)
				}
			}
			if len(ds) == 2 && ds[0].ID == ds[1].ID {
				t.Errorf("two cycles share the fingerprint %s", ds[0].ID)
			}
		})
	}
}

// The cycle's entity ids are its nodes, and its fingerprint does not
// depend on the line of the import that locates it.
func TestImportCycleIdentity(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "cycles", "goloop"))
	sig := graph.Compute(s, graph.Options{})
	ds := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if len(ds) != 1 || !slices.Equal(ds[0].EntityIDs, []string{"package:internal/alpha", "package:internal/beta"}) {
		t.Fatalf("got %+v", ds)
	}
	for i := range sig.Cycles[0].Edges[0].Evidence {
		sig.Cycles[0].Edges[0].Evidence[i].LineStart += 10
	}
	moved := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if moved[0].Primary().Line != 17 || moved[0].ID != ds[0].ID {
		t.Fatalf("moved import: got %+v, before %+v", moved[0], ds[0])
	}
	if got := withCode(Run(Input{Head: s, Config: cfg}), catalog.ImportCycle); len(got) != 0 {
		t.Fatalf("without signals: got %v", where(got))
	}
}

// Two cycles located at one import keep their own identities: breaking
// one leaves the other's fingerprint as it was.
func TestImportCycleIdentityIndependent(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "cycles", "loop"))
	sig := graph.Compute(s, graph.Options{})
	ids := map[string]string{}
	for _, d := range withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle) {
		ids[d.Message] = d.ID
	}
	for i := range sig.Cycles {
		rest := *sig
		rest.Cycles = slices.Delete(slices.Clone(sig.Cycles), i, i+1)
		left := withCode(Run(Input{Head: s, Signals: &rest, Config: cfg}), catalog.ImportCycle)
		if len(left) != 1 || ids[left[0].Message] != left[0].ID {
			t.Fatalf("without cycle %d: got %+v, before %v", i, left, ids)
		}
	}
}

// Four modules that all import each other are too tangled to enumerate:
// the graph samples one cycle per module and says the list is partial,
// and so does one finding at the repository level.
func TestImportCyclesTruncated(t *testing.T) {
	s, cfg := scanDir(t, filepath.Join("testdata", "cycles", "tangle"))
	sig := graph.Compute(s, graph.Options{})
	if !sig.CyclesTruncated || len(sig.Cycles) == 0 {
		t.Fatalf("fixture does not exercise truncation: %+v", sig)
	}
	ds := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.ImportCycle)
	if len(ds) != len(sig.Cycles)+1 {
		t.Fatalf("got %d findings for %d cycles: %v", len(ds), len(sig.Cycles), where(ds))
	}
	note := ds[0] // the repository (empty path) sorts first
	want := "the import graph holds more cycles than the " + itoa(len(sig.Cycles)) +
		" reported: a large tangle of imports was sampled: one shortest cycle is reported through each of its nodes"
	if note.Primary() != (Location{}) || note.Message != want || len(note.EntityIDs) != 0 {
		t.Fatalf("got %+v", note)
	}
}

// checks.severity in docbridge.yaml applies: the silenced fixture turns
// IMPORT_CYCLE off, ORPHANED_DOCUMENT on at info and raises
// DOCUMENT_WITHOUT_CODE to error.
func TestSeverityFromConfiguration(t *testing.T) {
	ds := check(t, "cycles/silenced")
	s, _ := scanDir(t, filepath.Join("testdata", "cycles", "silenced"))
	if len(graph.Compute(s, graph.Options{}).Cycles) == 0 {
		t.Fatal("fixture has no cycle to silence")
	}
	got := map[string]string{}
	for _, d := range ds {
		got[d.Primary().Path+" "+d.Code] = d.Severity
	}
	want := map[string]string{
		"docs/lost.md ORPHANED_DOCUMENT":     catalog.Info,
		"docs/lost.md DOCUMENT_WITHOUT_CODE": catalog.Error,
	}
	for k, sev := range want {
		if got[k] != sev {
			t.Errorf("%s: severity %q, want %q (all: %v)", k, got[k], sev, got)
		}
	}
	if n := len(withCode(ds, catalog.ImportCycle)); n != 0 {
		t.Errorf("IMPORT_CYCLE is off but reported %d times", n)
	}
}
