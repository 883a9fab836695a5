package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// TextOptions tune WriteText.
type TextOptions struct {
	// Color adds ANSI colours; the CLI sets it when stdout is a terminal
	// (IsTerminal).
	Color bool
	// MaxPerCode is how many findings of one code are listed; the rest
	// are counted in a "… and N more" line. 0 (or less) lists every
	// finding.
	MaxPerCode int
	// Rest says where the findings left out are, at the end of each
	// "… and N more" line: "--max-per-code 0 lists them", "see the JSON
	// report". Empty: nothing is added.
	Rest string
}

// ANSI escape sequences used with TextOptions.Color.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGreen  = "\x1b[32m"
)

// levelWidth is the width of the level column ("error").
const levelWidth = 5

// maxLocationWidth bounds the column locations are padded to; a longer
// location is followed by two spaces only.
const maxLocationWidth = 48

// repositoryGroup names the place of findings that name no file.
const repositoryGroup = "(repository)"

// WriteText renders the report for a terminal: findings grouped by code
// (GroupByCode's order: worst first, then the largest groups, then by
// code), each group headed by its level, code, title and count, then its
// findings one line each, new ones first —
//
//	error  BROKEN_LINK  Broken relative link · 37 findings (2 new)
//	  docs/guide.md:12  link to docs/x.md: no such file  (new)
//	  docs/setup.md     docs/setup.md has no edge into code
//	                    fix: did you mean src/rank.ts?
//	  … and 27 more BROKEN_LINK findings (--max-per-code 0 lists them)
//
// at most opts.MaxPerCode of each code, with the remediation below when
// there is one; then the resolved findings when compared, grouped the same
// way; then a summary line. Control characters in messages and paths are
// escaped.
func WriteText(w io.Writer, r *Report, opts TextOptions) error {
	tw := textwriter.New(w)
	p := painter{on: opts.Color}
	groups := GroupByCode(r.Findings)
	for i, g := range groups {
		if i > 0 {
			tw.Print("\n")
		}
		tw.Printf("%s%s  %s%s%s\n", p.paint(levelColor(g.Level), textwriter.Printable(string(g.Level))), padding(string(g.Level), levelWidth),
			p.paint(ansiBold, textwriter.Printable(g.Code)), titlePart(g), groupCount(g, r.Compared))
		shown, more := g.Shown(opts.MaxPerCode)
		width := locationWidth(shown)
		for _, f := range shown {
			loc := textwriter.Printable(locationLabel(f.Location))
			tw.Printf("  %s%s  %s%s%s\n", loc, padding(loc, width), levelTag(p, f, g), textwriter.Printable(f.Detail), statusTag(p, f.Status))
			if f.Remediation != "" {
				tw.Printf("  %*s  fix: %s\n", max(width, utf8.RuneCountInString(loc)), "", textwriter.Printable(f.Remediation))
			}
		}
		if more > 0 {
			tw.Printf("  %s\n", p.paint(ansiDim, moreText(more, "", g.Code, newIn(g.Findings[len(shown):]), opts.Rest)))
		}
	}
	if len(r.Resolved) > 0 {
		if len(groups) > 0 {
			tw.Print("\n")
		}
		tw.Printf("%s\n", p.paint(ansiGreen, "resolved since the base"))
		for _, g := range GroupByCode(r.Resolved) {
			shown, more := g.Shown(opts.MaxPerCode)
			for _, f := range shown {
				tw.Printf("  %s  %s  %s\n", p.paint(ansiDim, textwriter.Printable(f.Code)), textwriter.Printable(locationLabel(f.Location)), textwriter.Printable(f.Detail))
			}
			if more > 0 {
				tw.Printf("  %s\n", p.paint(ansiDim, moreText(more, "resolved ", g.Code, 0, opts.Rest)))
			}
		}
	}
	if len(groups) > 0 || len(r.Resolved) > 0 {
		tw.Print("\n")
	}
	tw.Printf("%s\n", summaryLine(r))
	if r.NoDocuments {
		tw.Printf("%s\n", noDocumentsLine)
	}
	for _, l := range incompleteLines(r.Incomplete) {
		tw.Printf("%s\n", textwriter.Printable(l))
	}
	if l := UnanalyzedLine(r.Unanalyzed); l != "" {
		tw.Printf("%s\n", textwriter.Printable(l))
	}
	for _, l := range r.Inferred {
		tw.Printf("%s\n", textwriter.Printable(l))
	}
	if r.Verdict != "" {
		tw.Printf("%s\n", textwriter.Printable(r.Verdict))
	}
	if tw.Err() != nil {
		return fmt.Errorf("write text report: %w", tw.Err())
	}
	return nil
}

