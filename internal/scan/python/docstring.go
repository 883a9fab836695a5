package python

import (
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// maxDocRunes bounds File.Doc, the ellipsis that marks a cut included (the
// same bound as a Markdown document's summary). A cut is marked by that "…"
// rather than an Issue: a long first paragraph is not a partial analysis.
const maxDocRunes = 300

// moduleDoc is the first paragraph of the module docstring — a plain or raw
// string literal as the first statement — its words joined by single
// spaces and cut to maxDocRunes; "" without one. Escape sequences stay as
// written: the text is for reading and search, not evaluation.
func (w *walker) moduleDoc() string {
	w.scratch.Reset(*w.root)
	if !w.scratch.GotoFirstChild() {
		return ""
	}
	for w.scratch.Node().IsExtra() { // comments, a shebang
		if !w.scratch.GotoNextSibling() {
			return ""
		}
	}
	stmt := *w.scratch.Node()
	if stmt.Kind() != "expression_statement" || stmt.NamedChildCount() != 1 {
		return ""
	}
	str := stmt.NamedChild(0)
	if str == nil || str.Kind() != "string" || str.HasError() {
		return ""
	}
	var b strings.Builder
	for _, c := range w.namedChildren(str) {
		switch c.Kind() {
		case "string_start":
			// A bytes or f-string literal is not a docstring.
			if strings.ContainsAny(w.text(&c), "bBfF") {
				return ""
			}
		case "string_content":
			b.WriteString(w.text(&c))
		case "string_end":
		default: // interpolation
			return ""
		}
	}
	return extract.Summarise(firstParagraph(strings.ToValidUTF8(b.String(), "\uFFFD")), maxDocRunes)
}

// firstParagraph is the words of text up to its first blank line (one of
// only whitespace, as docstring indentation leaves them), leading blank
// lines skipped, joined by single spaces.
func firstParagraph(text string) string {
	var words []string
	for l := range strings.Lines(text) {
		f := strings.Fields(l)
		if len(f) == 0 && len(words) > 0 {
			break
		}
		words = append(words, f...)
	}
	return strings.Join(words, " ")
}
