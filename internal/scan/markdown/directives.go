package markdown

import (
	"bytes"
	"path"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// Site generators read directives out of a paragraph's source before (or
// instead of) Markdown: include lines that splice in another file, and
// Liquid tags that name a page. They are not Markdown syntax, so goldmark
// sees them as text; the walker reads them from the raw lines of each
// paragraph (never from code).

// Link kinds of site directives.
const (
	// LinkSite is a Jekyll {% link path %}: a path from the site's source
	// directory, extension included. Target is that path, cleaned.
	LinkSite = "site"
	// LinkPost is a Jekyll {% post_url name %}: a post's file name without
	// its date directory or extension. Target is the name as written.
	LinkPost = "post"
)

// directives reads the include lines and Liquid link tags of a block.
func (w *walker) directives(n ast.Node) {
	segs := n.Lines()
	for i := 0; i < segs.Len(); i++ {
		s := segs.At(i)
		v := s.Value(w.body)
		if !w.doc.SiteSyntax && siteSyntax(v) {
			w.doc.SiteSyntax = true
		}
		if !w.snippetBlock && !mayHoldDirective(v) {
			continue
		}
		line := w.lines.lineOf(s.Start)
		text := strings.TrimRight(string(v), "\r\n")
		w.includeLine(text, line)
		w.attrAnchors(dropCodeSpans(text))
		w.autodoc(text)
		if line >= len(w.liquidRaw) || !w.liquidRaw[line] {
			w.liquidLinks(text, line)
			w.tagArguments(dropCodeSpans(text))
		}
	}
}

// inertTags are the Liquid, Nunjucks and Jinja tags that render no element
// of their own from their arguments: control flow, variables, includes,
// layout, code and comments.
var inertTags = map[string]bool{
	"if": true, "elsif": true, "elif": true, "else": true, "unless": true, "for": true, "case": true, "when": true,
	"assign": true, "capture": true, "set": true, "include": true, "include_relative": true, "include-markdown": true, "render": true,
	"raw": true, "comment": true, "highlight": true, "link": true, "post_url": true, "block": true, "extends": true,
	"macro": true, "import": true, "from": true, "with": true, "break": true, "continue": true, "cycle": true,
	"increment": true, "decrement": true, "liquid": true, "echo": true, "tablerow": true, "filter": true, "call": true,
}

// tagArguments records the first argument of each template tag of a line
// that may render an element of its own (Document.TagArguments): a
// generator's tag plugin builds ids from it ({% tabs Tab one, 2 %} writes
// #tab-one and #tab-one-1 in Hexo's NexT).
func (w *walker) tagArguments(line string) {
	for {
		i := strings.Index(line, "{%")
		if i < 0 {
			return
		}
		line = line[i+2:]
		j := strings.Index(line, "%}")
		if j < 0 {
			return
		}
		tag := strings.TrimSpace(strings.Trim(line[:j], "-"))
		line = line[j+2:]
		name, args, _ := strings.Cut(tag, " ")
		if name == "" || strings.HasPrefix(name, "end") || inertTags[name] || len(w.doc.TagArguments) >= MaxAnchors {
			continue
		}
		first, _, _ := strings.Cut(args, ",")
		if first = strings.Trim(strings.TrimSpace(first), `"'`); first != "" {
			w.doc.TagArguments = append(w.doc.TagArguments, first)
		}
	}
}

// mayHoldDirective reports whether a source line has what every
// directive starts with: a brace (include and Liquid tags, attribute
// lists), a snippets marker's "8<", or an autodoc ":::" or "[[autodoc]]".
// Most lines have none and are passed over without being read.
func mayHoldDirective(v []byte) bool {
	return bytes.IndexByte(v, '{') >= 0 || bytes.Contains(v, []byte("8<")) || bytes.Contains(v, []byte(":::")) ||
		bytes.Contains(v, []byte("[[autodoc]]"))
}

// siteSyntax reports whether a source line uses syntax only a site
// generator renders (Document.SiteSyntax): a line that opens a ":::"
// container or a "!!!" admonition, or a template tag outside code spans.
func siteSyntax(v []byte) bool {
	t := bytes.TrimLeft(v, " \t")
	if bytes.HasPrefix(t, []byte(":::")) || bytes.HasPrefix(t, []byte("!!! ")) {
		return true
	}
	if bytes.IndexByte(v, '{') < 0 {
		return false
	}
	line := dropCodeSpans(string(v))
	for _, tag := range [][2]string{{"{%", "%}"}, {"{{", "}}"}} {
		if i := strings.Index(line, tag[0]); i >= 0 && strings.Contains(line[i+2:], tag[1]) {
			return true
		}
	}
	return false
}

// includeLine records the includes one source line names.
func (w *walker) includeLine(text string, line int) {
	t := strings.TrimSpace(text)
	if w.snippetBlock {
		if isSnippetMarker(t) {
			w.snippetBlock = false
		} else if t != "" && !strings.HasPrefix(t, ";") {
			w.include(snippetPath(t), IncludeSnippets, line)
		}
		return
	}
	if rest, ok := cutSnippetMarker(t); ok {
		rest = strings.TrimSpace(rest)
		switch {
		case rest == "":
			w.snippetBlock = true
		case len(rest) >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[len(rest)-1] == rest[0]:
			w.include(snippetPath(rest[1:len(rest)-1]), IncludeSnippets, line)
		}
		return
	}
	// Inline directives are read outside code spans; a backslash before
	// one escapes it (mdBook's \{{#include}}).
	t = dropCodeSpans(t)
	for rest := t; ; {
		open := strings.Index(rest, "{!")
		if open < 0 {
			break
		}
		end := strings.Index(rest[open+2:], "!}")
		if end < 0 {
			break
		}
		w.include(strings.TrimSpace(rest[open+2:open+2+end]), IncludeMarkdownInclude, line)
		rest = rest[open+2+end+2:]
	}
	if expr, ok := templateLine(t); ok {
		w.include(expr, IncludeTemplate, line)
		return
	}
	for rest := t; ; {
		open := strings.Index(rest, "{{")
		if open < 0 {
			break
		}
		end := strings.Index(rest[open+2:], "}}")
		if end < 0 {
			break
		}
		inner := strings.TrimSpace(rest[open+2 : open+2+end])
		escaped := open > 0 && rest[open-1] == '\\'
		rest = rest[open+2+end+2:]
		if p, ok := strings.CutPrefix(inner, "#include"); ok && !escaped && p != "" && (p[0] == ' ' || p[0] == '\t') {
			p = strings.TrimSpace(p)
			if i := strings.IndexByte(p, ':'); i >= 0 {
				p = p[:i] // a line range or an anchor of the file
			}
			w.include(p, IncludeMdBook, line)
		}
	}
}

// templateLine reports whether a line is one template expression and
// nothing else, "{{ pydantic_settings }}", and returns the expression.
// mdBook's {{#include}}, Hugo's shortcodes {{< >}} and {{% %}} and a
// {{ … }} inside other text are not.
func templateLine(t string) (string, bool) {
	inner, ok := strings.CutPrefix(t, "{{")
	if !ok {
		return "", false
	}
	if inner, ok = strings.CutSuffix(inner, "}}"); !ok || strings.Contains(inner, "{{") || strings.Contains(inner, "}}") {
		return "", false
	}
	inner = strings.TrimSpace(strings.Trim(strings.TrimSpace(inner), "-")) // {{- x -}} trims whitespace
	if inner == "" || strings.ContainsAny(inner[:1], "#<%") {
		return "", false
	}
	return inner, true
}

// cutSnippetMarker splits a snippets marker (one or more '-', "8<", one or
// more '-') off the start of a line.
func cutSnippetMarker(t string) (rest string, ok bool) {
	i := 0
	for i < len(t) && t[i] == '-' {
		i++
	}
	if i == 0 || !strings.HasPrefix(t[i:], "8<") {
		return "", false
	}
	j := i + 2
	k := j
	for k < len(t) && t[k] == '-' {
		k++
	}
	if k == j {
		return "", false
	}
	return t[k:], true
}

func isSnippetMarker(t string) bool {
	rest, ok := cutSnippetMarker(t)
	return ok && strings.TrimSpace(rest) == ""
}

// snippetPath drops a snippets section or line range ("file.md:name",
// "file.md:3:10") from a snippet's path.
func snippetPath(p string) string {
	p = strings.TrimSpace(p)
	if i := strings.IndexByte(p[strings.LastIndexByte(p, '/')+1:], ':'); i >= 0 {
		p = p[:strings.LastIndexByte(p, '/')+1+i]
	}
	return p
}

func (w *walker) include(p, syntax string, line int) {
	if p == "" || hasScheme(p) || strings.HasPrefix(p, "//") || len(w.doc.Includes) >= maxIncludes {
		return
	}
	w.doc.Includes = append(w.doc.Includes, Include{Path: p, Syntax: syntax, Line: line})
}

// quotedArg returns the string literal s starts with ("x" or 'x'), which
// names a file when it holds no template.
func quotedArg(s string) (string, bool) {
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') {
		return "", false
	}
	end := strings.IndexByte(s[1:], s[0])
	if end <= 0 {
		return "", false
	}
	p := s[1 : 1+end]
	if strings.ContainsAny(p, "{}") {
		return "", false
	}
	return p, true
}

