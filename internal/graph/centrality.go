package graph

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Betweenness bounds.
const (
	// defaultMaxBetweennessNodes is the import-graph size above which
	// centrality is skipped (see Options.MaxBetweennessNodes): the
	// snapshot's own entity bound, so in practice never.
	defaultMaxBetweennessNodes = snapshot.MaxEntities
	// defaultMaxExactBetweennessWork bounds V·E of an import graph whose
	// betweenness is computed exactly (see Options.MaxExactBetweennessWork).
	// Exact Brandes costs up to V·(V+E) steps; at this bound its worst case
	// (a strongly connected graph of 1,000 nodes and 5,000 edges, every
	// search reaching every node) takes about 40 ms (BenchmarkExactBetweenness).
	defaultMaxExactBetweennessWork = 5_000_000
	// defaultBetweennessPivots is k, the sources sampled above that bound
	// (see Options.BetweennessPivots). Chosen on the monorepo corpus
	// (9,342 nodes, 29,173 edges; exact takes 0.41 s): 512 pivots take
	// about 25 ms and estimate the 100 most central nodes with a median
	// relative error of 7%; 256 pivots: 12%, 1,024: 4.5% at twice the cost.
	defaultBetweennessPivots = 512
	// pivotSeed seeds the choice of pivots, so runs agree.
	pivotSeed uint64 = 0x62657477 // "betw"
)

// centrality is normalized betweenness over the directed import graph: for
// each node v, the share of shortest paths s→t (s ≠ v ≠ t) through v,
// summed over ordered pairs and divided by (n−1)(n−2), the number of pairs
// it could lie between, so scores are in [0, 1]. Every node of the import
// graph has an entry, 0 included.
//
// While V·E ≤ maxExact (or k ≥ V) it is exact: Brandes' algorithm (Brandes
// 2001, "A faster algorithm for betweenness centrality"), one breadth-first
// search and dependency accumulation per source, O(V·E). Above, it is
// Brandes–Pich sampling (Brandes & Pich 2007, "Centrality estimation in
// large networks"): the same accumulation from k sources drawn uniformly
// without replacement (see pivots; seeded with pivotSeed), scaled by V/k —
// an unbiased estimate of the full sum — in O(k·(V+E)), and a coverage note
// says it is sampled. Above MaxBetweennessNodes nothing is computed.
func centrality(ig *importGraph, o Options, sig *Signals) {
	n := len(ig.ids)
	if n > o.MaxBetweennessNodes {
		sig.Notes = append(sig.Notes, snapshot.Coverage{
			Analyzer: analyzer, Scope: "centrality", Status: snapshot.StatusNotAnalyzed,
			Reason: fmt.Sprintf("Betweenness skipped: the import graph has %d nodes, above the bound of %d", n, o.MaxBetweennessNodes),
		})
		return
	}
	sig.Centrality = make(map[string]float64, n)
	if n == 0 {
		return
	}
	var raw []float64
	if work := int64(n) * int64(ig.csr.edges()); work <= o.MaxExactBetweennessWork || o.BetweennessPivots >= n {
		raw = exactBetweenness(ig.csr)
	} else {
		raw = sampledBetweenness(ig.csr, ig.ids, o.BetweennessPivots, pivotSeed)
		sig.CentralitySampled, sig.CentralityPivots = true, o.BetweennessPivots
		sig.Notes = append(sig.Notes, snapshot.Coverage{
			Analyzer: analyzer, Scope: "centrality", Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("Betweenness sampled with %d of %d pivots (Brandes–Pich): the import graph's V·E = %d is above the exact bound of %d; scores are estimates",
				o.BetweennessPivots, n, work, o.MaxExactBetweennessWork),
		})
	}
	norm := 0.0
	if n > 2 {
		norm = 1 / (float64(n-1) * float64(n-2))
	}
	for i, id := range ig.ids {
		// A sampled estimate can overshoot the largest possible score by
		// a factor n/(n−1); the scale is [0, 1].
		sig.Centrality[id] = round6(min(raw[i]*norm, 1))
	}
}

