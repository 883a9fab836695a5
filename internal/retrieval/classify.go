package retrieval

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Query classes: the two ranking paths (Results.Class).
const (
	// classIdentifier is a query shaped like an identifier or a path, or
	// one that names an entry exactly: the identity and path boosts and
	// the graph signals rank it.
	classIdentifier = "identifier"
	// classNatural is a question in words: BM25F with the fitted
	// natural-language parameters (NaturalTuning) ranks it, the graph
	// signals only break near ties.
	classNatural = "natural"
)

// Classify says which path a query takes and why (search --how QUERY).
func (ix *Index) Classify(text string) (class, reason string) {
	q := strings.TrimSpace(text)
	if q == "" {
		return classIdentifier, "a blank query"
	}
	if len(ix.identity(q)) > 0 {
		return classIdentifier, "the whole query names an entry (its id, an alias, path, file name or an exported symbol)"
	}
	if why, ok := identifierShape(q); ok {
		return classIdentifier, why
	}
	if strings.ContainsFunc(q, unicode.IsSpace) {
		return classNatural, "several words that name no entry"
	}
	// One plain word is a keyword: a name more often than a question, and
	// the graph signals are what tell its entries apart.
	return classIdentifier, "one word, ranked as a name is"
}

// identifierShape reports whether q is one token written as code: with a
// . / _ :: # or ( ), in backticks, or in camelCase or PascalCase with a
// capital after its first letter. A lone capitalised word (Command) is
// not: it is how a sentence starts.
func identifierShape(q string) (string, bool) {
	if strings.ContainsFunc(q, unicode.IsSpace) {
		return "", false
	}
	switch {
	case strings.HasPrefix(q, "`") || strings.HasSuffix(q, "`"):
		return "one token in backticks", true
	case strings.Contains(q, "::"):
		return "one token with ::", true
	case strings.ContainsAny(q, "/\\"):
		return "one token with a /, shaped like a path", true
	case strings.ContainsAny(q, "._#()"):
		return "one token with . _ # or ( ), shaped like an identifier or a file name", true
	}
	seenLower := false
	for i, r := range q {
		if i > 0 && isUpper(r) && (seenLower || nextIsLower(q, i)) {
			return "one token in camelCase or PascalCase", true
		}
		seenLower = seenLower || unicode.IsLower(r) || unicode.IsDigit(r)
	}
	return "", false
}

// nextIsLower reports whether the rune after q[i] is lower case (the
// Server of HTTPServer).
func nextIsLower(q string, i int) bool {
	_, size := utf8.DecodeRuneInString(q[i:])
	if i+size >= len(q) {
		return false
	}
	r, n := utf8.DecodeRuneInString(q[i+size:])
	if r == 's' && (i+size+n == len(q) || !nextRuneLower(q[i+size+n:])) {
		return false // a plural: URLs, IDs
	}
	return unicode.IsLower(r)
}

func nextRuneLower(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLower(r)
}
