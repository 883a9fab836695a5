package retrieval

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// symbolRepoFiles declare symbols in Go (a package with a type, its
// method and a function also declared by a second package; a test file),
// TypeScript and Python (a package re-exporting a class and listing a
// constant; a test module), and a guide that mentions them as
// documentation writes them.
var symbolRepoFiles = map[string]string{
	"go.mod":                     "module example.com/m\n\ngo 1.22\n",
	"internal/rank/rank.go":      "package rank\n\ntype Ranker struct{ Limit int }\n\nfunc (r *Ranker) Score(q string) int { return 0 }\n\nfunc Rank(docs []string) []string { return docs }\n\nfunc New() *Ranker { return nil }\n",
	"internal/rank/rank_test.go": "package rank\n\nfunc Helper() {}\n",
	"internal/store/store.go":    "package store\n\ntype Store struct{}\n\nfunc (s *Store) Close() {}\n\nfunc New() *Store { return nil }\n",
	"src/client.ts":              "export class Client {}\nexport function makeClient(): Client { return new Client(); }\nexport interface Options {}\n",
	"src/util/index.ts":          "export function slugify(s: string) { return s; }\n",
	"pyclient/__init__.py":       "from ._client import Session, DEFAULT\n\n__all__ = [\"Session\", \"DEFAULT\"]\n",
	"pyclient/_client.py":        "DEFAULT = 1\n\n__all__ = [\"Session\", \"request\", \"DEFAULT\"]\n\n\nclass Session:\n    def get(self):\n        pass\n\n\ndef request(method, url):\n    pass\n",
	"tests/test_client.py":       "class FakeSession:\n    pass\n",
	"docs/guide.md": "# Guide\n\nRank with `rank.Rank(docs)`, score with `Ranker.Score`, open a `store.New()`.\n\n" +
		"Make a `new Client()` with `makeClient<Options>()`, slug with `util.slugify`.\n\n" +
		"Open a `pyclient.Session`, call `Session.get()` or `pyclient._client:request`.\n",
}

