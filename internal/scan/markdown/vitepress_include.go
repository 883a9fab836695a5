package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
)

// VitePress splices a file into a page with an HTML comment,
// <!--@include: ./parts/basics.md-->, optionally narrowed to a line range
// (`file.md{3,10}`) or a region (`file.md#region`). The path is relative to
// the page; a leading "@" makes it relative to the site's source directory.
// The comment is read with an HTML tokenizer out of HTML blocks (readHTML),
// never out of code.

// IncludeVitePress is the syntax of a VitePress <!--@include: file-->.
const IncludeVitePress = "vitepress"

// vitepressIncludePath returns the file an @include comment's text names,
// without its line range or region.
func vitepressIncludePath(comment string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(comment), "@include:")
	if !ok {
		return "", false
	}
	p := strings.TrimSpace(rest)
	if i := strings.IndexAny(p, "{#"); i >= 0 {
		p = strings.TrimSpace(p[:i])
	}
	return p, p != ""
}

// rawHTMLBlock is an HTML block's raw text (closing line included) and
// its first line: what the HTML anchors and the @include comments are read
// from.
func (w *walker) rawHTMLBlock(n *ast.HTMLBlock) (string, int) {
	var b strings.Builder
	segs := n.Lines()
	line := 0
	for i := 0; i < segs.Len(); i++ {
		s := segs.At(i)
		if i == 0 {
			line = w.lines.lineOf(s.Start)
		}
		b.Write(s.Value(w.body))
	}
	if n.HasClosure() {
		b.Write(n.ClosureLine.Value(w.body))
	}
	return b.String(), line
}
