package doctor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// Figure is an aggregate the doctor reports without scoring it: how many
// subjects a check names whose per-document findings are off by default
// (they were rarely worth a line in a review one by one, but their total
// says something about the documentation as a whole).
type Figure struct {
	// Code is the diagnostic code counted.
	Code string `json:"code"`
	// Name says what is counted.
	Name  string `json:"name"`
	Count int    `json:"count"`
	// Of is the denominator: documents, areas, or the central modules
	// examined (checks.centralityTopN); 0 when there is none.
	Of int `json:"of"`
	// Share is Count ÷ Of, 0–1 (0 without a denominator).
	Share float64 `json:"share"`
	// Paths are every subject counted, sorted.
	Paths []string `json:"paths"`
}

// maxFigurePaths bounds the subjects the text report names per figure;
// the JSON report lists them all.
const maxFigurePaths = 3

// figures counts, from the diagnostics of a run with Config, the subjects
// of each figure code: each path once.
func figures(f *facts, ds []finding.Diagnostic, centralityTopN int) []Figure {
	docsOnly := func(p string) bool { return f.isDoc[p] }
	anyPath := func(string) bool { return true }
	specs := []struct {
		codes []string
		name  string
		of    int
		keep  func(string) bool
	}{
		{[]string{catalog.DocumentWithoutCode}, "documents without an edge into code", len(f.documents), docsOnly},
		{[]string{catalog.UndocumentedArea, catalog.RequiredDocMissing}, "areas without documentation", f.areas, anyPath},
		{[]string{catalog.CentralityRisk}, "most central modules without documentation", centralityTopN, anyPath},
		{[]string{catalog.NearTwinDocument}, "documents with a near twin in their area", len(f.documents), docsOnly},
	}
	out := make([]Figure, 0, len(specs))
	for _, s := range specs {
		var paths []string
		for _, d := range byCode(ds, func(c string) bool { return slices.Contains(s.codes, c) }) {
			if p := d.Primary().Path; s.keep(p) {
				paths = append(paths, p)
			}
		}
		slices.Sort(paths)
		paths = slices.Compact(paths)
		if paths == nil {
			paths = []string{}
		}
		fig := Figure{Code: s.codes[0], Name: s.name, Count: len(paths), Of: s.of, Paths: paths}
		if s.of > 0 {
			fig.Of = max(s.of, fig.Count)
			fig.Share = round(share(fig.Count, fig.Of), 4)
		}
		out = append(out, fig)
	}
	return out
}

// figureLine renders a figure for the text report: the count, its share
// and the first maxFigurePaths subjects.
func figureLine(fig Figure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d", fig.Name, fig.Count)
	if fig.Of > 0 {
		fmt.Fprintf(&b, " of %d (%s)", fig.Of, pct(fig.Share))
	}
	if n := len(fig.Paths); n > 0 {
		shown := fig.Paths[:min(n, maxFigurePaths)]
		b.WriteString(" — " + strings.Join(shown, ", "))
		if rest := n - len(shown); rest > 0 {
			fmt.Fprintf(&b, " and %d more", rest)
		}
	}
	return b.String()
}
