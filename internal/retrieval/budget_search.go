package retrieval

import (
	"encoding/json"
	"fmt"
)

// FitSearch trims a search answer to limit tokens. The core is the answer
// with every hit's identity and score (id, kind, path, title, score, anchor
// and whatever else a hit carries); the droppable sections are summaries,
// then snippets: each hit's "summary" and "snippet" fields gathered by hit
// id, when hits carry them. A snippet answers the question, a summary
// describes the page, so the summaries go first. The answer comes back as
// a JSON object (map) with a "budget" key.
//
// It works over the answer's JSON so that a field added to Hit lands in
// the core, and a "summary" or "snippet" field in its section, without
// change here.
func FitSearch(r Results, limit int) (any, BudgetReport, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, BudgetReport{}, fmt.Errorf("%w: encode results: %w", ErrBudget, err)
	}
	var answer map[string]any
	if err := json.Unmarshal(b, &answer); err != nil {
		return nil, BudgetReport{}, fmt.Errorf("%w: decode results: %w", ErrBudget, err)
	}
	p := Payload{Core: answer}
	split := map[string]map[string]string{}
	for _, sec := range []struct{ name, field string }{{SectionSummaries, "summary"}, {SectionSnippets, "snippet"}} {
		if m := splitHitField(answer, sec.field); len(m) > 0 {
			split[sec.name] = m
			p.Sections = append(p.Sections, Section{Name: sec.name, Value: m})
		}
	}
	fitted, rep, err := Fit(p, limit)
	if err != nil {
		return nil, BudgetReport{}, fmt.Errorf("search: %w", err)
	}
	for _, s := range fitted.Sections {
		answer[s.Name] = split[s.Name]
	}
	answer["budget"] = rep
	return answer, rep, nil
}

// splitHitField moves each hit's field out of answer into a map by hit id.
func splitHitField(answer map[string]any, field string) map[string]string {
	hits, _ := answer["hits"].([]any)
	out := map[string]string{}
	for _, h := range hits {
		hit, ok := h.(map[string]any)
		if !ok {
			continue
		}
		s, _ := hit[field].(string)
		id, _ := hit["id"].(string)
		delete(hit, field)
		if s != "" {
			out[id] = s
		}
	}
	return out
}
