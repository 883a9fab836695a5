package reconcile

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile/catalog"
)

func init() {
	register(rule{codes: []string{catalog.ImportCycle}, run: importCycles})
}

// cyclesTruncatedKey identifies the one repository-level finding that says
// the listed cycles are not all of them.
const cyclesTruncatedKey = "cycles-truncated"

// importCycles reports one finding per import cycle of the graph signals,
// at the import that starts the cycle: the first edge leaves its smallest
// node. The key is the node list (already rotated so the smallest leads),
// so a cycle keeps its identity when its lines move. When the signals list
// only some of the cycles, one more finding at the repository level says
// so.
func importCycles(v *view) []finding {
	if v.signals == nil {
		return nil
	}
	var out []finding
	for _, c := range v.signals.Cycles {
		if len(c.Nodes) == 0 {
			continue
		}
		names := make([]string, 0, len(c.Nodes)+1)
		for _, id := range c.Nodes {
			names = append(names, nodeName(v, id))
		}
		names = append(names, names[0])
		out = append(out, finding{
			Code:      catalog.ImportCycle,
			Message:   fmt.Sprintf("import cycle of %d: %s", len(c.Nodes), strings.Join(names, " → ")),
			Evidence:  cycleEvidence(v, c),
			EntityIDs: c.Nodes,
			Key:       strings.Join(c.Nodes, " "),
		})
	}
	if v.signals.CyclesTruncated {
		why := "a large tangle of imports was sampled: one shortest cycle is reported through each of its nodes"
		if len(v.signals.Cycles) >= graph.MaxCycles {
			why = fmt.Sprintf("the list stops at the bound of %d", graph.MaxCycles)
		}
		out = append(out, finding{
			Code:     catalog.ImportCycle,
			Message:  fmt.Sprintf("the import graph holds more cycles than the %d reported: %s", len(v.signals.Cycles), why),
			Evidence: []Location{{}},
			Key:      cyclesTruncatedKey,
		})
	}
	return out
}

// cycleEvidence is the first import of every edge, in cycle order; an edge
// without evidence falls back to its source node's file.
func cycleEvidence(v *view, c graph.Cycle) []Location {
	out := make([]Location, 0, len(c.Edges))
	for _, e := range c.Edges {
		if len(e.Evidence) > 0 {
			out = append(out, Location{Path: e.Evidence[0].Path, Line: e.Evidence[0].LineStart})
		} else if from := v.entity(e.From); from != nil {
			out = append(out, Location{Path: entityPath(from)})
		}
	}
	if len(out) == 0 {
		out = append(out, Location{Path: nodeName(v, c.Nodes[0])})
	}
	return out
}

// nodeName is how a message names a graph node: its path (a module's file,
// a package's directory), else its id.
func nodeName(v *view, id string) string {
	if e := v.entity(id); e != nil {
		if p := entityPath(e); p != "" {
			return p
		}
	}
	return id
}
