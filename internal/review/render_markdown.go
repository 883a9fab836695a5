package review

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxMarkdownCell bounds, in runes, the repository text one table cell
// quotes (a message, a remediation); longer text ends in "…". The full
// text is in the JSON report.
const maxMarkdownCell = 500

// InlineText makes repository text safe inside a Markdown paragraph or a
// GFM table cell on GitHub. Text from files is hostile: it may close a
// table (| and line breaks), open code (`), emphasis, links or math
// (* _ [ ] ~ $), inject HTML or the sticky marker (< > &), or ping people
// (@user). Line breaks and tabs become spaces (a cell is one line); other
// control and bidi characters become visible escapes; Markdown
// punctuation is backslash-escaped, which GFM honours inside table cells;
// HTML metacharacters become entities; and every @ gets a zero-width space
// after it so no mention (or team mention) notifies anyone.
func InlineText(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for _, r := range s {
		switch r {
		case '\n', '\r', '\t':
			b.WriteByte(' ')
		case '\\', '`', '*', '_', '[', ']', '|', '~', '$', '#', '!', '(', ')':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '@':
			b.WriteString("@\u200b")
		default:
			if textwriter.UnsafeRune(r) {
				// Spelled without a backslash, which Markdown would eat.
				fmt.Fprintf(&b, "U+%04X", r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// mdCode shows a trusted token (a diagnostic code) as inline code; text
// that a code span cannot hold (a backtick, a control character) falls
// back to escaped prose. A pipe is escaped even in code: GFM splits table
// cells before it reads code spans.
func mdCode(s string) string {
	if s == "" || strings.ContainsRune(s, '`') || strings.ContainsFunc(s, textwriter.UnsafeRune) {
		return InlineText(s)
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

// htmlText escapes text placed inside an HTML element (a <summary>), where
// Markdown escapes do not apply: HTML metacharacters and the characters
// Markdown or math would read become character references, control and
// bidi characters spaces, and mentions are defused as in InlineText.
func htmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case textwriter.UnsafeRune(r):
			b.WriteByte(' ')
		case r == '@':
			b.WriteString("@\u200b")
		case strings.ContainsRune("<>&\"'`|[]()$*_~\\", r):
			fmt.Fprintf(&b, "&#%d;", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// clip shortens s to at most n runes, ending in "…" when it cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return "…"
	}
	i, count := 0, 0
	for j := range s {
		if count == n-1 {
			i = j
			break
		}
		count++
	}
	return s[:i] + "…"
}

// budget assembles Markdown within a byte limit (bytes bound characters
// and UTF-16 units alike, however GitHub counts). Blocks go in whole or
// not at all; once one does not fit, every later block is counted as cut,
// so what is shown is always a prefix of the full document. The footer
// and the cut notice have room reserved from the start.
type budget struct {
	b      strings.Builder
	limit  int
	footer string
	// where names the place that has what was cut ("the job summary").
	where   string
	full    bool
	cutRows int
	cutSecs int
}

// cutNoticeRoom is the room reserved for the cut notice.
const cutNoticeRoom = 256

func newBudget(limit int, footer, where string) *budget {
	return &budget{limit: limit, footer: footer, where: where}
}

func (m *budget) room() int {
	return m.limit - m.b.Len() - len(m.footer) - cutNoticeRoom
}

// block adds s whole, or counts it as a cut section.
func (m *budget) block(s string) bool {
	if m.full || len(s) > m.room() {
		m.full = true
		m.cutSecs++
		return false
	}
	m.b.WriteString(s)
	return true
}

// table adds a table (or any list): open, as many of the n rows as fit,
// then close, whose room is held back while rows go in. Rows are rendered
// only when tried, so a long list costs no more than what fits. When not
// even open and close fit, the whole table is cut.
func (m *budget) table(open string, n int, row func(i int) string, close string) {
	if m.full || len(open)+len(close) > m.room() {
		m.full = true
		m.cutSecs++
		m.cutRows += n
		return
	}
	m.b.WriteString(open)
	for i := range n {
		r := row(i)
		if len(r)+len(close) > m.room() {
			m.full = true
			m.cutRows += n - i
			break
		}
		m.b.WriteString(r)
	}
	m.b.WriteString(close)
}

// cut reports whether anything was cut.
func (m *budget) cut() bool { return m.cutRows > 0 || m.cutSecs > 0 }

// String ends the document: the cut notice when anything was cut, then
// the footer.
func (m *budget) String() string {
	out := m.b.String()
	if m.cut() {
		out += fmt.Sprintf("\n> ✂️ Cut to stay under %s characters: %s and %s left out; %s has everything.\n",
			thousands(m.limit), textwriter.Plural(m.cutRows, "row", "rows"), textwriter.Plural(m.cutSecs, "section", "sections"), m.where)
	}
	return out + m.footer
}

// thousands spells n with commas: 65535 → "65,535".
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
