package graphview

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Bounds of the graph views. Whatever a bound leaves out is counted in the
// output, never dropped silently.
const (
	// DefaultTopCentral is how many central modules are shown when
	// Options.TopCentral is 0.
	DefaultTopCentral = 10
	// MaxTopCentral caps Options.TopCentral.
	MaxTopCentral = 100
	// maxShownCycles is how many cycles the text lists and the diagrams
	// draw.
	maxShownCycles = 20
	// maxShownEvidence is how many imports the text lists per cycle edge.
	maxShownEvidence = 3
	// maxShownAreas is how many area suggestions the text lists.
	maxShownAreas = 20
	// maxDrawnNodes bounds the nodes of a Mermaid or DOT diagram; a cycle
	// that would cross it is not drawn (and counted).
	maxDrawnNodes = 60
	// maxShownProposed is how many proposed relations the text lists and
	// the diagrams draw.
	maxShownProposed = 50
)

// ProposedRelation is a relation an agent proposed and a person accepted
// in the enrichment overlay: drawn dashed and listed apart, never as an
// observed edge.
type ProposedRelation struct {
	From, To, Kind string
	// AcceptedBy is the person who accepted it.
	AcceptedBy string
}

// Options tune the graph renderers.
type Options struct {
	// TopCentral is how many of the most central modules to show: 0 means
	// DefaultTopCentral, more than MaxTopCentral means MaxTopCentral.
	TopCentral int
	// Proposed are the overlay's accepted proposed relations; none leaves
	// every output exactly as without an overlay.
	Proposed []ProposedRelation
}

func (o Options) topCentral() int {
	switch {
	case o.TopCentral <= 0:
		return DefaultTopCentral
	case o.TopCentral > MaxTopCentral:
		return MaxTopCentral
	}
	return o.TopCentral
}

// centralNode is one module and its normalized betweenness.
type centralNode struct {
	id    string
	score float64
}

// graphView is the bounded, sorted selection every graph renderer draws
// from.
type graphView struct {
	cycles         []graph.Cycle
	cyclesOmitted  int
	cyclesSampled  bool // the graph stage did not enumerate every cycle
	central        []centralNode
	centralOmitted int
	centralSkipped bool // centrality was not computed (see notes)
	centralSampled bool // scores are estimates from sampled sources
	centralPivots  int  // how many sources were sampled, when known
	areas          []graph.AreaSuggestion
	areasOmitted   int
	areasTruncated bool // the graph stage dropped suggestions
	notes          []snapshot.Coverage
	proposed       []ProposedRelation
	// proposedOmitted counts the proposed relations past maxShownProposed.
	proposedOmitted int
}

// selectGraph sorts and bounds the signals. sig may be nil.
func selectGraph(sig *graph.Signals, opts Options) graphView {
	var v graphView
	v.proposed, v.proposedOmitted = selectProposed(opts.Proposed)
	if sig == nil {
		return v
	}
	var cycles []graph.Cycle
	for _, c := range sig.Cycles {
		if len(c.Nodes) > 0 { // an empty cycle is no cycle; graph never makes one
			cycles = append(cycles, c)
		}
	}
	slices.SortFunc(cycles, func(a, b graph.Cycle) int { return slices.Compare(a.Nodes, b.Nodes) })
	v.cycles, v.cyclesOmitted = textwriter.Bound(cycles, maxShownCycles)
	v.cyclesSampled = sig.CyclesTruncated

	v.centralSkipped = sig.Centrality == nil
	v.centralSampled, v.centralPivots = sig.CentralitySampled, sig.CentralityPivots
	var central []centralNode
	for id, s := range sig.Centrality {
		if s > 0 { // a module no shortest path crosses is not central
			central = append(central, centralNode{id, s})
		}
	}
	slices.SortFunc(central, func(a, b centralNode) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.id, b.id))
	})
	v.central, v.centralOmitted = textwriter.Bound(central, opts.topCentral())

	areas := slices.Clone(sig.Areas)
	slices.SortFunc(areas, func(a, b graph.AreaSuggestion) int { return strings.Compare(a.Path, b.Path) })
	v.areas, v.areasOmitted = textwriter.Bound(areas, maxShownAreas)
	v.areasTruncated = sig.AreasTruncated

	v.notes = slices.Clone(sig.Notes)
	slices.SortFunc(v.notes, func(a, b snapshot.Coverage) int {
		return cmp.Or(strings.Compare(a.Analyzer, b.Analyzer), strings.Compare(a.Scope, b.Scope),
			cmp.Compare(a.Line, b.Line), strings.Compare(a.Code, b.Code),
			strings.Compare(a.Status, b.Status), strings.Compare(a.Reason, b.Reason))
	})
	return v
}