// liquidLinks records the {% link %} and {% post_url %} tags of a line.
func (w *walker) liquidLinks(text string, line int) {
	for rest := text; ; {
		open := strings.Index(rest, "{%")
		if open < 0 {
			return
		}
		end := strings.Index(rest[open+2:], "%}")
		if end < 0 {
			return
		}
		tag := rest[open : open+2+end+2]
		inner := strings.Trim(rest[open+2:open+2+end], "- \t")
		rest = rest[open+2+end+2:]
		f := strings.Fields(inner)
		if len(f) >= 2 && (f[0] == "include-markdown" || f[0] == "include") {
			if p, ok := quotedArg(strings.TrimSpace(strings.TrimPrefix(inner, f[0]))); ok {
				w.include(p, IncludeMarkdownPlugin, line)
				continue
			}
		}
		if len(f) >= 2 && !strings.ContainsAny(f[1], "{}") {
			switch f[0] {
			case "include_relative":
				w.include(f[1], includeJekyllRelative, line)
				continue
			case "include":
				w.include(f[1], IncludeJekyll, line)
				continue
			}
		}
		if len(f) != 2 || strings.ContainsAny(f[1], "{}") {
			continue // a variable, a filter: the page is computed
		}
		l := Link{Destination: tag, Line: line}
		switch f[0] {
		case "link":
			clean := path.Clean(strings.TrimLeft(f[1], "/"))
			if clean == ".." || strings.HasPrefix(clean, "../") {
				continue
			}
			l.Kind, l.Target = LinkSite, clean
		case "post_url":
			l.Kind, l.Target = LinkPost, strings.Trim(f[1], "/")
		default:
			continue
		}
		if w.reference() {
			w.doc.Links = append(w.doc.Links, l)
		}
	}
}

