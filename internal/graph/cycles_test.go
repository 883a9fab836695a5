package graph

import (
	"fmt"
	"reflect"
	"slices"
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

func TestCyclesBounded(t *testing.T) {
	var pairs []string
	for i := range MaxCycles + 5 {
		pairs = append(pairs, fmt.Sprintf("p%03da>p%03db", i, i), fmt.Sprintf("p%03db>p%03da", i, i))
	}
	sig := Compute(snap(nil, imports(pairs...)), Options{})
	if len(sig.Cycles) != MaxCycles || !sig.CyclesTruncated {
		t.Fatalf("got %d cycles, truncated %v; want %d, true", len(sig.Cycles), sig.CyclesTruncated, MaxCycles)
	}
	if got := sig.Cycles[0].Nodes; !slices.Equal(got, m("p000a", "p000b")) {
		t.Errorf("first cycle = %v", got)
	}
	if !hasNote(sig, "cycles") {
		t.Errorf("notes = %+v, want a cycles note", sig.Notes)
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
		if n.Scope == scope && n.Analyzer == Analyzer {
			return true
		}
	}
	return false
}
