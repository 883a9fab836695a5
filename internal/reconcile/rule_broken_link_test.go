package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

func TestBrokenLink(t *testing.T) {
	ds := withCode(check(t, "broken_link"), catalog.BrokenLink)
	want := []string{"docs/guide.md:3 BROKEN_LINK", "docs/guide.md:5 BROKEN_LINK"}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if ds[0].ID == ds[1].ID {
		t.Fatalf("two occurrences share fingerprint %s", ds[0].ID)
	}
	if ds[0].Severity != catalog.Error || ds[0].Message != "link to docs/missing.md: no such file" {
		t.Fatalf("got %+v", ds[0])
	}
}
