package report

import (
	"fmt"
	"io"
	"strings"
)

// MaxJobSummary is the size GITHUB_STEP_SUMMARY must stay within: the
// runner drops a larger summary whole.
const MaxJobSummary = 1 << 20

// JobSummary renders the job summary: the full report in Markdown — the
// verdict, counts by severity, the doctor, every judged finding worst
// first, the unchanged and the resolved ones, and pictures of new import
// cycles — within MaxJobSummary bytes. It is written whether or not
// posting to GitHub works, so it must hold everything.
func JobSummary(r *Report, opts GitHubOptions) string {
	g := opts.GitHub
	v := opts.view(r)
	judged := v.judged
	m := newBudget(MaxJobSummary, commentFooter(r, opts), "the JSON report (output `report`)")
	head := "docbridge"
	if r.Project != "" {
		head += " · " + r.Project
	}
	m.block("## " + mdInline(head) + "\n\n")
	m.block(verdictLine(v, opts.failOnLevel()) + "\n\n")
	m.block(countsLine(r) + "\n\n")
	m.block(severityTable(r))
	if r.Verdict != "" {
		m.block("Doctor: " + mdInline(clip(r.Verdict, MaxMarkdownCell)) + "\n\n")
	}
	if opts.Doctor != nil {
		m.block(doctorSection(opts.Doctor, true))
	}
	if len(judged) > 0 {
		m.block(sectionHeading(v, fmt.Sprintf("New findings (%d)", len(judged)), fmt.Sprintf("Findings (%d)", len(judged))))
		findingsTable(m, "", judged, g, g.HeadSHA, "\n")
	}
	if s := cycleSection(judged, cycleTitle(v)); s != "" {
		m.block(s)
	}
	if r.Compared {
		var unchanged []Finding
		for _, f := range r.Findings {
			if f.Status == StatusUnchanged {
				unchanged = append(unchanged, f)
			}
		}
		if len(unchanged) > 0 {
			m.block(fmt.Sprintf("### Unchanged (%d)\n\n", len(unchanged)))
			findingsTable(m, "", worstFirst(unchanged), g, g.HeadSHA, "\n")
		}
	}
	// The selection (changed files) can leave findings out of both lists
	// above; they are listed too, since the summary holds every finding.
	if rest := unlisted(r, judged); len(rest) > 0 {
		m.block(fmt.Sprintf("### Not judged: outside the selection (%d)\n\n", len(rest)))
		findingsTable(m, "", worstFirst(rest), g, g.HeadSHA, "\n")
	}
	if len(r.Resolved) > 0 {
		m.block(fmt.Sprintf("### Resolved (%d)\n\n", len(r.Resolved)))
		findingsTable(m, "", worstFirst(r.Resolved), g, g.BaseSHA, "\n")
	}
	m.block(snapshotLine(r))
	return m.String()
}

// WriteJobSummary writes JobSummary to w.
func WriteJobSummary(w io.Writer, r *Report, opts GitHubOptions) error {
	if _, err := io.WriteString(w, JobSummary(r, opts)); err != nil {
		return fmt.Errorf("write job summary: %w", err)
	}
	return nil
}

// severityTable counts findings by severity: judged (new) and, with a
// base, unchanged and resolved.
func severityTable(r *Report) string {
	var b strings.Builder
	if r.Compared {
		b.WriteString("| Severity | New | Unchanged | Resolved |\n|---|--:|--:|--:|\n")
	} else {
		b.WriteString("| Severity | Findings |\n|---|--:|\n")
	}
	for _, sev := range Severities {
		var n, u, res int
		for _, f := range r.Findings {
			switch {
			case f.Severity != sev:
			case !r.Compared || f.Status == StatusNew:
				n++
			case f.Status == StatusUnchanged:
				u++
			}
		}
		for _, f := range r.Resolved {
			if f.Severity == sev {
				res++
			}
		}
		if r.Compared {
			fmt.Fprintf(&b, "| %s %s | %d | %d | %d |\n", severityIcon(sev), severityLevelName(sev), n, u, res)
		} else {
			fmt.Fprintf(&b, "| %s %s | %d |\n", severityIcon(sev), severityLevelName(sev), n)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// snapshotLine names the snapshots judged.
func snapshotLine(r *Report) string {
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
func unlisted(r *Report, judged []Finding) []Finding {
	seen := make(map[string]bool, len(judged))
	for _, f := range judged {
		seen[f.ID] = true
	}
	var out []Finding
	for _, f := range r.Findings {
		if !seen[f.ID] && !(r.Compared && f.Status == StatusUnchanged) {
			out = append(out, f)
		}
	}
	return out
}
