package graph

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
)

// weightedUndirected is a read-only graph.WeightedUndirected over nodes
// 0..n−1 whose Nodes and From iterate in id order, for gonum's Louvain (see
// ordered for why not simple's map-backed graphs).
type weightedUndirected struct {
	nodes []graph.Node
	adj   [][]int32   // neighbours, ascending
	w     [][]float64 // w[u][i] is the weight of u–adj[u][i]
}

var _ graph.WeightedUndirected = (*weightedUndirected)(nil)

// newWeightedUndirected builds the graph on n nodes from weighted edges
// (u, v, w); an edge given twice, in either direction, sums its weights.
// Self-loops are dropped: gonum's Louvain ignores them (see areas).
func newWeightedUndirected(n int, edges []weightedEdge) *weightedUndirected {
	both := make([]weightedEdge, 0, 2*len(edges))
	for _, e := range edges {
		if e.u != e.v && e.u >= 0 && e.v >= 0 && int(e.u) < n && int(e.v) < n {
			both = append(both, e, weightedEdge{e.v, e.u, e.w})
		}
	}
	slices.SortFunc(both, func(a, b weightedEdge) int { return cmp.Or(cmp.Compare(a.u, b.u), cmp.Compare(a.v, b.v)) })
	g := &weightedUndirected{nodes: make([]graph.Node, n), adj: make([][]int32, n), w: make([][]float64, n)}
	for i := range g.nodes {
		g.nodes[i] = simple.Node(i)
	}
	for i, e := range both {
		if i > 0 && both[i-1].u == e.u && both[i-1].v == e.v {
			g.w[e.u][len(g.w[e.u])-1] += e.w
			continue
		}
		g.adj[e.u] = append(g.adj[e.u], e.v)
		g.w[e.u] = append(g.w[e.u], e.w)
	}
	return g
}

// weightedEdge is an edge u–v of weight w.
type weightedEdge struct {
	u, v int32
	w    float64
}

func (g *weightedUndirected) has(id int64) bool { return id >= 0 && id < int64(len(g.nodes)) }

// Node returns the node with the given id, nil when there is none.
func (g *weightedUndirected) Node(id int64) graph.Node {
	if !g.has(id) {
		return nil
	}
	return g.nodes[id]
}

// Nodes returns the nodes in id order.
func (g *weightedUndirected) Nodes() graph.Nodes { return iterator.NewOrderedNodes(g.nodes) }

// From returns the neighbours of id in id order.
func (g *weightedUndirected) From(id int64) graph.Nodes {
	if !g.has(id) || len(g.adj[id]) == 0 {
		return graph.Empty
	}
	ns := make([]graph.Node, len(g.adj[id]))
	for i, v := range g.adj[id] {
		ns[i] = g.nodes[v]
	}
	return iterator.NewOrderedNodes(ns)
}

// Weight returns the weight of x–y; 0 and true for x = y (no self-loops),
// 0 and false when there is no such edge.
func (g *weightedUndirected) Weight(xid, yid int64) (float64, bool) {
	if !g.has(xid) || !g.has(yid) {
		return 0, false
	}
	if xid == yid {
		return 0, true
	}
	i, ok := slices.BinarySearch(g.adj[xid], int32(yid))
	if !ok {
		return 0, false
	}
	return g.w[xid][i], true
}

// WeightedEdgeBetween returns the edge x–y, nil when there is none.
func (g *weightedUndirected) WeightedEdgeBetween(xid, yid int64) graph.WeightedEdge {
	w, ok := g.Weight(xid, yid)
	if !ok || xid == yid {
		return nil
	}
	return simple.WeightedEdge{F: g.nodes[xid], T: g.nodes[yid], W: w}
}

// WeightedEdge returns the edge u–v, nil when there is none.
func (g *weightedUndirected) WeightedEdge(uid, vid int64) graph.WeightedEdge {
	return g.WeightedEdgeBetween(uid, vid)
}

// Edge returns the edge u–v, nil when there is none.
func (g *weightedUndirected) Edge(uid, vid int64) graph.Edge {
	if e := g.WeightedEdgeBetween(uid, vid); e != nil {
		return e
	}
	return nil
}

// EdgeBetween returns the edge x–y, nil when there is none.
func (g *weightedUndirected) EdgeBetween(xid, yid int64) graph.Edge { return g.Edge(xid, yid) }

// HasEdgeBetween reports whether x–y is an edge.
func (g *weightedUndirected) HasEdgeBetween(xid, yid int64) bool {
	return g.WeightedEdgeBetween(xid, yid) != nil
}
