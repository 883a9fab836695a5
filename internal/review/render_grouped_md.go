package review

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// The job summary and the check run's summary list at most
// DefaultMaxPerCode findings of each code per section. When that still
// does not fit their byte limit, they are rendered again with fewer per
// code, in this order, so that a large repository's summary keeps a few
// findings of every code instead of many of the first codes and none of
// the last. The judged (new) findings shrink last.
var perCodeSteps = []perCode{{10, 10}, {10, 5}, {10, 3}, {5, 3}, {5, 1}, {3, 1}, {2, 1}, {1, 1}}

// perCode is how many findings of one code a section lists: the judged
// section, and the others (unchanged, not judged, resolved).
type perCode struct{ judged, other int }

// defaultFullReport names where every finding is when the caller says
// nothing (RenderOptions.FullReport).
const defaultFullReport = "the JSON report"

// fullReport is opts.FullReport or its default.
func (o RenderOptions) fullReport() string {
	return cmp.Or(o.FullReport, defaultFullReport)
}

// groupedTableHead opens one code's table; the code's heading names the
// code, so a row is the message and the place.
const groupedTableHead = "| Finding | Where |\n|---|---|\n"

// codeHeading heads one code's findings in a section:
// "#### 🔴 [Broken relative link](…) · `BROKEN_LINK` · 1,234 findings".
func codeHeading(g report.CodeGroup) string {
	var b strings.Builder
	b.WriteString("#### ")
	b.WriteString(levelIcon(g.Level))
	b.WriteByte(' ')
	b.WriteString(titleLink(g.Title, g.Code, g.HelpURL))
	if g.Title != "" && g.Title != g.Code {
		b.WriteString(" · " + mdCode(g.Code))
	}
	b.WriteString(" · " + thousands(len(g.Findings)) + " " + textwriter.PluralWord(len(g.Findings), "finding", "findings"))
	b.WriteString("\n\n")
	return b.String()
}

// groupedRow is one finding in its code's table: the message with its
// remediation, and the location linked to its line at sha. The code's
// heading shows the severity; a finding of another severity than its
// group's (a code has one level in a run, but a resolved finding keeps
// the base's) shows its own icon.
func groupedRow(f report.Finding, groupLevel catalog.Level, g GitHubContext, sha string) string {
	var b strings.Builder
	b.WriteString("| ")
	if f.Level != groupLevel {
		b.WriteString(levelIcon(f.Level) + " ")
	}
	writeDetailCells(&b, f, g, sha)
	return b.String()
}

// codeMoreLine counts one code's findings a list left out and says where
// they are: "… and 37 more `UNRESOLVED_PATH` findings (see the JSON
// report)." It is "" when none were.
func codeMoreLine(more int, code, where string) string {
	if more == 0 {
		return ""
	}
	return fmt.Sprintf("… and %s more %s %s (see %s).\n", thousands(more), mdCode(code),
		textwriter.PluralWord(more, "finding", "findings"), where)
}

// groupedSection adds groups (report.GroupByCode's) to m, each code a heading
// and a table of its first n findings (every one when n <= 0) linked at
// sha, then a line counting the rest, which says to see where (Markdown).
func groupedSection(m *budget, groups []report.CodeGroup, n int, g GitHubContext, sha, where string) {
	for _, grp := range groups {
		shown, more := grp.Shown(n)
		closing := "\n"
		if more > 0 {
			closing = "\n" + codeMoreLine(more, grp.Code, where) + "\n"
		}
		m.table(codeHeading(grp)+groupedTableHead, len(shown), func(i int) string { return groupedRow(shown[i], grp.Level, g, sha) }, closing)
	}
}

// fullListLine says where every finding is (Markdown: the caller's
// RenderOptions.FullReport), when a section left some out.
func fullListLine(leftOut int, where string) string {
	if leftOut == 0 {
		return ""
	}
	return fmt.Sprintf("Only the first findings of each code are listed; every finding is in %s.\n\n", where)
}

// fitting renders with each step of perCodeSteps until a rendering fits
// its budget uncut, and returns that one, or the last.
func fitting(render func(perCode) (string, bool)) string {
	var out string
	for _, step := range perCodeSteps {
		s, cut := render(step)
		if !cut {
			return s
		}
		out = s
	}
	return out
}
