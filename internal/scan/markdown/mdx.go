package markdown

import (
	"bytes"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// maxJSXLines bounds how far a JSX tag or expression is followed across
// lines; one that does not close within it is treated as a single line.
const maxJSXLines = 200

// isMDX reports whether path names an MDX file.
func isMDX(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".mdx") }

// IsDocument reports whether path is a file this extractor reads: Markdown
// (.md, .markdown) or MDX (.mdx), in any letter case.
func IsDocument(path string) bool {
	lower := strings.ToLower(path)
	return strings.HasSuffix(lower, ".md") || strings.HasSuffix(lower, ".markdown") || isMDX(path)
}

// mdxBlanker marks the lines of an MDX file that are ESM or JSX so they are
// blanked before goldmark: ESM (import/export at column 0, up to the next
// blank line, as MDX itself delimits it), JSX tags starting a line (<Name …>,
// </Name>, followed across lines until the tag closes) and {expression}
// lines. Text between an opening and a closing JSX tag stays: in MDX it is
// Markdown. Fenced code is left alone, so examples of JSX stay examples.
type mdxBlanker struct {
	src   *source
	blank []bool
	// esm are the lines of import and export statements, in order;
	// components the names of the JSX elements the blanked lines open.
	esm        []int
	components map[string]bool
	// attrs collects the id and title attributes of the JSX tags blanked
	// (tagAttributes), into Document.HTMLAnchors and ElementTitles.
	attrs htmlAnchors
}

func (m *mdxBlanker) run(from int) {
	var fence []byte // the open fence's run of ` or ~, nil outside fences
	count := m.src.lineCount()
	for n := from; n <= count; n++ {
		line := m.src.line(n)
		if run := fenceRun(line); fence != nil {
			if len(run) >= len(fence) && run[0] == fence[0] && len(bytes.TrimSpace(line[bytes.Index(line, run)+len(run):])) == 0 {
				fence = nil
			}
			continue
		} else if run != nil {
			fence = run
			continue
		}
		trimmed := bytes.TrimLeft(line, " \t")
		switch {
		case bytes.HasPrefix(line, []byte("import ")) || bytes.HasPrefix(line, []byte("export ")):
			for ; n <= count && len(bytes.TrimSpace(m.src.line(n))) > 0; n++ {
				m.blank[n] = true
				m.esm = append(m.esm, n)
			}
		case startsJSX(trimmed):
			n = m.blankUntilClosed(n, len(line)-len(trimmed), '>')
		case len(trimmed) > 0 && trimmed[0] == '{':
			n = m.blankUntilClosed(n, len(line)-len(trimmed), '}')
		}
	}
}

// blankUntilClosed blanks line n and, when the tag or expression starting at
// column col continues on later lines, those lines up to the one that closes
// it. It returns the last line blanked.
func (m *mdxBlanker) blankUntilClosed(n, col int, closer byte) int {
	m.blank[n] = true
	var sc jsxScanner
	last := min(n+maxJSXLines, m.src.lineCount())
	for k := n; k <= last; k++ {
		text := m.src.line(k)
		if k == n {
			text = text[col:]
		}
		if sc.feed(text, closer) {
			var tag []byte
			for j := n; j <= k; j++ {
				m.blank[j] = true
				m.elementNames(m.src.line(j))
				if closer == '>' {
					line := m.src.line(j)
					if j == n {
						line = line[col:]
					}
					tag = append(append(tag, line...), '\n')
				}
			}
			if tag != nil {
				m.tagAttributes(tag)
			}
			return k
		}
	}
	m.elementNames(m.src.line(n))
	return n
}

// elementNames records the components a blanked line opens: every "<"
// followed by a capitalised JSX name (<Clone />, <Tabs.Item>, the first
// part of a member name), in tags, children and {expressions} alike.
func (m *mdxBlanker) elementNames(line []byte) {
	for i := 0; i+1 < len(line); i++ {
		if line[i] != '<' || line[i+1] < 'A' || line[i+1] > 'Z' {
			continue
		}
		j := i + 1
		for j < len(line) && jsxNameByte(line[j]) {
			j++
		}
		if m.components == nil {
			m.components = map[string]bool{}
		}
		if len(m.components) < maxIncludes {
			m.components[string(line[i+1:j])] = true
		}
		i = j - 1
	}
}

