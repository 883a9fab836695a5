package doctor

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Diagnose scores the repository. It never fails: what cannot be measured
// is reported as such in its dimension. The result depends only on the
// input's content, not its order.
func Diagnose(in Input) *Report {
	f := readFacts(in.Snapshot)
	ds := in.Diagnostics
	ms := []measure{
		reachability(f, in.ProjectedDocuments),
		connectivity(f, ds),
		benchmark(in.Benchmark),
		health(linksCheck, ds, f.links),
		health(declarationsCheck, ds, f.declarations),
		health(regionsCheck, ds, f.regions),
		health(requiredCheck, ds, f.requiredAreas),
		entryDocuments(f),
	}
	r := &Report{Dimensions: make([]Dimension, len(ms)), Unmet: []string{}, Issues: []Issue{}, NextActions: []string{}}
	total := 0.0
	for i := range ms {
		d := &ms[i].dim
		d.Value = round(d.Value, 4)
		d.Points = round(d.Weight*d.Value, 2)
		total += d.Points
		r.Dimensions[i] = *d
	}
	// Round down: 89.99 points is not an A.
	r.Score = int(math.Floor(total + epsilon))
	r.Unmet = unmet(ms)
	r.Grade = grade(r.Score, len(r.Unmet) > 0)
	r.Issues, r.IssuesOmitted, r.NextActions = issuesAndActions(ms, r.Unmet)
	r.Figures = figures(f, ds, in.CentralityTopN)
	r.Verdict = verdict(r, len(f.documents))
	return r
}

// issuesAndActions lists the issues of the dimensions that lost points,
// most points lost first (ties in report order), each dimension's at most
// maxIssuesPerDimension; and one action per such dimension in the same
// order, led by the points it recovers. A dimension behind an unmet A
// requirement says so even when it lost little.
func issuesAndActions(ms []measure, unmetA []string) ([]Issue, int, []string) {
	order := make([]int, 0, len(ms))
	for i := range ms {
		if lost(ms[i]) > 0 || len(ms[i].issues) > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(lost(ms[b]), lost(ms[a])) })
	issues, omitted, actions := []Issue{}, 0, []string{}
	for _, i := range order {
		m := ms[i]
		is := slices.Clone(m.issues)
		sortIssues(is)
		if len(is) > maxIssuesPerDimension {
			omitted += len(is) - maxIssuesPerDimension
			is = is[:maxIssuesPerDimension]
		}
		issues = append(issues, is...)
		if m.action == "" || lost(m) <= 0 {
			continue
		}
		a := fmt.Sprintf("+%s %s: %s", strconv.FormatFloat(lost(m), 'f', -1, 64), m.dim.Name, m.action)
		if blocksA(m.dim.Name, unmetA) {
			a += " — required for an A"
		}
		actions = append(actions, a)
	}
	return issues, omitted, actions
}

// lost is the points a dimension did not earn.
func lost(m measure) float64 { return round(m.dim.Weight-m.dim.Points, 2) }

func round(v float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(v*p) / p
}
