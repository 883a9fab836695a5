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

// A hit's "summary" is the summaries section (and its "snippet" the
// snippets section): kept while it fits, dropped whole otherwise, and
// never part of the core.
func TestSplitSummaries(t *testing.T) {
	answer := map[string]any{"query": "q", "hits": []any{
		map[string]any{"id": "a", "summary": "About a."},
		map[string]any{"id": "b", "summary": ""},
		map[string]any{"id": "c"},
	}}
	got := splitHitField(answer, "summary")
	if want := map[string]string{"a": "About a."}; !reflect.DeepEqual(got, want) {
		t.Errorf("summaries %v, want %v", got, want)
	}
	if strings.Contains(mustJSON(t, answer), "summary") {
		t.Errorf("summary left in the core: %s", mustJSON(t, answer))
	}
}

// With summaries and snippets, a tight budget sheds the summaries first:
// a snippet answers the question, a summary only describes the page.
func TestFitSearchDropsSummariesBeforeSnippets(t *testing.T) {
	r := searchAnswer()
	r.Hits[0].Summary = strings.Repeat("A guide to the store. ", 20)
	r.Hits[0].Anchor, r.Hits[0].Snippet = "records", "Records are **stored** by OpenStore."
	all, rep, err := FitSearch(r, 1<<20)
	if err != nil || !rep.Fits || !reflect.DeepEqual(rep.Kept, []string{SectionSummaries, SectionSnippets}) {
		t.Fatalf("roomy budget: %+v, %v", rep, err)
	}
	m := all.(map[string]any)
	if m["snippets"].(map[string]string)[r.Hits[0].ID] != r.Hits[0].Snippet || m["hits"].([]any)[0].(map[string]any)["anchor"] != "records" {
		t.Errorf("answer %v: want the snippet by hit id and the anchor in the core", m)
	}
	got, rep, err := FitSearch(r, rep.Used-1)
	if err != nil || !rep.Fits || !reflect.DeepEqual(rep.Dropped, []string{SectionSummaries}) || !reflect.DeepEqual(rep.Kept, []string{SectionSnippets}) {
		t.Fatalf("tight budget: %+v, %v", rep, err)
	}
	if m := got.(map[string]any); m["summaries"] != nil || m["snippets"] == nil {
		t.Errorf("tight budget answer %v", m)
	}
}
