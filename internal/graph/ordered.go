package graph

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
)

// ordered is a simple.DirectedGraph whose Nodes, From and To iterate in id
// order. simple.DirectedGraph iterates Go maps, so ties in gonum's
// traversals (BFS order, floating-point summation order) would otherwise
// differ between runs.
type ordered struct {
	*simple.DirectedGraph
	nodes    []graph.Node
	from, to map[int64][]graph.Node
}

var _ graph.Directed = (*ordered)(nil)

// newOrdered builds the graph over ids with the given edges. Self-loops
// are dropped (simple graphs cannot hold them and no signal needs them);
// duplicate edges collapse.
func newOrdered(ids []int64, edges [][2]int64) *ordered {
	g := &ordered{
		DirectedGraph: simple.NewDirectedGraph(),
		from:          make(map[int64][]graph.Node),
		to:            make(map[int64][]graph.Node),
	}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		n := simple.Node(id)
		g.AddNode(n)
		g.nodes = append(g.nodes, n)
	}
	edges = slices.Clone(edges)
	slices.SortFunc(edges, func(a, b [2]int64) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	edges = slices.Compact(edges)
	for _, e := range edges {
		if e[0] == e[1] || g.Node(e[0]) == nil || g.Node(e[1]) == nil {
			continue
		}
		g.SetEdge(simple.Edge{F: simple.Node(e[0]), T: simple.Node(e[1])})
		g.from[e[0]] = append(g.from[e[0]], simple.Node(e[1]))
		g.to[e[1]] = append(g.to[e[1]], simple.Node(e[0]))
	}
	// to lists are already in id order: edges were appended sorted by from.
	return g
}

// Nodes returns the nodes in id order.
func (g *ordered) Nodes() graph.Nodes { return iterator.NewOrderedNodes(g.nodes) }

// From returns the successors of id in id order.
func (g *ordered) From(id int64) graph.Nodes { return nodesOrEmpty(g.from[id]) }

// To returns the predecessors of id in id order.
func (g *ordered) To(id int64) graph.Nodes { return nodesOrEmpty(g.to[id]) }

// edgeCount is the number of distinct edges.
func (g *ordered) edgeCount() int {
	n := 0
	for _, s := range g.from {
		n += len(s)
	}
	return n
}

// induced returns the subgraph on members (ids of g).
func (g *ordered) induced(members []int64) *ordered {
	in := make(map[int64]bool, len(members))
	for _, m := range members {
		in[m] = true
	}
	var edges [][2]int64
	for _, u := range members {
		for _, v := range g.from[u] {
			if in[v.ID()] {
				edges = append(edges, [2]int64{u, v.ID()})
			}
		}
	}
	return newOrdered(members, edges)
}

func nodesOrEmpty(s []graph.Node) graph.Nodes {
	if len(s) == 0 {
		return graph.Empty
	}
	return iterator.NewOrderedNodes(s)
}
