package retrieval

import (
	"cmp"
	"container/heap"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Ranking constants. Everything but the identity boosts is bounded, and
// the bounds add up to less than the smallest identity boost minus the
// superseded penalty (lexicalMax + canonicalityMax + ProximityBoost +
// dirPrefixBoost + signalWeight = 136 < 145): an entry the query names
// always ranks above every entry it does not name, whatever the text, the
// graph or the agent signal say (tested).
const (
	// lexicalMax is the BM25F score of the best lexical match of a query;
	// the others are scaled by the same factor.
	lexicalMax = 60.0
	// idExactBoost is added when the whole query equals the entry's id or
	// one of its aliases (case folded).
	idExactBoost = 200.0
	// pathBoost is added when the query equals the entry's path.
	pathBoost = 150.0
	// basenameBoost is added when the query equals the last element of the
	// entry's path, with or without its extension.
	basenameBoost = 150.0
	// symbolBoost is added when the query equals a name the module exports
	// (Scan, Scan(), Type.Method, pkg.Scan).
	symbolBoost = 150.0
	// dirPrefixBoost is added when the query is a directory that contains
	// the entry.
	dirPrefixBoost = 12.0
	// kindHintBoost is added to entries of the kind a question asks for
	// ("which package …" → packages, "which file …" → modules).
	kindHintBoost = 8.0
	// symbolTermBoost is added to a module that exports a name the query
	// contains as one of its words ("which package defines the Command
	// type" → the module exporting Command).
	symbolTermBoost = 8.0
	// otherKindFactor scales the lexical score of entries of another kind
	// than the one a question asks for.
	otherKindFactor = 0.5
	// ProximityBoost is added to an entry one relation away from one of the
	// top lexical hits, halved at each further hop up to maxProximityHops.
	ProximityBoost = 6.0
	// canonicalityFactor scales canonicality: canonicalityFactor·ln(1 +
	// pagerank·N), N the entries PageRank ranked, capped at canonicalityMax.
	canonicalityFactor = 4.0
	canonicalityMax    = 20.0
	// signalWeight weighs the accepted agent signal (in [0,1]): 15 % of
	// idExactBoost.
	signalWeight = 0.15 * idExactBoost
	// supersededPenalty is taken from a document whose front matter says
	// status: superseded; at equal score it also sorts after active ones.
	supersededPenalty = 5.0
)

// Proximity bounds.
const (
	// proximitySeeds is how many top lexical hits proximity starts from.
	proximitySeeds = 5
	// maxProximityHops is the farthest an entry is boosted from a seed.
	maxProximityHops = 3
	// maxProximityEdges bounds the relations one seed's walk examines: a
	// hub (a package every module imports) would otherwise make one walk
	// cost a pass over the whole graph.
	maxProximityEdges = 4000
)

// Component names of Hit.Components, in the order How and --explain
// list them.
const (
	compBM25         = "bm25"
	compIDExact      = "idExact"
	compPath         = "path"
	compBasename     = "basename"
	compSymbol       = "symbol"
	compDirPrefix    = "dirPrefix"
	compProximity    = "proximity"
	compCanonicality = "canonicality"
	compSignal       = "signal"
	compSuperseded   = "superseded"
	compHint         = "hint"
)

// ComponentNames lists every score component in a fixed order.
func ComponentNames() []string {
	return []string{compBM25, compIDExact, compPath, compBasename, compSymbol,
		compDirPrefix, compProximity, compCanonicality, compSignal, compSuperseded, compHint}
}

// components are one candidate's score parts, indexed like
// ComponentNames.
type components [11]float64

const (
	cBM25 = iota
	cIDExact
	cPath
	cBasename
	cSymbol
	cDirPrefix
	cProximity
	cCanonicality
	cSignal
	cSuperseded
	cHint
)

// sum adds the components in their fixed order, rounded to 6 decimals so
// that equal scores compare equal and the tie-breaks decide.
func (c *components) sum() float64 {
	var s float64
	for _, v := range c {
		s += v
	}
	return roundScore(s)
}

func (c *components) named() bool {
	return c[cIDExact] > 0 || c[cPath] > 0 || c[cBasename] > 0 || c[cSymbol] > 0
}

func (c *components) asMap() map[string]float64 {
	m := make(map[string]float64, len(c))
	for i, name := range ComponentNames() {
		m[name] = roundScore(c[i])
	}
	return m
}

func roundScore(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// kindOrder breaks ties between kinds: documentation first, then the
// units of the architecture from the broadest to the narrowest.
var kindOrder = map[string]int{
	snapshot.KindDocument: 0, snapshot.KindArea: 1, snapshot.KindPackage: 2, snapshot.KindModule: 3,
}

// compareRanked orders by score descending, then active before
// superseded, kind (kindOrder), id — a total order.
func compareRanked(a, b *ranked) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	if a.superseded != b.superseded {
		if a.superseded {
			return 1
		}
		return -1
	}
	if c := cmp.Compare(rankKind(a.entry.Kind), rankKind(b.entry.Kind)); c != 0 {
		return c
	}
	return strings.Compare(a.entry.ID, b.entry.ID)
}

// topRanked returns the k best of rs by compareRanked, best first. A
// query needs its first hits, not the order of every candidate: past k a
// bounded heap (the worst kept at its root) costs n·log k comparisons of
// pointers where sorting every candidate moved the candidates themselves.
// compareRanked is a total order, so the hits and their order are the
// same either way.
func topRanked(rs []*ranked, k int) []*ranked {
	if len(rs) <= k {
		slices.SortFunc(rs, compareRanked)
		return rs
	}
	h := worstFirst(slices.Clone(rs[:k]))
	heap.Init(&h)
	for _, r := range rs[k:] {
		if compareRanked(r, h[0]) < 0 {
			h[0] = r
			heap.Fix(&h, 0)
		}
	}
	slices.SortFunc(h, compareRanked)
	return h
}

// worstFirst is a heap of candidates whose root is the worst.
type worstFirst []*ranked

func (h worstFirst) Len() int           { return len(h) }
func (h worstFirst) Less(i, j int) bool { return compareRanked(h[i], h[j]) > 0 }
func (h worstFirst) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *worstFirst) Push(x any)        { *h = append(*h, x.(*ranked)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func rankKind(kind string) int {
	if o, ok := kindOrder[kind]; ok {
		return o
	}
	return len(kindOrder)
}

// ranked is one scored candidate.
type ranked struct {
	entry      *Entry
	idx        int32
	score      float64
	superseded bool
	closest    bool
	comp       components
}

// identity is what the whole query names: the identity boost per entry.
func (ix *Index) identity(query string) map[int32]components {
	out := map[int32]components{}
	q := strings.TrimSpace(query)
	if q == "" {
		return out
	}
	set := func(list []int32, slot int, boost float64) {
		for _, i := range list {
			c := out[i]
			if c.named() {
				continue // the stronger identity was set first
			}
			c[slot] = boost
			out[i] = c
		}
	}
	lower := strings.ToLower(q)
	set(ix.byID[lower], cIDExact, idExactBoost)
	p := cleanQueryPath(lower)
	set(ix.byPath[p], cPath, pathBoost)
	set(ix.byBase[p], cBasename, basenameBoost)
	// A symbol as people write it: in backticks, called, or qualified by a
	// package name the index does not know ("cobra.OnInitialize").
	sym := strings.TrimSuffix(strings.Trim(q, "`"), "()")
	if list := ix.bySymbol[sym]; len(list) > 0 {
		set(list, cSymbol, symbolBoost)
	} else if i := strings.LastIndexByte(sym, '.'); i > 0 {
		set(ix.bySymbol[sym[i+1:]], cSymbol, symbolBoost)
	}
	return out
}

// queryDir returns the directory the query names, if it contains entries.
func (ix *Index) queryDir(query string) (string, bool) {
	d := cleanQueryPath(strings.ToLower(strings.TrimSpace(query)))
	if d == "" || !ix.dirs[d] {
		return "", false
	}
	return d, true
}

// cleanQueryPath trims what people add to a path: ./ and a trailing /.
func cleanQueryPath(q string) string {
	if q == "" {
		return ""
	}
	c := path.Clean(q)
	if c == "." || c == "/" {
		return ""
	}
	return strings.TrimPrefix(c, "./")
}

// canonicalityScore is canonicalityFactor·ln(1 + pagerank·N), capped.
func canonicalityScore(pr float64, n int) float64 {
	if pr <= 0 || n <= 0 {
		return 0
	}
	return min(canonicalityFactor*math.Log1p(pr*float64(n)), canonicalityMax)
}

// clampSignal keeps an agent signal in [0,1] (NaN is 0).
func clampSignal(v float64) float64 {
	if !(v > 0) {
		return 0
	}
	return min(v, 1)
}

// proximity walks from each seed breadth-first over the proximity graph,
// at most maxProximityHops away and maxProximityEdges relations per seed,
// and records in sc.near the nearest seed's distance for every entry
// reached (seeds themselves only from another seed). It returns the
// number of walks cut at the edge bound.
func (ix *Index) proximity(seeds []int32, sc *scratch) int {
	cut := 0
	for _, seed := range seeds {
		sc.epoch++
		sc.seen[seed] = sc.epoch
		examined := 0
		frontier := append(sc.frontier[:0], seed)
		var next []int32
	walk:
		for d := 1; d <= maxProximityHops && len(frontier) > 0; d++ {
			next = next[:0]
			for _, u := range frontier {
				for _, v := range ix.adj[ix.off[u]:ix.off[u+1]] {
					if examined == maxProximityEdges {
						cut++
						break walk
					}
					examined++
					if sc.seen[v] == sc.epoch {
						continue
					}
					sc.seen[v] = sc.epoch
					next = append(next, v)
					if old := sc.near[v]; old == 0 || uint8(d) < old {
						if old == 0 {
							sc.nearTouched = append(sc.nearTouched, v)
						}
						sc.near[v] = uint8(d)
					}
				}
			}
			frontier, next = next, frontier
		}
		sc.frontier = frontier[:0]
	}
	return cut
}

// proximityBoost is the boost at distance d.
func proximityBoost(d int) float64 {
	if d < 1 || d > maxProximityHops {
		return 0
	}
	return ProximityBoost / float64(int(1)<<(d-1))
}
