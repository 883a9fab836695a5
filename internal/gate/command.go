package gate

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"github.com/docbridge/docbridge/internal/enrich"
)

// Bounds of a comment body and of what is read from it.
const (
	// MaxBodyChars is GitHub's limit on a comment body, in characters
	// (the transport's maxCommentBody in internal/ghapi, which a test
	// holds equal); a longer body is not one GitHub sent and is not read.
	MaxBodyChars = 65536
	// maxCommandLines bounds the command lines read from one comment;
	// the lines past it are counted in Commands.Omitted.
	maxCommandLines = 20
	// maxLineRunes bounds the text of a line kept for a reply.
	maxLineRunes = 200
)

// errBodyTooLong is the error of a body over MaxBodyChars.
var errBodyTooLong = errors.New("the comment is longer than GitHub's 65,536 characters")

// Line is one line of a comment that is a command or tries to be one.
type Line struct {
	// Number is the line's number in the body, from 1.
	Number int
	// Text is the line as written, without surrounding blanks, at most
	// maxLineRunes characters (untrusted: escape it to show it).
	Text string
	// Decision is enrich.DecisionApprove or enrich.DecisionReject; it is
	// "" when the line is refused.
	Decision   string
	ProposalID string
	// Reason is the text after the id ("" when none).
	Reason string
	// Refused says why the line, which looks like a command, is not one.
	Refused string
}

// Commands are the command lines of one comment, in body order.
type Commands struct {
	Lines []Line
	// Omitted counts the command lines past maxCommandLines.
	Omitted int
}

// commandStart is a line that begins as a command does: a slash and a
// word starting with a verb (/approve, /Reject, /approved, /approve-all).
var commandStart = regexp.MustCompile(`(?i)^/(approve|reject)`)

// commandInside finds a verb later in a line, after text: "please /approve x".
var commandInside = regexp.MustCompile(`(?i)[ \t]/(approve|reject)([ \t]|$)`)

// markdown parses as GitHub renders comments: CommonMark with GFM tables
// (a table row is no paragraph line) and strikethrough. Autolinks are left
// out on purpose: a URL in a reason is plain text.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// parseCommands reads the command lines of a comment body. The body is
// parsed as Markdown: only whole lines of paragraph text count, never a
// line in fenced or indented code, a block quote (lazy continuation
// included), an HTML block or comment, a heading or a table, nor a line
// holding inline code, HTML, emphasis or a link. A line that looks like a
// command but breaks the grammar
//
//	/(approve|reject) <proposalId> [reason]
//
// (verb in any case, the id exact) comes back refused, with the reason.
func parseCommands(body string) (Commands, error) {
	if len(body) > 4*MaxBodyChars || utf8.RuneCountInString(body) > MaxBodyChars {
		return Commands{}, errBodyTooLong
	}
	src := []byte(normalizeNewlines(body))
	doc := markdown.Parser().Parse(text.NewReader(src))
	var out Commands
	add := func(l Line) {
		if len(out.Lines) == maxCommandLines {
			out.Omitted++
			return
		}
		out.Lines = append(out.Lines, l)
	}
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindBlockquote, ast.KindFencedCodeBlock, ast.KindCodeBlock, ast.KindHTMLBlock, ast.KindHeading:
			return ast.WalkSkipChildren, nil
		case ast.KindParagraph, ast.KindTextBlock:
			inList := n.Parent() != nil && n.Parent().Kind() != ast.KindDocument
			for _, l := range blockLines(n, src) {
				if c, ok := readLine(l, inList); ok {
					add(c)
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if err != nil { // the walker above never fails; be safe anyway
		return Commands{}, fmt.Errorf("read the comment: %w", err)
	}
	return out, nil
}

// normalizeNewlines turns CRLF and lone CR into LF.
func normalizeNewlines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// rawLine is one source line of a paragraph and whether it is plain text.
type rawLine struct {
	number int
	text   string
	plain  bool
}

// blockLines returns a paragraph's lines, each trimmed, and whether each
// is plain text: every byte of it inside a Text node that is a direct
// child of the paragraph (so no code span, HTML, emphasis, link or their
// delimiters).
func blockLines(n ast.Node, src []byte) []rawLine {
	var covered [][2]int
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			covered = append(covered, [2]int{t.Segment.Start, t.Segment.Stop})
		}
	}
	lines := n.Lines()
	out := make([]rawLine, 0, lines.Len())
	for i := range lines.Len() {
		seg := lines.At(i)
		start, stop := seg.Start, seg.Stop
		for start < stop && (src[start] == ' ' || src[start] == '\t') {
			start++
		}
		for stop > start && (src[stop-1] == ' ' || src[stop-1] == '\t' || src[stop-1] == '\n') {
			stop--
		}
		out = append(out, rawLine{
			number: 1 + strings.Count(string(src[:seg.Start]), "\n"),
			text:   string(src[start:stop]),
			plain:  coveredRange(covered, start, stop),
		})
	}
	return out
}

