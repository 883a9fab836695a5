package graph

import (
	"gonum.org/v1/gonum/graph/network"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// PageRank parameters of canonicality.
const (
	pageRankDamping = 0.85
	// pageRankTolerance is the convergence tolerance asked of the power
	// iteration.
	pageRankTolerance = 1e-8
	// pageRankIterationTolerance is what gonum is actually given. gonum
	// starts the power iteration from a vector drawn from the unseeded
	// global math/rand source, so the result is only within ~tol/(1−d) of
	// the fixed point and a score near a rounding boundary could round
	// differently between runs; iterating to 1e-12 (a few dozen more sparse
	// iterations) keeps the error far below the 1e-6 rounding step.
	pageRankIterationTolerance = pageRankTolerance * 1e-4
)

// canonicality is PageRank (Brin & Page 1998, as in "How Google Finds Your
// Needle in the Web's Haystack"; gonum network.PageRankSparse) with damping
// pageRankDamping over links-to and covers edges. Nodes are every document
// and every entity such an edge reaches, external and unresolved left out.
// Scores sum to 1 and are rounded to 6 decimals.
//
// Cost: O(k·(V+E)) for k power iterations, k ≈ log(tol)/log(damping).
func canonicality(idx *index) map[string]float64 {
	member := make([]bool, len(idx.entities))
	for i, e := range idx.entities {
		member[i] = e.Kind == snapshot.KindDocument
	}
	var rels [][2]int32
	for _, r := range idx.relations {
		if r.Kind != snapshot.RelLinksTo && r.Kind != snapshot.RelCovers {
			continue
		}
		if f, t := idx.lookup(r.From), idx.lookup(r.To); idx.graphable(f) && idx.graphable(t) {
			member[f], member[t] = true, true
			rels = append(rels, [2]int32{f, t})
		}
	}
	ids, num := idx.number(member)
	if len(ids) == 0 {
		return map[string]float64{}
	}
	edges := rels[:0]
	for _, r := range rels {
		edges = append(edges, [2]int32{num[r[0]], num[r[1]]})
	}
	g := newOrdered(newCSR(len(ids), edges))
	ranks := network.PageRankSparse(g, pageRankDamping, pageRankIterationTolerance)
	// Renormalise: the random start only fixes the total mass up to
	// rounding error, which power iteration preserves rather than corrects.
	var sum float64
	for i := range ids {
		sum += ranks[int64(i)]
	}
	out := make(map[string]float64, len(ids))
	for i, id := range ids {
		out[id] = round6(ranks[int64(i)] / sum)
	}
	return out
}