// tagAttributes reads a JSX tag's literal attributes: an id is the
// element's anchor where the component passes it on to the DOM (<Tab
// id="static">), a title one a component may derive an anchor from (<Tab
// title="OAuth 2.0">, <Accordion title>), as are a permalink, a slug or an
// anchor, titleId or headingId. Attribute values in braces are
// expressions, not text, and are left out.
func (m *mdxBlanker) tagAttributes(tag []byte) {
	text := string(tag)
	if !slices.ContainsFunc([]string{"id", "title", "anchor", "permalink", "slug"}, func(w string) bool { return containsFoldASCII(text, w) }) {
		return
	}
	z := html.NewTokenizer(strings.NewReader(text))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			for _, a := range z.Token().Attr {
				v := strings.TrimSpace(a.Val)
				if v == "" || strings.HasPrefix(v, "{") {
					continue
				}
				switch a.Key {
				case "id":
					m.attrs.add(v)
				case "title", "titleid", "anchor", "anchorid", "headingid", "permalink", "slug":
					// What a component may make its element's id of
					// (react.dev's <TeamMember permalink>, <Recipes
					// titleId>): names the tokenizer lowercases.
					m.attrs.title(collapse(v))
				}
			}
		}
	}
}

// jsxNameByte reports whether c continues a JavaScript identifier (ASCII).
func jsxNameByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// esmSource is the document with every line but the ESM statements' left
// empty, so the statements keep their line numbers; nil when there is no
// ESM.
func (m *mdxBlanker) esmSource() []byte {
	if len(m.esm) == 0 {
		return nil
	}
	var b bytes.Buffer
	next := 1
	for _, n := range m.esm {
		for ; next < n; next++ {
			b.WriteByte('\n')
		}
		b.Write(m.src.line(n))
		b.WriteByte('\n')
		next = n + 1
	}
	return b.Bytes()
}

// esmLike reports whether a Markdown file has a line starting "import ",
// the cheap test before reading it as MDX.
func esmLike(data []byte) bool {
	return bytes.HasPrefix(data, []byte("import ")) || bytes.Contains(data, []byte("\nimport "))
}

// ESMImport is one import statement of an MDX document's ESM, as
// Options.ESMImports reads it.
type ESMImport struct {
	Spec   string
	Line   int
	Locals []string // the names it binds
}

// renderedImports returns, as IncludeMDX includes, the imports whose
// binding the page renders as a JSX element: at most maxIncludes, in
// order.
func (m *mdxBlanker) renderedImports(parse func([]byte) []ESMImport) []Include {
	if parse == nil || len(m.components) == 0 {
		return nil
	}
	src := m.esmSource()
	if src == nil {
		return nil
	}
	var out []Include
	for _, imp := range parse(src) {
		for _, l := range imp.Locals {
			if m.components[l] && imp.Spec != "" && len(out) < maxIncludes {
				out = append(out, Include{Path: imp.Spec, Syntax: IncludeMDX, Line: imp.Line, Component: l})
				break
			}
		}
	}
	return out
}

// jsxScanner follows a JSX tag or expression: quotes, braces and, for a tag,
// the '>' that ends it outside braces.
type jsxScanner struct {
	depth int
	quote byte
}

// feed scans one more line and reports whether the construct closed on it.
func (s *jsxScanner) feed(text []byte, closer byte) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case s.quote != 0:
			if c == '\\' {
				i++
			} else if c == s.quote {
				s.quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			s.quote = c
		case c == '{':
			s.depth++
		case c == '}':
			s.depth--
			if closer == '}' && s.depth == 0 {
				return true
			}
		case c == '>' && closer == '>' && s.depth == 0:
			return true
		}
	}
	return false
}

// startsJSX reports whether a line starts with a JSX element tag: < or </
// followed by an uppercase letter (lowercase tags are HTML, which Markdown
// already knows).
func startsJSX(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte("</"))
	if !ok {
		if rest, ok = bytes.CutPrefix(b, []byte("<")); !ok {
			return false
		}
	}
	return len(rest) > 0 && rest[0] >= 'A' && rest[0] <= 'Z'
}

// fenceRun returns the ``` or ~~~ run opening a code fence on line, or nil.
func fenceRun(line []byte) []byte {
	t := bytes.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return nil
	}
	i := 0
	for i < len(t) && t[i] == t[0] {
		i++
	}
	if i < 3 {
		return nil
	}
	return t[:i]
}
