package graph

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// DefaultProximityHops is the hop bound Proximity uses when given none.
const DefaultProximityHops = 3

// Proximity returns the entities within maxHops of from (DefaultProximityHops
// when maxHops ≤ 0), with their distance in hops; from itself is at 0. It is
// breadth-first search (gonum traverse.BreadthFirst), O(V+E), over every
// relation kind except contains, in both directions; external and
// unresolved entities are left out, as everywhere in this package. The
// result is bounded by the snapshot's own entity bound. An id that is not
// an entity of s, or is external or unresolved, gives an empty map.
func Proximity(s *snapshot.Snapshot, from string, maxHops int) map[string]int {
	out := make(map[string]int)
	if s == nil {
		return out
	}
	if maxHops <= 0 {
		maxHops = DefaultProximityHops
	}
	idx := newIndex(s)
	if !idx.inGraph(from) {
		return out
	}
	g := simple.NewUndirectedGraph()
	for i := range idx.entities {
		if idx.inGraph(idx.entities[i].ID) {
			g.AddNode(simple.Node(i))
		}
	}
	for _, r := range idx.relations {
		if r.Kind == snapshot.RelContains || r.From == r.To || !idx.inGraph(r.From) || !idx.inGraph(r.To) {
			continue
		}
		g.SetEdge(simple.Edge{F: simple.Node(idx.byID[r.From]), T: simple.Node(idx.byID[r.To])})
	}
	var bfs traverse.BreadthFirst
	bfs.Walk(g, simple.Node(idx.byID[from]), func(n graph.Node, depth int) bool {
		if depth > maxHops {
			return true // nodes are dequeued in depth order: all nearer ones are in
		}
		out[idx.entities[n.ID()].ID] = depth
		return false
	})
	return out
}
