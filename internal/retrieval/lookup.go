package retrieval

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Depth of a lookup's neighbourhood: relations followed from the entity.
const (
	DefaultLookupDepth = 1
	MaxLookupDepth     = 3
)

// Bounds of a lookup answer; crossing one is recorded in
// LookupResult.Truncated.
const (
	// maxNeighboursPerKind bounds the neighbours listed per relation kind
	// (the nearest first).
	maxNeighboursPerKind = 50
	// maxLookupVisited bounds the entities the neighbourhood search visits.
	maxLookupVisited = 2000
	// maxRelatedDocuments bounds the documents that cover or mention the
	// entity (the most canonical first).
	maxRelatedDocuments = 50
	// maxLookupDiagnostics bounds the diagnostics attached.
	maxLookupDiagnostics = 100
	// maxSummaryRunes bounds each summary.
	maxSummaryRunes = 300
)

// Bound names used in Truncation.Bound.
const (
	boundNeighboursPerKind = "neighboursPerKind"
	boundVisited           = "visited"
	boundRelatedDocuments  = "relatedDocuments"
	boundDiagnostics       = "diagnostics"
	boundExcerpts          = "evidenceExcerpts"
)

// Neighbour directions, relative to the entity nearer the one looked up.
const (
	directionOut = "out"
	directionIn  = "in"
)

// LookupOptions tune Lookup. The zero value is depth 1 with no excerpts.
type LookupOptions struct {
	// Depth is how many relations away neighbours are listed, 1 to
	// MaxLookupDepth; 0 means DefaultLookupDepth.
	Depth int
	// Excerpt returns the text of one line of a repository file (1-based);
	// false when it cannot. Nil lists no evidence excerpts.
	Excerpt func(path string, line int) (string, bool)
}

// LookupResult is an entity and what the graph knows around it. Entity,
// Diagnostics and Truncated are the core; Summaries, Documents (the
// "related" section), Neighbours and EvidenceExcerpts are droppable
// sections, nil when the entity has none.
type LookupResult struct {
	Entity      LookupEntity         `json:"entity"`
	Diagnostics []finding.Diagnostic `json:"diagnostics"`
	// Summaries maps the entity's id and each listed document's id to its
	// summary, for those that have one.
	Summaries map[string]string `json:"summaries,omitempty"`
	// Documents cover, mention, or link to the entity, most canonical first.
	Documents []RelatedDocument `json:"documents,omitempty"`
	// Neighbours are keyed by relation kind.
	Neighbours       map[string][]Neighbour `json:"neighbours,omitempty"`
	EvidenceExcerpts []Excerpt              `json:"evidenceExcerpts,omitempty"`
	// Truncated lists every bound the answer crossed.
	Truncated []Truncation `json:"truncated,omitempty"`
	// Budget is set by FitLookup.
	Budget *BudgetReport `json:"budget,omitempty"`
}

// LookupEntity identifies the entity looked up. Symbol is set when the
// target named an exported symbol: the entity is the module declaring it.
type LookupEntity struct {
	ID      string        `json:"id"`
	Kind    string        `json:"kind"`
	Name    string        `json:"name"`
	Path    string        `json:"path,omitempty"`
	Aliases []string      `json:"aliases,omitempty"`
	Symbol  *LookupSymbol `json:"symbol,omitempty"`
}

// Neighbour is an entity Distance relations away. Kind (the key it is
// listed under) and Direction describe the last relation of the shortest
// path: out when it goes from Via (or the entity) to ID, in when from ID.
type Neighbour struct {
	ID        string `json:"id"`
	Direction string `json:"direction"`
	Distance  int    `json:"distance"`
	// Via is the entity one step nearer, for distances above 1: the
	// smallest id among those joined to ID by a relation of this kind and
	// direction.
	Via string `json:"via,omitempty"`
}

// RelatedDocument is a document with a relation to the entity.
type RelatedDocument struct {
	ID    string `json:"id"`
	Path  string `json:"path"`
	Title string `json:"title"`
	// Relations are the kinds from the document to the entity, strongest
	// first: covers, mentions-symbol, mentions, links-to, then others.
	Relations    []string `json:"relations"`
	Canonicality float64  `json:"canonicality"`
}

// Excerpt is one line of evidence, read from the file.
type Excerpt struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Text string `json:"text"`
}

// Truncation records one crossed bound: Omitted items were left out (for
// boundVisited: relations not followed). Kind names the relation kind for
// boundNeighboursPerKind.
type Truncation struct {
	Bound   string `json:"bound"`
	Kind    string `json:"kind,omitempty"`
	Limit   int    `json:"limit"`
	Omitted int    `json:"omitted"`
}

// Lookup resolves target (an entity id, a path, an alias or a package name,
// an exported symbol; see resolve) and gathers its neighbourhood within opts.Depth, the
// documents related to it, the diagnostics about it (those naming it or
// reported at its path) and excerpts of its evidence. sig may be nil (every
// canonicality is 0); when it was computed over s, Lookup reads s through
// its index instead of building one. The answer depends on the contents of
// s and diags, never on their order.
func Lookup(s *snapshot.Snapshot, sig *graph.Signals, diags []finding.Diagnostic, target string, opts LookupOptions) (*LookupResult, error) {
	depth := opts.Depth
	if depth == 0 {
		depth = DefaultLookupDepth
	}
	if depth < 1 || depth > MaxLookupDepth {
		return nil, fmt.Errorf("lookup depth %d: use 1 to %d", depth, MaxLookupDepth)
	}
	if s == nil {
		return nil, fmt.Errorf("lookup %q: no snapshot", target)
	}
	g := newLookupGraph(s, sig)
	e, sym, err := g.resolve(target)
	if err != nil {
		return nil, err
	}
	res := &LookupResult{Entity: LookupEntity{ID: e.ID, Kind: e.Kind, Name: e.Name, Path: e.Path, Aliases: slices.Clone(e.Aliases), Symbol: sym}}
	slices.Sort(res.Entity.Aliases)
	res.Neighbours = g.neighbours(e.ID, depth, &res.Truncated)
	res.Documents = g.relatedDocuments(e.ID, sig, &res.Truncated)
	res.Summaries = g.summaries(e.ID, res.Documents)
	res.Diagnostics = lookupDiagnostics(e, diags, &res.Truncated)
	if opts.Excerpt != nil {
		res.EvidenceExcerpts = g.excerpts(e, res, opts.Excerpt, &res.Truncated)
	}
	return res, nil
}

// lookupDiagnostics are the diagnostics naming e or reported at its path,
// sorted by path, line, code and id.
func lookupDiagnostics(e *snapshot.Entity, diags []finding.Diagnostic, trunc *[]Truncation) []finding.Diagnostic {
	out := []finding.Diagnostic{}
	for _, d := range diags {
		if slices.Contains(d.EntityIDs, e.ID) || (e.Path != "" && d.Primary().Path == e.Path) {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b finding.Diagnostic) int {
		pa, pb := a.Primary(), b.Primary()
		return cmp.Or(strings.Compare(pa.Path, pb.Path), cmp.Compare(pa.Line, pb.Line),
			strings.Compare(a.Code, b.Code), strings.Compare(a.ID, b.ID), strings.Compare(a.Message, b.Message))
	})
	if n := len(out); n > maxLookupDiagnostics {
		*trunc = append(*trunc, Truncation{Bound: boundDiagnostics, Limit: maxLookupDiagnostics, Omitted: n - maxLookupDiagnostics})
		out = out[:maxLookupDiagnostics]
	}
	return out
}
