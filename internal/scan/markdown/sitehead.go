package markdown

import (
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// SiteHeading is a heading as documentation-site generators read it. Each
// generator (MkDocs, mdBook, Jekyll) derives its own anchor from it, so the
// extraction keeps the inputs and resolution, which knows the site, slugs.
type SiteHeading struct {
	// Text is the heading's inline text (markup dropped, character
	// references resolved, code spans and link texts kept, inner whitespace
	// as written), trimmed, without a trailing attribute list.
	Text string `json:"text"`
	// Raw is the heading's source text without its # markers or attribute
	// list, for generators that slug the source (kramdown's own parser).
	Raw string `json:"raw,omitempty"`
	// Smart is Text as generators with typographic punctuation see it
	// (kramdown, mdBook 0.5): "---" and "--" outside code become an em and
	// an en dash. Empty when it is Text.
	Smart string `json:"smart,omitempty"`
	// ID is the explicit id of a trailing attribute list ({#id}, {: #id},
	// { #id .class }); empty when there is none.
	ID   string `json:"id,omitempty"`
	Line int    `json:"line"`
}

// Include is a directive that splices another file into the document
// before it is rendered: pymdownx.snippets (--8<-- "file"), markdown-include
// ({!file!}) and mdBook ({{#include file}}).
type Include struct {
	// Path is the file as written (without a snippets section or an mdBook
	// line range); how it resolves depends on the syntax and the site.
	Path   string `json:"path"`
	Syntax string `json:"syntax"`
	Line   int    `json:"line"`
}

// Include syntaxes.
const (
	IncludeSnippets        = "snippets"         // --8<-- "file"
	IncludeMarkdownInclude = "markdown-include" // {!file!}
	IncludeMdBook          = "mdbook"           // {{#include file}}
)

// trailingAttrs splits a trailing attribute list off a heading's text, as
// Python-Markdown's attr_list, kramdown and mdBook read it: a final "{…}"
// holding only #id, .class and key=value tokens (kramdown and attr_list
// also allow a leading ':'). It returns the text before the list and the
// id, if the list names one; ok is false when text ends with no list.
func trailingAttrs(text string) (rest, id string, ok bool) {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	if !strings.HasSuffix(t, "}") {
		return text, "", false
	}
	open := strings.LastIndexByte(t, '{')
	if open < 0 {
		return text, "", false
	}
	inner := strings.TrimSpace(t[open+1 : len(t)-1])
	inner = strings.TrimSpace(strings.TrimPrefix(inner, ":"))
	if inner == "" {
		return text, "", false
	}
	for _, tok := range strings.Fields(inner) {
		switch {
		case strings.HasPrefix(tok, "#") && len(tok) > 1 && !strings.ContainsAny(tok[1:], "#{}"):
			id = tok[1:]
		case strings.HasPrefix(tok, ".") && len(tok) > 1 && !strings.ContainsAny(tok, "{}"):
		case strings.Contains(tok, "=") && !strings.HasPrefix(tok, "=") && !strings.ContainsAny(tok, "{}"):
		default:
			return text, "", false
		}
	}
	return strings.TrimRightFunc(t[:open], unicode.IsSpace), id, true
}

// siteHeadings collects Document.SiteHeadings, bounded by MaxAnchors.
type siteHeadings struct {
	list    []SiteHeading
	dropped int
}

func (s *siteHeadings) add(text, smart, raw string, line int) {
	if len(s.list) >= MaxAnchors {
		s.dropped++
		return
	}
	h := SiteHeading{Line: line}
	if rest, id, ok := trailingAttrs(text); ok {
		text, h.ID = rest, id
	}
	if rest, _, ok := trailingAttrs(raw); ok {
		raw = rest
	}
	h.Text = strings.TrimSpace(text)
	if rest, _, ok := trailingAttrs(smart); ok {
		smart = rest
	}
	if sm := strings.TrimSpace(smart); sm != h.Text {
		h.Smart = sm
	}
	if r := strings.TrimSpace(raw); r != h.Text {
		h.Raw = r
	}
	s.list = append(s.list, h)
}

func (s *siteHeadings) finish(doc *Document, is *issues) {
	if s.dropped > 0 {
		is.add(0, "", "%d headings beyond the first %d are not listed for site anchors", s.dropped, MaxAnchors)
	}
	doc.SiteHeadings = s.list
}

// smartText is inlineText (images included) with typographic dashes in
// text outside code: "---" is an em dash, "--" an en dash.
func smartText(n ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			t := string(textValue(c, source))
			if !c.IsRaw() {
				t = strings.ReplaceAll(strings.ReplaceAll(t, "---", "—"), "--", "–")
			}
			b.WriteString(t)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteString(codeSpanText(c, source))
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			b.Write(c.Label(source))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