// symbolFixture scans symbolRepoFiles.
func symbolFixture(t *testing.T) *snapshot.Snapshot {
	t.Helper()
	dir := t.TempDir()
	for p, text := range symbolRepoFiles {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _, _ := coreScan(t, dir)
	return s
}

func TestLookupSymbols(t *testing.T) {
	s := symbolFixture(t)
	const (
		rank   = "module:internal/rank/rank.go"
		store  = "module:internal/store/store.go"
		client = "module:src/client.ts"
		pyc    = "module:pyclient/_client.py"
	)
	tests := []struct {
		name, target string
		module       string       // the answer's entity, when it resolves
		symbol       LookupSymbol // and its declaration
		ambiguous    []string     // else the declarations an ambiguity lists
		suggest      []string     // else the did-you-mean, in order
	}{
		{name: "bare", target: "Ranker", module: rank, symbol: LookupSymbol{Name: "Ranker", Kind: "type", Line: 3}},
		{name: "bare, called", target: "Rank()", module: rank, symbol: LookupSymbol{Name: "Rank", Kind: "func", Line: 7}},
		{name: "Go package", target: "rank.New", module: rank, symbol: LookupSymbol{Name: "New", Kind: "func", Line: 9}},
		{name: "the other Go package", target: "store.New", module: store, symbol: LookupSymbol{Name: "New", Kind: "func", Line: 7}},
		{name: "Go package directory", target: "internal.store.New", module: store, symbol: LookupSymbol{Name: "New", Kind: "func", Line: 7}},
		{name: "Go method", target: "Ranker.Score", module: rank, symbol: LookupSymbol{Name: "Ranker.Score", Kind: "method", Line: 5}},
		{name: "Go method, qualified", target: "rank.Ranker.Score", module: rank, symbol: LookupSymbol{Name: "Ranker.Score", Kind: "method", Line: 5}},
		{name: "Go method, JSDoc style", target: "Ranker#Score", module: rank, symbol: LookupSymbol{Name: "Ranker.Score", Kind: "method", Line: 5}},
		{name: "TypeScript class", target: "Client", module: client, symbol: LookupSymbol{Name: "Client", Kind: "class", Line: 1}},
		{name: "TypeScript member, unrecorded", target: "Client.close", module: client, symbol: LookupSymbol{Name: "Client", Kind: "class", Line: 1, Member: "close"}},
		{name: "TypeScript module directory", target: "util.slugify", module: "module:src/util/index.ts", symbol: LookupSymbol{Name: "slugify", Kind: "function", Line: 1}},
		{name: "Python package", target: "pyclient.Session", module: pyc, symbol: LookupSymbol{Name: "Session", Kind: "class", Line: 6}},
		{name: "Python module", target: "pyclient._client.Session", module: pyc, symbol: LookupSymbol{Name: "Session", Kind: "class", Line: 6}},
		{name: "Python module:attr", target: "pyclient._client:request", module: pyc, symbol: LookupSymbol{Name: "request", Kind: "function", Line: 11}},
		{name: "Python member, unrecorded", target: "Session.get", module: pyc, symbol: LookupSymbol{Name: "Session", Kind: "class", Line: 6, Member: "get"}},
		{name: "Python listing, where it is not re-exported", target: "DEFAULT", module: pyc, symbol: LookupSymbol{Name: "DEFAULT", Kind: "name", Line: 3}},
		{name: "declared by a test module alone", target: "FakeSession", module: "module:tests/test_client.py", symbol: LookupSymbol{Name: "FakeSession", Kind: "class", Line: 1}},
		{name: "ambiguous", target: "New", ambiguous: []string{
			"func New at internal/rank/rank.go:9", "func New at internal/store/store.go:7"}},
		{name: "near miss", target: "Rankr", suggest: []string{"Ranker", "Rank"}},
		{name: "letter case, then entities by base name", target: "ranker", suggest: []string{"Ranker", "Rank", "area:internal/rank", "package:internal/rank"}},
		{name: "qualified near miss", target: "rank.Rnaker", suggest: []string{"rank.Ranker", "Ranker", "rank.Rank"}},
		{name: "a member without its type", target: "Score", suggest: []string{"Ranker.Score"}},
		{name: "a Go method the type lacks", target: "Ranker.Missing"},
		{name: "a Go test file declares nothing", target: "Helper"},
		{name: "nothing alike", target: "zzzz"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Lookup(s, nil, nil, tc.target, LookupOptions{})
			var re *resolveError
			switch {
			case tc.module != "":
				if err != nil {
					t.Fatalf("Lookup(%q): %v", tc.target, err)
				}
				if res.Entity.ID != tc.module || res.Entity.Symbol == nil || *res.Entity.Symbol != tc.symbol {
					t.Errorf("Lookup(%q) = %s %+v, want %s %+v", tc.target, res.Entity.ID, res.Entity.Symbol, tc.module, tc.symbol)
				}
			case tc.ambiguous != nil:
				if !errors.As(err, &re) || !errors.Is(err, errAmbiguousTarget) {
					t.Fatalf("Lookup(%q) error = %v, want ambiguous", tc.target, err)
				}
				var got []string
				for _, m := range re.Symbols {
					got = append(got, m.String())
				}
				if !slices.Equal(got, tc.ambiguous) || len(re.Candidates) != len(re.Symbols) {
					t.Errorf("declarations %q (candidates %q), want %q", got, re.Candidates, tc.ambiguous)
				}
				if msg := err.Error(); !strings.Contains(msg, strings.Join(tc.ambiguous, ", ")) {
					t.Errorf("message %q does not list the declarations", msg)
				}
			default:
				if !errors.As(err, &re) || !errors.Is(err, errUnknownTarget) {
					t.Fatalf("Lookup(%q) error = %v, want unknown", tc.target, err)
				}
				if !slices.Equal(re.Candidates, tc.suggest) {
					t.Errorf("suggestions %q, want %q", re.Candidates, tc.suggest)
				}
			}
		})
	}
}

