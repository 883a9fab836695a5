package curator

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// block is one paragraph or heading of a document, as a reader sees it,
// or (other) a code block, table or HTML block, kept for its position.
type block struct {
	heading bool
	other   bool
	level   int
	line    int // 1-based, in the file (front matter counted)
	// text is the whole inline text: code spans and link text kept,
	// images and raw HTML dropped, whitespace collapsed.
	text string
	// prose is text without code spans, link text and autolinks — the
	// words the scan does not read as references.
	prose string
	// linkRunes counts the runes of text that came from link text or
	// images: a paragraph of badges is all links.
	linkRunes int
	// quoted, listed: inside a blockquote or a list item.
	quoted, listed bool
}

// readMarkdown parses a document's text into its paragraphs and headings
// in order. Front matter is skipped and counted in the line numbers.
func readMarkdown(src string) []block {
	body, offset := stripFrontMatter(src)
	source := []byte(body)
	root := markdownParser.Parser().Parse(text.NewReader(source))
	lines := lineStarts(source)
	var out []block
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			b := inline(n, source)
			b.heading, b.level, b.line = true, n.Level, offset+lineOf(lines, firstOffset(n))
			out = append(out, b)
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph:
			b := inline(n, source)
			b.line = offset + lineOf(lines, firstOffset(n))
			b.quoted, b.listed = inside(n)
			out = append(out, b)
			return ast.WalkSkipChildren, nil
		case *ast.TextBlock: // a tight list item's text
			b := inline(n, source)
			b.line = offset + lineOf(lines, firstOffset(n))
			b.quoted, b.listed = inside(n)
			out = append(out, b)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock, *east.Table:
			out = append(out, block{other: true, line: offset + lineOf(lines, firstOffset(n))})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// markdownParser reads GitHub-flavoured Markdown, so that a table is a
// table and not a paragraph of pipes.
var markdownParser = goldmark.New(goldmark.WithExtensions(extension.GFM))

// stripFrontMatter removes a leading YAML (---) or TOML (+++) front-matter
// block and returns the rest and the number of lines removed.
func stripFrontMatter(src string) (string, int) {
	for _, fence := range []string{"---", "+++"} {
		if !strings.HasPrefix(src, fence+"\n") && !strings.HasPrefix(src, fence+"\r\n") {
			continue
		}
		lines := strings.SplitAfter(src, "\n")
		for i := 1; i < len(lines); i++ {
			if strings.TrimRight(lines[i], "\r\n") == fence {
				return strings.Join(lines[i+1:], ""), i + 1
			}
		}
	}
	return src, 0
}

// inline collects a block's inline content.
func inline(n ast.Node, source []byte) block {
	var all, prose strings.Builder
	links := 0
	var walk func(c ast.Node, inLink bool)
	walk = func(c ast.Node, inLink bool) {
		for c = c.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				v := markdown.TextValue(c, source)
				all.Write(v)
				if inLink {
					links += len([]rune(string(v)))
					prose.WriteByte(' ')
				} else {
					prose.Write(v)
				}
				if c.SoftLineBreak() || c.HardLineBreak() {
					all.WriteByte(' ')
					prose.WriteByte(' ')
				}
			case *ast.String:
				all.Write(c.Value)
				prose.Write(c.Value)
			case *ast.CodeSpan:
				code := markdown.CodeSpanText(c, source)
				all.WriteString(code)
				if inLink {
					links += len([]rune(code))
				}
				prose.WriteString(" \x00 ") // a code span separates prose
			case *ast.AutoLink:
				label := string(c.Label(source))
				all.WriteString(label)
				links += len([]rune(label))
				prose.WriteByte(' ')
			case *ast.Image:
				links++ // an image is a badge or a figure, never prose
				prose.WriteByte(' ')
			case *ast.RawHTML:
				prose.WriteByte(' ')
			case *ast.Link:
				walk(c, true)
			default:
				walk(c, inLink)
			}
		}
	}
	walk(n, false)
	return block{text: collapse(all.String()), prose: prose.String(), linkRunes: links}
}

// inside reports whether n lies in a blockquote or a list item.
func inside(n ast.Node) (quoted, listed bool) {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.(type) {
		case *ast.Blockquote:
			quoted = true
		case *ast.ListItem:
			listed = true
		}
	}
	return quoted, listed
}

// firstOffset is the byte offset where a block's first line starts, or -1.
func firstOffset(n ast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return l.At(0).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start
		}
	}
	return -1
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf returns the 1-based line of a byte offset (1 when unknown).
func lineOf(starts []int, off int) int {
	if off < 0 {
		return 1
	}
	lo, hi := 0, len(starts)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1
}

// collapse turns every run of white space into one space and trims, and
// drops control characters and invalid UTF-8: what the curator proposes
// is one plain line.
func collapse(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// words splits text into its words: letters and digits, with inner
// apostrophes and hyphens kept.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '-' && r != '’'
	})
}

// hasPrefixFold reports whether s starts with prefix, ignoring case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
