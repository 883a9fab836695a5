package retrieval

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestClosestWhenNoEntryMatchesEveryTerm(t *testing.T) {
	alpha := coreDoc("docs/alpha.md", "alpha", "alpha")
	beta := coreDoc("docs/beta.md", "beta", "beta")
	ix := coreIndex(append(coreFiller(10), alpha, beta))
	r := ix.Search(Query{Text: "alpha beta"})
	if !r.Closest || r.Total != 2 {
		t.Fatalf("closest %v, total %d: want the two partial matches flagged", r.Closest, r.Total)
	}
	for _, h := range r.Hits {
		if !h.Closest {
			t.Errorf("%s not flagged closest", h.ID)
		}
	}
	both := coreDoc("docs/both.md", "alpha", "beta")
	r = coreIndex(append(coreFiller(10), alpha, beta, both)).Search(Query{Text: "alpha beta"})
	// An entry matching every term leads, unflagged; the partial matches
	// follow, flagged and scaled by the share of terms they match.
	if r.Closest || r.Total != 3 || r.Hits[0].ID != both.ID || r.Hits[0].Closest || !r.Hits[1].Closest || !r.Hits[2].Closest {
		t.Fatalf("full match first, partial matches flagged after it: %+v", r)
	}
	// Several words take the natural-language path: the factor is the
	// share raised to NaturalTuning.Coordination.
	if f := coordination(1, 2, NaturalTuning.Coordination); r.Class != classNatural || f >= 1 || r.Hits[1].Score > r.Hits[0].Score*f+1e-9 {
		t.Fatalf("%s query: a half match scores %v, more than %v of the full match's %v", r.Class, r.Hits[1].Score, f, r.Hits[0].Score)
	}
	// An entry the query names counts as a full match.
	r = ix.Search(Query{Text: "docs/alpha.md"})
	if r.Closest || r.Hits[0].ID != alpha.ID {
		t.Fatalf("a named entry is no closest match: %+v", r)
	}
}

func TestLimitAndCut(t *testing.T) {
	var entries []Entry
	for i := range 25 {
		entries = append(entries, coreDoc(fmt.Sprintf("docs/p%02d.md", i), "walrus", strings.Repeat("walrus ", i+1)))
		entries = append(entries, coreModule(fmt.Sprintf("walrus/m%02d.go", i)))
	}
	ix := coreIndex(entries)
	for _, tc := range []struct {
		limit, hits int
		kinds       []string
		total       int
	}{
		{0, DefaultLimit, nil, 50},
		{7, 7, nil, 50},
		{MaxLimit + 5, 50, nil, 50},
		{10, 10, []string{snapshot.KindDocument}, 25},
		{30, 25, []string{snapshot.KindModule}, 25},
		{10, 0, []string{snapshot.KindArea}, 0},
	} {
		r := ix.Search(Query{Text: "walrus", Limit: tc.limit, Kinds: tc.kinds})
		if len(r.Hits) != tc.hits || r.Total != tc.total || r.Cut != tc.total-tc.hits {
			t.Errorf("limit %d kinds %v: %d hits, total %d, cut %d; want %d, %d, %d",
				tc.limit, tc.kinds, len(r.Hits), r.Total, r.Cut, tc.hits, tc.total, tc.total-tc.hits)
		}
		for _, h := range r.Hits {
			if len(tc.kinds) > 0 && h.Kind != tc.kinds[0] {
				t.Errorf("kinds %v: hit %s", tc.kinds, h.ID)
			}
		}
	}
	// The limit cuts the ranking, not the candidates: the first hits of a
	// short answer are the first of a long one.
	short, long := ix.Search(Query{Text: "walrus", Limit: 5}), ix.Search(Query{Text: "walrus", Limit: 50})
	if got, want := hitIDs(short), hitIDs(long)[:5]; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("limit 5 gives %v, the top of limit 50 is %v", got, want)
	}
}

func TestKindsFilterAppliesAfterRanking(t *testing.T) {
	// The module is the best lexical match and so a proximity seed; the
	// document next to it keeps its proximity boost when modules are
	// filtered out.
	mod := coreModule("internal/quokka/quokka.go", "Quokka")
	doc := coreDoc("docs/notes.md", "notes", "a quokka appears once in a long body of other words here")
	ix := coreIndex(append(coreFiller(10), mod, doc), [3]string{snapshot.RelMentions, doc.ID, mod.ID})
	r := ix.Search(Query{Text: "quokka", Kinds: []string{snapshot.KindDocument}, Explain: true})
	if r.Total != 1 || r.Hits[0].ID != doc.ID {
		t.Fatalf("kinds filter: %+v", r)
	}
	if c := r.Hits[0].Components; c[compProximity] != ProximityBoost || c[compBM25] >= lexicalMax {
		t.Errorf("ranking must happen before the filter (proximity from the module, bm25 scaled by it): %v", c)
	}
}

