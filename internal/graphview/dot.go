package graphview

import (
	"fmt"
	"io"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// WriteDOT renders the shown cycles and central modules as a
// Graphviz digraph named docbridge. Node ids are the entity ids, quoted;
// labels drop the kind prefix. Cycle nodes have a red outline, central
// ones are filled and show their score; what the bounds left out is a
// note node. Proposed relations (Options.Proposed) are dashed edges
// labelled with their kind.
func WriteDOT(w io.Writer, sig *graph.Signals, opts Options) error {
	d := buildDiagram(selectGraph(sig, opts))
	tw := textwriter.New(w)
	tw.Print("digraph docbridge {\n  rankdir=LR;\n  node [shape=box];\n")
	for _, n := range d.nodes {
		label := ShortLabel(n.id)
		var attrs []string
		if n.central {
			label += "\ncentrality " + formatScore(n.score)
			attrs = append(attrs, `style=filled`, `fillcolor="#fde68a"`)
		}
		if n.inCycle {
			attrs = append(attrs, `color="#dc2626"`, `penwidth=2`)
		}
		attrs = append([]string{"label=" + dotQuote(label)}, attrs...)
		tw.Printf("  %s [%s];\n", dotQuote(n.id), strings.Join(attrs, ", "))
	}
	for _, e := range d.edges {
		tw.Printf("  %s -> %s;\n", dotQuote(e[0]), dotQuote(e[1]))
	}
	for _, p := range d.proposed {
		// Dashed: proposed by an agent and accepted, never observed.
		tw.Printf("  %s -> %s [style=dashed, label=%s];\n", dotQuote(p.From), dotQuote(p.To), dotQuote("proposed "+p.Kind))
	}
	if len(d.nodes) == 0 {
		tw.Print("  empty [shape=plaintext, label=\"no import cycles or central modules\"];\n")
	}
	if note := d.omittedNote(); note != "" {
		tw.Printf("  omitted [shape=note, label=%s];\n", dotQuote(note))
	}
	tw.Print("}\n")
	if tw.Err() != nil {
		return fmt.Errorf("write DOT graph: %w", tw.Err())
	}
	return nil
}

// dotQuote writes s as a DOT quoted string. Graphviz's lexer turns only
// \" into a quote and keeps \\ as a pair, so doubling backslashes keeps a
// trailing one from escaping the closing quote; a newline becomes \n (a
// line break in a label) and other control or bidi characters their \x or
// \u spelling. The mapping is injective, so distinct ids stay distinct
// nodes.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case textwriter.UnsafeRune(r):
			b.WriteString(textwriter.ControlEscape(r))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
