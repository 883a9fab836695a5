package python

import (
	"strings"
	"unicode"
	"unicode/utf8"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// stringLiteral is the value of a plain string literal or of an implicit
// concatenation of them. Bytes, f-strings with replacement fields and
// strings with escape sequences are not literal names, so they report false.
func (w *walker) stringLiteral(n *sitter.Node) (string, bool) {
	switch n.Kind() {
	case "string":
		return w.plainString(n)
	case "concatenated_string":
		var b strings.Builder
		for _, c := range w.namedChildren(n) {
			s, ok := w.plainString(&c)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), true
	}
	return "", false
}

func (w *walker) plainString(n *sitter.Node) (string, bool) {
	if n.Kind() != "string" || n.HasError() {
		return "", false
	}
	var b strings.Builder
	for _, c := range w.namedChildren(n) {
		switch c.Kind() {
		case "string_start":
			if strings.ContainsAny(w.text(&c), "bB") {
				return "", false
			}
		case "string_content":
			if c.NamedChildCount() > 0 { // escape sequences
				return "", false
			}
			b.WriteString(w.text(&c))
		case "string_end":
		default: // interpolation
			return "", false
		}
	}
	return b.String(), true
}

// isIdentifier approximates Python's identifier rule (PEP 3131) closely
// enough to reject what cannot be a name, including invalid UTF-8.
func isIdentifier(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r):
		case i > 0 && (unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc)):
		default:
			return false
		}
	}
	return true
}

// isDottedName reports whether s is a dotted module name such as "a.b.c".
func isDottedName(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !isIdentifier(part) {
			return false
		}
	}
	return true
}
