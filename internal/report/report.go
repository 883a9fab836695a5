package report

import (
	"slices"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// ToolName is the name docbridge reports itself under.
const ToolName = "docbridge"

// Report is the result of one check, as every renderer reads it.
type Report struct {
	Tool    Tool   `json:"tool"`
	Project string `json:"project"`
	// SnapshotHash is the content hash of the head snapshot judged.
	SnapshotHash string `json:"snapshotHash"`
	// BaseSnapshotHash is the base snapshot's content hash, when compared.
	BaseSnapshotHash string `json:"baseSnapshotHash,omitempty"`
	// Compared is set when findings were compared with a base: then every
	// finding has a Status and Resolved lists what the change fixed.
	Compared bool    `json:"compared"`
	Summary  Summary `json:"summary"`
	// Findings are the head's findings in canonical order (path, line,
	// code, id). Renderers that show the worst first sort a copy.
	Findings []Finding `json:"findings"`
	// Resolved are the base's findings the head no longer has, in
	// canonical order; empty without a comparison.
	Resolved []Finding `json:"resolved"`
	// Verdict is the doctor's one-line judgement, when a doctor ran.
	Verdict string `json:"verdict,omitempty"`
	// Unanalyzed counts and lists the files the scan could not analyze;
	// nil when it read every file.
	Unanalyzed *Unanalyzed `json:"unanalyzed,omitempty"`
	// Inferred says, one sentence per documentation tree, which site
	// convention the scan inferred for a tree no recognised generator
	// renders, or that its links fit none (the scan's site-inference
	// notes, in tree order).
	Inferred []string `json:"inferred,omitempty"`
	// Incomplete are the walk's notes that change what "no findings"
	// means, "path: reason", sorted: a directory it could not read, one
	// deeper than its limit, a bound it stopped at.
	Incomplete []string `json:"incomplete,omitempty"`
	// NoDocuments is set when the scan found no Markdown document: no
	// findings then means nothing was checked.
	NoDocuments bool `json:"noDocuments,omitempty"`
}

// Tool names the program that made the report.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Summary counts the findings. ByLevel always has the four levels as keys
// and BySeverity the four reporting severities, so a reader never meets a
// missing key.
type Summary struct {
	// Total is len(Findings); resolved findings are not counted.
	Total int `json:"total"`
	// New counts the findings the check judges: those whose status is new
	// with a base, every finding without one ("every finding counts as
	// new"), so that it agrees with the exit status and the stderr line.
	New       int `json:"new"`
	Unchanged int `json:"unchanged"`
	Resolved  int `json:"resolved"`
	// ByLevel counts the findings per level (error, warn, info, off): the
	// one scale the text report, fail-on and the GitHub renderings speak.
	ByLevel map[catalog.Level]int `json:"byLevel"`
	// BySeverity counts them per reporting severity (high, medium, low,
	// info); kept for readers of earlier reports, ByLevel replaces it.
	BySeverity map[string]int `json:"bySeverity"`
}

// Input is what Build reads.
type Input struct {
	// Version is docbridge's version; the tool name is ToolName.
	Version      string
	Project      string
	SnapshotHash string
	// BaseSnapshotHash is the base's content hash, with a Comparison.
	BaseSnapshotHash string
	// Diagnostics are the head's findings; ignored when Comparison is set.
	Diagnostics []finding.Diagnostic
	// Comparison, when set, supplies the findings with their status.
	Comparison *finding.Comparison
	// Coverage is the head snapshot's coverage: the files it could not
	// analyze are counted from it.
	Coverage []snapshot.Coverage
}

// Build assembles the report of one check.
func Build(in Input) *Report {
	r := &Report{
		Tool:         Tool{Name: ToolName, Version: in.Version},
		Project:      in.Project,
		SnapshotHash: in.SnapshotHash,
	}
	if c := in.Comparison; c != nil {
		r.Compared = true
		r.BaseSnapshotHash = in.BaseSnapshotHash
		r.Findings = append(fromDiagnostics(c.New, StatusNew), fromDiagnostics(c.Unchanged, StatusUnchanged)...)
		sortFindings(r.Findings)
		r.Resolved = fromDiagnostics(c.Resolved, StatusResolved)
	} else {
		r.Findings = fromDiagnostics(in.Diagnostics, "")
		r.Resolved = []Finding{}
	}
	r.Summary = Summarize(r.Findings, r.Resolved)
	if !r.Compared {
		// Without a base every finding is judged, as new (Judged).
		r.Summary.New = r.Summary.Total
	}
	r.Unanalyzed = unanalyzedFrom(in.Coverage)
	r.Inferred = inferredFrom(in.Coverage)
	r.Incomplete = incompleteFrom(in.Coverage)
	return r
}

// inferredFrom reads the scan's site-inference notes, sorted.
func inferredFrom(cov []snapshot.Coverage) []string {
	var out []string
	for _, c := range cov {
		if c.Analyzer == snapshot.AnalyzerSiteInference {
			out = append(out, c.Reason)
		}
	}
	slices.Sort(out)
	return out
}

// Summarize counts findings and resolved findings as Report.Summary does.
func Summarize(fs, resolved []Finding) Summary {
	s := Summary{Total: len(fs), Resolved: len(resolved), ByLevel: make(map[catalog.Level]int, len(LevelsWorstFirst)),
		BySeverity: make(map[string]int, len(Severities))}
	for _, l := range LevelsWorstFirst {
		s.ByLevel[l] = 0
	}
	for _, sev := range Severities {
		s.BySeverity[sev] = 0
	}
	for _, f := range fs {
		s.ByLevel[f.Level]++
		s.BySeverity[f.Severity]++
		switch f.Status {
		case StatusNew:
			s.New++
		case StatusUnchanged:
			s.Unchanged++
		}
	}
	return s
}
