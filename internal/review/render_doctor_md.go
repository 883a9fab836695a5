package review

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxDoctorDimensions bounds the doctor's dimension rows a renderer shows.
const maxDoctorDimensions = 20

// DoctorSummary is the doctor's grade as the GitHub renderers show it.
// The doctor owns the numbers; these are its display strings.
type DoctorSummary struct {
	// Grade and Score are the head's, e.g. "B" and "82/100".
	Grade string
	Score string
	// BaseGrade and BaseScore are the base's; empty without a base.
	BaseGrade string
	BaseScore string
	// BaseRef names the base ("main").
	BaseRef string
	// Dimensions are the score's parts, in the doctor's order.
	Dimensions []DoctorDimension
	// Advice says what the next grade needs, in one line.
	Advice string
}

// DoctorDimension is one row of the doctor's table.
type DoctorDimension struct {
	Name  string
	Score string
	// Delta is the change against the base ("▲2", "—"), as the doctor
	// spells it.
	Delta string
}

// label is "B 82/100".
func (d *DoctorSummary) label() string {
	return strings.TrimSpace(d.Grade + " " + d.Score)
}

// change is the score's change against the base: "▲3", "▼2", "±0", or
// "was C 70/100" when the scores do not both start with a number, or ""
// without a base.
func (d *DoctorSummary) change() string {
	if d.BaseGrade == "" && d.BaseScore == "" {
		return ""
	}
	head, ok1 := leadingInt(d.Score)
	base, ok2 := leadingInt(d.BaseScore)
	switch {
	case ok1 && ok2 && head > base:
		return "▲" + strconv.Itoa(head-base)
	case ok1 && ok2 && head < base:
		return "▼" + strconv.Itoa(base-head)
	case ok1 && ok2:
		return "±0"
	}
	return "was " + strings.TrimSpace(d.BaseGrade+" "+d.BaseScore)
}

// leadingInt reads the integer a score starts with ("82/100" → 82).
func leadingInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && end < 9 && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(s[:end])
	return n, err == nil
}

// headline is "docs grade B 82/100 (▲3)".
func (d *DoctorSummary) headline() string {
	s := "docs grade " + d.label()
	if c := d.change(); c != "" {
		s += " (" + c + ")"
	}
	return s
}

// doctorVerdictLine is the doctor's verdict as one Markdown line under
// the label "Doctor:". The verdict names its speaker already ("doctor: B
// (82/100) — …", as the text report prints it), so the label replaces
// that prefix rather than repeating it.
func doctorVerdictLine(verdict string) string {
	v := verdict
	if len(v) >= len("doctor: ") && strings.EqualFold(v[:len("doctor: ")], "doctor: ") {
		v = v[len("doctor: "):]
	}
	return "Doctor: " + InlineText(clip(v, maxMarkdownCell))
}

// doctorSection is the collapsed doctor table.
func doctorSection(d *DoctorSummary, open bool) string {
	var b strings.Builder
	summary := "Doctor: " + d.label()
	if c := d.change(); c != "" {
		summary += ", " + c
		if d.BaseRef != "" {
			summary += " against " + d.BaseRef
		}
	}
	attr := ""
	if open {
		attr = " open"
	}
	fmt.Fprintf(&b, "<details%s><summary>%s</summary>\n\n", attr, htmlText(summary))
	dims, omitted := textwriter.Bound(d.Dimensions, maxDoctorDimensions)
	if len(dims) > 0 {
		b.WriteString("| Dimension | Score | Δ |\n|---|---|---|\n")
		for _, dim := range dims {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", InlineText(clip(dim.Name, maxMarkdownCell)),
				InlineText(clip(dim.Score, maxMarkdownCell)), InlineText(cmp.Or(clip(dim.Delta, maxMarkdownCell), "—")))
		}
		if omitted > 0 {
			fmt.Fprintf(&b, "\n%s more not shown.\n", textwriter.Plural(omitted, "dimension", "dimensions"))
		}
		b.WriteString("\n")
	}
	if d.Advice != "" {
		b.WriteString(InlineText(clip(d.Advice, maxMarkdownCell)) + "\n\n")
	}
	b.WriteString("</details>\n\n")
	return b.String()
}
