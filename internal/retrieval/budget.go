package retrieval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
)

// Droppable sections of an answer, named as the budget report names them.
const (
	SectionEvidenceExcerpts = "evidenceExcerpts"
	SectionRelated          = "related"
	SectionNeighbours       = "neighbours"
	SectionSummaries        = "summaries"
	SectionSnippets         = "snippets"
)

// Token arithmetic: an approximation, not a tokenizer. A part of a payload
// (the core or one section) costs ceil(chars/charsPerToken) +
// tokensPerSection, chars being the runes of its canonical JSON.
const (
	charsPerToken    = 4
	tokensPerSection = 2
)

// dropOrder returns the droppable section names in the order they are shed:
// the least useful to a reader first.
func dropOrder() []string {
	return []string{SectionEvidenceExcerpts, SectionRelated, SectionNeighbours, SectionSummaries, SectionSnippets}
}

// ErrBudget is wrapped by every error of Fit: a payload that cannot be
// budgeted (a bad limit, an unknown or repeated section, unencodable JSON).
var ErrBudget = errors.New("budget")

// Section is one droppable part of an answer.
type Section struct {
	Name  string
	Value any
}

// Payload is an answer split for budgeting: a Core that is never dropped
// and Sections that are shed whole, in dropOrder, until the rest fits.
type Payload struct {
	Core     any
	Sections []Section
}

// BudgetReport says what a budget kept of a payload. Kept lists sections in
// payload order, Dropped in the order they were shed; a section the payload
// did not have is in neither. Used counts the core and the kept sections.
type BudgetReport struct {
	Limit   int      `json:"limit"`
	Used    int      `json:"used"`
	Fits    bool     `json:"fits"`
	Kept    []string `json:"kept"`
	Dropped []string `json:"dropped"`
}

// partTokens is the token cost of one part: ceil(runes/4) + 2 over its
// canonical JSON b (compact, map keys sorted, no HTML escaping).
func partTokens(b []byte) int {
	chars := utf8.RuneCount(b)
	return (chars+charsPerToken-1)/charsPerToken + tokensPerSection
}

// canonicalJSON is the compact JSON of v without HTML escaping, so that
// "<" costs one character, as it does in the answer printed.
func canonicalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("%w: encode: %w", ErrBudget, err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Fit trims p to at most limit tokens. Sections whose JSON is null are
// absent: left out of the result and of the report. The others are dropped
// whole in dropOrder until the total fits; the core never drops, and when
// it alone is over the limit every section is dropped and Fits is false.
// Sections keep their payload order. Only the names of dropOrder are
// allowed, each once.
func Fit(p Payload, limit int) (Payload, BudgetReport, error) {
	if limit < 1 {
		return Payload{}, BudgetReport{}, fmt.Errorf("%w: limit %d: must be at least 1 token", ErrBudget, limit)
	}
	coreJSON, err := canonicalJSON(p.Core)
	if err != nil {
		return Payload{}, BudgetReport{}, fmt.Errorf("core: %w", err)
	}
	order := dropOrder()
	present := make([]Section, 0, len(p.Sections))
	cost := make(map[string]int, len(p.Sections))
	for _, s := range p.Sections {
		if !slices.Contains(order, s.Name) {
			return Payload{}, BudgetReport{}, fmt.Errorf("%w: unknown section %q (droppable: %v)", ErrBudget, s.Name, order)
		}
		if _, dup := cost[s.Name]; dup {
			return Payload{}, BudgetReport{}, fmt.Errorf("%w: section %q given twice", ErrBudget, s.Name)
		}
		b, err := canonicalJSON(s.Value)
		if err != nil {
			return Payload{}, BudgetReport{}, fmt.Errorf("section %s: %w", s.Name, err)
		}
		cost[s.Name] = partTokens(b)
		if string(b) == "null" {
			continue
		}
		present = append(present, s)
	}
	used := partTokens(coreJSON)
	for _, s := range present {
		used += cost[s.Name]
	}
	dropped := []string{}
	for _, name := range order {
		if used <= limit {
			break
		}
		if !slices.ContainsFunc(present, func(s Section) bool { return s.Name == name }) {
			continue
		}
		used -= cost[name]
		dropped = append(dropped, name)
	}
	out := Payload{Core: p.Core}
	kept := []string{}
	for _, s := range present {
		if !slices.Contains(dropped, s.Name) {
			out.Sections = append(out.Sections, s)
			kept = append(kept, s.Name)
		}
	}
	return out, BudgetReport{Limit: limit, Used: used, Fits: used <= limit, Kept: kept, Dropped: dropped}, nil
}
