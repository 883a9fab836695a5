package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

func TestStaleDeclaration(t *testing.T) {
	ds := withCode(check(t, "declarations"), catalog.StaleDeclaration)
	// docs/fine.md declares only entities that exist, and guide.md's cover
	// of module:src/app/main.go resolves: neither is reported.
	want := []string{
		"docs/guide.md:10 STALE_DECLARATION",
		"docs/guide.md:6 STALE_DECLARATION",
		"docs/guide.md:7 STALE_DECLARATION",
		"docs/guide.md:9 STALE_DECLARATION",
	}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	tests := []struct {
		line                 int
		message, remediation string
		stale                string
	}{
		{6, "the docbridge block declares covers module:src/legacy/gone.go, which does not exist", "",
			"unresolved:module:src/legacy/gone.go"},
		{7, "the docbridge block declares covers module:src/app/mian.go, which does not exist; did you mean module:src/app/main.go?",
			"Declare module:src/app/main.go instead of module:src/app/mian.go, or remove the declaration.",
			"unresolved:module:src/app/mian.go"},
		{9, "the docbridge block declares explains area:src/nothing, which does not exist", "", "unresolved:area:src/nothing"},
		{10, "the docbridge block declares replaces from module:src/app/old.go, which does not exist", "",
			"unresolved:module:src/app/old.go"},
	}
	for _, tc := range tests {
		i := slices.IndexFunc(ds, func(d finding.Diagnostic) bool { return d.Primary().Line == tc.line })
		d := ds[i]
		if d.Message != tc.message || d.Remediation != tc.remediation || d.Severity != catalog.Error {
			t.Errorf("line %d: got %q / %q, want %q / %q", tc.line, d.Message, d.Remediation, tc.message, tc.remediation)
		}
		if !slices.Contains(d.EntityIDs, tc.stale) || !slices.Contains(d.EntityIDs, "document:docs/guide.md") {
			t.Errorf("line %d: entities %v lack %s or the document", tc.line, d.EntityIDs, tc.stale)
		}
	}
}

func TestStaleDeclarationSurvivesLineMoves(t *testing.T) {
	assertMovedKeepsIDs(t, "declarations", catalog.StaleDeclaration)
}
