package markdown

import (
	"bytes"
	"path"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Hugo renders a page's heading ids and resolves its ref and relref
// shortcodes its own way. The extraction cannot know whether a document
// belongs to a Hugo site, nor which heading-id type the site configures,
// so it keeps the inputs and resolution, which knows the site, computes.

// Bounds of HugoDoc.
const (
	// maxShortcodes bounds HugoDoc.Shortcodes.
	maxShortcodes = 512
	// maxShortcodeArg bounds the argument kept for one shortcode call.
	maxShortcodeArg = 1024
)

// HugoDoc is what Hugo reads in a document beyond CommonMark.
type HugoDoc struct {
	// Headings holds every heading in document order (bounded by
	// MaxAnchors), as Hugo's id generators read it.
	Headings []HugoHeading `json:"headings,omitempty"`
	// Shortcodes holds the shortcode calls ({{< name … >}} and
	// {{% name … %}}) that name a file or a page, in document order.
	Shortcodes []Shortcode `json:"shortcodes,omitempty"`
}

// HugoHeading is one heading as Hugo derives its id.
type HugoHeading struct {
	// Text is the heading's plain text as current Hugo renders it for the
	// id: text, code spans and link texts, tags of raw HTML dropped,
	// entities resolved, "--" and "---" gone (the typographer makes them
	// dashes, which every id type drops); the last line of a multi-line
	// setext heading.
	Text string `json:"text"`
	// Source is the heading's last source line, markup and all, without a
	// trailing attribute list: what Hugo before 0.144 slugged (goldmark's
	// own auto-id input). Omitted when equal to Text.
	Source string `json:"source,omitempty"`
	// ID is the explicit id of a trailing attribute list ({#id .class}).
	ID string `json:"id,omitempty"`
	// Term is set for a definition-list term (Hugo gives terms ids when
	// markup.goldmark.parser.autoDefinitionTermID is on).
	Term bool `json:"term,omitempty"`
	Line int  `json:"line"`
}

// Shortcode is one shortcode call.
type Shortcode struct {
	// Name is the shortcode's name; a closing tag ({{< /name >}}) is
	// recorded as "/name".
	Name string `json:"name"`
	// Percent is set for the {{% %}} notation, whose output Hugo renders as
	// Markdown (so it can bring headings into the page).
	Percent bool `json:"percent,omitempty"`
	// Arg is the call's path argument: the path= parameter or the first
	// positional one (for ref and relref, "#anchor" included).
	Arg  string `json:"arg,omitempty"`
	Line int    `json:"line"`
}

// IsArchetype reports whether a document lies in an archetypes directory:
// a Hugo template for new content (its front matter holds template
// actions, its links are placeholders).
func IsArchetype(p string) bool {
	for _, seg := range strings.Split(path.Dir(p), "/") {
		if seg == "archetypes" {
			return true
		}
	}
	return false
}

// hugoExtract collects the Hugo view of a parsed document; nil when it has
// no heading and no shortcode.
// hugoParser is documentParser with definition lists, shared as it is.
var hugoParser = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote, extension.DefinitionList)).Parser()

func hugoExtract(root ast.Node, body []byte, lines lineIndex, bodyFrom int, is *issues) *HugoDoc {
	h := &HugoDoc{}
	dropped := 0
	if mayHaveDefinitions(body) {
		// Hugo parses definition lists (extensions.definitionList is on
		// by default); the document's own parse does not, as GitHub does
		// not render them.
		root = hugoParser.Parse(text.NewReader(body))
	}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if len(h.Headings) >= MaxAnchors {
				dropped++
				return ast.WalkSkipChildren, nil
			}
			h.Headings = append(h.Headings, hugoHeading(n, body, lines))
			return ast.WalkSkipChildren, nil
		case *east.DefinitionTerm:
			if len(h.Headings) >= MaxAnchors {
				dropped++
				return ast.WalkSkipChildren, nil
			}
			line := 1
			if segs := n.Lines(); segs.Len() > 0 {
				line = lines.lineOf(segs.At(0).Start)
			}
			txt, _, _ := splitAttributes(strings.TrimSpace(hugoPlainText(n, body)))
			h.Headings = append(h.Headings, HugoHeading{Text: stripShortcodes(txt), Term: true, Line: line})
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock, *ast.HTMLBlock, *ast.Paragraph:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if dropped > 0 {
		is.cutAnchors("%d Hugo headings beyond the first %d are not listed", dropped, MaxAnchors)
	}
	h.Shortcodes = scanShortcodes(body, lines, bodyFrom, is)
	if len(h.Headings) == 0 && len(h.Shortcodes) == 0 {
		return nil
	}
	return h
}

