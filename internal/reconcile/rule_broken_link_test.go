package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

func TestBrokenLink(t *testing.T) {
	ds := withCode(check(t, "broken_link"), catalog.BrokenLink)
	// The fixture links docs/missing.md on lines 3 and 5: one problem,
	// one finding that names both lines.
	want := []string{"docs/guide.md:3 BROKEN_LINK"}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	d := ds[0]
	if d.Severity != catalog.Error || d.Message != "link to docs/missing.md: no such file" || d.Occurrences != 2 {
		t.Fatalf("got %+v", d)
	}
	if want := []Location{{"docs/guide.md", 3}, {"docs/guide.md", 5}}; !slices.Equal(d.Evidence, want) {
		t.Errorf("evidence %v, want %v", d.Evidence, want)
	}
	if len(d.Members) != 2 || d.Members[0].ID == d.Members[1].ID || d.Members[0].ID != d.ID {
		t.Errorf("members %+v: want one per line, the first the finding's own fingerprint", d.Members)
	}
}
