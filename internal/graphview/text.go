package graphview

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// WriteText renders the graph signals for a terminal: import cycles
// with every edge and the imports that make it (file:line), the most
// central modules with their scores, area suggestions, and the notes of
// what the graph stage skipped; then, when Options.Proposed holds any,
// the overlay's proposed relations under their own heading. sig may be
// nil (nothing to show).
func WriteText(w io.Writer, sig *graph.Signals, opts Options) error {
	v := selectGraph(sig, opts)
	tw := textwriter.New(w)
	writeCyclesText(tw, v)
	tw.Print("\n")
	writeCentralText(tw, v)
	tw.Print("\n")
	writeAreasText(tw, v)
	if len(v.proposed) > 0 {
		writeProposedText(tw, v)
	}
	if len(v.notes) > 0 {
		tw.Print("\nNotes\n")
		for _, n := range v.notes {
			tw.Printf("  %s\n", textwriter.Printable(noteLine(n)))
		}
	}
	if tw.Err() != nil {
		return fmt.Errorf("write graph text: %w", tw.Err())
	}
	return nil
}

func writeCyclesText(tw *textwriter.Writer, v graphView) {
	total := len(v.cycles) + v.cyclesOmitted
	if total == 0 {
		tw.Print("Import cycles: none\n")
	} else {
		tw.Printf("Import cycles (%s)\n", shownOf(len(v.cycles), total))
	}
	for i, c := range v.cycles {
		path := append(c.Nodes[:len(c.Nodes):len(c.Nodes)], c.Nodes[0])
		tw.Printf("  %d. %s\n", i+1, textwriter.Printable(strings.Join(path, " → ")))
		for _, e := range c.Edges {
			typeOnly := ""
			if e.TypeOnly {
				typeOnly = " (type-only)"
			}
			tw.Printf("       %s → %s%s\n", textwriter.Printable(e.From), textwriter.Printable(e.To), typeOnly)
			shown, omitted := textwriter.Bound(e.Evidence, maxShownEvidence)
			for _, ev := range shown {
				tw.Printf("         %s\n", textwriter.Printable(evidenceLabel(ev)))
			}
			if more := omitted; more > 0 || e.EvidenceTruncated {
				tw.Printf("         %s\n", moreImports(more, e.EvidenceTruncated))
			}
		}
	}
	if v.cyclesOmitted > 0 {
		tw.Printf("  … %s not listed (bound %d)\n", textwriter.Plural(v.cyclesOmitted, "more cycle", "more cycles"), maxShownCycles)
	}
	if v.cyclesSampled {
		tw.Print("  (the cycle search was bounded: not every cycle is known, see the notes)\n")
	}
}

func moreImports(omitted int, truncated bool) string {
	if truncated {
		if omitted > 0 {
			return "… " + textwriter.Plural(omitted, "more import", "more imports") + ", and more beyond the graph stage's bound"
		}
		return "… more imports beyond the graph stage's bound"
	}
	return "… " + textwriter.Plural(omitted, "more import", "more imports")
}

func writeCentralText(tw *textwriter.Writer, v graphView) {
	total := len(v.central) + v.centralOmitted
	switch {
	case v.centralSkipped:
		tw.Print("Central modules: not computed (see the notes)\n")
		return
	case total == 0:
		tw.Print("Central modules: none (no module lies on a path between others)\n")
		return
	}
	kind := "normalized betweenness"
	switch {
	case v.centralSampled && v.centralPivots > 0:
		kind += ", estimated from " + textwriter.Plural(v.centralPivots, "sampled source", "sampled sources")
	case v.centralSampled:
		kind += ", estimated by sampling"
	}
	tw.Printf("Central modules (top %s, %s)\n", shownOf(len(v.central), total), kind)
	for _, c := range v.central {
		tw.Printf("  %s  %s\n", formatScore(c.score), textwriter.Printable(c.id))
	}
}

func writeAreasText(tw *textwriter.Writer, v graphView) {
	total := len(v.areas) + v.areasOmitted
	if total == 0 {
		tw.Print("Area suggestions: none\n")
		return
	}
	tw.Printf("Area suggestions (%s)\n", shownOf(len(v.areas), total))
	for _, a := range v.areas {
		tw.Printf("  %s  %s, modularity %s\n", textwriter.Printable(a.Path), textwriter.Plural(a.Members, "member", "members"), formatScore(a.Modularity))
		if len(a.Examples) > 0 {
			tw.Printf("    e.g. %s\n", textwriter.Printable(strings.Join(a.Examples, ", ")))
		}
	}
	if v.areasOmitted > 0 {
		tw.Printf("  … %s not listed (bound %d)\n", textwriter.Plural(v.areasOmitted, "more suggestion", "more suggestions"), maxShownAreas)
	}
	if v.areasTruncated {
		tw.Print("  (the graph stage kept only the strongest suggestions)\n")
	}
}

// writeProposedText lists the proposed relations under their own heading:
// they are the enrichment overlay's, not the scan's.
func writeProposedText(tw *textwriter.Writer, v graphView) {
	total := len(v.proposed) + v.proposedOmitted
	tw.Printf("\nProposed relations (%s; accepted from the enrichment overlay, not observed)\n", shownOf(len(v.proposed), total))
	for _, p := range v.proposed {
		by := ""
		if p.AcceptedBy != "" {
			by = ", accepted by " + p.AcceptedBy
		}
		tw.Printf("  %s ⇢ %s  (%s%s)\n", textwriter.Printable(p.From), textwriter.Printable(p.To), textwriter.Printable(p.Kind), textwriter.Printable(by))
	}
	if v.proposedOmitted > 0 {
		tw.Printf("  … %s not listed (bound %d)\n", textwriter.Plural(v.proposedOmitted, "more proposed relation", "more proposed relations"), maxShownProposed)
	}
}

// shownOf says "3" or "3 of 7".
func shownOf(shown, total int) string {
	if shown == total {
		return strconv.Itoa(total)
	}
	return fmt.Sprintf("%d of %d", shown, total)
}

// formatScore prints a score with four decimals, enough to rank by eye.
func formatScore(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

func evidenceLabel(e snapshot.Evidence) string {
	if e.LineStart > 0 {
		return e.Path + ":" + strconv.Itoa(e.LineStart)
	}
	return e.Path
}

func noteLine(n snapshot.Coverage) string {
	s := n.Analyzer + " " + n.Scope + ": " + n.Status
	if n.Reason != "" {
		s += ": " + n.Reason
	}
	return s
}
