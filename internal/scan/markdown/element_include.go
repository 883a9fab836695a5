package markdown

import (
	"path"
	"strings"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
)

// Some generators splice a file into a page with an element: dumi's
// <embed src="../.upstream/config.md">, Fumadocs' <include>./part.mdx
// </include> and MarkBind's <include src="part.md" />. Whether an element is such an include is the generator's to
// say (an <embed> elsewhere embeds the file as an object), so extraction
// records them under one syntax and resolution decides.

// IncludeElement is the syntax of an include element: <embed src="x.md">,
// <include>x.md</include> or <include src="x.md">, naming a Markdown or MDX
// file.
const IncludeElement = "element"

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
	w.readHTML(b.String(), w.lines.lineOf(start.Start), htmlElementParts)
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

// includeSrc returns the file an <include>'s src attribute names, without
// its fragment: a Markdown file, or one a template fills in (src="syntax/{{ name }}.md",
// which resolution cannot find and so counts the page's headings as
// unseen).
func includeSrc(attrs []html.Attribute) (string, bool) {
	for _, a := range attrs {
		if a.Namespace != "" || a.Key != "src" {
			continue
		}
		// A #fragment names a segment of the file (MarkBind's <span
		// id="content">): the file's headings stand for it.
		p, _, _ := strings.Cut(strings.TrimSpace(a.Val), "#")
		if markdownFile(p) || strings.Contains(p, "{{") && markdownFile(strings.ReplaceAll(p, " ", "")) {
			return p, true
		}
	}
	return "", false
}
