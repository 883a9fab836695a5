package markdown

import (
	"path"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// Some generators splice a file into a page with an element: dumi's
// <embed src="../.upstream/config.md"> and Fumadocs' <include>./part.mdx
// </include>. Whether an element is such an include is the generator's to
// say (an <embed> elsewhere embeds the file as an object), so extraction
// records them under one syntax and resolution decides.

// IncludeElement is the syntax of an include element: <embed src="x.md">
// or <include>x.md</include>, naming a Markdown or MDX file.
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
