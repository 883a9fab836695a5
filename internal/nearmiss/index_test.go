package nearmiss

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	corpus := []string{
		"internal/scan/markdown.go",
		"internal/scan/markdown.go", // duplicate: still one candidate
		"internal/scan/golang.go",
		"docs/configuration.md",
		"docs/architecture.md",
		"src/rules/engine.ts",
		"src/rules/engines.ts",
		"",
	}
	tests := []struct {
		name, query string
		want        string
		ok          bool
	}{
		{"typo", "internal/scan/markdwon.go", "internal/scan/markdown.go", true},
		{"missing letter", "docs/configuratin.md", "docs/configuration.md", true},
		{"the query itself does not count", "docs/configuration.md", "", false},
		{"two candidates reach the threshold", "src/rules/engine.js", "", false},
		{"the query itself does not count, its twin does", "src/rules/engine.ts", "src/rules/engines.ts", true},
		{"nothing close", "README.md", "", false},
		{"empty query", "", "", false},
	}
	ix := NewIndex(corpus)
	if ix.Len() != 7 || ix.Dropped() != 0 {
		t.Fatalf("Len() = %d, Dropped() = %d, want 7 and 0", ix.Len(), ix.Dropped())
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, score, ok := ix.Match(tt.query)
			if got != tt.want || ok != tt.ok {
				t.Fatalf("Match(%q) = %q, %v, %v; want %q, %v", tt.query, got, score, ok, tt.want, tt.ok)
			}
			if ok && (score < Threshold || score != JaroWinkler(tt.query, got)) {
				t.Errorf("score %v, want JaroWinkler = %v ≥ %v", score, JaroWinkler(tt.query, got), Threshold)
			}
			if !ok && score != 0 {
				t.Errorf("score %v without a match", score)
			}
			n, nscore, nok := ix.MatchNaive(tt.query)
			if n != got || nscore != score || nok != ok {
				t.Errorf("MatchNaive = %q, %v, %v; Match = %q, %v, %v", n, nscore, nok, got, score, ok)
			}
		})
	}
}

func TestIndexBounds(t *testing.T) {
	long := strings.Repeat("x", maxRunes+1)
	ix := NewIndex([]string{"a/b.go", long, long + "y", strings.Repeat("é", maxRunes)})
	if ix.Len() != 2 || ix.Dropped() != 2 {
		t.Fatalf("Len() = %d, Dropped() = %d, want 2 and 2", ix.Len(), ix.Dropped())
	}
	// A dropped candidate is never suggested, by either method.
	q := strings.Repeat("x", maxRunes) + "z"
	for _, f := range []func(string) (string, float64, bool){ix.Match, ix.MatchNaive} {
		if got, _, ok := f(q[:maxRunes]); ok {
			t.Errorf("matched %q, a dropped candidate", got)
		}
	}
	// A candidate of exactly maxRunes is kept and can be matched.
	if got, _, ok := ix.Match(strings.Repeat("é", maxRunes-1) + "e"); !ok || got != strings.Repeat("é", maxRunes) {
		t.Errorf("the longest allowed candidate was not matched: %q, %v", got, ok)
	}
	// A query longer than maxRunes matches nothing, though naively it would.
	tooLong := strings.Repeat("é", maxRunes) + "e"
	if JaroWinkler(tooLong, strings.Repeat("é", maxRunes)) < Threshold {
		t.Fatal("test premise: the long query is a near miss")
	}
	for _, f := range []func(string) (string, float64, bool){ix.Match, ix.MatchNaive} {
		if got, _, ok := f(tooLong); ok {
			t.Errorf("a query over maxRunes matched %q", got)
		}
	}
	empty := NewIndex(nil)
	if _, _, ok := empty.Match("a"); ok || empty.Len() != 0 {
		t.Error("an empty index matched")
	}
}

// TestMatchEqualsNaive is the proof that the bounds skip no true match: on
// many random corpora full of near misses (a small alphabet, Unicode, runes
// that share a count slot), every query gets exactly MatchNaive's answer.
// It also checks that the corpora exercise all three outcomes.
func TestMatchEqualsNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 6))
	outcomes := map[string]int{}
	// 50 corpora make about 2,400 ambiguous outcomes; -short's 10 still
	// make about 480, well over the floor of 100 below.
	corpora := 50
	if testing.Short() {
		corpora = 10
	}
	for c := range corpora {
		corpus := randomCorpus(rng, 20+rng.IntN(200))
		ix := NewIndex(corpus)
		queries := slicesConcat(corpus, mutations(rng, corpus, 3))
		for range 20 {
			queries = append(queries, randomString(rng, pathAlphabet, 30))
		}
		for _, q := range queries {
			got, score, ok := ix.Match(q)
			want, wscore, wok := ix.MatchNaive(q)
			if got != want || score != wscore || ok != wok {
				t.Fatalf("corpus %d, query %q: Match = %q %v %v, MatchNaive = %q %v %v",
					c, q, got, score, ok, want, wscore, wok)
			}
			switch hits := countHits(corpus, q); {
			case ok && hits == 1:
				outcomes["one"]++
			case !ok && hits == 0:
				outcomes["none"]++
			case !ok && hits > 1:
				outcomes["ambiguous"]++
			default:
				t.Fatalf("query %q: ok=%v but %d candidates reach the threshold", q, ok, hits)
			}
		}
	}
	for _, k := range []string{"one", "none", "ambiguous"} {
		if outcomes[k] < 100 {
			t.Errorf("only %d %q outcomes: the corpora do not exercise Match (%v)", outcomes[k], k, outcomes)
		}
	}
	t.Logf("outcomes: %v", outcomes)
}

