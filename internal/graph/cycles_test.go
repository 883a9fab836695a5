package graph

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func cycleNodes(cs []Cycle) [][]string {
	out := [][]string{}
	for _, c := range cs {
		out = append(out, c.Nodes)
	}
	return out
}

func m(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "module:src/" + n + ".ts"
	}
	return out
}

func TestCycles(t *testing.T) {
	tests := []struct {
		name      string
		rels      []snapshot.Relation
		want      [][]string
		truncated bool
	}{
		{name: "acyclic", rels: imports("a>b", "b>c", "a>c"), want: [][]string{}},
		{name: "two-cycle", rels: imports("b>a", "a>b"), want: [][]string{m("a", "b")}},
		{
			// a→b→c→a and b→c→d→b share b→c; each is reported once, rotated
			// to its smallest node, whatever the entry point.
			name: "overlapping cycles sharing an edge",
			rels: imports("c>a", "d>b", "b>c", "a>b", "c>d"),
			want: [][]string{m("a", "b", "c"), m("b", "c", "d")},
		},
		{
			// Rotation keeps direction: d→a→c→b→d leads with a.
			name: "rotation",
			rels: imports("d>a", "a>c", "c>b", "b>d"),
			want: [][]string{m("a", "c", "b", "d")},
		},
		{
			name: "disjoint components",
			rels: imports("x>y", "y>x", "a>b", "b>a", "b>q"),
			want: [][]string{m("a", "b"), m("x", "y")},
		},
		{
			name: "through external is no cycle",
			rels: append(imports("a>b"), rel(snapshot.RelImports, "module:src/b.ts", "external:a", 1),
				rel(snapshot.RelImports, "module:src/b.ts", "unresolved:src/a", 1)),
			want: [][]string{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig := Compute(snap(nil, tt.rels), Options{})
			if got := cycleNodes(sig.Cycles); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("cycles = %v, want %v", got, tt.want)
			}
			if sig.CyclesTruncated != tt.truncated {
				t.Errorf("truncated = %v, want %v", sig.CyclesTruncated, tt.truncated)
			}
		})
	}
}

func TestCycleEdgesCarryEvidence(t *testing.T) {
	sig := Compute(snap(nil, imports("a>b", "b>c", "c>a")), Options{})
	if len(sig.Cycles) != 1 {
		t.Fatalf("cycles = %v, want one", cycleNodes(sig.Cycles))
	}
	want := []CycleEdge{
		{From: m("a")[0], To: m("b")[0], Evidence: []snapshot.Evidence{{Source: "scan", Path: "src/a.ts", LineStart: 1, LineEnd: 1}}},
		{From: m("b")[0], To: m("c")[0], Evidence: []snapshot.Evidence{{Source: "scan", Path: "src/b.ts", LineStart: 2, LineEnd: 2}}},
		{From: m("c")[0], To: m("a")[0], Evidence: []snapshot.Evidence{{Source: "scan", Path: "src/c.ts", LineStart: 3, LineEnd: 3}}},
	}
	if !reflect.DeepEqual(sig.Cycles[0].Edges, want) {
		t.Errorf("edges = %+v, want %+v", sig.Cycles[0].Edges, want)
	}
}

// TestCyclesBounded: every strongly connected component is one Component,
// however many there are; a component with more elementary cycles than
// MaxComponentCycles lists that many and says there are more.
func TestCyclesBounded(t *testing.T) {
	var pairs []string
	for i := range 105 {
		pairs = append(pairs, fmt.Sprintf("p%03da>p%03db", i, i), fmt.Sprintf("p%03db>p%03da", i, i))
	}
	sig := Compute(snap(nil, imports(pairs...)), Options{})
	if len(sig.Components) != 105 || len(sig.Cycles) != 105 || sig.CyclesTruncated {
		t.Fatalf("got %d components, %d cycles, truncated %v; want 105, 105, false", len(sig.Components), len(sig.Cycles), sig.CyclesTruncated)
	}
	if got := sig.Cycles[0].Nodes; !slices.Equal(got, m("p000a", "p000b")) {
		t.Errorf("first cycle = %v", got)
	}
	// A hub with twelve spokes, each h→s→h: twelve cycles in one
	// component, more than MaxComponentCycles.
	var hub []string
	for i := range 12 {
		hub = append(hub, fmt.Sprintf("h>s%02d", i), fmt.Sprintf("s%02d>h", i))
	}
	sig = Compute(snap(nil, imports(hub...)), Options{})
	if len(sig.Components) != 1 {
		t.Fatalf("components = %d, want 1", len(sig.Components))
	}
	c := sig.Components[0]
	if len(c.Cycles) != MaxComponentCycles || !c.More || !sig.CyclesTruncated || len(c.Members) != 13 {
		t.Errorf("component lists %d cycles (more %v, truncated %v) of %d members; want %d, true, true, 13",
			len(c.Cycles), c.More, sig.CyclesTruncated, len(c.Members), MaxComponentCycles)
	}
}

