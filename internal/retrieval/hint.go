package retrieval

import (
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// kindWords are question words that ask for a kind of entry.
var kindWords = map[string]string{
	"package": snapshot.KindPackage, "packages": snapshot.KindPackage,
	"file": snapshot.KindModule, "files": snapshot.KindModule,
	"module": snapshot.KindModule, "modules": snapshot.KindModule,
}

// maxHintWords bounds the query words read for hints.
const maxHintWords = 32

// hints are what a question says besides its terms: the kind of entry it
// asks for and the identifiers it names as words.
type hints struct {
	kinds []string
	// asked are the kinds a question word asks for right before the kind
	// word ("which package", "what files"): the natural-language path's
	// kind hints, where "the configuration file" asks for no file.
	asked   []string
	symbols []string
}

// askWords are the question words that make the next kind word a request.
var askWords = map[string]bool{"which": true, "what": true}

// parseHints reads the query's words as written (case kept): a kind word
// asks for that kind; a word shaped like an exported identifier (an upper
// case letter after the first rune, or a leading capital followed by
// lower case, as in Command) may name a symbol.
func parseHints(query string) hints {
	var h hints
	words := strings.FieldsFunc(query, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
	for i, w := range words {
		if i == maxHintWords {
			break
		}
		if k, ok := kindWords[strings.ToLower(w)]; ok && !slices.Contains(h.kinds, k) {
			h.kinds = append(h.kinds, k)
			if i > 0 && askWords[strings.ToLower(words[i-1])] {
				h.asked = append(h.asked, k)
			}
		}
		if r := []rune(w); len(r) > 1 && unicode.IsUpper(r[0]) {
			h.symbols = append(h.symbols, w)
		}
	}
	return h
}

// boost is the hint component of an entry: the kind asked for, plus a
// module exporting a name the query spells out.
func (h hints) boost(e *Entry) float64 {
	b := 0.0
	if slices.Contains(h.kinds, e.Kind) {
		b += kindHintBoost
	}
	if e.Kind == snapshot.KindModule && slices.ContainsFunc(h.symbols, func(s string) bool { return slices.Contains(e.Symbols, s) }) {
		b += symbolTermBoost
	}
	return b
}