// attrAnchors records the ids of the attribute lists on a line.
func (w *walker) attrAnchors(text string) {
	for rest := text; ; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			return
		}
		end := strings.IndexByte(rest[open+1:], '}')
		if end < 0 {
			return
		}
		inner := rest[open+1 : open+1+end]
		rest = rest[open+1+end+1:]
		if strings.ContainsAny(inner, "{%") {
			continue
		}
		if id, ok := attrListID(inner); ok && id != "" {
			w.attrs.add(id)
		}
	}
}

// dropCodeSpans blanks a line's code spans (a run of backticks to the next
// run of the same length), whose text is code, not syntax.
func dropCodeSpans(line string) string {
	if !strings.Contains(line, "`") {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] != '`' {
			b.WriteByte(line[i])
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		fence := line[i : i+n]
		end := -1
		for j := i + n; j < len(line); {
			k := strings.Index(line[j:], fence)
			if k < 0 {
				break
			}
			k += j
			m := k + n
			if m < len(line) && line[m] == '`' {
				for m < len(line) && line[m] == '`' {
					m++
				}
				j = m
				continue
			}
			end = m
			break
		}
		if end < 0 {
			b.WriteString(fence)
			i += n
			continue
		}
		i = end
	}
	return b.String()
}

// autodoc records the object of a mkdocstrings (or mkautodoc) line, or
// the name of an extension that renders there (::: mkdocs-click),
// "::: package.module.Name", and the object of hf-doc-builder's
// "[[autodoc]] Name".
func (w *walker) autodoc(text string) {
	text = strings.TrimSpace(text)
	list := &w.doc.Autodoc
	rest, ok := strings.CutPrefix(text, ":::")
	if !ok {
		if rest, ok = strings.CutPrefix(text, "[[autodoc]]"); !ok {
			return
		}
		list = &w.doc.AutodocNames
	}
	if len(*list) >= maxIncludes {
		return
	}
	f := strings.Fields(rest)
	if len(f) != 1 {
		return
	}
	for _, r := range f[0] {
		if !(r == '.' || r == '_' || r == ':' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return
		}
	}
	*list = append(*list, f[0])
}