// TestCyclesSampled: a complete digraph on 6 nodes has cyclomatic number
// 30−6+1 = 25, too many cycles to list; every member still shows up in a
// reported cycle, and each reported cycle is a real one.
func TestCyclesSampled(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f"}
	var pairs []string
	for _, x := range names {
		for _, y := range names {
			if x != y {
				pairs = append(pairs, x+">"+y)
			}
		}
	}
	sig := Compute(snap(nil, imports(pairs...)), Options{})
	if !sig.CyclesTruncated || !hasNote(sig, "cycles:module:src/a.ts") {
		t.Errorf("truncated %v, notes %+v; want a sampling note", sig.CyclesTruncated, sig.Notes)
	}
	seen := map[string]bool{}
	for _, c := range sig.Cycles {
		if slices.Min(c.Nodes) != c.Nodes[0] {
			t.Errorf("cycle %v does not lead with its smallest node", c.Nodes)
		}
		for i, e := range c.Edges {
			if e.From != c.Nodes[i] || e.To != c.Nodes[(i+1)%len(c.Nodes)] || len(e.Evidence) != 1 {
				t.Errorf("edge %d of %v = %+v", i, c.Nodes, e)
			}
		}
		for _, n := range c.Nodes {
			seen[n] = true
		}
	}
	if len(seen) != len(names) {
		t.Errorf("members on reported cycles = %v, want all %d", seen, len(names))
	}
}

func hasNote(sig *Signals, scope string) bool {
	for _, n := range sig.Notes {
		if n.Scope == scope && n.Analyzer == analyzer {
			return true
		}
	}
	return false
}

// adjacency returns the import relations as a map from module path to
// imported module paths, built independently of the code under test.
func adjacency(rels []snapshot.Relation) map[string][]string {
	adj := map[string][]string{}
	for _, r := range rels {
		f, t := strings.TrimPrefix(r.From, "module:"), strings.TrimPrefix(r.To, "module:")
		adj[f] = append(adj[f], t)
		if _, ok := adj[t]; !ok {
			adj[t] = nil
		}
	}
	return adj
}

func stripModule(c []string) []string {
	out := make([]string, len(c))
	for i, n := range c {
		out[i] = strings.TrimPrefix(n, "module:")
	}
	return out
}

// TestCyclesMatchBruteForce: on random small graphs whose components are
// listed exhaustively, the cycles are exactly the elementary cycles a
// brute-force search finds, each once, rotated to its smallest node.
func TestCyclesMatchBruteForce(t *testing.T) {
	checked, withOverlap := 0, 0
	for seed := range uint64(300) {
		rels, _ := randomImports(seed, 7, 11)
		sig := Compute(snap(nil, rels), Options{})
		if sig.CyclesTruncated {
			continue // a tangled component is sampled; TestCyclesTangled covers it
		}
		checked++
		var got [][]string
		for _, c := range sig.Cycles {
			got = append(got, stripModule(c.Nodes))
		}
		want := elementaryCycles(adjacency(rels))
		if len(want) == 0 {
			want = nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("seed %d: cycles %v, want %v", seed, got, want)
		}
		if len(want) >= 3 {
			withOverlap++
		}
	}
	if checked < 200 || withOverlap < 20 {
		t.Fatalf("only %d graphs checked, %d with ≥ 3 cycles: the generator proves too little", checked, withOverlap)
	}
}

// TestCyclesTangled: one strongly connected component of 300 modules holds
// far more cycles than MaxComponentCycles; the listing is bounded, says so,
// and each listed cycle is elementary, real, rotated and carries evidence.
// The first member's cycle is a shortest one through it.
func TestCyclesTangled(t *testing.T) {
	s := tangled(300, 3)
	adj := adjacency(s.Relations)
	sig := Compute(s, Options{})
	if len(sig.Components) != 1 || len(sig.Cycles) != MaxComponentCycles || !sig.CyclesTruncated || !sig.Components[0].More ||
		!hasNote(sig, "cycles:module:src/t/m00000.ts") {
		t.Fatalf("%d components, %d cycles, truncated %v, notes %+v; want 1, %d and a sampling note",
			len(sig.Components), len(sig.Cycles), sig.CyclesTruncated, sig.Notes, MaxComponentCycles)
	}
	for i, c := range sig.Cycles {
		files := stripModule(c.Nodes)
		if len(slices.Compact(slices.Sorted(slices.Values(files)))) != len(files) {
			t.Errorf("cycle %v repeats a node", files)
		}
		if slices.Min(files) != files[0] {
			t.Errorf("cycle %v does not lead with its smallest node", files)
		}
		if i > 0 && slices.Compare(sig.Cycles[i-1].Nodes, c.Nodes) >= 0 {
			t.Errorf("cycles not sorted and distinct at %d", i)
		}
		for j, e := range c.Edges {
			from, to := files[j], files[(j+1)%len(files)]
			if !slices.Contains(adj[from], to) || len(e.Evidence) == 0 || e.Evidence[0].Path != from {
				t.Errorf("edge %s → %s of %v: not an import, or no evidence (%+v)", from, to, files, e.Evidence)
			}
		}
	}
	// The shortest cycle through m00000, by an independent breadth-first
	// search: the distance to its nearest importer, plus one.
	start := "src/t/m00000.ts"
	dist := map[string]int{start: 0}
	queue := []string{start}
	shortest := 0
	for len(queue) > 0 && shortest == 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range adj[u] {
			if v == start {
				shortest = dist[u] + 1
				break
			}
			if _, ok := dist[v]; !ok {
				dist[v] = dist[u] + 1
				queue = append(queue, v)
			}
		}
	}
	got := math.MaxInt
	for _, c := range sig.Cycles {
		if c.Nodes[0] == "module:"+start {
			got = min(got, len(c.Nodes))
		}
	}
	if got != shortest {
		t.Errorf("shortest reported cycle through %s has %d nodes, want %d", start, got, shortest)
	}
}