// countHits counts distinct candidates other than q scoring ≥ Threshold.
func countHits(corpus []string, q string) int {
	seen := map[string]bool{}
	hits := 0
	for _, c := range corpus {
		if c == q || seen[c] {
			continue
		}
		seen[c] = true
		if JaroWinkler(q, c) >= Threshold {
			hits++
		}
	}
	return hits
}

// pathAlphabet is small, so near misses are frequent; 'á' (U+00E1) shares
// a count slot with 'a', and 日 and é exercise multi-byte runes.
var pathAlphabet = []rune("ab/._aá日é")

// segments make path-like strings out of few parts.
var segments = []string{"a", "b", "ab", "ba", "aab", "src", "scr", "lib", "é", "日本", "á", "aa.b"}

func randomCorpus(rng *rand.Rand, n int) []string {
	out := make([]string, 0, n)
	for range n {
		if rng.IntN(5) == 0 {
			out = append(out, randomString(rng, pathAlphabet, 24))
			continue
		}
		parts := make([]string, 1+rng.IntN(4))
		for i := range parts {
			parts[i] = segments[rng.IntN(len(segments))]
		}
		out = append(out, strings.Join(parts, "/")+[]string{"", ".go", ".md", ".ts"}[rng.IntN(4)])
	}
	return out
}

// mutations returns k single-edit variants (delete, insert, substitute,
// swap) of random corpus entries.
func mutations(rng *rand.Rand, corpus []string, k int) []string {
	var out []string
	for range k * len(corpus) {
		r := []rune(corpus[rng.IntN(len(corpus))])
		if len(r) < 2 {
			continue
		}
		i := rng.IntN(len(r) - 1)
		x := pathAlphabet[rng.IntN(len(pathAlphabet))]
		switch rng.IntN(4) {
		case 0:
			r = append(r[:i:i], r[i+1:]...)
		case 1:
			r = append(r[:i:i], append([]rune{x}, r[i:]...)...)
		case 2:
			r[i] = x
		default:
			r[i], r[i+1] = r[i+1], r[i]
		}
		out = append(out, string(r))
	}
	return out
}

func slicesConcat(a, b []string) []string {
	return append(append([]string(nil), a...), b...)
}

// benchCorpus generates n distinct repository-like paths, and queries that
// are single-edit typos of some of them.
func benchCorpus(n int) (paths, queries []string) {
	rng := rand.New(rand.NewPCG(15000, 1))
	dirs := []string{"internal", "cmd", "pkg", "src", "docs", "lib", "apps", "services", "test"}
	words := []string{"scan", "config", "graph", "report", "review", "cache", "snapshot", "retrieval",
		"doctor", "enrich", "markdown", "golang", "python", "typescript", "manifest", "walker",
		"resolver", "index", "server", "client", "handler", "router", "model", "util", "parser"}
	exts := []string{".go", ".ts", ".py", ".md", "_test.go", ".tsx"}
	seen := map[string]bool{}
	for len(paths) < n {
		parts := []string{dirs[rng.IntN(len(dirs))]}
		for range 1 + rng.IntN(3) {
			parts = append(parts, words[rng.IntN(len(words))])
		}
		p := strings.Join(parts, "/") + fmt.Sprintf("_%d", rng.IntN(50)) + exts[rng.IntN(len(exts))]
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	queries = mutations(rng, paths[:200], 1)
	return paths, queries
}

func BenchmarkMatch(b *testing.B) {
	paths, queries := benchCorpus(15000)
	ix := NewIndex(paths)
	b.ResetTimer()
	for i := range b.N {
		ix.Match(queries[i%len(queries)])
	}
}

func BenchmarkMatchNaive(b *testing.B) {
	paths, queries := benchCorpus(15000)
	ix := NewIndex(paths)
	b.ResetTimer()
	for i := range b.N {
		ix.MatchNaive(queries[i%len(queries)])
	}
}

// Len returns the number of candidates indexed.
func (ix *Index) Len() int { return len(ix.entries) }

// Dropped returns the number of distinct candidates not indexed because they
// crossed maxRunes or maxCandidates; the caller records it as coverage.
func (ix *Index) Dropped() int { return ix.dropped }

// MatchNaive is Match by comparing query against every candidate; it exists
// to prove Match right and to measure what the bounds save.
func (ix *Index) MatchNaive(query string) (string, float64, bool) {
	q, valid := queryRunes(query)
	if !valid {
		return "", 0, false
	}
	s := newScratch(max(len(q), ix.maxLen))
	found, hits := -1, 0
	var best float64
	for i := range ix.entries {
		e := &ix.entries[i]
		if e.path == query {
			continue
		}
		if sc := scoreRunes(q, e.runes, s); sc >= Threshold {
			hits++
			found, best = i, sc
		}
	}
	if hits != 1 {
		return "", 0, false
	}
	return ix.entries[found].path, best, true
}