// exactBetweenness is Σ_s δ_s(v) over every source s: the unnormalized
// betweenness of each node.
func exactBetweenness(g *csr) []float64 {
	b := newBrandes(g)
	for s := range int32(g.nodes()) {
		b.accumulate(s)
	}
	return b.bc
}

// sampledBetweenness estimates exactBetweenness from k sources, the
// pivots, and scales the sums by n/k. With k ≥ n every node is a pivot and
// the result is exactBetweenness'.
func sampledBetweenness(g *csr, ids []string, k int, seed uint64) []float64 {
	n := g.nodes()
	b := newBrandes(g)
	for _, s := range pivots(ids, k, seed) {
		b.accumulate(s)
	}
	if k > 0 && k < n {
		scale := float64(n) / float64(k)
		for i := range b.bc {
			b.bc[i] *= scale
		}
	}
	return b.bc
}

// pivots draws k of the nodes uniformly without replacement: those whose
// entity ids have the k smallest seeded hashes (a bottom-k sample), in
// ascending node order so the floating-point sums have one order. Unlike
// shuffling the node list with a seeded PRNG, which redraws every pivot
// when a single node is added or removed, a bottom-k sample keeps all
// other pivots: a pull request that adds one module does not reshuffle
// the whole estimate (and with it which modules rank as most central).
func pivots(ids []string, k int, seed uint64) []int32 {
	type hashed struct {
		h    uint64
		node int32
	}
	hs := make([]hashed, len(ids))
	for i, id := range ids {
		hs[i] = hashed{mix64(xxhash.Sum64String(id) ^ seed), int32(i)}
	}
	slices.SortFunc(hs, func(a, b hashed) int { return cmp.Or(cmp.Compare(a.h, b.h), cmp.Compare(a.node, b.node)) })
	out := make([]int32, 0, min(k, len(hs)))
	for _, x := range hs[:min(k, len(hs))] {
		out = append(out, x.node)
	}
	slices.Sort(out)
	return out
}

// mix64 is SplitMix64's finalizer: it spreads the seed over every bit, so
// each seed gives an independent sample.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// brandes holds the buffers of single-source dependency accumulation,
// reused across sources and reset only where a search reached, so a source
// that reaches few nodes costs little.
type brandes struct {
	g     *csr
	bc    []float64 // the running sum of dependencies
	sigma []float64 // shortest-path counts; float64 because they grow exponentially
	coef  []float64 // (1 + δ(w)) / σ(w) of a finished node w
	dist  []int32   // −1 when not reached
	order []int32   // nodes in the order reached, so by distance
}

func newBrandes(g *csr) *brandes {
	n := g.nodes()
	b := &brandes{g: g, bc: make([]float64, n), sigma: make([]float64, n), coef: make([]float64, n),
		dist: make([]int32, n), order: make([]int32, 0, n)}
	for i := range b.dist {
		b.dist[i] = -1
	}
	return b
}

// accumulate adds δ_s(v) = Σ_t σ_st(v)/σ_st for every v ≠ s to bc. The
// breadth-first search counts shortest paths; the reverse pass uses the
// successor form of Brandes' recursion, δ(v) = Σ_{w: d(w)=d(v)+1} σ(v)/σ(w)
// · (1 + δ(w)), so no predecessor lists are stored.
func (b *brandes) accumulate(s int32) {
	g, sigma, dist := b.g, b.sigma, b.dist
	order := append(b.order[:0], s)
	dist[s], sigma[s] = 0, 1
	for head := 0; head < len(order); head++ {
		v := order[head]
		dv := dist[v] + 1
		for _, w := range g.out(v) {
			if dist[w] < 0 {
				dist[w] = dv
				order = append(order, w)
			}
			if dist[w] == dv {
				sigma[w] += sigma[v]
			}
		}
	}
	for i := len(order) - 1; i > 0; i-- { // order[0] is s, which gets nothing
		v := order[i]
		dv := dist[v] + 1
		var sum float64
		for _, w := range g.out(v) {
			if dist[w] == dv {
				sum += b.coef[w]
			}
		}
		delta := sigma[v] * sum
		b.bc[v] += delta
		b.coef[v] = (1 + delta) / sigma[v]
	}
	for _, v := range order {
		dist[v], sigma[v], b.coef[v] = -1, 0, 0
	}
	b.order = order
}
