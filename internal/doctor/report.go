package doctor

import (
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Input is what Diagnose reads.
type Input struct {
	// Snapshot is the repository judged.
	Snapshot *snapshot.Snapshot
	// Diagnostics are reconcile's findings on Snapshot, with every code of
	// codes turned on (Config does that); their severities are ignored.
	Diagnostics []finding.Diagnostic
	// ProjectedDocuments is the number of documents the retrieval
	// projection holds.
	ProjectedDocuments int
	// Benchmark is the golden-suite result; nil when no suite ran.
	Benchmark *Benchmark
	// CentralityTopN is how many of the most central modules
	// CENTRALITY_RISK examined (checks.centralityTopN), the denominator of
	// its figure; 0 leaves the figure without one.
	CentralityTopN int
}

// Benchmark is a golden-suite run's figure the doctor scores.
type Benchmark struct {
	// Suite names the suite (its path).
	Suite string `json:"suite"`
	// Cases is how many cases ran; a suite with none is not a measurement.
	Cases int `json:"cases"`
	// Hit3 is the share of cases with an expected target among the first
	// three results, 0–1.
	Hit3 float64 `json:"hit3"`
}

// Dimension statuses.
const (
	// statusMeasured: the value was measured.
	statusMeasured = "measured"
	// statusNotAnalyzed: the measurement did not run (no golden suite);
	// the dimension scores 0.
	statusNotAnalyzed = "not-analyzed"
	// statusNotApplicable: there is nothing to measure. Findability
	// dimensions then score 0 (no documents means nothing to find); health
	// checks score in full (no links means no broken link).
	statusNotApplicable = "not-applicable"
)

// Report is the doctor's judgement.
type Report struct {
	// Score is the sum of the dimensions' points, rounded down.
	Score int `json:"score"`
	// Grade is A, B, C, D or F (see Grade).
	Grade      string      `json:"grade"`
	Dimensions []Dimension `json:"dimensions"`
	// Unmet lists the A's extra requirements the repository misses, each
	// with its measured value; an A score with any of them is a B.
	Unmet []string `json:"unmet"`
	// Issues are the problems behind lost points, at most
	// maxIssuesPerDimension per dimension, worst dimension first.
	Issues []Issue `json:"issues"`
	// IssuesOmitted counts the problems past the bound.
	IssuesOmitted int `json:"issuesOmitted"`
	// NextActions say how to recover points, most points first.
	NextActions []string `json:"nextActions"`
	// Figures are aggregates reported without points (see Figure).
	Figures []Figure `json:"figures"`
	// Verdict is the one-line summary, e.g.
	// "doctor: B (82/100) — A needs measured hit@3 ≥ 80 % (not analyzed)".
	Verdict string `json:"verdict"`
}

// Dimension is one measured part of the score.
type Dimension struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
	// Points is Weight × Value, rounded to two decimals.
	Points float64 `json:"points"`
	Status string  `json:"status"`
	// Value is the measured share, 0–1.
	Value float64 `json:"value"`
	// Explanation says what was measured, with the counts.
	Explanation string `json:"explanation"`
	// Problems counts the problems behind the lost points (Issues shows
	// at most maxIssuesPerDimension of them).
	Problems int `json:"problems"`
}

// Issue is one problem behind lost points.
type Issue struct {
	Dimension string `json:"dimension"`
	// Code is the reconcile diagnostic's code, or a doctor code in lower
	// case (readme-missing, agents-missing, not-linked-from-entry,
	// not-projected, benchmark-not-analyzed, benchmark-misses).
	Code    string `json:"code"`
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
}

// maxIssuesPerDimension bounds the issues listed per dimension; the rest
// are counted in Report.IssuesOmitted.
const maxIssuesPerDimension = 10
