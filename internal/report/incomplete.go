package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxIncomplete bounds the walk notes a text report lists under its
// partial-coverage line; the JSON report has them all.
const maxIncomplete = 10

// noDocumentsLine is the text report's line for a scan that found no
// Markdown document: "no findings" then means nothing was checked.
const noDocumentsLine = "0 documents found: there was no Markdown document to check"

// incompleteFrom reads the walk's notes that change what "no findings"
// means: the parts of the tree it did not see (a directory it cannot
// read, one deeper than its limit) and the bounds it stopped at. Build
// output read for its documents only is by design, and left out.
func incompleteFrom(cov []snapshot.Coverage) []string {
	var out []string
	for _, c := range cov {
		if c.Analyzer != "walk" {
			continue
		}
		switch {
		case c.Status == snapshot.StatusNotAnalyzed && strings.HasPrefix(c.Reason, walk.ReasonUnreadableDir):
		case c.Status == snapshot.StatusPartial && !strings.HasPrefix(c.Reason, "directory of build output"):
		default:
			continue
		}
		if c.Scope == "." || c.Scope == "" {
			out = append(out, "the walk: "+c.Reason)
		} else {
			out = append(out, c.Scope+": "+c.Reason)
		}
	}
	slices.Sort(out)
	return out
}

// incompleteLines are the text report's lines about partial coverage:
// one heading, then at most maxIncomplete notes and a count of the rest.
func incompleteLines(notes []string) []string {
	if len(notes) == 0 {
		return nil
	}
	lines := []string{fmt.Sprintf("partial coverage: the walk left out part of the tree (%s), so findings there are unknown:",
		textwriter.Plural(len(notes), "note", "notes"))}
	for i, n := range notes {
		if i == maxIncomplete {
			lines = append(lines, fmt.Sprintf("  … and %d more (the JSON report lists them)", len(notes)-maxIncomplete))
			break
		}
		lines = append(lines, "  "+n)
	}
	return lines
}
