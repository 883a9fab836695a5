package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
)

// WriteGraphMermaid renders the shown cycles and central modules as a
// Mermaid flowchart (left to right). Node ids are n0, n1, … in entity-id
// order, so no input reaches Mermaid's syntax outside a quoted, escaped
// label. Nodes on a cycle and central nodes get classes; what the bounds
// left out is a note node.
func WriteGraphMermaid(w io.Writer, sig *graph.Signals, opts GraphOptions) error {
	d := buildDiagram(selectGraph(sig, opts))
	tw := &writer{w: w}
	tw.print("flowchart LR\n")
	ids := make(map[string]string, len(d.nodes))
	var cycleIDs, centralIDs []string
	for i, n := range d.nodes {
		id := "n" + strconv.Itoa(i)
		ids[n.id] = id
		label := mermaidLabel(shortLabel(n.id))
		if n.central {
			label += "<br/>centrality " + formatScore(n.score)
			centralIDs = append(centralIDs, id)
		}
		if n.inCycle {
			cycleIDs = append(cycleIDs, id)
		}
		tw.printf("  %s[\"%s\"]\n", id, label)
	}
	for _, e := range d.edges {
		tw.printf("  %s --> %s\n", ids[e[0]], ids[e[1]])
	}
	if len(d.nodes) == 0 {
		tw.print("  empty[\"no import cycles or central modules\"]\n")
	}
	if note := d.omittedNote(); note != "" {
		tw.printf("  omitted[\"%s\"]\n", mermaidLabel(note))
	}
	if len(cycleIDs) > 0 {
		tw.print("  classDef cycle stroke:#dc2626,stroke-width:2px\n")
		tw.printf("  class %s cycle\n", strings.Join(cycleIDs, ","))
	}
	if len(centralIDs) > 0 {
		tw.print("  classDef central fill:#fde68a\n")
		tw.printf("  class %s central\n", strings.Join(centralIDs, ","))
	}
	if tw.err != nil {
		return fmt.Errorf("write Mermaid graph: %w", tw.err)
	}
	return nil
}

// mermaidLabel escapes text for a double-quoted Mermaid label with
// Mermaid's entity codes: the quote, '#' (which starts an entity), the
// characters HTML or markdown labels would read ('<', '>', '&', '`', '\'),
// and '|' and '%' (edge-label and comment syntax). Line breaks and other
// control or bidi characters become spaces: a label is one line.
func mermaidLabel(s string) string {
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
			if UnsafeRune(r) {
				b.WriteByte(' ')
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}
