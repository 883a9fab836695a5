package retrieval

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Tokenizer bounds.
const (
	// maxFieldTokens bounds the tokens one field of an entry contributes;
	// the index records the fields cut at it.
	maxFieldTokens = 4096
	// maxTokenBytes drops longer tokens (hashes, base64 blobs): nobody
	// searches for them, and they would bloat the index.
	maxTokenBytes = 64
)

// stopwords are dropped from text and queries: words so common in
// documentation and questions that they only dilute BM25. Kept small on
// purpose — a word that is a name somewhere (go, type, test) is no stopword.
var stopwords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true,
	"be": true, "by": true, "can": true, "do": true, "does": true,
	"for": true, "from": true, "how": true, "i": true, "if": true, "in": true,
	"is": true, "it": true, "its": true, "my": true, "of": true, "on": true,
	"or": true, "that": true, "the": true, "this": true, "to": true,
	"was": true, "we": true, "what": true, "when": true, "where": true,
	"which": true, "who": true, "why": true, "with": true, "you": true,
}

// tokenize splits text into search terms (see tokenizeN), at most
// maxFieldTokens of them.
func tokenize(text string) []string {
	toks, _ := tokenizeN(text, maxFieldTokens)
	return toks
}

// tokenizeN splits text into at most max search terms and reports whether
// it stopped at the bound. Words are runs of letters and digits; each is
// folded (accents removed), split at identifier boundaries (camelCase,
// PascalCase with acronyms: HTTPServer → http server, IDs → id), lowercased,
// reduced to a simple singular, and dropped when it is a stopword or longer
// than maxTokenBytes. Punctuation — the _ - / . of snake_case, kebab-case,
// paths and dotted names — separates words.
func tokenizeN(text string, max int) ([]string, bool) {
	var out []string
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !wordRune(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !wordRune(r) {
				break
			}
			j += size
		}
		var full bool
		out, full = appendWord(out, text[i:j], max)
		if full {
			return out, true
		}
		i = j
	}
	return out, false
}

// wordRune reports whether r belongs to a word. Marks are kept so that a
// decomposed accent stays with its letter until folding removes it.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// appendWord splits one word into terms and appends them; it reports
// whether a term was left out because out already held max.
func appendWord(out []string, word string, max int) ([]string, bool) {
	word = fold(word)
	if isASCII(word) {
		return appendASCIIWord(out, word, max)
	}
	start := 0
	rs := []rune(word)
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && !splitBefore(rs, i) {
			continue
		}
		if t, ok := term(string(rs[start:i])); ok {
			if len(out) >= max {
				return out, true
			}
			out = append(out, t)
		}
		start = i
	}
	return out, false
}

// appendASCIIWord is appendWord for ASCII, the common case, without
// converting to runes: the same boundaries as splitBefore, on bytes.
func appendASCIIWord(out []string, word string, max int) ([]string, bool) {
	start := 0
	for i := 1; i <= len(word); i++ {
		if i < len(word) && !splitBeforeASCII(word, i) {
			continue
		}
		if t, ok := term(word[start:i]); ok {
			if len(out) >= max {
				return out, true
			}
			out = append(out, t)
		}
		start = i
	}
	return out, false
}

func splitBeforeASCII(w string, i int) bool {
	prev, cur := w[i-1], w[i]
	if !isUpperASCII(cur) {
		return false
	}
	if isLowerASCII(prev) || isDigitASCII(prev) {
		return true
	}
	if !isUpperASCII(prev) || i+1 >= len(w) || !isLowerASCII(w[i+1]) {
		return false
	}
	return !(w[i+1] == 's' && (i+2 == len(w) || !isLowerASCII(w[i+2])))
}

func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLowerASCII(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigitASCII(c byte) bool { return '0' <= c && c <= '9' }

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fold removes accents (canonical decomposition, marks dropped); ASCII
// words, the common case, are returned as they are.
func fold(word string) string {
	if isASCII(word) {
		return word
	}
	d := norm.NFD.String(word)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if !unicode.IsMark(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// splitBefore reports whether an identifier boundary falls before rs[i]:
// lower or digit → upper (fooBar, v2Api), and the last capital of a run
// of capitals followed by lowercase (HTTP|Server) — unless that lowercase
// is a lone plural s (IDs, URLs stay whole).
func splitBefore(rs []rune, i int) bool {
	prev, cur := rs[i-1], rs[i]
	if !isUpper(cur) {
		return false
	}
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	if !isUpper(prev) || i+1 >= len(rs) || !unicode.IsLower(rs[i+1]) {
		return false
	}
	return !(rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLower(rs[i+2])))
}

// isUpper is a capital that lowercasing changes: a capital with no
// lowercase form (ϒ) would still read as one after lowercasing, and
// splitting at it would make tokenizing a term split it again.
func isUpper(r rune) bool { return unicode.IsUpper(r) && unicode.ToLower(r) != r }

// term lowercases and singularizes one identifier part; ok is false when
// it is to be dropped (a stopword before or after singularizing).
func term(part string) (string, bool) {
	lower := fold(strings.ToLower(part)) // lowercasing can leave marks to fold
	t := singular(lower)
	if t == "" || len(t) > maxTokenBytes || stopwords[lower] || stopwords[t] {
		return "", false
	}
	// Stem to a fixed point, so that tokenizing a term gives the term
	// ("parse" → "pars" → "par"); a stem that is a stopword ("ase" → "as")
	// is not taken, or the word would vanish.
	// Each step that changes t shortens it, so the loop ends.
	word := t
	for {
		n := stem(singular(t))
		if n == t {
			break
		}
		t = n
	}
	if stopwords[t] {
		t = word
	}
	return t, true
}

// stem removes the endings a question and a document most often disagree
// on: -ing and -ed, then a final silent -e, so "use", "using" and "used"
// meet at "us" and "generate", "generated", "generating" at "generat".
// It keeps a stem only when a vowel is left ("string", "thing" stay) and
// leaves -eed and -ee words alone ("need", "free"). The stems are index
// keys, never shown. Applying it twice changes nothing.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ing") && hasVowel(w[:len(w)-3]):
		w = w[:len(w)-3]
	case len(w) > 3 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && hasVowel(w[:len(w)-2]):
		w = w[:len(w)-2]
	}
	if len(w) >= 3 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "ee") && hasVowel(w[:len(w)-1]) {
		w = w[:len(w)-1]
	}
	return w
}

func hasVowel(s string) bool { return strings.ContainsAny(s, "aeiouy") }

// singular collapses simple English plurals: -ies → -y, -sses → -ss,
// -tuses → -tus (statuses), -xes/-ches/-shes lose -es, and a final -s goes unless the word ends in
// ss, us or is (class, status, analysis) or is shorter than three letters.
// Applying it twice changes nothing.
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), len(w) > 5 && strings.HasSuffix(w, "tuses"):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "xes"),
		len(w) > 4 && (strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) >= 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}
