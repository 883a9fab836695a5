package graph

import (
	"math"
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// analyzer is the coverage analyzer name of this stage.
const analyzer = "graph"

// Signals are the graph signals of one snapshot. Maps are keyed by entity
// id; every list is sorted.
type Signals struct {
	// Canonicality is PageRank over links-to and covers edges.
	Canonicality map[string]float64 `json:"canonicality"`
	// Centrality is normalized betweenness over imports and re-exports;
	// nil when skipped (see Notes).
	Centrality map[string]float64 `json:"centrality"`
	// CentralitySampled is set when Centrality is a Brandes–Pich estimate
	// from CentralityPivots sources rather than exact (see Notes).
	CentralitySampled bool `json:"centralitySampled,omitempty"`
	// CentralityPivots is the number of sampled sources; 0 when exact.
	CentralityPivots int `json:"centralityPivots,omitempty"`
	// Cycles are the import cycles every component lists, sorted.
	Cycles []Cycle `json:"cycles"`
	// CyclesTruncated is set when Cycles is not every elementary cycle: a
	// component held more than MaxComponentCycles or was sampled (see
	// Notes).
	CyclesTruncated bool `json:"cyclesTruncated,omitempty"`
	// Components are the strongly connected components of the cycle
	// graph (runtime imports outside the excluded trees), smallest member
	// first: each is one tangle of import cycles.
	Components []Component `json:"components,omitempty"`
	// Areas are Louvain communities suggested as areas, at most
	// maxAreaSuggestions.
	Areas []AreaSuggestion `json:"areas"`
	// AreasTruncated is set when more suggestions than maxAreaSuggestions
	// qualified.
	AreasTruncated bool `json:"areasTruncated,omitempty"`
	// Notes say what was skipped or approximated, as coverage entries.
	Notes []snapshot.Coverage `json:"notes,omitempty"`

	// index is the snapshot's index the signals were computed over, for
	// the stages after (the rules, lookup) to share instead of building
	// their own; opts are the options they were computed under (Reuse).
	index *snapshot.Index
	opts  Options
}

// Index returns the index of the snapshot the signals were computed over,
// nil for signals of no snapshot. It answers only while that snapshot is
// unchanged, which every stage after the scan keeps.
func (s *Signals) Index() *snapshot.Index {
	if s == nil {
		return nil
	}
	return s.index
}

// Cycle is one elementary import cycle. Nodes lists each node once, the
// smallest id first; Edges[i] goes from Nodes[i] to Nodes[(i+1)%len].
type Cycle struct {
	Nodes []string    `json:"nodes"`
	Edges []CycleEdge `json:"edges"`
}

// Component is one strongly connected component of the cycle graph.
type Component struct {
	// Members are its node ids, sorted; Members[0] names the component.
	Members []string `json:"members"`
	// Edges is the number of edges among the members.
	Edges int `json:"edges"`
	// Anchor is the edge the component is located at: the first edge in
	// Added, else the edge from Members[0] to its smallest successor among
	// the members.
	Anchor CycleEdge `json:"anchor"`
	// Cycles are at most MaxComponentCycles of its elementary cycles: a
	// shortest cycle through Anchor first, then the others shortest first.
	Cycles []Cycle `json:"cycles"`
	// More is set when the component holds cycles Cycles does not list.
	More bool `json:"more,omitempty"`
	// Sampled is set when its cycles were sampled, not enumerated.
	Sampled bool `json:"sampled,omitempty"`
	// Added are its edges the base snapshot's cycle graph does not hold
	// (Options.Base), sorted, at most maxAddedEdges; nil without a base.
	Added          []CycleEdge `json:"added,omitempty"`
	AddedTruncated bool        `json:"addedTruncated,omitempty"`
}

// CycleEdge is one edge of a cycle with the imports that make it.
type CycleEdge struct {
	From     string              `json:"from"`
	To       string              `json:"to"`
	Evidence []snapshot.Evidence `json:"evidence"`
	// EvidenceTruncated is set when more than maxEdgeEvidence imports make
	// the edge.
	EvidenceTruncated bool `json:"evidenceTruncated,omitempty"`
	// TypeOnly is set when every import of the edge is type-only; such an
	// edge is on a cycle only with Options.TypeImports.
	TypeOnly bool `json:"typeOnly,omitempty"`
}

// AreaSuggestion is a Louvain community proposed as an area. It is a
// suggestion only: a clustering never creates an area.
type AreaSuggestion struct {
	// Path is the longest common directory of the members' paths.
	Path string `json:"path"`
	// Members is the community's size.
	Members int `json:"members"`
	// Modularity is the community's contribution to the partition's
	// modularity Q (directed form).
	Modularity float64 `json:"modularity"`
	// Examples are the first maxAreaExamples member ids, sorted.
	Examples []string `json:"examples,omitempty"`
}

// Options tune Compute. The zero value is the default.
type Options struct {
	// MaxBetweennessNodes bounds the import graph on which betweenness is
	// computed at all; 0 means defaultMaxBetweennessNodes. Above it
	// centrality is skipped and a coverage note says so.
	MaxBetweennessNodes int
	// MaxExactBetweennessWork bounds V·E of an import graph whose
	// betweenness is exact; 0 means defaultMaxExactBetweennessWork. Above
	// it betweenness is sampled from BetweennessPivots sources.
	MaxExactBetweennessWork int64
	// BetweennessPivots is the number of sampled sources; 0 means
	// defaultBetweennessPivots.
	BetweennessPivots int
	// CycleExclude holds gitignore-syntax patterns (relative to the root)
	// of paths left out of cycle detection, such as test trees; nil
	// excludes nothing. The configuration's checks.cycles.exclude feeds it.
	CycleExclude []string
	// TypeImports makes edges of type-only imports count in cycle
	// detection, so cycles that exist only through types are listed too.
	TypeImports bool
	// Base is the pull request's base snapshot, nil for none. With it,
	// each component lists the edges the head added (Component.Added) and
	// is anchored at the first of them.
	Base *snapshot.Snapshot
}

// Compute derives all graph signals of s. It never fails: whatever it
// cannot compute is a note in Signals.Notes.
//
// Cost: PageRank O(k·(V+E)) over the documentation graph; betweenness over
// the import graph exact O(V·E) while V·E ≤ Options.MaxExactBetweennessWork,
// else sampled O(k·(V+E)); cycles O(V+E) (Tarjan) plus Johnson's
// O((V+E)·(c+1)) on small components and at most MaxComponentCycles+2
// breadth-first searches of each large one (twice O(V+E) more with a
// base); Louvain on the directory graph, whose size is
// bounded by maxAreaDirectories.
func Compute(s *snapshot.Snapshot, opts Options) *Signals {
	opts = opts.withDefaults()
	if s == nil {
		return &Signals{opts: opts}
	}
	return compute(newIndex(s), opts)
}

// compute is Compute over idx, with opts' defaults set.
func compute(idx *index, opts Options) *Signals {
	sig := &Signals{index: idx.Index, opts: opts}
	sig.Canonicality = canonicality(idx)
	ig := buildImportGraph(idx)
	centrality(ig, opts, sig)
	sig.Components, sig.CyclesTruncated, sig.Notes = cycles(ig, newCycleGraph(ig, opts), sig.Notes)
	sig.Cycles = []Cycle{}
	for _, c := range sig.Components {
		sig.Cycles = append(sig.Cycles, c.Cycles...)
	}
	slices.SortFunc(sig.Cycles, func(a, b Cycle) int { return slices.Compare(a.Nodes, b.Nodes) })
	sig.Areas, sig.AreasTruncated, sig.Notes = areas(ig, idx, sig.Notes)
	slices.SortFunc(sig.Notes, compareCoverage)
	return sig
}

func (o Options) withDefaults() Options {
	if o.MaxBetweennessNodes <= 0 {
		o.MaxBetweennessNodes = defaultMaxBetweennessNodes
	}
	if o.MaxExactBetweennessWork <= 0 {
		o.MaxExactBetweennessWork = defaultMaxExactBetweennessWork
	}
	if o.BetweennessPivots <= 0 {
		o.BetweennessPivots = defaultBetweennessPivots
	}
	return o
}

// round6 rounds to 6 decimals, the precision of every score.
func round6(x float64) float64 {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		return 0 // no negative zero in the JSON
	}
	return r
}
