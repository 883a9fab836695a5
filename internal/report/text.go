package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// TextOptions tune WriteText.
type TextOptions struct {
	// Color adds ANSI colours; the CLI sets it when stdout is a terminal
	// (IsTerminal).
	Color bool
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

// repositoryGroup heads findings that name no file.
const repositoryGroup = "(repository)"

// WriteText renders the report for a terminal: findings grouped by file
// (files sorted, the repository-wide group first), one line each —
//
//	12:  error  BROKEN_LINK  link to docs/x.md: no such file
//
// with the remediation indented below when there is one, then resolved
// findings when compared, then a summary line. A line of "-" is the whole
// file. Control characters in messages and paths are escaped.
func WriteText(w io.Writer, r *Report, opts TextOptions) error {
	tw := &writer{w: w}
	p := painter{on: opts.Color}
	groups := groupByPath(r.Findings)
	for i, g := range groups {
		if i > 0 {
			tw.print("\n")
		}
		name := g.path
		if name == "" {
			name = repositoryGroup
		}
		tw.printf("%s\n", p.paint(ansiBold, printable(name)))
		width := lineWidth(g.findings)
		for _, f := range g.findings {
			tw.printf("  %*s:  %s  %s  %s%s\n", width, lineLabel(f.Location.Line),
				p.paint(levelColor(f.Level), printable(f.Level))+padding(f.Level, levelWidth),
				p.paint(ansiDim, printable(f.Code)), printable(f.Detail), statusTag(p, f.Status))
			if f.Remediation != "" {
				tw.printf("  %*s   fix: %s\n", width, "", printable(f.Remediation))
			}
		}
	}
	if len(r.Resolved) > 0 {
		if len(groups) > 0 {
			tw.print("\n")
		}
		tw.printf("%s\n", p.paint(ansiGreen, "resolved since the base"))
		for _, f := range r.Resolved {
			tw.printf("  %s  %s  %s\n", printable(locationLabel(f.Location)), p.paint(ansiDim, printable(f.Code)), printable(f.Detail))
		}
	}
	if len(groups) > 0 || len(r.Resolved) > 0 {
		tw.print("\n")
	}
	tw.printf("%s\n", summaryLine(r))
	if r.Verdict != "" {
		tw.printf("%s\n", printable(r.Verdict))
	}
	if tw.err != nil {
		return fmt.Errorf("write text report: %w", tw.err)
	}
	return nil
}

// fileGroup is the findings of one path, in canonical order.
type fileGroup struct {
	path     string
	findings []Finding
}

// groupByPath groups findings by their location's path. Findings are in
// canonical order, so groups come out sorted with "" (the repository)
// first; a copy is sorted anyway so a caller's order cannot leak.
func groupByPath(fs []Finding) []fileGroup {
	sorted := append([]Finding(nil), fs...)
	sortFindings(sorted)
	var out []fileGroup
	for _, f := range sorted {
		if n := len(out); n > 0 && out[n-1].path == f.Location.Path {
			out[n-1].findings = append(out[n-1].findings, f)
			continue
		}
		out = append(out, fileGroup{path: f.Location.Path, findings: []Finding{f}})
	}
	return out
}

func lineWidth(fs []Finding) int {
	w := 1
	for _, f := range fs {
		w = max(w, len(lineLabel(f.Location.Line)))
	}
	return w
}

func lineLabel(line int) string {
	if line <= 0 {
		return "-"
	}
	return strconv.Itoa(line)
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

func levelColor(level string) string {
	switch SeverityOf(level) {
	case SeverityHigh:
		return ansiRed
	case SeverityMedium:
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
	for _, sev := range Severities {
		if n := r.Summary.BySeverity[sev]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, severityLevelName(sev)))
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

// severityLevelName names a reporting severity by the level a user
// configures, the word every finding line shows.
func severityLevelName(sev string) string {
	switch sev {
	case SeverityHigh:
		return "error"
	case SeverityMedium:
		return "warn"
	case SeverityLow:
		return "info"
	}
	return "off"
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
