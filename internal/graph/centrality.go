package graph

import (
	"fmt"

	"gonum.org/v1/gonum/graph/network"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// centrality is normalized betweenness (Brandes 2001, "A faster algorithm
// for betweenness centrality"; gonum network.Betweenness) over the directed
// import graph: for each node v, the share of shortest paths s→t (s ≠ v ≠ t)
// through v, divided by (n−1)(n−2), the number of ordered pairs it could
// lie between, so scores are in [0, 1]. Every node of the import graph has
// an entry, 0 included.
//
// Cost: O(V·E) time, O(V+E) space. Above maxNodes it is skipped with a
// note rather than sampled (see Options.MaxBetweennessNodes).
func centrality(ig *importGraph, maxNodes int, notes []snapshot.Coverage) (map[string]float64, []snapshot.Coverage) {
	n := len(ig.num.ids)
	if n > maxNodes {
		return nil, append(notes, snapshot.Coverage{
			Analyzer: Analyzer, Scope: "centrality", Status: snapshot.StatusNotAnalyzed,
			Reason: fmt.Sprintf("Betweenness skipped: the import graph has %d nodes, above the bound of %d; Brandes' algorithm costs O(V·E)", n, maxNodes),
		})
	}
	out := make(map[string]float64, n)
	if n == 0 {
		return out, notes
	}
	raw := network.Betweenness(ig.g)
	norm := 0.0
	if n > 2 {
		norm = 1 / float64((n-1)*(n-2))
	}
	for i, id := range ig.num.ids {
		out[id] = round6(raw[int64(i)] * norm)
	}
	return out, notes
}
