package review

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/report"
)

// MaxJobSummary bounds the job summary: it is a page a person reads, so
// it stays under 64 KB however many findings there are (the runner's own
// bound, 1 MiB, drops a larger summary whole).
const MaxJobSummary = 64000

// JobSummary renders the job summary: the verdict, counts by severity,
// the doctor, the judged findings grouped by code, pictures of new import
// cycles, then the unchanged, not judged and resolved findings grouped the
// same way, within MaxJobSummary bytes. Each code lists its first
// DefaultMaxPerCode findings and counts the rest; when that does not fit,
// fewer per code (perCodeSteps). Where every finding is
// (RenderOptions.FullReport) is said whenever a finding is left out.
func JobSummary(r *report.Report, opts RenderOptions) string {
	v := opts.view(r)
	// The unchanged findings the selection judged (filter changed-files
	// or all against a base) are listed once, with the judged ones.
	judged := make(map[string]bool, len(v.judged))
	for _, f := range v.judged {
		judged[f.ID] = true
	}
	var unchanged []report.Finding
	if r.Compared {
		for _, f := range r.Findings {
			if f.Status == report.StatusUnchanged && !judged[f.ID] {
				unchanged = append(unchanged, f)
			}
		}
	}
	rest := unlisted(r, v.judged)
	sec := summarySections{judged: report.GroupByCode(v.judged), unchanged: report.GroupByCode(unchanged), rest: report.GroupByCode(rest),
		resolved: report.GroupByCode(r.Resolved)}
	return fitting(func(n perCode) (string, bool) { return jobSummary(r, opts, v, sec, n) })
}

// summarySections are the job summary's lists, grouped by code.
type summarySections struct{ judged, unchanged, rest, resolved []report.CodeGroup }

// jobSummary is JobSummary with n findings of a code per section; it
// reports whether the budget cut anything. The selection (changed files)
// can leave findings out of both the judged and the unchanged lists; they
// are listed too, as not judged.
func jobSummary(r *report.Report, opts RenderOptions, v ghView, sec summarySections, n perCode) (string, bool) {
	g := opts.GitHub
	judged := v.judged
	m := newBudget(MaxJobSummary, commentFooter(r, opts), opts.fullReport())
	head := "docbridge"
	if r.Project != "" {
		head += " · " + r.Project
	}
	m.block("## " + InlineText(head) + "\n\n")
	m.block(verdictLine(v, opts.FailOn) + "\n\n")
	m.block(countsLine(r, v) + "\n\n")
	if sec := suggestionSection(opts.Suggestions, opts.GitHub); sec != "" {
		m.block(sec)
	}
	if l := report.UnanalyzedLine(r.Unanalyzed); l != "" {
		m.block(InlineText(l) + "\n\n")
	}
	for _, l := range r.Inferred {
		m.block(InlineText(l) + "\n\n")
	}
	m.block(severityTable(r))
	if r.Verdict != "" {
		m.block(doctorVerdictLine(r.Verdict) + "\n\n")
	}
	if opts.Doctor != nil {
		m.block(doctorSection(opts.Doctor, true))
	}
	over := report.LeftOutBy(sec.judged, n.judged) + report.LeftOutBy(sec.unchanged, n.other) + report.LeftOutBy(sec.rest, n.other) +
		report.LeftOutBy(sec.resolved, n.other)
	m.block(fullListLine(over, opts.fullReport()))
	if len(judged) > 0 {
		m.block(sectionHeading(v, "New findings ("+thousands(len(judged))+")", "Findings ("+thousands(len(judged))+")"))
		groupedSection(m, sec.judged, n.judged, g, g.HeadSHA, defaultFullReport)
	}
	if s := cycleSection(judged, cycleTitle(v)); s != "" {
		m.block(s)
	}
	for _, part := range []struct {
		title  string
		groups []report.CodeGroup
		sha    string
	}{{"Unchanged", sec.unchanged, g.HeadSHA}, {"Not judged: outside the selection", sec.rest, g.HeadSHA}, {"Resolved", sec.resolved, g.BaseSHA}} {
		if total := groupedCount(part.groups); total > 0 {
			m.block("### " + part.title + " (" + thousands(total) + ")\n\n")
			groupedSection(m, part.groups, n.other, g, part.sha, defaultFullReport)
		}
	}
	m.block(snapshotLine(r))
	return m.String(), m.cut()
}

// severityTable counts findings by severity: judged (new) and, with a
// base, unchanged and resolved.
func severityTable(r *report.Report) string {
	var b strings.Builder
	if r.Compared {
		b.WriteString("| Level | New | Unchanged | Resolved |\n|---|--:|--:|--:|\n")
	} else {
		b.WriteString("| Level | Findings |\n|---|--:|\n")
	}
	for _, l := range report.LevelsWorstFirst {
		var n, u, res int
		for _, f := range r.Findings {
			switch {
			case f.Level != l:
			case !r.Compared || f.Status == report.StatusNew:
				n++
			case f.Status == report.StatusUnchanged:
				u++
			}
		}
		res = report.CountLevel(r.Resolved, l)
		if r.Compared {
			fmt.Fprintf(&b, "| %s %s | %d | %d | %d |\n", levelIcon(l), l, n, u, res)
		} else {
			fmt.Fprintf(&b, "| %s %s | %d |\n", levelIcon(l), l, n)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// snapshotLine names the snapshots judged.
func snapshotLine(r *report.Report) string {
	s := "Snapshot " + mdCode(r.SnapshotHash)
	if r.BaseSnapshotHash != "" {
		s += ", compared with the base " + mdCode(r.BaseSnapshotHash)
	}
	if r.SnapshotHash == "" {
		return ""
	}
	return s + ".\n\n"
}

// unlisted are r's findings in neither judged nor, with a base, the
// unchanged ones, in r's order.
func unlisted(r *report.Report, judged []report.Finding) []report.Finding {
	seen := make(map[string]bool, len(judged))
	for _, f := range judged {
		seen[f.ID] = true
	}
	var out []report.Finding
	for _, f := range r.Findings {
		if !seen[f.ID] && !(r.Compared && f.Status == report.StatusUnchanged) {
			out = append(out, f)
		}
	}
	return out
}

// groupedCount counts the findings of groups.
func groupedCount(groups []report.CodeGroup) int {
	n := 0
	for _, g := range groups {
		n += len(g.Findings)
	}
	return n
}
