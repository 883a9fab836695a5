package graph

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"

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

// randomImports returns n modules (src/m00.ts …) with about m random
// imports, some of them mutual, and the same edges as index pairs.
func randomImports(seed uint64, n, m int) ([]snapshot.Relation, [][2]int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	name := func(i int) string { return fmt.Sprintf("m%02d", i) }
	seen := map[[2]int]bool{}
	var pairs []string
	var edges [][2]int
	for range m {
		u, v := rng.IntN(n), rng.IntN(n)
		if u == v || seen[[2]int{u, v}] {
			continue
		}
		seen[[2]int{u, v}] = true
		pairs = append(pairs, name(u)+">"+name(v))
		edges = append(edges, [2]int{u, v})
	}
	return imports(pairs...), edges
}

// TestExactBetweennessMatchesGonum: on random graphs (sparse, dense,
// disconnected), exact mode equals gonum's network.Betweenness on a graph
// built independently of this package's, both raw and normalized as
// Compute reports it.
func TestExactBetweennessMatchesGonum(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		n, m int
	}{{1, 10, 15}, {2, 30, 40}, {3, 30, 200}, {4, 60, 90}, {5, 25, 500}, {6, 80, 400}} {
		t.Run(fmt.Sprintf("seed%d_n%d_m%d", tc.seed, tc.n, tc.m), func(t *testing.T) {
			rels, edges := randomImports(tc.seed, tc.n, tc.m)
			s := snap(nil, rels)
			ig := buildImportGraph(newIndex(s))
			raw := exactBetweenness(ig.csr)

			// gonum, on its own graph: node i is the module mNN with NN = i.
			g := simple.NewDirectedGraph()
			for _, e := range edges {
				for _, v := range e {
					if g.Node(int64(v)) == nil {
						g.AddNode(simple.Node(v))
					}
				}
				g.SetEdge(simple.Edge{F: simple.Node(e[0]), T: simple.Node(e[1])})
			}
			want := network.Betweenness(g)
			n := len(ig.ids)
			if n != g.Nodes().Len() {
				t.Fatalf("import graph has %d nodes, gonum's %d", n, g.Nodes().Len())
			}
			sig := Compute(s, Options{})
			if sig.CentralitySampled {
				t.Fatal("sampled; want exact at this size")
			}
			nonzero := 0
			for i, id := range ig.ids {
				var k int
				if _, err := fmt.Sscanf(strings.TrimPrefix(id, "module:src/m"), "%d.ts", &k); err != nil {
					t.Fatal(err)
				}
				if w := want[int64(k)]; math.Abs(raw[i]-w) > 1e-9*math.Max(1, w) {
					t.Errorf("%s: raw betweenness %v, gonum %v", id, raw[i], w)
				}
				if w := want[int64(k)] / float64((n-1)*(n-2)); math.Abs(sig.Centrality[id]-w) > 5e-7+1e-12 {
					t.Errorf("%s: centrality %v, gonum normalized %v", id, sig.Centrality[id], w)
				}
				if raw[i] > 0 {
					nonzero++
				}
			}
			if nonzero == 0 {
				t.Fatal("no node has betweenness: the graph proves nothing")
			}
		})
	}
}

// TestSampledWithEveryPivotIsExact: the sampling path with k = V (or more)
// draws every node and scales by 1, so it equals exact mode bit for bit,
// whatever the seed.
func TestSampledWithEveryPivotIsExact(t *testing.T) {
	rels, _ := randomImports(9, 50, 200)
	ig := buildImportGraph(newIndex(snap(nil, rels)))
	exact := exactBetweenness(ig.csr)
	n := ig.csr.nodes()
	for _, seed := range []uint64{pivotSeed, 1, 2} {
		for _, k := range []int{n, n + 10} {
			if got := sampledBetweenness(ig.csr, ig.ids, k, seed); !slices.Equal(got, exact) {
				t.Errorf("seed %d, k %d: sampled %v\nexact %v", seed, k, got, exact)
			}
		}
	}
	if got := sampledBetweenness(ig.csr, ig.ids, n/2, pivotSeed); slices.Equal(got, exact) {
		t.Error("k = V/2 gives the exact scores: sampling is not sampling")
	}
}

