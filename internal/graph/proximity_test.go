package graph

import (
	"fmt"
	"maps"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestProximity(t *testing.T) {
	s := snap(nil, []snapshot.Relation{
		rel(snapshot.RelLinksTo, "document:a.md", "document:b.md", 1),
		rel(snapshot.RelMentions, "document:b.md", "module:src/c.ts", 1),
		rel(snapshot.RelImports, "module:src/d.ts", "module:src/c.ts", 1), // reached backwards
		rel(snapshot.RelImports, "module:src/d.ts", "module:src/e.ts", 1),
		rel(snapshot.RelContains, "package:src", "document:a.md", 0), // contains is not proximity
		rel(snapshot.RelLinksTo, "document:a.md", "unresolved:gone.md", 2),
		rel(snapshot.RelImports, "module:src/e.ts", "external:react", 1),
	})
	tests := []struct {
		from string
		hops int
		want map[string]int
	}{
		{"document:a.md", 1, map[string]int{"document:a.md": 0, "document:b.md": 1}},
		{"document:a.md", 0, map[string]int{"document:a.md": 0, "document:b.md": 1, "module:src/c.ts": 2, "module:src/d.ts": 3}},
		{"document:a.md", 10, map[string]int{"document:a.md": 0, "document:b.md": 1, "module:src/c.ts": 2, "module:src/d.ts": 3, "module:src/e.ts": 4}},
		{"module:src/e.ts", 2, map[string]int{"module:src/e.ts": 0, "module:src/d.ts": 1, "module:src/c.ts": 2}},
		{"package:src", 3, map[string]int{"package:src": 0}},
		{"external:react", 3, map[string]int{}},
		{"module:missing.ts", 3, map[string]int{}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.from, tt.hops), func(t *testing.T) {
			if got := Proximity(s, tt.from, tt.hops); !maps.Equal(got, tt.want) {
				t.Errorf("Proximity = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestProximityBounds checks, on a generated snapshot, that every distance
// is within the bound, that each node beyond the start has a neighbour one
// hop nearer, and that no neighbour of a node short of the bound is missing.
func TestProximityBounds(t *testing.T) {
	s := generated(60, 3)
	adj := map[string][]string{}
	for _, r := range s.Relations {
		if r.Kind != snapshot.RelContains {
			adj[r.From] = append(adj[r.From], r.To)
			adj[r.To] = append(adj[r.To], r.From)
		}
	}
	for _, hops := range []int{1, 2, 3, 5} {
		for _, from := range []string{"module:src/g0/m0.ts", "document:docs/d3.md", "module:src/g2/m17.ts"} {
			got := Proximity(s, from, hops)
			if got[from] != 0 || len(got) < 2 {
				t.Fatalf("%s/%d: %v", from, hops, got)
			}
			for id, d := range got {
				if d > hops || d < 0 {
					t.Errorf("%s/%d: %s at %d", from, hops, id, d)
				}
				nearer := d == 0
				for _, n := range adj[id] {
					if dn, ok := got[n]; ok && dn == d-1 {
						nearer = true
					}
					if _, ok := got[n]; d < hops && !ok {
						t.Errorf("%s/%d: neighbour %s of %s (at %d) missing", from, hops, n, id, d)
					}
				}
				if !nearer {
					t.Errorf("%s/%d: %s at %d has no neighbour at %d", from, hops, id, d, d-1)
				}
			}
		}
	}
}
