package reconcile

import (
	"fmt"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestScanCodes: every coded coverage entry of the scan becomes one
// diagnostic of its code, at its file and line, with its reason.
func TestScanCodes(t *testing.T) {
	s, cfg := scanDir(t, "testdata/scan_codes")
	ds := Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg})
	var got []string
	for _, d := range ds {
		if r, ok := catalog.Lookup(d.Code); ok && r.Group == catalog.GroupScan {
			got = append(got, fmt.Sprintf("%s:%d %s %s", d.Primary().Path, d.Primary().Line, d.Code, d.Message))
		}
	}
	var want []string
	for _, c := range s.Coverage {
		if c.Code != "" {
			want = append(want, fmt.Sprintf("%s:%d %s %s", c.Scope, c.Line, c.Code, c.Reason))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("got\n%v\nwant (the snapshot's coded coverage)\n%v", got, want)
	}
	// The fixture holds each kind of problem; docs/clean.md has none.
	wantWhere := []string{
		"docs/block.md:3 DOCBRIDGE_INVALID_ID",
		"docs/block.md:5 DOCBRIDGE_MISSING_FIELD",
		"docs/block.md:5 DOCBRIDGE_UNKNOWN_KEY", // note
		"docs/block.md:5 DOCBRIDGE_UNKNOWN_KEY", // extra
		"docs/outside.md:3 LINK_OUTSIDE_ROOT",
		"docs/unclosed.md:1 FRONT_MATTER_UNCLOSED",
	}
	var scanDs []finding.Diagnostic
	for _, d := range ds {
		if slices.Contains(scanCodes(), d.Code) {
			scanDs = append(scanDs, d)
		}
	}
	if w := where(scanDs); !slices.Equal(w, wantWhere) {
		t.Fatalf("got %v, want %v", w, wantWhere)
	}
	ids := map[string]bool{}
	for _, d := range scanDs {
		if ids[d.ID] {
			t.Errorf("fingerprint %s repeats: two problems on one line must stay distinct", d.ID)
		}
		ids[d.ID] = true
	}
}

// TestScanCodesOnlyScanGroup: a coverage code the catalog does not list,
// or lists for another rule, is not passed through; an empty code never.
func TestScanCodesOnlyScanGroup(t *testing.T) {
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{{ID: "document:a.md", Kind: snapshot.KindDocument, Path: "a.md"}},
		Coverage: []snapshot.Coverage{
			{Analyzer: "markdown", Scope: "a.md", Line: 1, Status: snapshot.StatusPartial, Code: "NOT_A_CODE", Reason: "unknown"},
			{Analyzer: "markdown", Scope: "a.md", Line: 2, Status: snapshot.StatusPartial, Code: catalog.BrokenLink, Reason: "core code"},
			{Analyzer: "markdown", Scope: "a.md", Line: 3, Status: snapshot.StatusPartial, Reason: "no code"},
			{Analyzer: "markdown", Scope: "a.md", Line: 4, Status: snapshot.StatusPartial, Code: "DOCBRIDGE_YAML", Reason: "bad yaml"},
		},
	}
	var ds []finding.Diagnostic
	for _, d := range Run(Input{Head: s}) {
		if slices.Contains(scanCodes(), d.Code) {
			ds = append(ds, d)
		}
	}
	if got := where(ds); !slices.Equal(got, []string{"a.md:4 DOCBRIDGE_YAML"}) {
		t.Fatalf("got %v", got)
	}
	if d := ds[0]; d.Message != "bad yaml" || d.Severity != catalog.Error || !slices.Equal(d.EntityIDs, []string{"document:a.md"}) {
		t.Fatalf("got %+v", d)
	}
}

// TestCatalogLookupFindsEveryCode guards the pass-through, which looks
// codes up by binary search: the catalog must stay sorted.
func TestCatalogLookupFindsEveryCode(t *testing.T) {
	for _, c := range catalog.Codes() {
		if _, ok := catalog.Lookup(c); !ok {
			t.Errorf("catalog.Lookup(%q) fails: the catalog is not sorted by code", c)
		}
	}
	if len(scanCodes()) == 0 {
		t.Fatal("no scan-group codes")
	}
}