// TestSampledIsUnbiased: Brandes–Pich's estimate, scaled by V/k, averages
// to the exact betweenness over many samples; a wrong scale or a biased
// choice of pivots would not.
func TestSampledIsUnbiased(t *testing.T) {
	rels, _ := randomImports(11, 60, 150)
	ig := buildImportGraph(newIndex(snap(nil, rels)))
	exact := exactBetweenness(ig.csr)
	const samples, k = 400, 12
	mean := make([]float64, len(exact))
	for seed := range uint64(samples) {
		for i, x := range sampledBetweenness(ig.csr, ig.ids, k, seed) {
			mean[i] += x / samples
		}
	}
	var sumExact, sumMean float64
	for i := range exact {
		sumExact += exact[i]
		sumMean += mean[i]
		if exact[i] > 50 && math.Abs(mean[i]-exact[i]) > 0.25*exact[i] {
			t.Errorf("%s: mean estimate %.1f, exact %.1f", ig.ids[i], mean[i], exact[i])
		}
	}
	if math.Abs(sumMean-sumExact) > 0.05*sumExact {
		t.Errorf("total mean estimate %.1f, exact %.1f", sumMean, sumExact)
	}
}

// TestPivotsStable: pivots are k distinct nodes, ascending; adding one
// node to the graph changes at most one of them; another seed draws
// another sample.
func TestPivotsStable(t *testing.T) {
	var ids []string
	for i := range 500 {
		ids = append(ids, fmt.Sprintf("module:src/m%03d.ts", i))
	}
	const k = 40
	names := func(ids []string, p []int32) []string {
		var out []string
		for _, i := range p {
			out = append(out, ids[i])
		}
		return out
	}
	p := pivots(ids, k, pivotSeed)
	if len(p) != k || !slices.IsSorted(p) || len(slices.Compact(slices.Clone(p))) != k {
		t.Fatalf("pivots = %v, want %d distinct ascending", p, k)
	}
	before := names(ids, p)
	for _, extra := range []string{"module:src/a.ts", "module:src/m250x.ts", "module:src/z.ts"} {
		more := append(slices.Clone(ids), extra)
		slices.Sort(more)
		after := names(more, pivots(more, k, pivotSeed))
		kept := 0
		for _, id := range after {
			if slices.Contains(before, id) {
				kept++
			}
		}
		if kept < k-1 {
			t.Errorf("adding %s kept %d of %d pivots, want ≥ %d", extra, kept, k, k-1)
		}
	}
	if other := names(ids, pivots(ids, k, pivotSeed+1)); slices.Equal(other, before) {
		t.Error("another seed drew the same pivots")
	}
}

// TestCentralitySampledAboveBound: above the exact bound Compute samples,
// says so in Signals and in a note, and keeps every node's entry.
func TestCentralitySampledAboveBound(t *testing.T) {
	rels, _ := randomImports(12, 40, 120)
	s := snap(nil, rels)
	exact := Compute(s, Options{})
	sig := Compute(s, Options{MaxExactBetweennessWork: 1, BetweennessPivots: 10})
	if !sig.CentralitySampled || sig.CentralityPivots != 10 || exact.CentralitySampled || exact.CentralityPivots != 0 {
		t.Fatalf("sampled %v/%d, exact run sampled %v/%d", sig.CentralitySampled, sig.CentralityPivots, exact.CentralitySampled, exact.CentralityPivots)
	}
	if len(sig.Centrality) != len(exact.Centrality) {
		t.Errorf("sampled has %d entries, exact %d", len(sig.Centrality), len(exact.Centrality))
	}
	if maps.Equal(sig.Centrality, exact.Centrality) {
		t.Error("sampled scores equal the exact ones")
	}
	var note *snapshot.Coverage
	for i := range sig.Notes {
		if sig.Notes[i].Scope == "centrality" {
			note = &sig.Notes[i]
		}
	}
	n := len(exact.Centrality)
	if note == nil || note.Status != snapshot.StatusPartial || !strings.Contains(note.Reason, fmt.Sprintf("10 of %d pivots", n)) {
		t.Errorf("note = %+v, want a partial centrality note naming 10 of %d pivots", note, n)
	}
	// k ≥ V is exact whatever the bound.
	if all := Compute(s, Options{MaxExactBetweennessWork: 1, BetweennessPivots: n}); all.CentralitySampled || !maps.Equal(all.Centrality, exact.Centrality) {
		t.Errorf("k = V: sampled %v, equal to exact %v", all.CentralitySampled, maps.Equal(all.Centrality, exact.Centrality))
	}
}
