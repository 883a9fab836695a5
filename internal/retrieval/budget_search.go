package retrieval

import (
	"encoding/json"
	"fmt"
)

// FitSearch trims a search answer to limit tokens. The core is the answer
// with every hit's identity and score (id, kind, path, title, score and
// whatever else a hit carries); the one droppable section is summaries,
// each hit's "summary" field gathered by hit id, when hits carry one. The
// answer comes back as a JSON object (map) with a "budget" key.
//
// It works over the answer's JSON so that a field added to Hit lands in
// the core, and a "summary" field in the summaries section, without change
// here.
func FitSearch(r Results, limit int) (any, BudgetReport, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, BudgetReport{}, fmt.Errorf("%w: encode results: %w", ErrBudget, err)
	}
	var answer map[string]any
	if err := json.Unmarshal(b, &answer); err != nil {
		return nil, BudgetReport{}, fmt.Errorf("%w: decode results: %w", ErrBudget, err)
	}
	summaries := splitSummaries(answer)
	p := Payload{Core: answer}
	if len(summaries) > 0 {
		p.Sections = []Section{{Name: SectionSummaries, Value: summaries}}
	}
	fitted, rep, err := Fit(p, limit)
	if err != nil {
		return nil, BudgetReport{}, fmt.Errorf("search: %w", err)
	}
	if len(fitted.Sections) == 1 {
		answer["summaries"] = summaries
	}
	answer["budget"] = rep
	return answer, rep, nil
}

// splitSummaries moves each hit's "summary" out of answer into a map by
// hit id.
func splitSummaries(answer map[string]any) map[string]string {
	hits, _ := answer["hits"].([]any)
	out := map[string]string{}
	for _, h := range hits {
		hit, ok := h.(map[string]any)
		if !ok {
			continue
		}
		s, _ := hit["summary"].(string)
		id, _ := hit["id"].(string)
		delete(hit, "summary")
		if s != "" {
			out[id] = s
		}
	}
	return out
}
