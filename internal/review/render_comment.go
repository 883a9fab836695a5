package review

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxCommentPerCode is how many new findings of one code the sticky PR
// comment lists (report.DefaultMaxPerCode elsewhere).
const maxCommentPerCode = 5

// StickyMarker opens the sticky PR comment. The poster finds the comment
// by this marker and by its own bot author; no rendered repository text
// can contain it, because every renderer escapes '<'.
const StickyMarker = "<!-- docbridge:sticky v1 -->"

// Bounds of the sticky PR comment.
const (
	// MaxCommentChars keeps the comment under GitHub's 65,536-character
	// body limit with room to spare.
	MaxCommentChars = 60000
	// maxCommentRows is the most new findings the comment lists in all
	// (at most maxCommentPerCode of each code); the rest are counted and
	// left to the job summary.
	maxCommentRows = 30
	// maxCommentResolvedRows is the most resolved findings it lists.
	maxCommentResolvedRows = 10
)

// Comment renders the sticky PR comment: the marker, a verdict heading
// (new findings, the doctor's grade and its change), the new findings
// grouped by code (worst codes first, maxCommentPerCode of each, the rest
// counted) with links to their lines at the head, the resolved ones,
// the doctor's table and pictures of new import cycles, all within
// MaxCommentChars. When nothing is new it says so in one line.
func Comment(r *report.Report, opts RenderOptions) string {
	g := opts.GitHub
	v := opts.view(r)
	judged := v.judged
	m := newBudget(MaxCommentChars, commentFooter(r, opts), "the job summary")
	m.block(StickyMarker + "\n")

	head := "docbridge · " + newCountLabel(v)
	if opts.Doctor != nil {
		head += " · " + opts.Doctor.headline()
	}
	m.block("### " + InlineText(head) + "\n\n")

	if len(judged) == 0 {
		// Quiet when nothing is new: one line, not a disappearing comment.
		line := "No new documentation findings."
		if !v.onlyNew {
			line = "No documentation findings."
		}
		if opts.Doctor != nil {
			line += " Grade " + opts.Doctor.label() + "."
		}
		m.block(InlineText(line) + "\n\n")
	} else {
		m.block(verdictLine(v, opts.FailOn) + "\n\n")
		commentFindings(m, judged, g)
		if opts.Suggestions != nil {
			if sec := suggestionSection(opts.Suggestions, g); sec != "" {
				m.block(sec)
			}
		} else if line := fixLine(judged, g); line != "" {
			m.block(line + "\n\n")
		}
	}
	if r.Compared {
		line := fmt.Sprintf("✅ %d resolved · %d unchanged", len(r.Resolved), r.Summary.Unchanged)
		if v.onlyNew {
			line += " (not annotated; see " + summaryLink(g) + ")"
		}
		m.block(line + "\n\n")
	}
	if len(r.Resolved) > 0 {
		shown, more := textwriter.Bound(report.WorstFirst(r.Resolved), maxCommentResolvedRows)
		findingsTable(m, fmt.Sprintf("<details><summary>Resolved (%d)</summary>\n\n", len(r.Resolved)),
			shown, g, g.BaseSHA, moreLine(more)+"\n</details>\n\n")
	}
	if opts.Doctor != nil {
		m.block(doctorSection(opts.Doctor, false))
	}
	if s := cycleSection(judged, cycleTitle(v)); s != "" {
		m.block(s)
	}
	if s := enrichmentSection(opts.Enrichment); s != "" {
		m.block(s)
	}
	return m.String()
}

