package graph

import (
	"cmp"
	"fmt"
	"slices"

	"gonum.org/v1/gonum/graph/topo"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// MaxComponentCycles bounds the import cycles listed per strongly
// connected component; Component.More says when it held more.
const MaxComponentCycles = 10

// maxAddedEdges bounds Component.Added.
const maxAddedEdges = 16

// maxExhaustiveCyclomatic is the largest cyclomatic number (E−V+1) of a
// strongly connected component whose elementary cycles are all enumerated.
// A component holds at most 2^c−1 elementary cycles (each is a distinct
// element of its cycle space), so this caps Johnson's output at 63 per
// component; gonum's DirectedCyclesIn cannot be stopped early, and a
// tangled component can hold exponentially many cycles.
const maxExhaustiveCyclomatic = 6

// cycles finds the import cycles of the cycle graph cg (the import graph
// without type-only edges and excluded nodes, see cycleGraph). Strongly
// connected components come from Tarjan's algorithm (gonum
// topo.TarjanSCC, O(V+E)); each becomes one Component. A small component
// (cyclomatic number ≤ maxExhaustiveCyclomatic) is enumerated completely
// by Johnson's algorithm (Johnson 1975, "Finding all the elementary
// circuits of a directed graph"; gonum topo.DirectedCyclesIn,
// O((V+E)·(c+1)) for c ≤ 63 cycles). A larger one is sampled: for each
// member, in id order, not yet on a listed cycle, the shortest cycle
// through it (a breadth-first search that stops at the first level holding
// one of its importers), until MaxComponentCycles+1 are found; a note
// records the sampling. The cost is O(V+E) plus, per component, at most
// MaxComponentCycles+2 searches of the component or one bounded Johnson
// enumeration.
//
// Each component is anchored at one of its edges (see anchor); its first
// listed cycle is a shortest cycle through that edge, the others follow
// shortest first. Each cycle is rotated so its smallest node id leads.
func cycles(ig *importGraph, cg *cycleGraph, notes []snapshot.Coverage) ([]Component, bool, []snapshot.Coverage) {
	sccs := topo.TarjanSCC(newOrdered(cg.csr))
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

	out := make([]Component, 0, len(comps))
	truncated := false
	for _, members := range comps {
		sub := induced(cg.csr, members)
		var found [][]int32 // local ids
		more, sampled := false, false
		if c := sub.edges() - len(members) + 1; c <= maxExhaustiveCyclomatic {
			for _, cyc := range topo.DirectedCyclesIn(newOrdered(sub)) {
				local := cyc[:len(cyc)-1] // the first node is repeated last
				c := make([]int32, len(local))
				for i, n := range local {
					c[i] = int32(n.ID())
				}
				found = append(found, c)
			}
		} else {
			sampled = true
			notes = append(notes, snapshot.Coverage{
				Analyzer: analyzer, Scope: "cycles:" + ig.ids[members[0]], Status: snapshot.StatusPartial,
				Reason: fmt.Sprintf("Import cycles sampled: a strongly connected component of %d nodes and %d edges holds too many elementary cycles to list; shortest cycles through its members are listed",
					len(members), sub.edges()),
			})
			found = witnessCycles(sub, MaxComponentCycles+1)
		}
		comp := Component{Sampled: sampled, Edges: sub.edges(), Members: make([]string, len(members))}
		for i, m := range members {
			comp.Members[i] = ig.ids[m]
		}
		added := cg.added(members, sub)
		from, to := anchor(sub, added)
		first := shortestCycleThrough(sub, from, to)
		for i := range found {
			found[i] = rotate(found[i])
		}
		first = rotate(first)
		slices.SortFunc(found, func(a, b []int32) int { return cmp.Or(cmp.Compare(len(a), len(b)), slices.Compare(a, b)) })
		found = slices.CompactFunc(found, slices.Equal)
		found = slices.DeleteFunc(found, func(c []int32) bool { return slices.Equal(c, first) })
		found = append([][]int32{first}, found...)
		if len(found) > MaxComponentCycles || sampled {
			more = true
			found = found[:min(len(found), MaxComponentCycles)]
		}
		comp.More = more
		for _, c := range found {
			for i, v := range c {
				c[i] = members[v]
			}
			comp.Cycles = append(comp.Cycles, ig.cycle(c, cg))
		}
		comp.Anchor = ig.edge(members[from], members[to], cg)
		for i, e := range added {
			if i == maxAddedEdges {
				comp.AddedTruncated = true
				break
			}
			comp.Added = append(comp.Added, ig.edge(members[e[0]], members[e[1]], cg))
		}
		truncated = truncated || more
		out = append(out, comp)
	}
	return out, truncated, notes
}

// anchor is the edge a component is located at, in local ids: the first
// edge the head added (added is sorted), else the edge from the
// component's smallest member to its smallest successor in it. Both are
// stable under edits elsewhere: the second moves only when the smallest
// member or its imports within the component change.
func anchor(sub *csr, added [][2]int32) (int32, int32) {
	if len(added) > 0 {
		return added[0][0], added[0][1]
	}
	return 0, sub.out(0)[0] // node 0 has a successor in a strongly connected component
}

// shortestCycleThrough returns a shortest cycle through the edge u→v of
// the strongly connected g: u, then a shortest path from v back to u
// (breadth-first, successors in ascending order, so ties go to smaller
// ids).
func shortestCycleThrough(g *csr, u, v int32) []int32 {
	if u == v {
		return []int32{u}
	}
	parent := make([]int32, g.nodes())
	for i := range parent {
		parent[i] = -1
	}
	parent[v] = v
	queue := []int32{v}
	for head := 0; head < len(queue) && parent[u] < 0; head++ {
		x := queue[head]
		for _, w := range g.out(x) {
			if parent[w] < 0 {
				parent[w] = x
				queue = append(queue, w)
			}
		}
	}
	var back []int32 // u's predecessors back to v
	for x := parent[u]; x >= 0; x = parent[x] {
		back = append(back, x)
		if x == v {
			break
		}
	}
	c := []int32{u}
	for i := len(back) - 1; i >= 0; i-- {
		c = append(c, back[i])
	}
	return c
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
func (ig *importGraph) cycle(c []int32, cg *cycleGraph) Cycle {
	out := Cycle{Nodes: make([]string, len(c)), Edges: make([]CycleEdge, len(c))}
	for i, u := range c {
		out.Nodes[i] = ig.ids[u]
		out.Edges[i] = ig.edge(u, c[(i+1)%len(c)], cg)
	}
	return out
}

// edge is the edge u→v with its evidence.
func (ig *importGraph) edge(u, v int32, cg *cycleGraph) CycleEdge {
	ev, trunc := ig.edgeEvidence(u, v)
	return CycleEdge{From: ig.ids[u], To: ig.ids[v], Evidence: ev, EvidenceTruncated: trunc, TypeOnly: cg.typeOnly(u, v)}
}

// rotate turns a cycle so its smallest id leads, keeping edge direction.
func rotate(c []int32) []int32 {
	m := slices.Index(c, slices.Min(c))
	return append(slices.Clone(c[m:]), c[:m]...)
}
