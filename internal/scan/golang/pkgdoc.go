package golang

import (
	"go/ast"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// packageDoc is the first paragraph of the file's package doc comment, its
// words joined by single spaces and cut to maxDocRunes (ellipsis included)
// at a word boundary; "" when the file has none. CommentGroup.Text already
// drops the comment markers and directives (//go:build, //go:generate), so
// a build constraint directly above the comment does not reach the text.
func packageDoc(f *ast.File) string {
	if f.Doc == nil {
		return ""
	}
	text := f.Doc.Text()
	if i := strings.Index(text, "\n\n"); i >= 0 {
		text = text[:i]
	}
	return extract.Summarise(strings.Join(strings.Fields(validUTF8(text)), " "), maxDocRunes)
}
