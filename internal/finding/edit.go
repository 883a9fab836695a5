package finding

import "unicode/utf16"

// Where an edited reference is written.
const (
	// EditLink is a link destination (inline, reference definition,
	// autolink or HTML attribute).
	EditLink = "link"
	// EditCode is the text of a code span.
	EditCode = "code"
)

// Edit rewrites one drifted reference whose new form is unambiguous: on
// line Line of document Path, the reference written Old (a link
// destination or a code span's text, as the document wrote it) becomes
// New, written the same way (a relative link relative to the document, a
// URL as a URL, a path from the same root). `docbridge fix` applies edits;
// a finding without one is left to the author.
type Edit struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Kind string `json:"kind"`
	Old  string `json:"old"`
	New  string `json:"new"`
	// Columns are where Old is written as Kind says on Line of the file as
	// the check read it, each 1-based and counted in UTF-16 code units (as
	// SARIF and editors count them): the occurrences fix rewrites. Empty
	// when the file was not read or holds no such occurrence there (fix
	// then skips the edit).
	Columns []int `json:"columns,omitempty"`
}

// ColumnWidth is the width of s in the unit of Edit.Columns, UTF-16 code
// units: the column after s is ColumnWidth(s)+1.
func ColumnWidth(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
