package graphview

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// WriteMermaid renders the shown cycles and central modules as a
// Mermaid flowchart (left to right). Node ids are n0, n1, … in entity-id
// order, so no input reaches Mermaid's syntax outside a quoted, escaped
// label. Nodes on a cycle and central nodes get classes; what the bounds
// left out is a note node. Proposed relations (Options.Proposed) are
// dashed edges labelled with their kind.
func WriteMermaid(w io.Writer, sig *graph.Signals, opts Options) error {
	d := buildDiagram(selectGraph(sig, opts))
	tw := textwriter.New(w)
	tw.Print("flowchart LR\n")
	ids := make(map[string]string, len(d.nodes))
	var cycleIDs, centralIDs []string
	for i, n := range d.nodes {
		id := "n" + strconv.Itoa(i)
		ids[n.id] = id
		label := MermaidLabel(ShortLabel(n.id))
		if n.central {
			label += "<br/>centrality " + formatScore(n.score)
			centralIDs = append(centralIDs, id)
		}
		if n.inCycle {
			cycleIDs = append(cycleIDs, id)
		}
		tw.Printf("  %s[\"%s\"]\n", id, label)
	}
	for _, e := range d.edges {
		tw.Printf("  %s --> %s\n", ids[e[0]], ids[e[1]])
	}
	for _, p := range d.proposed {
		// Dashed: proposed by an agent and accepted, never observed.
		tw.Printf("  %s -.->|\"%s\"| %s\n", ids[p.From], MermaidLabel("proposed "+p.Kind), ids[p.To])
	}
	if len(d.nodes) == 0 {
		tw.Print("  empty[\"no import cycles or central modules\"]\n")
	}
	if note := d.omittedNote(); note != "" {
		tw.Printf("  omitted[\"%s\"]\n", MermaidLabel(note))
	}
	if len(cycleIDs) > 0 {
		tw.Print("  classDef cycle stroke:#dc2626,stroke-width:2px\n")
		tw.Printf("  class %s cycle\n", strings.Join(cycleIDs, ","))
	}
	if len(centralIDs) > 0 {
		tw.Print("  classDef central fill:#fde68a\n")
		tw.Printf("  class %s central\n", strings.Join(centralIDs, ","))
	}
	if tw.Err() != nil {
		return fmt.Errorf("write Mermaid graph: %w", tw.Err())
	}
	return nil
}

// MermaidLabel escapes text for a double-quoted Mermaid label with
// Mermaid's entity codes: the quote, '#' (which starts an entity), the
// characters HTML or markdown labels would read ('<', '>', '&', '`', '\'),
// and '|' and '%' (edge-label and comment syntax). Line breaks and other
// control or bidi characters become spaces: a label is one line.
func MermaidLabel(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("#quot;")
		case '#':
			b.WriteString("#35;")
		case '&':
			b.WriteString("#amp;")
		case '<':
			b.WriteString("#lt;")
		case '>':
			b.WriteString("#gt;")
		case '`':
			b.WriteString("#96;")
		case '|':
			b.WriteString("#124;")
		case '%':
			b.WriteString("#37;")
		case '\\':
			b.WriteString("#92;")
		default:
			if textwriter.UnsafeRune(r) {
				b.WriteByte(' ')
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}
