package retrieval

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func enrichFixture() *Projection {
	a := coreDoc("docs/a.md", "storage", "how records are kept")
	a.Aliases = []string{"store"}
	a.Summary = "Where records live."
	b := coreDoc("docs/b.md", "operations", "running the service")
	p := &Projection{SnapshotHash: "s", Entries: append(coreFiller(5), a, b)}
	slices.SortFunc(p.Entries, func(x, y Entry) int { return strings.Compare(x.ID, y.ID) })
	p.Hash = projectionHash(p.Entries)
	return p
}

// TestEnrichNilIsIdentity: without an overlay the projection is
// byte-identical.
func TestEnrichNilIsIdentity(t *testing.T) {
	p := enrichFixture()
	before, _ := json.Marshal(p)
	q := p.Enrich(nil)
	after, _ := json.Marshal(q)
	if q != p || !bytes.Equal(before, after) {
		t.Fatal("Enrich(nil) changed the projection")
	}
	// An overlay with nothing accepted changes no byte either.
	empty, _ := json.Marshal(p.Enrich(&Enrichment{}))
	if !bytes.Equal(before, empty) {
		t.Fatalf("an empty enrichment changed the projection:\n%s\n%s", before, empty)
	}
}

// TestEnrichOnlyAdds: every observed value survives; additions carry
// their provenance; a summary is added only where there was none.
func TestEnrichOnlyAdds(t *testing.T) {
	p := enrichFixture()
	before, _ := json.Marshal(p)
	a, b := "document:docs/a.md", "document:docs/b.md"
	q := p.Enrich(&Enrichment{
		Aliases:   map[string][]string{a: {"vault", "store"}, b: {"ops"}},
		Summaries: map[string]string{a: "Agent words.", b: "Running it."},
		Intents:   map[string][]string{b: {"how do I restart the service"}},
		Canonical: map[string][]string{b: {"operations"}},
	})
	if after, _ := json.Marshal(p); !bytes.Equal(before, after) {
		t.Fatal("Enrich changed its input")
	}
	if q.Hash == p.Hash {
		t.Fatal("the hash does not cover the additions")
	}
	for i, x := range q.Entries {
		o := p.Entries[i]
		if x.ID != o.ID || x.Title != o.Title || x.Body != o.Body || x.Path != o.Path || !slices.Equal(x.Aliases[:len(o.Aliases)], o.Aliases) {
			t.Fatalf("observed data of %s changed", o.ID)
		}
		if o.Summary != "" && x.Summary != o.Summary {
			t.Fatalf("%s: own summary replaced", o.ID)
		}
	}
	ea, eb := q.Entries[slices.IndexFunc(q.Entries, func(e Entry) bool { return e.ID == a })], q.Entries[slices.IndexFunc(q.Entries, func(e Entry) bool { return e.ID == b })]
	if !slices.Equal(ea.Aliases, []string{"store", "vault"}) || ea.SummaryProvenance != "" {
		t.Fatalf("a: %+v", ea)
	}
	if eb.Summary != "Running it." || eb.SummaryProvenance != snapshot.Proposed ||
		len(eb.Intents) != 1 || eb.Intents[0].Provenance != snapshot.Proposed || !slices.Equal(eb.Canonical, []string{"operations"}) {
		t.Fatalf("b: %+v", eb)
	}
	// The intent is searchable.
	r := NewIndex(q, &snapshot.Snapshot{}).Search(Query{Text: "restart"})
	if len(r.Hits) == 0 || r.Hits[0].ID != b {
		t.Fatalf("intent not indexed: %v", r.Hits)
	}
}

// TestSignalLexicalHitsOnly: the signal adds nothing to an entry the words
// did not find: one the query names by an alias that is only a stopword.
func TestSignalLexicalHitsOnly(t *testing.T) {
	target := coreDoc("docs/target.md", "zeta", "nothing shared")
	target.Aliases = []string{"the"}
	target.Signal = 1
	ix := coreIndex(append(coreFiller(10), target))
	r := ix.Search(Query{Text: "the", Explain: true})
	i := rankOf(r, target.ID)
	if i < 0 || r.Hits[i].Components[compIDExact] == 0 || r.Hits[i].Components[compBM25] != 0 {
		t.Fatalf("setup: want a named hit without words: %v", r.Hits)
	}
	if got := r.Hits[i].Components[compSignal]; got != 0 {
		t.Fatalf("signal %v on a non-lexical hit", got)
	}
}