// coveredRange reports whether the ranges (in source order) cover
// [start, stop) without a gap.
func coveredRange(ranges [][2]int, start, stop int) bool {
	at := start
	for _, r := range ranges {
		if r[1] <= at {
			continue
		}
		if r[0] > at {
			return false
		}
		at = r[1]
		if at >= stop {
			return true
		}
	}
	return at >= stop
}

// readLine decides one paragraph line: not a command (false), a command,
// or a refused line that looks like one.
func readLine(l rawLine, inList bool) (Line, bool) {
	if !l.plain {
		return Line{}, false // Markdown, not a command (inline code, HTML, ...)
	}
	out := Line{Number: l.number, Text: clipRunes(l.text, maxLineRunes)}
	if !commandStart.MatchString(l.text) {
		if commandInside.MatchString(l.text) {
			out.Refused = "a command begins its line: nothing may come before the slash"
			return out, true
		}
		return Line{}, false
	}
	if inList {
		out.Refused = "a command is a line of its own, not a list item"
		return out, true
	}
	words := splitBlanks(l.text)
	verb := strings.ToLower(words[0][1:])
	if verb != enrich.DecisionApprove && verb != enrich.DecisionReject {
		out.Refused = fmt.Sprintf("%s is not a command: write /approve or /reject", clipRunes(words[0], 40))
		return out, true
	}
	if len(words) < 2 {
		out.Refused = fmt.Sprintf("/%s needs a proposal id: /%s <proposalId>", verb, verb)
		return out, true
	}
	id := words[1]
	if !isProposalID(id) {
		out.Refused = fmt.Sprintf("%q is not a proposal id (16 lowercase hexadecimal digits)", clipRunes(id, 40))
		return out, true
	}
	if len(words) > 2 && looksLikeID(words[2]) {
		out.Refused = "one proposal per line: write one command line for each"
		return out, true
	}
	reason := afterWords(l.text, 2)
	if n := utf8.RuneCountInString(reason); n > enrich.MaxReasonRunes {
		out.Refused = fmt.Sprintf("the reason is %d characters, more than %d", n, enrich.MaxReasonRunes)
		return out, true
	}
	out.Decision, out.ProposalID, out.Reason = verb, id, reason
	return out, true
}

// isProposalID reports whether s is written as enrich.ProposalID writes
// an id: 16 lowercase hexadecimal digits.
func isProposalID(s string) bool {
	if len(s) != 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// looksLikeID is a second id on the line, in any case.
func looksLikeID(s string) bool { return isProposalID(strings.ToLower(s)) }

// splitBlanks splits at runs of spaces and tabs only (the grammar's
// [ \t]+), so another blank (a no-break space) joins words.
func splitBlanks(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' })
}

// afterWords is what follows the first n words of s, trimmed.
func afterWords(s string, n int) string {
	rest := s
	for range n {
		rest = strings.TrimLeft(rest, " \t")
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			return ""
		}
		rest = rest[i:]
	}
	return strings.Trim(rest, " \t")
}

// clipRunes shortens s to at most n runes, ending in "…" when it cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
