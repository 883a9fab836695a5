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
	ID string `json:"id,omitempty"`
	// BlockID is the id of a kramdown block attribute list on the line
	// after the heading ("{: #id}"), which only kramdown reads.
	BlockID string `json:"blockId,omitempty"`
	Line    int    `json:"line"`
}

// Include is a directive that splices another file into the document
// before it is rendered: pymdownx.snippets (--8<-- "file"), markdown-include
// ({!file!}), mdBook ({{#include file}}) and Jekyll's Liquid
// ({% include_relative file %}, {% include file %}), and an MDX import
// whose binding the page renders as a component (IncludeMDX).
type Include struct {
	// Path is the file as written (without a snippets section or an mdBook
	// line range); how it resolves depends on the syntax and the site.
	Path   string `json:"path"`
	Syntax string `json:"syntax"`
	Line   int    `json:"line"`
	// Component is, for IncludeMDX, the imported name the page renders
	// (<CloneRemoteGit />).
	Component string `json:"component,omitempty"`
}

// Include syntaxes.
const (
	IncludeSnippets        = "snippets"         // --8<-- "file"
	IncludeMarkdownInclude = "markdown-include" // {!file!}
	IncludeMdBook          = "mdbook"           // {{#include file}}
	includeJekyllRelative  = "include_relative" // {% include_relative file %}
	IncludeJekyll          = "include"          // {% include file %}, from _includes
	// IncludeMarkdownPlugin is mkdocs-include-markdown-plugin's
	// {% include-markdown "file" %}, and its {% include "file" %} with a
	// quoted path (Jekyll's names its file bare). Path is unquoted.
	IncludeMarkdownPlugin = "include-markdown"
	// IncludeTemplate is a line that is one template expression, {{ name }}:
	// where a site's hooks or macros fill pages (MkDocs), it stands for
	// content the scan cannot see. Path is the expression.
	IncludeTemplate = "template"
	// IncludeMDX is an MDX import (import Clone from './_clone.mdx') whose
	// binding the page renders as a JSX element (<Clone />): a Markdown
	// partial's headings render in the page; another module's may too.
	// Path is the specifier as written.
	IncludeMDX = "mdx-import"
	// IncludeMyST is a MyST include directive, a fence "```{include} file"
	// (Sphinx with MyST): the file is spliced into the page.
	IncludeMyST = "myst-include"
)

// trailingAttrs splits a trailing attribute list off a heading's text, as
// Python-Markdown's attr_list, kramdown and mdBook read it: a final "{…}"
// holding only #id, .class and key=value tokens, a value maybe quoted
// (kramdown and attr_list also allow a leading ':'). It returns the text
// before the list and the id (#id, or id=…), if the list names one; ok is
// false when text ends with no list.
func trailingAttrs(text string) (rest, id string, ok bool) {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	if !strings.HasSuffix(t, "}") {
		return text, "", false
	}
	// The list opens at the last '{' outside quotes.
	open, quote := -1, byte(0)
	for i := 0; i < len(t)-1; i++ {
		switch c := t[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if open >= 0 {
				quote = c
			}
		case c == '{':
			open = i
		}
	}
	if open < 0 {
		return text, "", false
	}
	id, ok = attrListID(t[open+1 : len(t)-1])
	if !ok {
		return text, "", false
	}
	return strings.TrimRightFunc(t[:open], unicode.IsSpace), id, true
}

// attrListID reads the inside of an attribute list, returning its id and
// whether it is a well-formed list.
func attrListID(inner string) (id string, ok bool) {
	s := strings.TrimSpace(inner)
	s = strings.TrimSpace(strings.TrimPrefix(s, ":"))
	if s == "" {
		return "", false
	}
	for s != "" {
		end := 0
		quote := byte(0)
		for end < len(s) && (quote != 0 || (s[end] != ' ' && s[end] != '\t')) {
			switch {
			case quote != 0 && s[end] == quote:
				quote = 0
			case quote == 0 && (s[end] == '"' || s[end] == '\''):
				quote = s[end]
			}
			end++
		}
		if quote != 0 {
			return "", false
		}
		tok := s[:end]
		s = strings.TrimSpace(s[end:])
		key, _, _ := strings.Cut(tok, "=")
		switch {
		case strings.ContainsAny(key, "{}\"'"):
			return "", false
		case strings.HasPrefix(tok, "#") && len(tok) > 1 && !strings.Contains(tok[1:], "#"):
			id = tok[1:]
		case strings.HasPrefix(tok, ".") && len(tok) > 1:
		case strings.Contains(tok, "=") && !strings.HasPrefix(tok, "="):
			k, v, _ := strings.Cut(tok, "=")
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
				v = v[1 : len(v)-1]
			}
			if k == "id" && v != "" {
				id = v
			}
		default:
			return "", false
		}
	}
	return id, true
}

// ExplicitID splits the explicit id off a heading's text, in any syntax a
// generator reads: a trailing attribute list naming an id ("Title {#id}",
// "{ #id .class }", "{: #id}", "{id=x}"; trailingAttrs) or bracketed last
// words ("Title [#id]", a "{/*id*/}" comment; BracketID). It returns the
// text before the id syntax and the id; ok is false when the text ends in
// none, or in an attribute list without an id.
func ExplicitID(text string) (rest, id string, ok bool) {
	if rest, id, ok := trailingAttrs(text); ok && id != "" {
		return strings.TrimSpace(rest), id, true
	}
	if id, rest, ok := BracketID(strings.TrimSpace(text)); ok {
		return rest, id, true
	}
	return text, "", false
}

// BracketID reads an explicit id written as a heading's last words in
// brackets — "Keep Previous Result [#keep-previous-result]" (Fumadocs),
// "Refresh {#refresh-404}" (Rspress' escaped \{#id}, and any {#id} an
// attribute-list reader left in the text) or, in MDX, a comment
// "Step 1 {/*step-1*/}" (react.dev's custom ids): the id and the text
// before it.
func BracketID(text string) (id, rest string, ok bool) {
	open, closer := "[#", "]"
	switch {
	case strings.HasSuffix(text, "/}"):
		// A heading's text has the comment's stars read as emphasis
		// ({/id/}) where the page is read as Markdown.
		open, closer = "{/", "/}"
	case strings.HasSuffix(text, "}"):
		open, closer = "{#", "}"
	}
	i := strings.LastIndex(text, open)
	if i < 0 || !strings.HasSuffix(text, closer) || i+len(open) > len(text)-len(closer) {
		return "", text, false
	}
	id = strings.TrimSpace(text[i+len(open) : len(text)-len(closer)])
	if open == "{/" {
		id = strings.TrimSpace(strings.Trim(id, "*"))
	}
	if id == "" || strings.ContainsAny(id, " []{}") {
		return "", text, false
	}
	return id, strings.TrimSpace(text[:i]), true
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
		is.cutAnchors("%d headings beyond the first %d are not listed for site anchors", s.dropped, MaxAnchors)
	}
	doc.SiteHeadings = s.list
}

// smartText is inlineText (images included) with typographic dashes in
// text outside code: "---" is an em dash, "--" an en dash.
func smartText(n ast.Node, source []byte) string {
	return walkText(n, source, true, func(t string, raw bool) string {
		if raw {
			return t
		}
		return strings.ReplaceAll(strings.ReplaceAll(t, "---", "—"), "--", "–")
	})
}
