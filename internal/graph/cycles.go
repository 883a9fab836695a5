package graph

import (
	"cmp"
	"fmt"
	"slices"

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
// ≤ 63 cycles). A larger one is sampled: for each member, in id order, not
// yet on a reported cycle, the shortest cycle through it (a breadth-first
// search that stops at the first level holding one of its importers), so
// every member of the component is shown in a cycle until MaxCycles is
// reached; a note records the sampling. Components are visited smallest
// member first and the walk stops once more than MaxCycles cycles are
// found, so the cost is O(V+E) plus at most MaxCycles+1 searches or
// Johnson enumerations, whatever the number of cycles in the graph.
//
// Each cycle is rotated so its smallest node id leads; the list is
// deduplicated and sorted, then cut at MaxCycles.
func cycles(ig *importGraph, notes []snapshot.Coverage) ([]Cycle, bool, []snapshot.Coverage) {
	sccs := topo.TarjanSCC(ig.g)
	comps := make([][]int32, 0, len(sccs))
	for _, c := range sccs {
		if len(c) < 2 {
			continue // no self-loops, so a single node is acyclic
		}
		ids := make([]int32, len(c))
		for i, n := range c {
			ids[i] = int32(n.ID())
		}
		slices.Sort(ids)
		comps = append(comps, ids)
	}
	slices.SortFunc(comps, func(a, b []int32) int { return cmp.Compare(a[0], b[0]) })

	var found [][]int32
	sampled := false
	for _, members := range comps {
		if len(found) > MaxCycles {
			break // the bound is crossed; the cut below records it
		}
		sub := induced(ig.csr, members)
		if c := sub.edges() - len(members) + 1; c <= maxExhaustiveCyclomatic {
			for _, cyc := range topo.DirectedCyclesIn(newOrdered(sub)) {
				local := cyc[:len(cyc)-1] // the first node is repeated last
				c := make([]int32, len(local))
				for i, n := range local {
					c[i] = members[n.ID()]
				}
				found = append(found, rotate(c))
			}
			continue
		}
		sampled = true
		notes = append(notes, snapshot.Coverage{
			Analyzer: Analyzer, Scope: "cycles:" + ig.ids[members[0]], Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("Import cycles sampled: a strongly connected component of %d nodes and %d edges holds too many elementary cycles to list; one shortest cycle is reported through each member",
				len(members), sub.edges()),
		})
		for _, c := range witnessCycles(sub, MaxCycles+1-len(found)) {
			for i, v := range c {
				c[i] = members[v]
			}
			found = append(found, rotate(c))
		}
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
// connected g, one through each node not already on a returned cycle, in
// id order. Each search is O(V+E) and the buffers are shared.
func witnessCycles(g *csr, limit int) [][]int32 {
	n := g.nodes()
	in := g.transpose()
	covered := make([]bool, n)
	isPred := make([]bool, n)
	dist := make([]int32, n)
	parent := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	var order []int32
	var out [][]int32
	for v := range int32(n) {
		if len(out) >= limit {
			break
		}
		if covered[v] {
			continue
		}
		for _, p := range in.out(v) {
			isPred[p] = true
		}
		// The shortest cycle through v closes through its nearest
		// importer, ties to the smallest id: finish the level where the
		// first importer appears, then stop.
		best := int32(-1)
		order = append(order[:0], v)
		dist[v] = 0
		for head := 0; head < len(order); head++ {
			u := order[head]
			if best >= 0 && dist[u] >= dist[best] {
				break
			}
			for _, w := range g.out(u) {
				if dist[w] >= 0 {
					continue
				}
				dist[w], parent[w] = dist[u]+1, u
				order = append(order, w)
				if isPred[w] && (best < 0 || w < best) {
					best = w
				}
			}
		}
		if best >= 0 { // always, in a strongly connected component
			c := make([]int32, dist[best]+1)
			for i, u := len(c)-1, best; i >= 0; i, u = i-1, parent[u] {
				c[i] = u
			}
			for _, u := range c {
				covered[u] = true
			}
			out = append(out, c)
		}
		for _, u := range order {
			dist[u] = -1
		}
		for _, p := range in.out(v) {
			isPred[p] = false
		}
	}
	return out
}

// cycle turns node ids into a Cycle with each edge's evidence.
func (ig *importGraph) cycle(c []int32) Cycle {
	out := Cycle{Nodes: make([]string, len(c)), Edges: make([]CycleEdge, len(c))}
	for i, u := range c {
		v := c[(i+1)%len(c)]
		out.Nodes[i] = ig.ids[u]
		ev, trunc := ig.edgeEvidence(u, v)
		out.Edges[i] = CycleEdge{From: ig.ids[u], To: ig.ids[v], Evidence: ev, EvidenceTruncated: trunc}
	}
	return out
}

// rotate turns a cycle so its smallest id leads, keeping edge direction.
func rotate(c []int32) []int32 {
	m := slices.Index(c, slices.Min(c))
	return append(slices.Clone(c[m:]), c[:m]...)
}
