package review

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// findingsTableHead opens the Markdown findings table every GitHub
// renderer shows.
const findingsTableHead = "| | Finding | Where |\n|---|---|---|\n"

// titleLink is a code's title (the code when it has none) as Markdown,
// linked to the code's documentation when there is a safe URL for it.
func titleLink(title, code, helpURL string) string {
	t := InlineText(cmp.Or(title, code))
	if u := safeURL(helpURL); u != "" {
		return "[" + t + "](" + u + ")"
	}
	return t
}

// findingRow is one finding as a table row: severity icon, the code's
// title linked to its documentation, the message and the remediation,
// and the location linked to its line at sha.
func findingRow(f report.Finding, g GitHubContext, sha string) string {
	var b strings.Builder
	b.WriteString("| ")
	b.WriteString(levelIcon(f.Level))
	b.WriteString(" | **")
	b.WriteString(titleLink(f.Title, f.Code, f.HelpURL))
	b.WriteString("** ")
	b.WriteString(mdCode(f.Code))
	b.WriteString(" — ")
	writeDetailCells(&b, f, g, sha)
	return b.String()
}

// writeDetailCells ends a finding's table row: the message with its
// remediation, then the location linked to its line at sha.
func writeDetailCells(b *strings.Builder, f report.Finding, g GitHubContext, sha string) {
	b.WriteString(InlineText(clip(f.Detail, maxMarkdownCell)))
	if f.Remediation != "" {
		b.WriteString("<br>Fix: ")
		b.WriteString(InlineText(clip(f.Remediation, maxMarkdownCell)))
	}
	b.WriteString(" | ")
	b.WriteString(whereCell(f.Location, g, sha))
	b.WriteString(" |\n")
}

// whereCell is a location as a link to its line at sha, or plain text.
func whereCell(l report.Location, g GitHubContext, sha string) string {
	if l.Path == "" {
		return "(repository)"
	}
	label := g.repoPath(l.Path)
	if l.Line > 0 {
		label += ":" + strconv.Itoa(l.Line)
	}
	if u := g.blobURL(sha, l); u != "" {
		return "[" + InlineText(label) + "](" + u + ")"
	}
	return InlineText(label)
}

// findingsTable adds fs to m as a findings table (between open and
// close, around the standard head), linking locations at sha.
func findingsTable(m *budget, open string, fs []report.Finding, g GitHubContext, sha, close string) {
	m.table(open+findingsTableHead, len(fs), func(i int) string { return findingRow(fs[i], g, sha) }, close)
}

// safeURL returns u when it is an http(s) URL that cannot break out of a
// Markdown link destination, else "".
func safeURL(u string) string {
	if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return ""
	}
	if strings.ContainsAny(u, " ()<>\"'`|\\[]") || strings.ContainsFunc(u, textwriter.UnsafeRune) {
		return ""
	}
	return u
}

// countsLine says how many findings are new, unchanged and resolved, or
// how many there are without a base and which of them are judged.
func countsLine(r *report.Report, v ghView) string {
	if !r.Compared {
		judged := "every finding is judged"
		if v.inChangedFiles {
			judged = "the findings in the pull request's changed files are judged"
		}
		return textwriter.Plural(len(r.Findings), "finding", "findings") + " (no base to compare with: " + judged + ")"
	}
	return fmt.Sprintf("%s · %d unchanged · %d resolved", textwriter.Plural(r.Summary.New, "new finding", "new findings"),
		r.Summary.Unchanged, len(r.Resolved))
}

// verdictLine says whether the check passes under failOn, and names a
// filter other than the default.
func verdictLine(v ghView, failOn catalog.FailOn) string {
	failOn = failOn.OrDefault()
	noun := v.noun()
	var s string
	switch n := v.failing; {
	case failOn == catalog.FailNone:
		s = "ℹ️ Report only (`fail-on: none`)."
	case n > 0:
		s = fmt.Sprintf("❌ %s at or above %s: this check fails.", textwriter.Plural(n, noun, noun+"s"), mdCode(failOn.String()))
	default:
		s = fmt.Sprintf("✅ No %s at or above %s.", noun, mdCode(failOn.String()))
	}
	if v.filter != "" {
		s += " Filter: " + mdCode(v.filter) + "."
	}
	return s
}
