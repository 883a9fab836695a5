package retrieval

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// FitLookup sheds the lookup's sections in the drop order, leaves the
// core whole, and its report's Used is the tokens of what it kept.
func TestFitLookup(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	full, err := Lookup(s, sig, diags, "docs/api.md", LookupOptions{Depth: 2, Excerpt: fixtureReader(t)})
	if err != nil {
		t.Fatal(err)
	}
	if full.Summaries == nil || full.Documents == nil || full.Neighbours == nil || full.EvidenceExcerpts == nil || len(full.Diagnostics) == 0 {
		t.Fatalf("fixture lookup lacks a section: %s", mustJSON(t, full))
	}
	core, _ := ApproxTokens(lookupCore{Entity: full.Entity, Diagnostics: full.Diagnostics, Truncated: full.Truncated})
	part := map[string]int{}
	part[SectionSummaries], _ = ApproxTokens(full.Summaries)
	part[SectionRelated], _ = ApproxTokens(full.Documents)
	part[SectionNeighbours], _ = ApproxTokens(full.Neighbours)
	part[SectionEvidenceExcerpts], _ = ApproxTokens(full.EvidenceExcerpts)
	// A lookup has every section but the snippets of search hits.
	order := slices.DeleteFunc(dropOrder(), func(name string) bool { return name == SectionSnippets })
	for k := 0; k <= len(order); k++ {
		limit := core
		for _, name := range order[k:] {
			limit += part[name]
		}
		got, err := FitLookup(full, limit)
		if err != nil {
			t.Fatal(err)
		}
		b := got.Budget
		if b == nil || !b.Fits || b.Used != limit || !slices.Equal(b.Dropped, order[:k]) {
			t.Fatalf("k=%d: budget %+v, want used %d and dropped %q", k, b, limit, order[:k])
		}
		has := map[string]bool{
			SectionSummaries:        got.Summaries != nil,
			SectionRelated:          got.Documents != nil,
			SectionNeighbours:       got.Neighbours != nil,
			SectionEvidenceExcerpts: got.EvidenceExcerpts != nil,
		}
		for _, name := range order {
			if has[name] == slices.Contains(order[:k], name) {
				t.Errorf("k=%d: section %s present = %v", k, name, has[name])
			}
		}
		if !reflect.DeepEqual(got.Entity, full.Entity) || !reflect.DeepEqual(got.Diagnostics, full.Diagnostics) {
			t.Errorf("k=%d: the core changed", k)
		}
		// The JSON has no key for a dropped section.
		var keys map[string]json.RawMessage
		if err := json.Unmarshal([]byte(mustJSON(t, got)), &keys); err != nil {
			t.Fatal(err)
		}
		if _, ok := keys["evidenceExcerpts"]; ok == (k >= 1) {
			t.Errorf("k=%d: evidenceExcerpts key present = %v", k, ok)
		}
	}
	got, err := FitLookup(full, core-1)
	if err != nil {
		t.Fatal(err)
	}
	if got.Budget.Fits || got.Budget.Used != core || !slices.Equal(got.Budget.Dropped, order) || len(got.Budget.Kept) != 0 {
		t.Errorf("core over the limit: %+v", got.Budget)
	}
	if _, err := FitLookup(full, 0); err == nil {
		t.Error("limit 0 must be an error")
	}
}

// A lookup without excerpts (no reader) and without documents never
// reports those sections, even when everything is dropped.
func TestFitLookupAbsentSections(t *testing.T) {
	s := synth([]string{"module:a.go", "module:b.go"}, [3]string{"imports", "module:a.go", "module:b.go"})
	res, err := Lookup(s, nil, nil, "a.go", LookupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := FitLookup(res, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := (BudgetReport{Limit: 1, Used: got.Budget.Used, Fits: false, Kept: []string{}, Dropped: []string{SectionNeighbours}}); !reflect.DeepEqual(*got.Budget, want) {
		t.Errorf("budget %+v, want %+v", *got.Budget, want)
	}
}
