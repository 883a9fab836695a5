package graph

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/topo"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// MaxCycles bounds the import cycles reported.
const MaxCycles = 100

// maxExhaustiveCyclomatic is the largest cyclomatic number (E−V+1) of a
// strongly connected component whose elementary cycles are all enumerated.
// A component holds at most 2^c−1 elementary cycles (each is a distinct
// element of its cycle space), so this caps Johnson's output at 63 per
// component; gonum's DirectedCyclesIn cannot be stopped early, and a
// tangled component can hold exponentially many cycles.
const maxExhaustiveCyclomatic = 6

// cycles finds import cycles. Strongly connected components come from
// Tarjan's algorithm (gonum topo.TarjanSCC, O(V+E)). A small component
// (cyclomatic number ≤ maxExhaustiveCyclomatic) is enumerated completely by
// Johnson's algorithm (Johnson 1975, "Finding all the elementary circuits
// of a directed graph"; gonum topo.DirectedCyclesIn, O((V+E)·(c+1)) for c
// cycles). A larger one is sampled: for each member, in id order, not yet on
// a reported cycle, the shortest cycle through it (gonum path.DijkstraFrom,
// O((V+E) log V) each), so every member of the component is shown in a
// cycle until MaxCycles is reached; a note records the sampling.
//
// Each cycle is rotated so its smallest node id leads; the list is
// deduplicated and sorted, then cut at MaxCycles.
func cycles(ig *importGraph, notes []snapshot.Coverage) ([]Cycle, bool, []snapshot.Coverage) {
	sccs := topo.TarjanSCC(ig.g)
	comps := make([][]int64, 0, len(sccs))
	for _, c := range sccs {
		if len(c) < 2 {
			continue // no self-loops, so a single node is acyclic
		}
		ids := make([]int64, len(c))
		for i, n := range c {
			ids[i] = n.ID()
		}
		slices.Sort(ids)
		comps = append(comps, ids)
	}
	slices.SortFunc(comps, func(a, b []int64) int { return cmp.Compare(a[0], b[0]) })

	var found [][]int64
	sampled := false
	for _, members := range comps {
		if len(found) > MaxCycles {
			break // the bound is crossed; the cut below records it
		}
		sub := ig.g.induced(members)
		if c := sub.edgeCount() - len(members) + 1; c <= maxExhaustiveCyclomatic {
			for _, cyc := range topo.DirectedCyclesIn(sub) {
				found = append(found, rotate(nodeIDs(cyc[:len(cyc)-1])))
			}
			continue
		}
		sampled = true
		notes = append(notes, snapshot.Coverage{
			Analyzer: Analyzer, Scope: "cycles:" + ig.num.ids[members[0]], Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("Import cycles sampled: a strongly connected component of %d nodes and %d edges holds too many elementary cycles to list; one shortest cycle is reported through each member",
				len(members), sub.edgeCount()),
		})
		found = append(found, witnessCycles(sub, members, MaxCycles+1-len(found))...)
	}
	slices.SortFunc(found, slices.Compare)
	found = slices.CompactFunc(found, slices.Equal)
	bounded := len(found) > MaxCycles
	if bounded {
		found = found[:MaxCycles]
	}
	out := make([]Cycle, 0, len(found))
	for _, c := range found {
		out = append(out, ig.cycle(c))
	}
	if bounded {
		notes = append(notes, snapshot.Coverage{
			Analyzer: Analyzer, Scope: "cycles", Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("Import cycles truncated at the bound of %d", MaxCycles),
		})
	}
	return out, bounded || sampled, notes
}

// witnessCycles returns up to limit shortest cycles of the strongly
// connected sub, one through each member not already on a returned cycle.
func witnessCycles(sub *ordered, members []int64, limit int) [][]int64 {
	covered := make(map[int64]bool)
	var out [][]int64
	for _, v := range members {
		if len(out) >= limit {
			break
		}
		if covered[v] {
			continue
		}
		sp := path.DijkstraFrom(sub.Node(v), sub)
		var best []graph.Node
		bestLen := math.Inf(1)
		// Close the cycle through the nearest predecessor, ties to the
		// smallest id (predecessors come in id order).
		for _, p := range sub.to[v] {
			if p, w := sp.To(p.ID()); len(p) > 0 && w < bestLen {
				best, bestLen = p, w
			}
		}
		if best == nil {
			continue // cannot happen in a strongly connected component
		}
		c := nodeIDs(best)
		for _, id := range c {
			covered[id] = true
		}
		out = append(out, rotate(c))
	}
	return out
}

// cycle turns node ids into a Cycle with each edge's evidence.
func (ig *importGraph) cycle(c []int64) Cycle {
	out := Cycle{Nodes: make([]string, len(c)), Edges: make([]CycleEdge, len(c))}
	for i, u := range c {
		v := c[(i+1)%len(c)]
		out.Nodes[i] = ig.num.ids[u]
		ev, trunc := ig.edgeEvidence(u, v)
		out.Edges[i] = CycleEdge{From: ig.num.ids[u], To: ig.num.ids[v], Evidence: ev, EvidenceTruncated: trunc}
	}
	return out
}

// rotate turns a cycle so its smallest id leads, keeping edge direction.
func rotate(c []int64) []int64 {
	m := slices.Index(c, slices.Min(c))
	return append(slices.Clone(c[m:]), c[:m]...)
}

func nodeIDs(ns []graph.Node) []int64 {
	out := make([]int64, len(ns))
	for i, n := range ns {
		out[i] = n.ID()
	}
	return out
}
