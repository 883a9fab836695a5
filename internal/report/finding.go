package report

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// The JSON report's severities of a finding, mapped from its level where
// the report is built (SeverityOf) for the report's consumers: nothing in
// docbridge reads them. There is no "critical": docbridge judges
// documentation, and nothing it finds is a security emergency.
const (
	SeverityHigh   = "high"
	SeverityMedium = "medium"
	SeverityLow    = "low"
	severityInfo   = "info"
)

// Severities lists the JSON report's severities, worst first.
var Severities = []string{SeverityHigh, SeverityMedium, SeverityLow, severityInfo}

// Statuses of a finding against a base. A finding has no status ("") when
// no comparison was made.
const (
	StatusNew       = "new"
	StatusUnchanged = "unchanged"
	StatusResolved  = "resolved"
)

// Finding is one diagnostic as reported.
type Finding struct {
	// ID is the diagnostic's fingerprint (stable across line moves).
	ID   string `json:"id"`
	Code string `json:"code"`
	// Severity is Level mapped to the JSON report's scale (high, medium,
	// low, info); nothing in docbridge reads it.
	Severity string `json:"severity"`
	// Level is the configured severity the rule ran at: error, warn or info.
	Level catalog.Level `json:"level"`
	// Title is the catalog's short name of the code.
	Title string `json:"title"`
	// Detail is the diagnostic's message, followed by " (3×)" when the
	// finding stands for several identical ones (Occurrences), and by the
	// further lines they are on: " (3×, also lines 9, 12)".
	Detail string `json:"detail"`
	// Occurrences counts the identical findings in one document (same
	// code, file, subject and message) this one stands for, when more
	// than one; Evidence names each of their lines.
	Occurrences int `json:"occurrences,omitempty"`
	// Location is where the finding is reported (Evidence[0], or the
	// repository when there is no evidence).
	Location Location `json:"location"`
	// Evidence lists every location the finding rests on, Location first.
	Evidence    []Location `json:"evidence"`
	EntityIDs   []string   `json:"entityIds"`
	Remediation string     `json:"remediation,omitempty"`
	// HelpURL documents the code.
	HelpURL string `json:"helpUrl"`
	// Status is new, unchanged or resolved; empty without a base.
	Status string `json:"status,omitempty"`
	// Edits are the rewrites `docbridge fix` applies for this finding
	// (drift whose new form is unambiguous).
	Edits []finding.Edit `json:"edits,omitempty"`
}

// Location is a file and a 1-based line as the JSON report writes it. Line
// 0 is the whole file; an empty Path is the repository. It is
// finding.Location's fields with another encoding: the report always
// writes "line" (0 included), where a diagnostic leaves a 0 out, so the
// report's format stays what its consumers read.
type Location struct {
	Path string `json:"path"`
	Line int    `json:"line"`
}

// LevelsWorstFirst is the level scale in the order people read it.
var LevelsWorstFirst = []catalog.Level{catalog.Error, catalog.Warn, catalog.Info, catalog.Off}

// levelRank is a level's place in LevelsWorstFirst (unknown levels last).
func levelRank(l catalog.Level) int {
	if i := slices.Index(LevelsWorstFirst, l); i >= 0 {
		return i
	}
	return len(LevelsWorstFirst)
}

// CountLevel counts the findings of level l.
func CountLevel(fs []Finding, l catalog.Level) int {
	n := 0
	for _, f := range fs {
		if f.Level == l {
			n++
		}
	}
	return n
}

// SeverityOf maps a configured level to the reporting severity:
// error→high, warn→medium, info→low, off (and anything unknown)→info.
func SeverityOf(level catalog.Level) string {
	switch level {
	case catalog.Error:
		return SeverityHigh
	case catalog.Warn:
		return SeverityMedium
	case catalog.Info:
		return SeverityLow
	}
	return severityInfo
}

// fromDiagnostics converts diagnostics into findings with the given status
// ("" when there is no comparison), in canonical order (path, line, code,
// id). The input is not modified.
func fromDiagnostics(ds []finding.Diagnostic, status string) []Finding {
	out := make([]Finding, 0, len(ds))
	for _, d := range ds {
		out = append(out, fromDiagnostic(d, status))
	}
	sortFindings(out)
	return out
}

func fromDiagnostic(d finding.Diagnostic, status string) Finding {
	title, url := d.Code, catalog.DocsURL
	if r, ok := catalog.Lookup(d.Code); ok {
		title, url = r.Title, r.URL()
	}
	ev := make([]Location, 0, len(d.Evidence))
	for _, l := range d.Evidence {
		ev = append(ev, Location{Path: l.Path, Line: max(l.Line, 0)})
	}
	var loc Location
	if len(ev) > 0 {
		loc = ev[0]
	}
	ids := slices.Clone(d.EntityIDs)
	if ids == nil {
		ids = []string{}
	}
	return Finding{
		ID:          d.ID,
		Code:        d.Code,
		Severity:    SeverityOf(d.Severity),
		Level:       d.Severity,
		Title:       title,
		Detail:      detail(d),
		Occurrences: d.Occurrences,
		Location:    loc,
		Evidence:    ev,
		EntityIDs:   ids,
		Remediation: d.Remediation,
		HelpURL:     url,
		Status:      status,
		Edits:       slices.Clone(d.Edits),
	}
}

// detailLines bounds the further lines a detail names.
const detailLines = 5

// detail is the message a reader sees: with the count of identical
// findings it stands for, "(3×)", and the further lines of its file they
// are on, "(3×, also lines 9, 12)", so that every format says it once.
func detail(d finding.Diagnostic) string {
	if d.Occurrences <= 1 {
		return d.Message
	}
	at := d.Primary()
	var lines []string
	more := 0
	for _, l := range d.Evidence[1:] {
		switch {
		case l.Path != at.Path || l.Line == at.Line || l.Line == 0:
		case len(lines) == detailLines:
			more++
		default:
			lines = append(lines, fmt.Sprint(l.Line))
		}
	}
	switch {
	case more > 0:
		return fmt.Sprintf("%s (%d×, also lines %s and %d more)", d.Message, d.Occurrences, strings.Join(lines, ", "), more)
	case len(lines) == 1:
		return fmt.Sprintf("%s (%d×, also line %s)", d.Message, d.Occurrences, lines[0])
	case len(lines) > 1:
		return fmt.Sprintf("%s (%d×, also lines %s)", d.Message, d.Occurrences, strings.Join(lines, ", "))
	}
	return fmt.Sprintf("%s (%d×)", d.Message, d.Occurrences)
}

// sortFindings puts findings in canonical order: path, line, code, id (the
// order of finding.Sort).
func sortFindings(fs []Finding) {
	slices.SortFunc(fs, CompareFindings)
}

// CompareFindings is the canonical order of findings: path, line, code,
// then id.
func CompareFindings(a, b Finding) int {
	return cmp.Or(strings.Compare(a.Location.Path, b.Location.Path), cmp.Compare(a.Location.Line, b.Location.Line),
		strings.Compare(a.Code, b.Code), strings.Compare(a.ID, b.ID))
}
