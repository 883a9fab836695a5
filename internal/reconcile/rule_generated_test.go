package reconcile

import (
	"fmt"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

func TestGeneratedRegionEdited(t *testing.T) {
	ds := check(t, "generated")
	// docs/clean.md's region hashes to its declared hash and its other
	// region declares none; docs/unclosed.md's region is only unclosed.
	want := []string{
		"docs/edited.md:13 GENERATED_REGION_EDITED",
		"docs/edited.md:5 GENERATED_REGION_EDITED",
		"docs/unclosed.md:3 GENERATED_UNCLOSED",
	}
	if got := where(append(withCode(ds, catalog.GeneratedRegionEdited), withCode(ds, "GENERATED_UNCLOSED")...)); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	s, cfg := scanDir(t, "testdata/generated")
	doc := newView(Input{Head: s, Config: cfg}, cfg).docByPath["docs/edited.md"]
	edited := withCode(ds, catalog.GeneratedRegionEdited)
	for i, g := range doc.Generated {
		if g.DeclaredHash == g.ActualHash {
			t.Fatalf("fixture region %d is not edited: %+v", i, g)
		}
		msg := fmt.Sprintf("generated region (lines %d–%d) was edited by hand: its content hashes to %s, its marker declares %s",
			g.LineStart, g.LineEnd, g.ActualHash, g.DeclaredHash)
		if d := edited[i]; d.Message != msg || d.Severity != catalog.Warn || d.Remediation == "" {
			t.Errorf("region %d: got %+v, want message %q", i, d, msg)
		}
	}
	// Both regions declare one hash: one key, told apart by their order.
	if edited[0].ID == edited[1].ID {
		t.Errorf("two edited regions share fingerprint %s", edited[0].ID)
	}
}

func TestGeneratedRegionEditedSurvivesLineMoves(t *testing.T) {
	assertMovedKeepsIDs(t, "generated", catalog.GeneratedRegionEdited)
}
