package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/docbridge/docbridge/internal/catalog"
)

// WriteJSON renders the report as canonical JSON: keys in struct order,
// two-space indent, no HTML escaping (a `<` in a message stays `<`), empty
// lists as [] rather than null, and a trailing newline.
func WriteJSON(w io.Writer, r *Report) error {
	if err := encodeJSON(w, normalized(r)); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	return nil
}

// encodeJSON writes v indented, unescaped, newline-terminated.
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// normalized returns a copy of r whose lists are never nil and whose
// findings are in canonical order, whatever way r was assembled.
func normalized(r *Report) *Report {
	c := *r
	c.Findings = normalizeFindings(r.Findings)
	c.Resolved = normalizeFindings(r.Resolved)
	by := make(map[string]int, len(Severities))
	for _, s := range Severities {
		by[s] = r.Summary.BySeverity[s]
	}
	for k, v := range r.Summary.BySeverity {
		by[k] = v
	}
	c.Summary.BySeverity = by
	byLevel := make(map[catalog.Level]int, len(LevelsWorstFirst))
	for _, l := range LevelsWorstFirst {
		byLevel[l] = r.Summary.ByLevel[l]
	}
	for k, v := range r.Summary.ByLevel {
		byLevel[k] = v
	}
	c.Summary.ByLevel = byLevel
	return &c
}

func normalizeFindings(fs []Finding) []Finding {
	out := make([]Finding, len(fs))
	copy(out, fs)
	for i := range out {
		if out[i].Evidence == nil {
			out[i].Evidence = []Location{}
		}
		if out[i].EntityIDs == nil {
			out[i].EntityIDs = []string{}
		}
	}
	sortFindings(out)
	return out
}