func TestQueryTermsBound(t *testing.T) {
	var words []string
	for i := range maxQueryTerms + 8 {
		words = append(words, fmt.Sprintf("w%d", i))
	}
	ix := coreIndex([]Entry{coreDoc("a.md", "w0", "w1")})
	r := ix.Search(Query{Text: strings.Join(words, " ") + " w0 w1"})
	if len(r.Truncated) != 1 || r.Truncated[0] != (Truncation{Bound: boundQueryTerms, Limit: maxQueryTerms, Omitted: 8}) {
		t.Fatalf("truncated = %+v", r.Truncated)
	}
}

func TestBlankAndStopwordQueries(t *testing.T) {
	ix := coreIndex(append(coreFiller(5), coreDoc("docs/the.md", "the", "")))
	for _, q := range []string{"", "   ", "the of and"} {
		r := ix.Search(Query{Text: q})
		if r.Total != 0 || len(r.Hits) != 0 || r.Hits == nil {
			t.Errorf("%q: %+v, want no hits (an empty list)", q, r)
		}
	}
	// A stopword can still name an entry.
	if r := ix.Search(Query{Text: "the.md"}); len(r.Hits) == 0 || r.Hits[0].ID != "document:docs/the.md" {
		t.Errorf("basename of stopwords: %+v", r)
	}
}

// TestSearchIsDeterministic: the same repository, with its entities and
// relations in any order, gives byte-identical results.
func TestSearchIsDeterministic(t *testing.T) {
	s, _, body := coreScan(t, coreRepoDir)
	queries := []string{"storage guide", "OpenStore", "http server", "compaction", "internal/store", "how are entries persisted", "README.md", ""}
	run := func(s *snapshot.Snapshot) string {
		p := Project(s, graph.Compute(s, graph.Options{}), body)
		ix := NewIndex(p, s)
		var out []Results
		for _, q := range queries {
			out = append(out, ix.Search(Query{Text: q, Explain: true, Limit: MaxLimit}))
		}
		data, err := json.Marshal(struct {
			Hash    string
			Results []Results
		}{p.Hash, out})
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	want := run(s)
	if !strings.Contains(want, "docs/storage.md") {
		t.Fatalf("fixture results look empty: %s", want)
	}
	for seed := range uint64(8) {
		c := *s
		c.Entities = append([]snapshot.Entity(nil), s.Entities...)
		c.Relations = append([]snapshot.Relation(nil), s.Relations...)
		rng := rand.New(rand.NewPCG(seed, seed+1))
		rng.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
		rng.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
		if got := run(&c); got != want {
			t.Fatalf("seed %d: results differ after shuffling\n got %s\nwant %s", seed, got, want)
		}
	}
}

func TestFixtureRanking(t *testing.T) {
	s, sig, body := coreScan(t, coreRepoDir)
	ix := NewIndex(Project(s, sig, body), s)
	for _, tc := range []struct{ query, first string }{
		{"storage guide", "document:docs/storage.md"},
		{"OpenStore", "module:internal/store/store.go"},
		{"HTTPServer", "module:internal/httpserver/server.go"},
		{"compaction", "document:docs/storage.md"},
		{"server.go", "module:internal/httpserver/server.go"},
	} {
		r := ix.Search(Query{Text: tc.query})
		if len(r.Hits) == 0 || r.Hits[0].ID != tc.first {
			t.Errorf("%q: first %v, want %s", tc.query, hitIDs(r), tc.first)
		}
	}
}

func TestSearchIsSafeForConcurrentUse(t *testing.T) {
	s, sig, body := coreScan(t, coreRepoDir)
	ix := NewIndex(Project(s, sig, body), s)
	queries := []string{"storage guide", "OpenStore", "compaction", "http server", "internal", "records"}
	want := make([]string, len(queries))
	for i, q := range queries {
		want[i] = fmt.Sprint(ix.Search(Query{Text: q, Explain: true}))
	}
	done := make(chan error)
	for g := range 8 {
		go func() {
			for k := range 50 {
				i := (g + k) % len(queries)
				if got := fmt.Sprint(ix.Search(Query{Text: queries[i], Explain: true})); got != want[i] {
					done <- fmt.Errorf("goroutine %d, %q: %s, want %s", g, queries[i], got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
