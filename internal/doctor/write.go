package doctor

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// WriteJSON renders the report as JSON: fields in struct order, two-space
// indent, no HTML escaping, lists never null, a trailing newline.
func WriteJSON(w io.Writer, r *Report) error {
	c := *r
	for _, l := range []*[]string{&c.Unmet, &c.NextActions} {
		if *l == nil {
			*l = []string{}
		}
	}
	if c.Issues == nil {
		c.Issues = []Issue{}
	}
	if c.Dimensions == nil {
		c.Dimensions = []Dimension{}
	}
	if c.Figures == nil {
		c.Figures = []Figure{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&c); err != nil {
		return fmt.Errorf("write doctor JSON: %w", err)
	}
	return nil
}

// WriteText renders the report for a terminal: one line per dimension
// with its points, value and explanation, the A's unmet requirements, the
// issues, the next actions, and the verdict as the last line. Control
// characters in messages and paths are escaped.
func WriteText(w io.Writer, r *Report) error {
	tw := &textWriter{w: w}
	tw.printf("docbridge doctor: %s (%d/100)\n\n", r.Grade, r.Score)
	width := 0
	for _, d := range r.Dimensions {
		width = max(width, len(d.Name))
	}
	for _, d := range r.Dimensions {
		tw.printf("  %-*s  %6.2f/%-3g %-14s %s\n", width, d.Name, d.Points, d.Weight, valueLabel(d), printable(d.Explanation))
	}
	if len(r.Unmet) > 0 {
		tw.printf("\nan A also needs:\n")
		for _, u := range r.Unmet {
			tw.printf("  - %s\n", u)
		}
	}
	if len(r.Issues) > 0 {
		tw.printf("\nissues:\n")
		for _, is := range r.Issues {
			tw.printf("  %s  %s  %s%s\n", is.Dimension, printable(location(is)), printable(is.Code), messageSuffix(is))
		}
		if r.IssuesOmitted > 0 {
			tw.printf("  … %d more not shown (at most %d per dimension)\n", r.IssuesOmitted, maxIssuesPerDimension)
		}
	}
	if len(r.NextActions) > 0 {
		tw.printf("\nnext actions:\n")
		for i, a := range r.NextActions {
			tw.printf("  %d. %s\n", i+1, printable(a))
		}
	}
	if len(r.Figures) > 0 {
		tw.printf("\nfigures (not scored; every path in --json):\n")
		for _, fig := range r.Figures {
			tw.printf("  %s\n", printable(figureLine(fig)))
		}
	}
	tw.printf("\n%s\n", printable(r.Verdict))
	if tw.err != nil {
		return fmt.Errorf("write doctor text: %w", tw.err)
	}
	return nil
}

// valueLabel is the measured share, or the status when nothing was measured.
func valueLabel(d Dimension) string {
	if d.Status == statusMeasured {
		return pct(d.Value)
	}
	return d.Status
}

func location(is Issue) string {
	switch {
	case is.Path == "":
		return "(repository)"
	case is.Line > 0:
		return fmt.Sprintf("%s:%d", is.Path, is.Line)
	}
	return is.Path
}

func messageSuffix(is Issue) string {
	if is.Message == "" {
		return ""
	}
	return "  " + printable(is.Message)
}

// textWriter keeps the first write error so rendering reads straight.
type textWriter struct {
	w   io.Writer
	err error
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// printable escapes control and bidi characters, which a file name or
// message could carry into a terminal.
func printable(s string) string {
	if !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeRune(r) {
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}
