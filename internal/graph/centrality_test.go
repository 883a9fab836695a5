package graph

import (
	"maps"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestCentrality(t *testing.T) {
	tests := []struct {
		name string
		rels []snapshot.Relation
		want map[string]float64
	}{
		{
			// b lies on a→c and a→d, c on a→d and b→d: 2/((4−1)(4−2)).
			name: "path",
			rels: imports("a>b", "b>c", "c>d"),
			want: map[string]float64{"module:src/a.ts": 0, "module:src/b.ts": 0.333333, "module:src/c.ts": 0.333333, "module:src/d.ts": 0},
		},
		{
			// The hub lies on every ordered pair of leaves: 3·2/(3·2).
			name: "bidirectional star",
			rels: imports("h>x", "x>h", "h>y", "y>h", "h>z", "z>h"),
			want: map[string]float64{"module:src/h.ts": 1, "module:src/x.ts": 0, "module:src/y.ts": 0, "module:src/z.ts": 0},
		},
		{
			// Two leaves import the hub, which imports two others: 4 of 12 pairs.
			name: "in-out star",
			rels: imports("a>h", "b>h", "h>c", "h>d"),
			want: map[string]float64{"module:src/a.ts": 0, "module:src/b.ts": 0, "module:src/c.ts": 0, "module:src/d.ts": 0, "module:src/h.ts": 0.333333},
		},
		{
			// Two shortest paths a→d; b and c each carry half: 0.5/6.
			name: "diamond",
			rels: imports("a>b", "a>c", "b>d", "c>d"),
			want: map[string]float64{"module:src/a.ts": 0, "module:src/b.ts": 0.083333, "module:src/c.ts": 0.083333, "module:src/d.ts": 0},
		},
		{
			// External and unresolved targets are not nodes: n = 3, a lies on c→b.
			name: "external and unresolved left out",
			rels: append(imports("a>b"),
				rel(snapshot.RelImports, "module:src/b.ts", "external:react", 1),
				rel(snapshot.RelImports, "module:src/b.ts", "unresolved:src/gone", 2),
				rel(snapshot.RelReExports, "module:src/c.ts", "module:src/a.ts", 1)),
			want: map[string]float64{"module:src/a.ts": 0.5, "module:src/b.ts": 0, "module:src/c.ts": 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compute(snap(nil, tt.rels), Options{}).Centrality
			if !maps.Equal(got, tt.want) {
				t.Errorf("centrality = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCentralitySkippedAboveBound(t *testing.T) {
	sig := Compute(snap(nil, imports("a>b", "b>c", "c>d")), Options{MaxBetweennessNodes: 3})
	if sig.Centrality != nil {
		t.Errorf("centrality = %v, want skipped", sig.Centrality)
	}
	cov := sig.Coverage()
	if len(cov) != 1 || cov[0].Scope != "centrality" || cov[0].Status != snapshot.StatusNotAnalyzed {
		t.Errorf("coverage = %+v, want one centrality not-analyzed note", cov)
	}
	if sig := Compute(snap(nil, imports("a>b", "b>c", "c>d")), Options{MaxBetweennessNodes: 4}); sig.Centrality == nil {
		t.Error("centrality skipped at the bound, want computed")
	}
}