// mayHaveDefinitions reports whether a body has a line that could open a
// definition (": " after at most three spaces).
func mayHaveDefinitions(body []byte) bool {
	for _, l := range bytes.Split(body, []byte("\n")) {
		t := bytes.TrimLeft(l, " ")
		if len(l)-len(t) <= 3 && len(t) > 1 && t[0] == ':' && (t[1] == ' ' || t[1] == '\t') {
			return true
		}
	}
	return false
}

// hugoHeading reads one heading.
func hugoHeading(n *ast.Heading, body []byte, lines lineIndex) HugoHeading {
	hh := HugoHeading{Line: lines.lineOf(headingStart(n))}
	var src []byte
	if segs := n.Lines(); segs.Len() > 0 {
		last := segs.At(segs.Len() - 1)
		src = bytes.TrimSpace(last.Value(body))
	}
	source, id, _ := splitAttributes(string(src))
	txt := hugoPlainText(n, body)
	if i := strings.LastIndexByte(txt, '\n'); i >= 0 {
		txt = txt[i+1:]
	}
	txt, _, _ = splitAttributes(strings.TrimSpace(txt))
	hh.Text, hh.ID = stripShortcodes(txt), id
	if source != txt {
		hh.Source = source
	}
	return hh
}

// headingStart is the offset of a heading's first line (goldmark records
// no position for headings).
func headingStart(n *ast.Heading) int {
	if segs := n.Lines(); segs.Len() > 0 {
		return segs.At(0).Start
	}
	return 0
}

// splitAttributes cuts a trailing goldmark attribute list ("{#id .class
// key=value}") off a heading's text, as Hugo's attribute.title parser does,
// and returns the id it names. ok is false when text ends in no list.
func splitAttributes(s string) (rest, id string, ok bool) {
	t := strings.TrimRightFunc(s, unicode.IsSpace)
	if !strings.HasSuffix(t, "}") {
		return s, "", false
	}
	for open := strings.LastIndexByte(t, '{'); open >= 0; open = strings.LastIndexByte(t[:open], '{') {
		r := text.NewReader([]byte(t[open:]))
		attrs, parsed := parser.ParseAttributes(r)
		if !parsed {
			continue
		}
		r.SkipSpaces()
		if r.Peek() != text.EOF {
			continue // the list must close the heading
		}
		for _, a := range attrs {
			if string(a.Name) == "id" {
				switch v := a.Value.(type) {
				case []byte:
					id = string(v)
				case string:
					id = v
				}
			}
		}
		return strings.TrimRightFunc(t[:open], unicode.IsSpace), id, true
	}
	return s, "", false
}

// hugoPlainText is a heading's text as Hugo's render.TextPlain sees it
// with the typographer on: text nodes (escapes and entities resolved, dash
// runs dropped), code spans as written, autolink labels, image alt text,
// raw HTML tags dropped. Soft line breaks are kept as "\n".
func hugoPlainText(n ast.Node, source []byte) string {
	return walkText(n, source, true, func(t string, _ bool) string { return typographerDashes(t) })
}

// stripShortcodes drops the shortcode calls of a heading's text: Hugo
// slugs what they render (an icon, a label), which the extraction cannot
// know, and most render markup that leaves no text.
func stripShortcodes(s string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	b := []byte(s)
	var out strings.Builder
	for i := 0; i < len(b); {
		j := strings.Index(s[i:], "{{")
		if j < 0 {
			out.WriteString(s[i:])
			break
		}
		out.WriteString(s[i : i+j])
		start := i + j
		if start+2 < len(b) && (b[start+2] == '<' || b[start+2] == '%') {
			if _, end, ok := lexShortcode(b, start); ok {
				i = end
				continue
			}
		}
		out.WriteString("{{")
		i = start + 2
	}
	return strings.TrimSpace(out.String())
}

// typographerDashes drops what goldmark's typographer turns into an en
// dash ("--") or an em dash ("---"): punctuation no Hugo id keeps.
func typographerDashes(s string) string {
	if !strings.Contains(s, "--") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '-' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '-' {
			j++
		}
		if n := j - i; n%3 == 1 {
			b.WriteByte('-') // ---- is an em dash and a hyphen
		}
		i = j
	}
	return b.String()
}
