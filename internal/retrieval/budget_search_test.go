package retrieval

import (
	"reflect"
	"strings"
	"testing"
)

func searchAnswer() Results {
	return Results{Query: "store", Total: 3, Cut: 1, Hits: []Hit{
		{ID: "document:docs/guide.md", Kind: "document", Path: "docs/guide.md", Title: "Store guide", Score: 210.5},
		{ID: "module:internal/store/store.go", Kind: "module", Path: "internal/store/store.go", Title: "store.go", Score: 150},
	}}
}

// Hits carry no summary today: the answer is all core, no section is
// reported, and fits follows the core's own cost.
func TestFitSearch(t *testing.T) {
	r := searchAnswer()
	got, rep, err := FitSearch(r, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	m := got.(map[string]any)
	if len(rep.Kept) != 0 || len(rep.Dropped) != 0 || !rep.Fits || m["budget"] == nil || m["summaries"] != nil {
		t.Errorf("report %+v, answer %v", rep, m)
	}
	hits := m["hits"].([]any)
	if len(hits) != 2 || hits[0].(map[string]any)["id"] != r.Hits[0].ID || hits[1].(map[string]any)["score"] != 150.0 {
		t.Errorf("hits changed: %v", hits)
	}
	delete(m, "budget")
	core, _ := ApproxTokens(m)
	if rep.Used != core {
		t.Errorf("used %d, core costs %d", rep.Used, core)
	}
	_, rep, err = FitSearch(r, core-1)
	if err != nil || rep.Fits || rep.Used != core || len(rep.Dropped) != 0 {
		t.Errorf("core over the limit: %+v, %v", rep, err)
	}
}

// A hit's "summary" is the summaries section: kept while it fits, dropped
// whole otherwise, and never part of the core.
func TestSplitSummaries(t *testing.T) {
	answer := map[string]any{"query": "q", "hits": []any{
		map[string]any{"id": "a", "summary": "About a."},
		map[string]any{"id": "b", "summary": ""},
		map[string]any{"id": "c"},
	}}
	got := splitSummaries(answer)
	if want := map[string]string{"a": "About a."}; !reflect.DeepEqual(got, want) {
		t.Errorf("summaries %v, want %v", got, want)
	}
	if strings.Contains(mustJSON(t, answer), "summary") {
		t.Errorf("summary left in the core: %s", mustJSON(t, answer))
	}
}
