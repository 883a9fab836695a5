package retrieval

import (
	"errors"
	"testing"
)

// FuzzLookupTarget feeds arbitrary targets (user input) to Lookup: it never
// panics, an answer is an entity of the snapshot that its own id finds
// again (a symbol's module, less the symbol and its excerpt), and a failure
// is an unknown or ambiguous target with bounded lists.
func FuzzLookupTarget(f *testing.F) {
	s, sig, diags := lookupFixture(f)
	ids := map[string]bool{}
	for _, e := range s.Entities {
		ids[e.ID] = true
	}
	for _, seed := range []string{storeGo, "internal/store/", "./docs/../docs/api.md", "@lk/store", "stor.go", `a\..\b`, "é:/", "", "Open", "store.Open()", "Record#Path", "Opne"} {
		f.Add(seed, 2)
	}
	f.Fuzz(func(t *testing.T, target string, depth int) {
		depth = 1 + (depth%MaxLookupDepth+MaxLookupDepth)%MaxLookupDepth
		res, err := Lookup(s, sig, diags, target, LookupOptions{Depth: depth, Excerpt: func(string, int) (string, bool) { return target, true }})
		if err != nil {
			var re *resolveError
			if !errors.As(err, &re) || (!errors.Is(err, errUnknownTarget) && !errors.Is(err, errAmbiguousTarget)) {
				t.Fatalf("Lookup(%q): unexpected error %v", target, err)
			}
			if len(re.Candidates) > max(maxResolveCandidates, MaxSuggestions, maxSymbolCandidates) || len(re.Symbols) > maxSymbolCandidates {
				t.Fatalf("Lookup(%q): %d candidates", target, len(re.Candidates))
			}
			return
		}
		if !ids[res.Entity.ID] {
			t.Fatalf("Lookup(%q) = %s, not an entity", target, res.Entity.ID)
		}
		again, err := Lookup(s, sig, diags, res.Entity.ID, LookupOptions{Depth: depth, Excerpt: func(string, int) (string, bool) { return target, true }})
		if err == nil && res.Entity.Symbol != nil {
			r := *res
			r.Entity.Symbol, r.EvidenceExcerpts, again.EvidenceExcerpts = nil, nil, nil
			res = &r
		}
		if err != nil || mustJSON(t, again) != mustJSON(t, res) {
			t.Fatalf("Lookup(%q) and Lookup(%s) differ (%v)", target, res.Entity.ID, err)
		}
		if _, err := FitLookup(res, 1+len(target)); err != nil {
			t.Fatalf("FitLookup: %v", err)
		}
	})
}
