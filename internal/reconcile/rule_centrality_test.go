package reconcile

import (
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
)

// Both fixtures are the Go chain entry → hub → core → leaf: hub and core
// tie on betweenness, the ends score zero. In centrality/repo a document
// mentions a file of core only; in centrality/documented one mentions
// core's import path and another covers hub's area.
func TestCentralityRisk(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		topN    int
		want    []string
	}{
		{"hub undocumented", "centrality/repo", 10, []string{"internal/hub:0 CENTRALITY_RISK"}},
		// The tie goes to the smaller id, core, which is documented.
		{"top 1 is core", "centrality/repo", 1, []string{}},
		{"top 2 reaches hub", "centrality/repo", 2, []string{"internal/hub:0 CENTRALITY_RISK"}},
		{"zero examines none", "centrality/repo", 0, []string{}},
		{"all documented", "centrality/documented", 10, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, cfg := scanDir(t, filepath.Join("testdata", filepath.FromSlash(tt.fixture)))
			cfg.Checks.CentralityTopN = tt.topN
			cfg.Checks.Severity[catalog.CentralityRisk] = catalog.Info // off by default
			sig := graph.Compute(s, graph.Options{})
			ds := withCode(Run(Input{Head: s, Signals: sig, Config: cfg}), catalog.CentralityRisk)
			if got := where(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			if len(ds) == 0 {
				return
			}
			score := strconv.FormatFloat(sig.Centrality["package:internal/hub"], 'f', -1, 64)
			want := "package internal/hub ranks #2 of the import graph by centrality (normalized betweenness " + score +
				"), and no document covers or mentions it"
			if d := ds[0]; d.Severity != catalog.Info || d.Message != want || !slices.Equal(d.EntityIDs, []string{"package:internal/hub"}) {
				t.Fatalf("got %+v, want message %q", d, want)
			}
		})
	}
}

// The fixture's scores are what the test assumes: a tie between hub and
// core above zero, so the tie-break cases above mean something.
func TestCentralityFixtureTies(t *testing.T) {
	s, _ := scanDir(t, filepath.Join("testdata", "centrality", "repo"))
	c := graph.Compute(s, graph.Options{}).Centrality
	if h := c["package:internal/hub"]; h <= 0 || h != c["package:internal/core"] || c["package:internal/entry"] != 0 {
		t.Fatalf("centrality %v", c)
	}
	if got := withCode(Run(Input{Head: s}), catalog.CentralityRisk); len(got) != 0 {
		t.Fatalf("without signals: got %v", where(got))
	}
}
