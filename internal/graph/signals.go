package graph

import (
	"math"
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Analyzer is the coverage analyzer name of this stage.
const Analyzer = "graph"

// DefaultMaxBetweennessNodes is the import-graph size above which
// centrality is skipped (see Options.MaxBetweennessNodes).
const DefaultMaxBetweennessNodes = 20_000

// Signals are the graph signals of one snapshot. Maps are keyed by entity
// id; every list is sorted.
type Signals struct {
	// Canonicality is PageRank over links-to and covers edges.
	Canonicality map[string]float64 `json:"canonicality"`
	// Centrality is normalized betweenness over imports and re-exports;
	// nil when skipped (see Notes).
	Centrality map[string]float64 `json:"centrality"`
	// Cycles are import cycles, at most MaxCycles.
	Cycles []Cycle `json:"cycles"`
	// CyclesTruncated is set when Cycles is not every elementary cycle:
	// MaxCycles was reached or a large component was sampled (see Notes).
	CyclesTruncated bool `json:"cyclesTruncated,omitempty"`
	// Areas are Louvain communities suggested as areas, at most
	// MaxAreaSuggestions.
	Areas []AreaSuggestion `json:"areas"`
	// AreasTruncated is set when more suggestions than MaxAreaSuggestions
	// qualified.
	AreasTruncated bool `json:"areasTruncated,omitempty"`
	// Notes say what was skipped or approximated, as coverage entries.
	Notes []snapshot.Coverage `json:"notes,omitempty"`
}

// Cycle is one elementary import cycle. Nodes lists each node once, the
// smallest id first; Edges[i] goes from Nodes[i] to Nodes[(i+1)%len].
type Cycle struct {
	Nodes []string    `json:"nodes"`
	Edges []CycleEdge `json:"edges"`
}

// CycleEdge is one edge of a cycle with the imports that make it.
type CycleEdge struct {
	From     string              `json:"from"`
	To       string              `json:"to"`
	Evidence []snapshot.Evidence `json:"evidence"`
	// EvidenceTruncated is set when more than MaxEdgeEvidence imports make
	// the edge.
	EvidenceTruncated bool `json:"evidenceTruncated,omitempty"`
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
	// Examples are the first MaxAreaExamples member ids, sorted.
	Examples []string `json:"examples,omitempty"`
}

// Options tune Compute. The zero value is the default.
type Options struct {
	// MaxBetweennessNodes bounds the import graph on which betweenness is
	// computed; 0 means DefaultMaxBetweennessNodes. Above it centrality is
	// skipped, not sampled: gonum's Brandes has no sampling mode, and a
	// sampled score would look exact to every later stage. A coverage
	// note says so.
	MaxBetweennessNodes int
}

// Compute derives all graph signals of s. It never fails: whatever it
// cannot compute is a note in Signals.Notes.
//
// Cost: PageRank O(k·(V+E)) over the documentation graph; betweenness
// O(V·E) (Brandes) over the import graph, bounded by
// Options.MaxBetweennessNodes; cycles O(V+E) (Tarjan) plus Johnson's
// O((V+E)·(c+1)) on small components or MaxCycles shortest-path searches on
// large ones; Louvain roughly O(E log V).
func Compute(s *snapshot.Snapshot, opts Options) *Signals {
	if opts.MaxBetweennessNodes <= 0 {
		opts.MaxBetweennessNodes = DefaultMaxBetweennessNodes
	}
	sig := &Signals{}
	if s == nil {
		return sig
	}
	idx := newIndex(s)
	sig.Canonicality = canonicality(idx)
	ig := buildImportGraph(idx)
	sig.Centrality, sig.Notes = centrality(ig, opts.MaxBetweennessNodes, sig.Notes)
	sig.Cycles, sig.CyclesTruncated, sig.Notes = cycles(ig, sig.Notes)
	sig.Areas, sig.AreasTruncated, sig.Notes = areas(ig, idx, sig.Notes)
	slices.SortFunc(sig.Notes, compareCoverage)
	return sig
}

// round6 rounds to 6 decimals, the precision of every score.
func round6(x float64) float64 {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		return 0 // no negative zero in the JSON
	}
	return r
}
