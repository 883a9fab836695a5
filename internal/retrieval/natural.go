package retrieval

import "unicode"

// Tuning is the natural-language path's parameters: BM25F's field
// weights, k1 and b, how much an entry missing some of the query's terms
// loses, and the bound on the graph tie-breakers.
type Tuning struct {
	// Fields are the BM25F weights, in the order of FieldNames.
	Fields [numFields]float64
	K1, B  float64
	// Coordination is the exponent of the share of the query's terms an
	// entry matches, its lexical score's factor (0: no coordination).
	Coordination float64
	// Graph bounds proximity plus canonicality together, as a share of
	// lexicalMax: both are scaled so that their sum is at most
	// Graph·lexicalMax.
	Graph float64
	// KindHints applies the kind a question asks for with a question word
	// right before the kind ("which package …", "what file …").
	KindHints bool
	// CodeFactor scales the lexical score of code entries (modules,
	// packages, areas) when the question asks for no kind: a question in
	// words asks for documentation first.
	CodeFactor float64
	// ScriptFactor scales the lexical score of an entry written mostly in
	// another script than the query (mostlyLatin): a translation of a
	// page, which matches only through the code and names it quotes.
	ScriptFactor float64
	// QueryStopwords drops the words of questionStopwords from the query
	// too (never from the index: they may be names).
	QueryStopwords bool
	// HistoryFactor scales the lexical score of a document that records
	// the past (a change log, release notes, a blog post: history.Document):
	// a question asks how things are, and such a page names everything
	// that ever changed.
	HistoryFactor float64
}

// questionStopwords are words questions are made of that say nothing of
// the page that answers them; the natural-language path drops them from
// the query when Tuning.QueryStopwords is set. They are tokenized like
// any term (dropQueryStopwords), so a stemmed form matches.
var questionStopwords = []string{
	"should", "would", "could", "will", "there", "their", "them", "they",
	"your", "me", "our", "have", "has", "had", "been", "just", "so", "than",
	"then", "also", "into", "about", "like", "same", "every", "each", "get",
	"want", "need", "way", "possible", "able", "some", "any",
}

var questionStopTerms = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range questionStopwords {
		for _, t := range tokenize(w) {
			m[t] = true
		}
	}
	return m
}()

// dropQueryStopwords keeps the terms that are no question stopword; a
// query made only of them keeps them all.
func dropQueryStopwords(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !questionStopTerms[t] {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return terms
	}
	return out
}

// NaturalTuning is the natural-language path's tuning, fitted on the dev
// halves of the external suites (docs/bench/retrieval) by the grid of
// TestFitNatural in internal/retrieval/bench:
//
//	DOCBRIDGE_RETRIEVAL_CORPUS=/tmp/retrieval/corpus DOCBRIDGE_RETRIEVAL_FIT=1 \
//	  go test -count=1 -run TestFitNatural -v ./internal/retrieval/bench
var NaturalTuning = Tuning{
	// title, headings, path, symbols, aliases, summary, body
	Fields:        [numFields]float64{4, 2, 0, 2, 2, 1, 0.5},
	K1:            5,
	B:             0.9,
	Coordination:  0.5,
	Graph:         0.05,
	KindHints:     true,
	CodeFactor:    0.25,
	ScriptFactor:  0.25,
	HistoryFactor: 0.1,
}

// FieldNames names the BM25F fields, in the order of Tuning.Fields (a
// copy: changing it changes nothing here).
var FieldNames = fieldNames

// identifierTuning is the identifier path's lexical part: the constant
// field weights, k1 and b, full coordination.
var identifierTuning = Tuning{
	Fields: fieldWeights, K1: bm25K1, B: bm25B, Coordination: 1, Graph: 1, KindHints: true, CodeFactor: 1, ScriptFactor: 1,
	HistoryFactor: 1,
}

// graphScale is the factor of proximity and canonicality under t: 1 on
// the identifier path, else t.Graph·lexicalMax over their unscaled bound.
func (t *Tuning) graphScale(natural bool) float64 {
	if !natural {
		return 1
	}
	return max(t.Graph, 0) * lexicalMax / (ProximityBoost + canonicalityMax)
}

// mostlyLatinSample bounds the letters mostlyLatin reads.
const mostlyLatinSample = 4096

// mostlyLatin reports whether the texts (at most mostlyLatinSample
// letters, title first) hold at least as many Latin words as letters of
// other scripts — a Han or kana character is about a word, and a
// translation's quoted code is Latin; text without letters counts as
// Latin.
func mostlyLatin(title string, headings []string, body string) bool {
	latin, other, letters := 0, 0, 0
	count := func(s string) bool {
		inWord := false
		for _, r := range s {
			if !unicode.IsLetter(r) {
				inWord = false
				continue
			}
			if unicode.Is(unicode.Latin, r) {
				if !inWord {
					latin++
				}
				inWord = true
			} else {
				other++
				inWord = false
			}
			if letters++; letters == mostlyLatinSample {
				return false
			}
		}
		return true
	}
	if count(title) {
		for _, h := range headings {
			if !count(h) {
				break
			}
		}
		count(body)
	}
	return latin >= other
}