// Lookup finds a symbol where the scan resolved the guide's mention of it:
// the two read symbols by the one table (symtab).
func TestLookupSymbolsAgreeWithMentions(t *testing.T) {
	s := symbolFixture(t)
	n := 0
	for _, r := range s.Relations {
		if r.Kind != snapshot.RelMentionsSymbol {
			continue
		}
		for _, key := range snapshot.MetaStrings(r.Metadata["symbols"]) {
			n++
			res, err := Lookup(s, nil, nil, key, LookupOptions{})
			if err != nil || res.Entity.ID != r.To {
				t.Errorf("the guide's %q mentions %s; lookup: %v %v", key, r.To, res, err)
			}
		}
	}
	if n < 8 {
		t.Errorf("%d mentions resolved; the fixture writes 9", n)
	}
}

// The declaration is the answer's first excerpt.
func TestLookupSymbolExcerpt(t *testing.T) {
	s := symbolFixture(t)
	read := func(p string, line int) (string, bool) {
		lines := strings.Split(symbolRepoFiles[p], "\n")
		if line < 1 || line > len(lines) {
			return "", false
		}
		return lines[line-1], true
	}
	res, err := Lookup(s, nil, nil, "Ranker.Score", LookupOptions{Excerpt: read})
	if err != nil {
		t.Fatal(err)
	}
	want := Excerpt{Path: "internal/rank/rank.go", Line: 5, Text: "func (r *Ranker) Score(q string) int { return 0 }"}
	if len(res.EvidenceExcerpts) == 0 || res.EvidenceExcerpts[0] != want {
		t.Errorf("excerpts %+v, want first %+v", res.EvidenceExcerpts, want)
	}
}

// An ambiguous symbol lists every declaration up to maxSymbolCandidates,
// then counts the rest.
func TestLookupSymbolCandidatesBounded(t *testing.T) {
	var ids []string
	for i := range maxSymbolCandidates + 3 {
		ids = append(ids, fmt.Sprintf("module:p%02d/m.go", i))
	}
	s := synth(ids)
	for i := range s.Entities {
		e := &s.Entities[i]
		e.Metadata = map[string]any{"language": "golang", "goPackage": "p", "exports": []any{map[string]any{"name": "Do", "kind": "func", "line": 3.0}}}
	}
	_, err := Lookup(s, nil, nil, "Do", LookupOptions{})
	var re *resolveError
	if !errors.As(err, &re) || len(re.Symbols) != maxSymbolCandidates || re.More != 3 || re.Symbols[0].Module != "module:p00/m.go" {
		t.Fatalf("error = %v, want %d declarations and 3 more", err, maxSymbolCandidates)
	}
	if !strings.Contains(err.Error(), "(and 3 more)") {
		t.Errorf("message %q does not count the rest", err)
	}
}

// Shuffling the snapshot's entities, relations and each module's exports
// changes no byte of an answer, an ambiguity or a suggestion.
func TestLookupSymbolsDeterministic(t *testing.T) {
	s := symbolFixture(t)
	targets := []string{"Ranker.Score", "pyclient.Session", "DEFAULT", "New", "Rankr", "Score", "Client.close"}
	render := func(s *snapshot.Snapshot) string {
		var b strings.Builder
		for _, target := range targets {
			res, err := Lookup(s, nil, nil, target, LookupOptions{Depth: MaxLookupDepth})
			if err != nil {
				b.WriteString(err.Error())
				continue
			}
			b.WriteString(mustJSON(t, res))
		}
		return b.String()
	}
	want := render(s)
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 27))
		c := *s
		c.Entities = slices.Clone(s.Entities)
		c.Relations = slices.Clone(s.Relations)
		rng.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
		rng.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
		for i := range c.Entities {
			e := &c.Entities[i]
			if ex := snapshot.MetaMaps(e.Metadata["exports"]); len(ex) > 1 {
				ex = slices.Clone(ex)
				rng.Shuffle(len(ex), func(i, j int) { ex[i], ex[j] = ex[j], ex[i] })
				meta := make(map[string]any, len(e.Metadata))
				for k, v := range e.Metadata {
					meta[k] = v
				}
				meta["exports"] = ex
				e.Metadata = meta
			}
		}
		if got := render(&c); got != want {
			t.Fatalf("seed %d: shuffled input changed the answer\n got %s\nwant %s", seed, got, want)
		}
	}
}
