package graph

import (
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
)

// ordered is a read-only gonum view (graph.Directed) of a csr: node ids are
// 0..n−1 and Nodes, From and To iterate in id order. simple.DirectedGraph
// iterates Go maps, so ties in gonum's traversals (BFS order,
// floating-point summation order) would differ between runs; it is also
// several times slower to build.
type ordered struct {
	out, in *csr
	nodes   []graph.Node // nodes[i] has id i; boxed once
}

var _ graph.Directed = (*ordered)(nil)

// newOrdered wraps g.
func newOrdered(g *csr) *ordered {
	o := &ordered{out: g, in: g.transpose(), nodes: make([]graph.Node, g.nodes())}
	for i := range o.nodes {
		o.nodes[i] = simple.Node(i)
	}
	return o
}

func (g *ordered) has(id int64) bool { return id >= 0 && id < int64(len(g.nodes)) }

// Node returns the node with the given id, nil when there is none.
func (g *ordered) Node(id int64) graph.Node {
	if !g.has(id) {
		return nil
	}
	return g.nodes[id]
}

// Nodes returns the nodes in id order.
func (g *ordered) Nodes() graph.Nodes { return iterator.NewOrderedNodes(g.nodes) }

// From returns the successors of id in id order.
func (g *ordered) From(id int64) graph.Nodes {
	if !g.has(id) {
		return graph.Empty
	}
	return g.list(g.out.out(int32(id)))
}

// To returns the predecessors of id in id order.
func (g *ordered) To(id int64) graph.Nodes {
	if !g.has(id) {
		return graph.Empty
	}
	return g.list(g.in.out(int32(id)))
}

// HasEdgeFromTo reports whether u→v is an edge.
func (g *ordered) HasEdgeFromTo(uid, vid int64) bool {
	if !g.has(uid) || !g.has(vid) {
		return false
	}
	_, ok := slices.BinarySearch(g.out.out(int32(uid)), int32(vid))
	return ok
}

// HasEdgeBetween reports whether x→y or y→x is an edge.
func (g *ordered) HasEdgeBetween(xid, yid int64) bool {
	return g.HasEdgeFromTo(xid, yid) || g.HasEdgeFromTo(yid, xid)
}

// Edge returns the edge u→v, nil when there is none.
func (g *ordered) Edge(uid, vid int64) graph.Edge {
	if !g.HasEdgeFromTo(uid, vid) {
		return nil
	}
	return simple.Edge{F: g.nodes[uid], T: g.nodes[vid]}
}

func (g *ordered) list(ids []int32) graph.Nodes {
	if len(ids) == 0 {
		return graph.Empty
	}
	ns := make([]graph.Node, len(ids))
	for i, v := range ids {
		ns[i] = g.nodes[v]
	}
	return iterator.NewOrderedNodes(ns)
}

// induced returns the subgraph of g on members (ascending ids of g),
// renumbered 0..len(members)−1 in the same order: members[i] is node i of
// the result.
func induced(g *csr, members []int32) *csr {
	local := make(map[int32]int32, len(members))
	for i, m := range members {
		local[m] = int32(i)
	}
	var edges [][2]int32
	for i, u := range members {
		for _, v := range g.out(u) {
			if j, ok := local[v]; ok {
				edges = append(edges, [2]int32{int32(i), j})
			}
		}
	}
	return newCSR(len(members), edges)
}
