package doctor

import (
	"fmt"
	"strings"
)

// grade maps a score to a letter. An A also needs every extra requirement
// (see unmet); missing one caps the grade at B.
func grade(score int, unmetA bool) string {
	switch {
	case score >= gradeA && !unmetA:
		return "A"
	case score >= gradeB:
		return "B"
	case score >= gradeC:
		return "C"
	case score >= gradeD:
		return "D"
	}
	return "F"
}

// Requirement names of the A, as Unmet and the verdict spell them.
const (
	reqReachability = "reachability 100 %"
	reqConnectivity = "connectivity ≥ 80 %"
	reqHit3         = "measured hit@3 ≥ 80 %"
)

// unmet lists the A's extra requirements the dimensions miss, each with
// what was measured. A dimension that could not be measured misses its
// requirement: an A is never granted on what was not seen.
func unmet(ms []measure) []string {
	out := []string{}
	for _, m := range ms {
		d := m.dim
		switch d.Name {
		case dimReachability:
			if d.Status != statusMeasured || d.Value < 1-epsilon {
				out = append(out, fmt.Sprintf("%s (%s)", reqReachability, measured(d)))
			}
		case dimConnectivity:
			if d.Status != statusMeasured || d.Value < minConnectivityForA-epsilon {
				out = append(out, fmt.Sprintf("%s (%s)", reqConnectivity, measured(d)))
			}
		case dimBenchmark:
			switch {
			case d.Status != statusMeasured || d.Value < minHit3ForA-epsilon:
				out = append(out, fmt.Sprintf("%s (%s)", reqHit3, measured(d)))
			case m.cases < minCasesForA:
				out = append(out, fmt.Sprintf("%s over at least %d cases (%d)", reqHit3, minCasesForA, m.cases))
			}
		}
	}
	return out
}

// blocksA reports whether a dimension stands behind an unmet requirement.
func blocksA(dim string, unmetA []string) bool {
	req := map[string]string{dimReachability: reqReachability, dimConnectivity: reqConnectivity, dimBenchmark: reqHit3}[dim]
	if req == "" {
		return false
	}
	for _, u := range unmetA {
		if strings.HasPrefix(u, req) {
			return true
		}
	}
	return false
}

// measured is a dimension's value as a requirement quotes it.
func measured(d Dimension) string {
	switch d.Status {
	case statusNotAnalyzed:
		return "not analyzed"
	case statusNotApplicable:
		return "nothing to measure"
	}
	return pct(d.Value)
}

// noDocuments is what the doctor says of a repository without Markdown
// documents, in its verdict and its issue: its grade measures nothing.
const noDocuments = "0 documents found"

// verdict is the one-line summary: the grade and score, "0 documents
// found" when there are none, and what an A still needs (the unmet requirements, else the missing points).
func verdict(r *Report, documents int) string {
	v := fmt.Sprintf("doctor: %s (%d/100)", r.Grade, r.Score)
	if documents == 0 {
		v += ", " + noDocuments
	}
	switch {
	case len(r.Unmet) > 0:
		v += " — A needs " + strings.Join(r.Unmet, "; ")
	case r.Grade != "A":
		v += fmt.Sprintf(" — A needs %d/100 (%d more points)", gradeA, gradeA-r.Score)
	}
	return v
}
