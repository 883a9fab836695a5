package graph

import (
	"maps"
	"math"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestCanonicality(t *testing.T) {
	tests := []struct {
		name string
		s    *snapshot.Snapshot
		want map[string]float64
	}{
		{
			// Solved exactly: d = (1−0.85)/4; a = d + 0.85c; b = d + 0.85a/2;
			// c = d + 0.85(a/2 + b + d).
			name: "four documents",
			s: snap(nil, []snapshot.Relation{
				rel(snapshot.RelLinksTo, "document:a.md", "document:b.md", 1),
				rel(snapshot.RelLinksTo, "document:a.md", "document:c.md", 2),
				rel(snapshot.RelLinksTo, "document:b.md", "document:c.md", 1),
				rel(snapshot.RelCovers, "document:c.md", "document:a.md", 1),
				rel(snapshot.RelLinksTo, "document:d.md", "document:c.md", 1),
			}),
			want: map[string]float64{"document:a.md": 0.372527, "document:b.md": 0.195824, "document:c.md": 0.394149, "document:d.md": 0.0375},
		},
		{
			// Covered module joins; unresolved target, imports and mentions do not.
			name: "kinds and endpoints",
			s: snap(nil, []snapshot.Relation{
				rel(snapshot.RelCovers, "document:a.md", "module:src/x.ts", 1),
				rel(snapshot.RelLinksTo, "document:a.md", "unresolved:gone.md", 2),
				rel(snapshot.RelMentions, "document:a.md", "module:src/y.ts", 3),
				rel(snapshot.RelImports, "module:src/y.ts", "module:src/x.ts", 1),
			}),
			// a → x; x dangles: a = 0.075 + 0.85·x/2, x = 0.075 + 0.85(a + x/2).
			want: map[string]float64{"document:a.md": 0.350877, "module:src/x.ts": 0.649123},
		},
		{name: "empty", s: snap(nil, nil), want: map[string]float64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compute(tt.s, Options{}).Canonicality
			if !maps.Equal(got, tt.want) {
				t.Errorf("canonicality = %v, want %v", got, tt.want)
			}
			var sum float64
			for _, v := range got {
				sum += v
			}
			if len(got) > 0 && math.Abs(sum-1) > 1e-5 {
				t.Errorf("scores sum to %v, want 1", sum)
			}
		})
	}
}

// TestCanonicalityStable repeats PageRank: gonum starts from a random
// vector, and the rounded scores must not depend on it.
func TestCanonicalityStable(t *testing.T) {
	var rels []snapshot.Relation
	docs := []string{"a", "b", "c", "d", "e", "f", "g"}
	for i, f := range docs {
		for j, to := range docs {
			if (i*7+j*3)%5 == 0 && i != j {
				rels = append(rels, rel(snapshot.RelLinksTo, "document:"+f+".md", "document:"+to+".md", j+1))
			}
		}
	}
	s := snap(nil, rels)
	first := Compute(s, Options{}).Canonicality
	for range 200 {
		if got := Compute(s, Options{}).Canonicality; !maps.Equal(got, first) {
			t.Fatalf("canonicality changed between runs: %v vs %v", got, first)
		}
	}
}
