package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Tab is a content tab of pymdownx.tabbed: a line `=== "Title"` (with the
// flags `===!` for a new set, `===+` for the selected tab) whose indented
// content follows. CommonMark reads the line as a paragraph's text and the
// content as an indented code block; only tabs of such paragraphs are
// listed (a tab nested in another tab's or an admonition's content is code
// to CommonMark, and is not).
type Tab struct {
	// Title is the title's inline text (markup dropped, code spans kept),
	// as written between the quotes.
	Title string `json:"title"`
	// NewSet is set when the tab opens a tab set: the first tab of the
	// container, a tab after anything but another tab and its content,
	// or a tab with the ! flag.
	NewSet bool `json:"newSet,omitempty"`
	Line   int  `json:"line"`
}

// tabStart is pymdownx.tabbed's START over one line: ={3}, optional flags,
// spaces, then a title in quotes (up to the last quote before trailing
// spaces).
var tabStart = regexp.MustCompile(`^={3}(\+|\+!|!\+|!)? +"(.*?)" *$`)

// contentTabs lists the content tabs of the document in order, bounded by
// MaxAnchors, and the number dropped beyond it.
func contentTabs(root ast.Node, body []byte, lines lineIndex) (tabs []Tab, dropped int) {
	if !bytes.Contains(body, []byte("===")) {
		return nil, 0 // no line can open a tab
	}
	var visit func(c ast.Node)
	visit = func(c ast.Node) {
		inSet := false // the previous sibling is a tab or its content
		for n := c.FirstChild(); n != nil; n = n.NextSibling() {
			switch n := n.(type) {
			case *ast.Paragraph, *ast.TextBlock:
				found := false
				base := -1
				for i := 0; i < n.Lines().Len(); i++ {
					seg := n.Lines().At(i)
					line := strings.TrimSpace(string(seg.Value(body)))
					ind := indentOf(body, seg.Start)
					if base < 0 {
						base = ind
					}
					m := tabStart.FindStringSubmatch(line)
					if m == nil || ind > base {
						// Lines indented past the paragraph's first are
						// the open tab's content; any other line is a
						// paragraph of its own.
						if !found || ind <= base {
							inSet = false
						}
						continue
					}
					found = true
					if len(tabs) >= MaxAnchors {
						dropped++
						continue
					}
					tabs = append(tabs, Tab{Title: tabTitle(m[2]), NewSet: !inSet || strings.Contains(m[1], "!"), Line: lines.lineOf(seg.Start)})
					inSet = true
				}
				if !found {
					inSet = false
				}
			case *ast.CodeBlock:
				// an open tab's indented content
			default:
				inSet = false
				if n.HasChildren() && n.Type() == ast.TypeBlock {
					visit(n)
				}
			}
		}
	}
	visit(root)
	return tabs, dropped
}

// indentOf is the number of spaces and tabs that open the line holding
// pos (at most up to pos).
func indentOf(body []byte, pos int) int {
	start := pos
	for start > 0 && body[start-1] != '\n' {
		start--
	}
	n := 0
	for i := start; i < len(body) && (body[i] == ' ' || body[i] == '\t'); i++ {
		n++
	}
	return n
}

// tabParser reads a tab title's inline Markdown.
var tabParser = goldmark.New().Parser()

// tabTitle is the inline text of a title, as the label renders it.
func tabTitle(raw string) string {
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	src := []byte(raw)
	doc := tabParser.Parse(text.NewReader(src))
	var out []string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		out = append(out, inlineText(n, src, false))
	}
	if len(out) == 0 {
		return raw // a title goldmark reads as a block (a thematic break, a list marker)
	}
	return strings.Join(out, " ")
}