// titlePart is "  Broken relative link", or "" when the code has no
// title of its own.
func titlePart(g CodeGroup) string {
	if g.Title == "" || g.Title == g.Code {
		return ""
	}
	return "  " + textwriter.Printable(g.Title)
}

// groupCount is " · 37 findings", with " (2 new)" when compared.
func groupCount(g CodeGroup, compared bool) string {
	s := " · " + textwriter.Plural(len(g.Findings), "finding", "findings")
	if compared && g.New > 0 {
		s += " (" + strconv.Itoa(g.New) + " new)"
	}
	return s
}

// moreText counts the findings of a code left out: "… and 27 more
// BROKEN_LINK findings (3 new; see the JSON report)". kind is "" or
// "resolved ".
func moreText(more int, kind, code string, newOnes int, rest string) string {
	s := fmt.Sprintf("… and %d more %s%s %s", more, kind, textwriter.Printable(code), textwriter.PluralWord(more, "finding", "findings"))
	var notes []string
	if newOnes > 0 {
		notes = append(notes, strconv.Itoa(newOnes)+" new")
	}
	if rest != "" {
		notes = append(notes, textwriter.Printable(rest))
	}
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, "; ") + ")"
	}
	return s
}

// levelTag shows a finding's level when it differs from its group's.
func levelTag(p painter, f Finding, g CodeGroup) string {
	if f.Level == g.Level {
		return ""
	}
	return "[" + p.paint(levelColor(f.Level), textwriter.Printable(string(f.Level))) + "] "
}

// locationWidth is the column the shown findings' locations are padded
// to: the widest, at most maxLocationWidth.
func locationWidth(fs []Finding) int {
	w := 0
	for _, f := range fs {
		if n := utf8.RuneCountInString(textwriter.Printable(locationLabel(f.Location))); n <= maxLocationWidth {
			w = max(w, n)
		}
	}
	return w
}

func locationLabel(l Location) string {
	path := l.Path
	if path == "" {
		path = repositoryGroup
	}
	if l.Line > 0 {
		return path + ":" + strconv.Itoa(l.Line)
	}
	return path
}

func statusTag(p painter, status string) string {
	if status != StatusNew {
		return ""
	}
	return "  " + p.paint(ansiBold, "(new)")
}

func levelColor(level catalog.Level) string {
	switch level {
	case catalog.Error:
		return ansiRed
	case catalog.Warn:
		return ansiYellow
	}
	return ansiCyan
}

// summaryLine counts findings by configured level, then new, unchanged and
// resolved when compared:
// "5 findings: 2 error, 1 warn, 2 info; 2 new, 3 unchanged, 1 resolved".
func summaryLine(r *Report) string {
	var b strings.Builder
	switch n := len(r.Findings); n {
	case 0:
		b.WriteString("no findings")
	case 1:
		b.WriteString("1 finding")
	default:
		fmt.Fprintf(&b, "%d findings", n)
	}
	var parts []string
	for _, l := range LevelsWorstFirst {
		if n := CountLevel(r.Findings, l); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, l))
		}
	}
	if len(parts) > 0 {
		b.WriteString(": " + strings.Join(parts, ", "))
	}
	if r.Compared {
		fmt.Fprintf(&b, "; %d new, %d unchanged, %d resolved", r.Summary.New, r.Summary.Unchanged, r.Summary.Resolved)
	}
	return b.String()
}

// painter wraps text in ANSI colours when on.
type painter struct{ on bool }

func (p painter) paint(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return code + s + ansiReset
}

// padding is the spaces that widen s to width columns (none when wider).
func padding(s string, width int) string {
	return strings.Repeat(" ", max(width-utf8.RuneCountInString(s), 0))
}
