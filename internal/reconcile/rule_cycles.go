package reconcile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// maxCyclesInMessage bounds the cycles one IMPORT_CYCLE message spells
// out; `docbridge graph` lists every cycle the graph signals hold.
const maxCyclesInMessage = 3

// importCycles reports one finding per strongly connected component of the
// cycle graph (runtime imports outside the excluded trees; see
// graph.Component): one tangle of imports is one problem, however many
// elementary cycles run through it. The finding is located at the
// component's anchor edge: on a pull request (signals computed with
// graph.Options.Base) the first edge the change added, else the import
// from the component's smallest member to its smallest successor in it.
//
// The key is the component's smallest member, which unrelated edits leave
// alone (a component only grows or shrinks by edits to its own imports);
// when the change added an edge to the component, the key also names that
// edge, so the finding is new in the pull request exactly when the pull
// request closed a cycle.
func importCycles(v *view) []draft {
	if v.signals == nil {
		return nil
	}
	var out []draft
	for _, c := range v.signals.Components {
		if len(c.Members) == 0 || len(c.Cycles) == 0 {
			continue
		}
		key := "scc " + c.Members[0]
		if len(c.Added) > 0 {
			key += " added " + c.Anchor.From + " > " + c.Anchor.To
		}
		first := fromAnchor(c.Cycles[0], c.Anchor)
		out = append(out, draft{
			Code:      catalog.ImportCycle,
			Message:   cycleMessage(v, c, first),
			Evidence:  cycleEvidence(v, first),
			EntityIDs: first.Nodes,
			Key:       key,
		})
	}
	return out
}

// cycleMessage names the component's size, the change's edge when there is
// one, and its first cycles — the first one, first, rotated to start at the
// anchor — and says when it holds more than it spells out.
func cycleMessage(v *view, c graph.Component, first graph.Cycle) string {
	var b strings.Builder
	if len(c.Added) > 0 {
		fmt.Fprintf(&b, "this change adds the import %s → %s, which closes ", nodeName(v, c.Anchor.From), nodeName(v, c.Anchor.To))
	}
	if len(c.Members) == len(c.Cycles[0].Nodes) && len(c.Cycles) == 1 && !c.More {
		fmt.Fprintf(&b, "import cycle of %d: %s", len(c.Members), cyclePath(v, first))
		return b.String()
	}
	fmt.Fprintf(&b, "import cycles among %d modules: ", len(c.Members))
	shown := min(len(c.Cycles), maxCyclesInMessage)
	for i := range shown {
		if i > 0 {
			b.WriteString("; ")
		}
		cyc := c.Cycles[i]
		if i == 0 {
			cyc = first
		}
		b.WriteString(cyclePath(v, cyc))
	}
	switch rest := len(c.Cycles) - shown; {
	case c.More:
		fmt.Fprintf(&b, "; and more cycles than the %d listed (`docbridge graph` lists them)", len(c.Cycles))
	case rest > 0:
		fmt.Fprintf(&b, "; and %d more (`docbridge graph` lists them)", rest)
	}
	return b.String()
}

// maxCycleNamesInMessage bounds the modules one cycle spells out in a
// message: a longer cycle shows its first maxCycleNamesInMessage-5 and its
// last 5 around a count of the rest, so that a ring through ten thousand
// modules is a line a person reads, not 140 KB (the finding's entityIds
// and evidence still hold every module).
const maxCycleNamesInMessage = 30

// cyclePath spells a cycle as its node names, back to the first.
func cyclePath(v *view, c graph.Cycle) string {
	const tail = 5
	n := len(c.Nodes)
	names := make([]string, 0, min(n, maxCycleNamesInMessage)+2)
	for i, id := range c.Nodes {
		if n > maxCycleNamesInMessage && i == maxCycleNamesInMessage-tail {
			names = append(names, fmt.Sprintf("… %d more …", n-maxCycleNamesInMessage))
		}
		if n <= maxCycleNamesInMessage || i < maxCycleNamesInMessage-tail || i >= n-tail {
			names = append(names, nodeName(v, id))
		}
	}
	names = append(names, nodeName(v, c.Nodes[0]))
	return strings.Join(names, " → ")
}

// fromAnchor rotates the cycle so it starts with the anchor edge, when it
// holds it.
func fromAnchor(c graph.Cycle, anchor graph.CycleEdge) graph.Cycle {
	i := slices.IndexFunc(c.Edges, func(e graph.CycleEdge) bool { return e.From == anchor.From && e.To == anchor.To })
	if i <= 0 {
		return c
	}
	return graph.Cycle{
		Nodes: append(slices.Clone(c.Nodes[i:]), c.Nodes[:i]...),
		Edges: append(slices.Clone(c.Edges[i:]), c.Edges[:i]...),
	}
}

// cycleEvidence is the first import of every edge, in cycle order; an edge
// without evidence falls back to its source node's file.
func cycleEvidence(v *view, c graph.Cycle) []finding.Location {
	out := make([]finding.Location, 0, len(c.Edges))
	for _, e := range c.Edges {
		if len(e.Evidence) > 0 {
			out = append(out, finding.Location{Path: e.Evidence[0].Path, Line: e.Evidence[0].LineStart})
		} else if from := v.entity(e.From); from != nil {
			out = append(out, finding.Location{Path: snapshot.EntityPath(from)})
		}
	}
	if len(out) == 0 {
		out = append(out, finding.Location{Path: nodeName(v, c.Nodes[0])})
	}
	return out
}

// nodeName is how a message names a graph node: its path (a module's file,
// a package's directory), else its id.
func nodeName(v *view, id string) string {
	if e := v.entity(id); e != nil {
		if p := snapshot.EntityPath(e); p != "" {
			return p
		}
	}
	return id
}
