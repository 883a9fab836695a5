package doctor

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
)

// measure is one dimension before points and ordering: its value, the
// problems behind what it lost and the action that recovers it.
type measure struct {
	dim    Dimension
	issues []Issue
	// action says what to do when points are lost, without the points.
	action string
	// cases is the benchmark's case count (the A needs enough of them).
	cases int
}

// ratio is 1 − min(1, problems/denominator): the share of references
// without a problem. A denominator below the problem count (evidence is
// bounded, a caller's snapshot may be partial) is raised to it, so the
// share never goes negative.
func ratio(problems, denominator int) float64 {
	if problems <= 0 {
		return 1
	}
	return 1 - float64(problems)/float64(max(problems, denominator))
}

// share is part/whole, 0 for an empty whole.
func share(part, whole int) float64 {
	if whole <= 0 {
		return 0
	}
	return min(1, max(0, float64(part)/float64(whole)))
}

// pct formats a share as a percentage with one decimal, rounded down so a
// value short of 100 % never prints as 100.0 %.
func pct(v float64) string {
	return fmt.Sprintf("%.1f %%", math.Floor(v*1000+epsilon)/10)
}

// byCode returns the diagnostics whose code passes keep, sorted by path,
// line, code and id, each id once (a diagnostic passed twice is one
// problem).
func byCode(ds []finding.Diagnostic, keep func(code string) bool) []finding.Diagnostic {
	var out []finding.Diagnostic
	for _, d := range ds {
		// A grouped finding counts the references it stands for: a
		// DRIFT_MOVE's drifted links, or one reference repeated on many
		// lines (whose members share its code), each line once.
		if keep(d.Code) && (len(d.Members) == 0 || d.Members[0].Code != d.Code) {
			out = append(out, d)
		}
		for _, m := range d.Members {
			if keep(m.Code) {
				out = append(out, m)
			}
		}
	}
	finding.Sort(out)
	return slices.CompactFunc(out, func(a, b finding.Diagnostic) bool {
		return a.ID == b.ID && a.Code == b.Code && a.Primary() == b.Primary()
	})
}

// diagnosticIssues turns diagnostics into issues of a dimension.
func diagnosticIssues(dim string, ds []finding.Diagnostic) []Issue {
	out := make([]Issue, 0, len(ds))
	for _, d := range ds {
		p := d.Primary()
		out = append(out, Issue{Dimension: dim, Code: d.Code, Message: d.Message, Path: p.Path, Line: p.Line})
	}
	return out
}

// firstPlaces names up to three issue locations, for an action.
func firstPlaces(issues []Issue) string {
	var names []string
	for _, is := range issues {
		if is.Path == "" {
			continue
		}
		name := is.Path
		if is.Line > 0 {
			name = fmt.Sprintf("%s:%d", is.Path, is.Line)
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
		if len(names) == 3 {
			break
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (" + strings.Join(names, ", ") + ")"
}

// sortIssues orders issues by path, line, code and message.
func sortIssues(is []Issue) {
	slices.SortFunc(is, func(a, b Issue) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line),
			strings.Compare(a.Code, b.Code), strings.Compare(a.Message, b.Message))
	})
}