// selectProposed sorts the proposed relations, drops repeats and bounds
// them.
func selectProposed(in []ProposedRelation) ([]ProposedRelation, int) {
	if len(in) == 0 {
		return nil, 0
	}
	ps := slices.Clone(in)
	slices.SortFunc(ps, func(a, b ProposedRelation) int {
		return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To), strings.Compare(a.Kind, b.Kind), strings.Compare(a.AcceptedBy, b.AcceptedBy))
	})
	ps = slices.CompactFunc(ps, func(a, b ProposedRelation) bool { return a.From == b.From && a.To == b.To && a.Kind == b.Kind })
	return textwriter.Bound(ps, maxShownProposed)
}

// diagram is what Mermaid and DOT draw: nodes (sorted by id), cycle edges
// (sorted, each once) and what was left out.
type diagram struct {
	nodes          []diagramNode
	edges          [][2]string
	cyclesOmitted  int
	centralOmitted int
	// proposed are the proposed relations drawn (dashed); proposedOmitted
	// those not drawn, past a bound.
	proposed        []ProposedRelation
	proposedOmitted int
}

// diagramNode is one drawn entity.
type diagramNode struct {
	id      string
	inCycle bool
	central bool
	score   float64
}

// buildDiagram picks what a diagram draws: the shown cycles, each whole or
// not at all, while the nodes stay within maxDrawnNodes, then the central
// modules that still fit.
func buildDiagram(v graphView) diagram {
	nodes := make(map[string]*diagramNode)
	edges := make(map[[2]string]bool)
	d := diagram{cyclesOmitted: v.cyclesOmitted, centralOmitted: v.centralOmitted}
	for _, c := range v.cycles {
		added := 0
		for _, id := range c.Nodes {
			if nodes[id] == nil {
				added++
			}
		}
		if len(nodes)+added > maxDrawnNodes {
			d.cyclesOmitted++
			continue
		}
		for _, id := range c.Nodes {
			if nodes[id] == nil {
				nodes[id] = &diagramNode{id: id}
			}
			nodes[id].inCycle = true
		}
		for _, e := range c.Edges {
			edges[[2]string{e.From, e.To}] = true
		}
	}
	for _, c := range v.central {
		n := nodes[c.id]
		if n == nil {
			if len(nodes) >= maxDrawnNodes {
				d.centralOmitted++
				continue
			}
			n = &diagramNode{id: c.id}
			nodes[c.id] = n
		}
		n.central, n.score = true, c.score
	}
	d.proposedOmitted = v.proposedOmitted
	for _, p := range v.proposed {
		added := 0
		for _, id := range []string{p.From, p.To} {
			if nodes[id] == nil {
				added++
			}
		}
		if p.From == p.To || len(nodes)+added > maxDrawnNodes {
			d.proposedOmitted++
			continue
		}
		for _, id := range []string{p.From, p.To} {
			if nodes[id] == nil {
				nodes[id] = &diagramNode{id: id}
			}
		}
		d.proposed = append(d.proposed, p)
	}
	for _, n := range nodes {
		d.nodes = append(d.nodes, *n)
	}
	slices.SortFunc(d.nodes, func(a, b diagramNode) int { return strings.Compare(a.id, b.id) })
	for e := range edges {
		// An edge whose end is not drawn cannot be, whatever the input said.
		if nodes[e[0]] != nil && nodes[e[1]] != nil {
			d.edges = append(d.edges, e)
		}
	}
	slices.SortFunc(d.edges, func(a, b [2]string) int {
		return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1]))
	})
	return d
}

// omittedNote says what a diagram left out, or "" when nothing.
func (d diagram) omittedNote() string {
	var parts []string
	if d.cyclesOmitted > 0 {
		parts = append(parts, textwriter.Plural(d.cyclesOmitted, "more cycle", "more cycles"))
	}
	if d.centralOmitted > 0 {
		parts = append(parts, textwriter.Plural(d.centralOmitted, "more central module", "more central modules"))
	}
	if d.proposedOmitted > 0 {
		parts = append(parts, textwriter.Plural(d.proposedOmitted, "more proposed relation", "more proposed relations"))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, " and ") + " not drawn"
}

// ShortLabel is an entity id without its kind prefix: module:src/a.ts is
// drawn as src/a.ts.
func ShortLabel(id string) string {
	if _, rest, ok := snapshot.ParseEntityID(id); ok && rest != "" {
		return rest
	}
	return id
}
