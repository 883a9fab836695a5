package graph

import (
	"cmp"
	"slices"
)

// csr is a directed graph over nodes 0..n−1 in compressed sparse row form:
// the successors of u are adj[off[u]:off[u+1]], ascending. The hot loops
// (betweenness, shortest cycles) walk it instead of a gonum graph: int32
// slices are contiguous and allocation-free to iterate, where gonum's
// iterators box every node. int32 suffices: a snapshot holds at most
// snapshot.MaxEntities entities and as many relations as the snapshot's
// own bound (maxRelations) allows.
type csr struct {
	off []int32
	adj []int32
}

// newCSR builds the graph on n nodes from edges; self-loops and edges with
// an endpoint outside 0..n−1 are dropped, duplicates collapse. edges is
// sorted in place.
func newCSR(n int, edges [][2]int32) *csr {
	slices.SortFunc(edges, func(a, b [2]int32) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	edges = slices.Compact(edges)
	g := &csr{off: make([]int32, n+1), adj: make([]int32, 0, len(edges))}
	for _, e := range edges {
		if e[0] == e[1] || e[0] < 0 || e[1] < 0 || int(e[0]) >= n || int(e[1]) >= n {
			continue
		}
		g.adj = append(g.adj, e[1])
		g.off[e[0]+1]++
	}
	for i := 1; i <= n; i++ {
		g.off[i] += g.off[i-1]
	}
	return g
}

// nodes is the number of nodes.
func (g *csr) nodes() int { return len(g.off) - 1 }

// edges is the number of edges.
func (g *csr) edges() int { return len(g.adj) }

// out returns the successors of u, ascending.
func (g *csr) out(u int32) []int32 { return g.adj[g.off[u]:g.off[u+1]] }

// transpose returns the graph with every edge reversed; its lists are
// ascending too.
func (g *csr) transpose() *csr {
	n := g.nodes()
	t := &csr{off: make([]int32, n+1), adj: make([]int32, len(g.adj))}
	for _, v := range g.adj {
		t.off[v+1]++
	}
	for i := 1; i <= n; i++ {
		t.off[i] += t.off[i-1]
	}
	next := slices.Clone(t.off[:n])
	for u := range int32(n) { // u ascending, so each list fills ascending
		for _, v := range g.out(u) {
			t.adj[next[v]] = u
			next[v]++
		}
	}
	return t
}
