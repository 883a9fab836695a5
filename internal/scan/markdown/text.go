package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// inlineText returns the text a reader sees in n's inline content: escapes
// and entities resolved, code span contents kept, raw HTML dropped, line
// breaks as "\n". Image alt text is kept only when withImages is set.
func inlineText(n ast.Node, source []byte, withImages bool) string {
	return walkText(n, source, withImages, nil)
}

// walkText is inlineText with the text of each Text node passed through
// typography when it is set: site generators with a typographer turn
// dash runs into dashes before they slug a heading.
func walkText(n ast.Node, source []byte, withImages bool, typography func(t string, raw bool) string) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			t := TextValue(c, source)
			if typography != nil {
				b.WriteString(typography(string(t), c.IsRaw()))
			} else {
				b.Write(t)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteString(CodeSpanText(c, source))
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			b.Write(c.Label(source))
			return ast.WalkSkipChildren, nil
		case *ast.Image:
			if !withImages {
				return ast.WalkSkipChildren, nil
			}
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// TextValue is a Text node's content with backslash escapes and character
// references resolved, as goldmark's HTML renderer would print it.
func TextValue(t *ast.Text, source []byte) []byte {
	v := t.Value(source)
	if t.IsRaw() {
		return v
	}
	return textValueBytes(v)
}

// textValueBytes resolves backslash escapes and character references.
func textValueBytes(v []byte) []byte {
	v = util.UnescapePunctuations(v)
	v = util.ResolveNumericReferences(v)
	return util.ResolveEntityNames(v)
}

// CodeSpanText is a code span's content with line ends as spaces, untrimmed.
func CodeSpanText(n *ast.CodeSpan, source []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok {
			continue
		}
		v := t.Value(source)
		if len(v) > 0 && v[len(v)-1] == '\n' {
			v = v[:len(v)-1]
			b.Write(v)
			b.WriteByte(' ')
			continue
		}
		b.Write(v)
	}
	return b.String()
}

// collapse joins the words of s with single spaces.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// summarise cuts collapsed text to maxSummaryRunes, ellipsis included, at a
// word boundary when there is one.
func summarise(text string) string { return extract.Summarise(text, maxSummaryRunes) }
