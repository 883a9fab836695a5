package markdown

import (
	"path"
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// Some generators splice a file into a page with an element: dumi's
// <embed src="../.upstream/config.md"> and Fumadocs' <include>./part.mdx
// </include>. Whether an element is such an include is the generator's to
// say (an <embed> elsewhere embeds the file as an object), so extraction
// records them under one syntax and resolution decides.

// IncludeElement is the syntax of an include element: <embed src="x.md">
// or <include>x.md</include>, naming a Markdown or MDX file.
const IncludeElement = "element"

// elementIncludes records the include elements of raw HTML that starts at
// line.
func (w *walker) elementIncludes(raw string, line int) {
	if !containsFoldASCII(raw, "embed") && !containsFoldASCII(raw, "include") {
		return
	}
	z := html.NewTokenizer(strings.NewReader(raw))
	var open *strings.Builder // the text of an open <include>
	at := line
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		here := line // a token's line is where it begins
		line += strings.Count(string(z.Raw()), "\n")
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			t := z.Token()
			switch t.Data {
			case "embed":
				for _, a := range t.Attr {
					if a.Key == "src" && markdownFile(a.Val) {
						w.include(strings.TrimSpace(a.Val), IncludeElement, here)
					}
				}
			case "include":
				if tt == html.StartTagToken {
					open, at = &strings.Builder{}, here
				}
			}
		case html.TextToken:
			if open != nil {
				open.Write(z.Text())
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "include" && open != nil {
				if p := strings.TrimSpace(open.String()); markdownFile(p) {
					w.include(p, IncludeElement, at)
				}
				open = nil
			}
		}
	}
}

// paragraphIncludes reads the include elements of a paragraph that opens
// with one: <include>x.mdx</include> on a line of its own is a paragraph
// to CommonMark (text follows the tag), not an HTML block.
func (w *walker) paragraphIncludes(n *ast.Paragraph) {
	first, ok := n.FirstChild().(*ast.RawHTML)
	if !ok || first.Segments.Len() == 0 {
		return
	}
	seg := first.Segments.At(0)
	if tag := strings.ToLower(string(seg.Value(w.body))); !strings.HasPrefix(tag, "<include") && !strings.HasPrefix(tag, "<embed") {
		return
	}
	var b strings.Builder
	segs := n.Lines()
	for i := 0; i < segs.Len(); i++ {
		s := segs.At(i)
		b.Write(s.Value(w.body))
	}
	start := segs.At(0)
	w.elementIncludes(b.String(), w.lines.lineOf(start.Start))
}

// markdownFile reports whether p names a Markdown or MDX file (a fragment
// or query after it allowed).
func markdownFile(p string) bool {
	p, _, _ = strings.Cut(strings.TrimSpace(p), "#")
	p, _, _ = strings.Cut(p, "?")
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".mdx", ".markdown":
		return !strings.ContainsAny(p, " \t\n")
	}
	return false
}
