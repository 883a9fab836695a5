package nearmiss

import (
	"strings"
	"testing"
)

// FuzzJaroWinkler checks the score's invariants and that both bounds hold on
// arbitrary (including invalid UTF-8) input.
func FuzzJaroWinkler(f *testing.F) {
	for _, s := range [][2]string{
		{"MARTHA", "MARHTA"}, {"DIXON", "DICKSONX"}, {"", ""}, {"", "a"}, {"ab", "ba"},
		{"héllo", "hello"}, {"a\xffb", "a\xfeb"}, {"aá", "áa"}, {"internal/scan", "internal/scna"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ra, rb := []rune(a), []rune(b)
		if len(ra) > maxRunes || len(rb) > maxRunes {
			return
		}
		got := JaroWinkler(a, b)
		if !(got >= 0 && got <= 1) {
			t.Fatalf("JaroWinkler(%q, %q) = %v, outside [0, 1]", a, b, got)
		}
		if JaroWinkler(a, a) != 1 {
			t.Fatalf("JaroWinkler(%q, itself) != 1", a)
		}
		if got != JaroWinkler(a, b) {
			t.Fatal("not deterministic")
		}
		if len(ra) == 0 || len(rb) == 0 {
			if got != 0 && len(ra)+len(rb) > 0 {
				t.Fatalf("empty against non-empty scored %v", got)
			}
			return
		}
		var counts [slots]int
		for _, r := range ra {
			counts[slotOf(r)]++
		}
		m, ok := sharedAtLeast(&counts, countSlots(rb), len(rb), len(rb))
		if !ok || m < matchCount(ra, rb) {
			t.Fatalf("character bound %d, %v below the real matches %d", m, ok, matchCount(ra, rb))
		}
		if b := upperBound(m, len(ra), len(rb), commonPrefix(ra, rb)); got > b+1e-12 {
			t.Fatalf("score %v above the character bound %v", got, b)
		}
		if b := upperBound(min(len(ra), len(rb)), len(ra), len(rb), maxPrefix); got > b+1e-12 {
			t.Fatalf("score %v above the length bound %v", got, b)
		}
	})
}

// FuzzMatch checks Match == MatchNaive on an index of the lines of corpus.
func FuzzMatch(f *testing.F) {
	f.Add("internal/scan/markdown.go\ninternal/scan/golang.go\ndocs/a.md", "internal/scan/markdwon.go")
	f.Add("src/rules/engine.ts\nsrc/rules/engines.ts", "src/rules/engine.js")
	f.Add("aá/b\naa/b\n日本/é", "aa/b")
	f.Add("", "")
	f.Add("x\nx\nx", "x")
	f.Fuzz(func(t *testing.T, corpus, query string) {
		ix := NewIndex(strings.Split(corpus, "\n"))
		got, score, ok := ix.Match(query)
		want, wscore, wok := ix.MatchNaive(query)
		if got != want || score != wscore || ok != wok {
			t.Fatalf("Match = %q %v %v, MatchNaive = %q %v %v", got, score, ok, want, wscore, wok)
		}
		if ok && (got == query || score < Threshold) {
			t.Fatalf("bad match %q (%v) for %q", got, score, query)
		}
	})
}
