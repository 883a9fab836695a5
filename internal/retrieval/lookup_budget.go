package retrieval

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/finding"
)

// lookupCore is the part of a lookup answer a budget never drops.
type lookupCore struct {
	Entity      LookupEntity         `json:"entity"`
	Diagnostics []finding.Diagnostic `json:"diagnostics"`
	Truncated   []Truncation         `json:"truncated,omitempty"`
}

// FitLookup returns a copy of r trimmed to limit tokens by Fit, with its
// Budget report. The core is the entity, its diagnostics and the bounds
// crossed; the sections are summaries (Summaries), related (Documents),
// neighbours (Neighbours) and evidenceExcerpts (EvidenceExcerpts), each
// counted over its own JSON and dropped whole.
func FitLookup(r *LookupResult, limit int) (*LookupResult, error) {
	p := Payload{
		Core: lookupCore{Entity: r.Entity, Diagnostics: r.Diagnostics, Truncated: r.Truncated},
		Sections: []Section{
			{Name: SectionSummaries, Value: r.Summaries},
			{Name: SectionRelated, Value: r.Documents},
			{Name: SectionNeighbours, Value: r.Neighbours},
			{Name: SectionEvidenceExcerpts, Value: r.EvidenceExcerpts},
		},
	}
	fitted, rep, err := Fit(p, limit)
	if err != nil {
		return nil, fmt.Errorf("lookup %s: %w", r.Entity.ID, err)
	}
	out := &LookupResult{Entity: r.Entity, Diagnostics: r.Diagnostics, Truncated: r.Truncated, Budget: &rep}
	for _, s := range fitted.Sections {
		switch s.Name {
		case SectionSummaries:
			out.Summaries = r.Summaries
		case SectionRelated:
			out.Documents = r.Documents
		case SectionNeighbours:
			out.Neighbours = r.Neighbours
		case SectionEvidenceExcerpts:
			out.EvidenceExcerpts = r.EvidenceExcerpts
		}
	}
	return out, nil
}