// commentFindings adds the judged findings as one table grouped by code
// (report.GroupByCode's order): at most maxCommentPerCode rows of a code, then a
// row counting the code's rest, and at most maxCommentRows finding rows in
// all; a line after the table counts, by code, the findings of the codes
// that got no row.
func commentFindings(m *budget, judged []report.Finding, g GitHubContext) {
	type item struct {
		f    report.Finding
		more int
		code string
	}
	var items []item
	var unlisted []report.CodeGroup
	rows, hidden := 0, 0
	for _, grp := range report.GroupByCode(judged) {
		if rows >= maxCommentRows {
			unlisted = append(unlisted, grp)
			hidden += len(grp.Findings)
			continue
		}
		shown, more := grp.Shown(min(maxCommentPerCode, maxCommentRows-rows))
		for _, f := range shown {
			items = append(items, item{f: f})
		}
		rows += len(shown)
		if more > 0 {
			items = append(items, item{more: more, code: grp.Code})
		}
	}
	closing := "\n"
	if hidden > 0 {
		var codes []string
		for _, grp := range unlisted {
			codes = append(codes, fmt.Sprintf("%s (%s)", mdCode(grp.Code), thousands(len(grp.Findings))))
		}
		closing += fmt.Sprintf("… and %s of other codes in %s: %s.\n\n", textwriter.Plural(hidden, "more finding", "more findings"),
			summaryLink(g), strings.Join(codes, ", "))
	}
	m.table(findingsTableHead, len(items), func(i int) string {
		it := items[i]
		if it.more == 0 {
			return findingRow(it.f, g, g.HeadSHA)
		}
		return fmt.Sprintf("| | … and %s more %s %s | in %s |\n", thousands(it.more), mdCode(it.code),
			textwriter.PluralWord(it.more, "finding", "findings"), summaryLink(g))
	}, closing)
}

// newCountLabel is "2 new findings", "no new findings", or "2 findings"
// when the judged findings are not just the new ones.
func newCountLabel(v ghView) string {
	if len(v.judged) == 0 {
		return "no " + v.noun() + "s"
	}
	return textwriter.Plural(len(v.judged), v.noun(), v.noun()+"s")
}

// moreLine counts the rows a list left out, or is "".
func moreLine(more int) string {
	if more == 0 {
		return ""
	}
	return fmt.Sprintf("\n… and %d more in the job summary.\n", more)
}

// summaryLink names the job summary, linked to the run when known.
func summaryLink(g GitHubContext) string {
	if u := safeURL(g.RunURL); u != "" {
		return "the [job summary](" + u + ")"
	}
	return "the job summary"
}

// commentFooter is the small print: version, the caller's stats, the
// full report's link.
func commentFooter(r *report.Report, opts RenderOptions) string {
	parts := []string{InlineText(strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version))}
	if opts.Stats != "" {
		parts = append(parts, InlineText(clip(opts.Stats, maxMarkdownCell)))
	}
	if u := safeURL(opts.GitHub.RunURL); u != "" {
		parts = append(parts, "[full report]("+u+")")
	}
	return "<sub>" + strings.Join(parts, " · ") + "</sub>\n"
}

// fixLine tells, when some judged findings carry edits, how many
// references `docbridge fix` rewrites and the commands that do it at the
// pull request's head: a snapshot of the base, then fix against it. It
// is "" when nothing is fixable.
func fixLine(judged []report.Finding, g GitHubContext) string {
	refs, findings := 0, 0
	for _, f := range judged {
		if len(f.Edits) > 0 {
			refs += len(f.Edits)
			findings++
		}
	}
	if refs == 0 {
		return ""
	}
	base := "the base commit"
	if isHex(g.BaseSHA) {
		base = mdCode(g.BaseSHA[:min(len(g.BaseSHA), 12)])
	}
	return fmt.Sprintf("🛠 `docbridge fix` rewrites %s of %s whose new place is unambiguous: "+
		"`%s` on a checkout of %s, then `%s` on this branch (`--dry-run` prints the diff only).",
		textwriter.Plural(refs, "reference", "references"), textwriter.Plural(findings, "finding", "findings"),
		cliCommand(g, "scan", "--out", "base.json"), base, cliCommand(g, "fix", "--base", "base.json"))
}

// isHex reports a non-empty string of hexadecimal digits (a commit id).
func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return s != ""
}
