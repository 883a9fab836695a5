package retrieval

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTokenize(t *testing.T) {
	for _, tc := range []struct {
		rule, in string
		want     []string
	}{
		// Endings: -ing, -ed and a silent -e go, so a question's verb meets
		// the documents' ("use", "using", "used" → "us"); a stem keeps a
		// vowel ("string" stays) and -eed/-ee words stay whole.
		{"verb endings", "use using used", []string{"us", "us", "us"}},
		{"generate family", "generate generated generating generates", []string{"generat", "generat", "generat", "generat"}},
		{"stems keep a vowel", "string thing bring", []string{"string", "thing", "bring"}},
		{"-eed and -ee stay", "need speed free", []string{"need", "speed", "free"}},
		{"a stem that is a stopword is not taken", "Ase", []string{"ase"}},
		{"camelCase", "scanWithState", []string{"scan", "stat"}},
		{"PascalCase", "ParseFrontMatter", []string{"par", "front", "matter"}},
		{"acronym run", "HTTPServer", []string{"http", "server"}},
		{"acronym at the end", "parseURL", []string{"par", "url"}},
		{"acronym plural", "parseIDs", []string{"par", "id"}},
		{"acronym plural then word", "IDsFoo", []string{"id", "foo"}},
		{"digit then capital", "v2Api", []string{"v2", "api"}},
		{"digits stay with letters", "base64 utf8", []string{"base64", "utf8"}},
		{"snake_case", "max_body_runes", []string{"max", "body", "run"}},
		{"kebab-case", "near-miss", []string{"near", "miss"}},
		{"path", "internal/retrieval/entry.go", []string{"internal", "retrieval", "entry", "go"}},
		{"dotted name", "retrieval.Index.Search", []string{"retrieval", "index", "search"}},
		{"case folded", "SEARCH Search search", []string{"search", "search", "search"}},
		{"accents folded", "Café Ölçü naïve", []string{"caf", "olcu", "naiv"}},
		{"decomposed accent", "cafe\u0301", []string{"caf"}},
		{"stopwords dropped", "how is the index built", []string{"index", "built"}},
		{"stopword only after singular", "does", nil},
		{"-ies to -y", "entries dependencies", []string{"entry", "dependency"}},
		{"-sses to -ss", "classes", []string{"class"}},
		{"-tuses to -tus", "statuses", []string{"status"}},
		{"-xes -ches -shes", "boxes matches hashes", []string{"box", "match", "hash"}},
		{"-s dropped", "documents links", []string{"document", "link"}},
		{"-ss kept", "class", []string{"class"}},
		{"-us and -is kept", "status corpus analysis", []string{"status", "corpus", "analysis"}},
		{"short words kept", "go md", []string{"go", "md"}},
		{"punctuation separates", "a+b=c (d) [e]", []string{"b", "c", "d", "e"}},
		{"long token dropped", strings.Repeat("x", maxTokenBytes+1) + " ok", []string{"ok"}},
		{"token at the length bound kept", strings.Repeat("y", maxTokenBytes), []string{strings.Repeat("y", maxTokenBytes)}},
		{"empty", "", nil},
		{"non-Latin letters", "Поиск 検索", []string{"поиск", "検索"}},
	} {
		if got := tokenize(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("%s: tokenize(%q) = %q, want %q", tc.rule, tc.in, got, tc.want)
		}
	}
}

func TestTokenizeNBound(t *testing.T) {
	text := strings.Repeat("alpha beta ", 10)
	toks, cut := tokenizeN(text, 5)
	if len(toks) != 5 || !cut {
		t.Fatalf("tokenizeN(20 words, 5) = %d tokens, cut %v; want 5, true", len(toks), cut)
	}
	toks, cut = tokenizeN(text, 20)
	if len(toks) != 20 || cut {
		t.Fatalf("tokenizeN(20 words, 20) = %d tokens, cut %v; want 20, false", len(toks), cut)
	}
	// Stopwords do not count against the bound.
	toks, cut = tokenizeN("the the the alpha", 1)
	if !slices.Equal(toks, []string{"alpha"}) || cut {
		t.Fatalf("stopwords counted against the bound: %q, cut %v", toks, cut)
	}
}

func TestSingularIsIdempotent(t *testing.T) {
	for _, w := range []string{"entries", "classes", "statuses", "boxes", "matches", "documents", "status", "ies", "sses", "xes", "ss"} {
		once := singular(w)
		if twice := singular(once); twice != once {
			t.Errorf("singular(%q) = %q, but singular(%q) = %q", w, once, once, twice)
		}
	}
}

// TestASCIIPathMatchesRunePath: the byte-wise split of ASCII words finds
// the boundaries the rune-wise one does.
func TestASCIIPathMatchesRunePath(t *testing.T) {
	for _, w := range []string{"HTTPServer", "parseIDs", "IDsFoo", "v2Api", "ABC", "aB", "Ab", "URLs", "URLsX", "x9Y", "sS", "AsB"} {
		ascii, _ := appendASCIIWord(nil, w, 100)
		if runes := runeWordTerms(w); !slices.Equal(ascii, runes) {
			t.Errorf("%q: ascii %q, runes %q", w, ascii, runes)
		}
	}
}

// runeWordTerms splits a word with the rune-wise boundaries.
func runeWordTerms(w string) []string {
	var out []string
	rs := []rune(w)
	start := 0
	for i := 1; i <= len(rs); i++ {
		if i < len(rs) && !splitBefore(rs, i) {
			continue
		}
		if tok, ok := term(string(rs[start:i])); ok {
			out = append(out, tok)
		}
		start = i
	}
	return out
}

// FuzzTokenize: any input tokenizes without panic into bounded, folded
// terms; tokenizing the terms again gives the same terms; an ASCII word
// splits the same byte-wise as rune-wise.
func FuzzTokenize(f *testing.F) {
	for _, seed := range []string{"HTTPServer", "parseIDs v2Api", "Café_Ölçü", "internal/x.go", "entries classes", "İstanbul ǅemal", "\xff\xfe"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks, _ := tokenizeN(s, 64)
		if len(toks) > 64 {
			t.Fatalf("%d tokens over the bound", len(toks))
		}
		for _, tok := range toks {
			if tok == "" || len(tok) > maxTokenBytes || !utf8.ValidString(tok) || stopwords[tok] {
				t.Fatalf("bad token %q from %q", tok, s)
			}
		}
		if isASCII(s) && s != "" && !strings.ContainsFunc(s, func(r rune) bool { return !wordRune(r) }) {
			if ascii, _ := appendASCIIWord(nil, s, 1<<20); !slices.Equal(ascii, runeWordTerms(s)) {
				t.Fatalf("%q: ascii %q, runes %q", s, ascii, runeWordTerms(s))
			}
		}
		again, _ := tokenizeN(strings.Join(toks, " "), 64)
		if !slices.Equal(again, toks) {
			t.Fatalf("not idempotent: %q → %q → %q", s, toks, again)
		}
	})
}
