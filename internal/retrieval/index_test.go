package retrieval

import (
	"math"
	"testing"
)

func TestBM25TitleOutranksBody(t *testing.T) {
	inTitle := coreDoc("docs/a.md", "compaction notes", "general text here")
	inBody := coreDoc("docs/b.md", "general notes", "compaction text here")
	ix := coreIndex(append(coreFiller(30), inTitle, inBody))
	r := ix.Search(Query{Text: "compaction", Explain: true})
	if r.Total != 2 {
		t.Fatalf("total %d, want 2: %v", r.Total, hitIDs(r))
	}
	if r.Hits[0].ID != inTitle.ID {
		t.Fatalf("the term in the title must outrank it in the body: %v", hitIDs(r))
	}
	a, b := r.Hits[0].Components[compBM25], r.Hits[1].Components[compBM25]
	if a != lexicalMax || !(b < a) {
		t.Errorf("bm25 %v then %v: the best lexical match scores lexicalMax and the other less", a, b)
	}
}

func TestBM25RareTermOutweighsCommon(t *testing.T) {
	entries := coreFiller(20)
	for i := range entries {
		entries[i].Body += " common"
	}
	common := coreDoc("docs/common.md", "page", "common words")
	rare := coreDoc("docs/rare.md", "page", "rare words")
	ix := coreIndex(append(entries, common, rare))
	r := ix.Search(Query{Text: "common rare", Limit: 50})
	if !r.Closest || r.Hits[0].ID != rare.ID {
		t.Fatalf("the rare term must outweigh the common one (closest %v): %v", r.Closest, hitIDs(r))
	}
	if got := rankOf(r, common.ID); got < 1 {
		t.Fatalf("common-term entry missing: %v", hitIDs(r))
	}
}

func TestBM25Formula(t *testing.T) {
	// One entry, one term once in the title: every length equals its
	// average, so BM25F reduces to idf·w·(k1+1)/(k1+w).
	e := coreDoc("x", "alpha", "")
	e.Path = ""
	ix := coreIndex([]Entry{e, coreDoc("y", "beta", "")})
	p := ix.postings["alpha"][0]
	idf := math.Log(1 + (2-1+0.5)/(1+0.5))
	want := idf * weightTitle * (bm25K1 + 1) / (bm25K1 + weightTitle)
	if got := ix.bm25(p, ix.idf(1)); math.Abs(got-want) > 1e-12 {
		t.Fatalf("bm25 = %v, want %v", got, want)
	}
}

func TestLexicalOnlyIsPlainBM25(t *testing.T) {
	target := coreModule("internal/store/store.go", "OpenStore")
	other := coreDoc("docs/store.md", "store store store", "store")
	ix := coreIndex(append(coreFiller(10), target, other))
	r := ix.Search(Query{Text: "internal/store/store.go", LexicalOnly: true, Explain: true})
	for _, h := range r.Hits {
		for name, v := range h.Components {
			if name != compBM25 && v != 0 {
				t.Errorf("%s: component %s = %v in a lexical-only search", h.ID, name, v)
			}
		}
	}
	if r.Closest || r.Total != 2 {
		t.Errorf("lexical-only matches any term without flagging: total %d closest %v", r.Total, r.Closest)
	}
	full := ix.Search(Query{Text: "internal/store/store.go"})
	if full.Hits[0].ID != target.ID || full.Hits[0].Score < pathBoost {
		t.Errorf("the ranked search names the path: %v", full.Hits)
	}
}

// bm25 scores one posting of a term with the identifier path's
// tuning.
func (ix *Index) bm25(p posting, idf float64) float64 {
	return ix.bm25With(p, idf, &identifierTuning)
}
