package retrieval

import (
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Enrichment is what accepted agent proposals add to a projection (the
// enrichment overlay, projected by internal/enrich). It only adds: no
// observed or declared value is removed or replaced.
type Enrichment struct {
	// Aliases are extra names per entity id.
	Aliases map[string][]string
	// Summaries apply only to entries that have no summary of their own.
	Summaries map[string]string
	// Intents are task-shaped phrases per entity id.
	Intents map[string][]string
	// Canonical are the scopes an entity is the canonical document of.
	Canonical map[string][]string
	// Signal is the agent signal per entity id in [0,1] (Entry.Signal).
	Signal map[string]float64
}

// Intent is a task-shaped phrase an entry answers, with who asserts it.
type Intent struct {
	Phrase     string `json:"phrase"`
	Provenance string `json:"provenance"`
}

// Enrich returns p with en's additions, as a new projection (p is not
// changed) whose Hash covers them. A nil en returns p itself: without an
// overlay the projection is exactly Project's.
func (p *Projection) Enrich(en *Enrichment) *Projection {
	if en == nil {
		return p
	}
	out := &Projection{SnapshotHash: p.SnapshotHash, Entries: slices.Clone(p.Entries)}
	for i := range out.Entries {
		x := &out.Entries[i]
		if as := en.Aliases[x.ID]; len(as) > 0 {
			x.Aliases = mergeSorted(x.Aliases, as)
		}
		if s := en.Summaries[x.ID]; s != "" && x.Summary == "" {
			x.Summary = s
			x.SummaryProvenance = snapshot.Proposed
		}
		if ps := en.Intents[x.ID]; len(ps) > 0 {
			x.Intents = nil
			for _, ph := range sortedUnique(ps) {
				x.Intents = append(x.Intents, Intent{Phrase: ph, Provenance: snapshot.Proposed})
			}
		}
		if cs := en.Canonical[x.ID]; len(cs) > 0 {
			x.Canonical = sortedUnique(cs)
		}
		if v, ok := en.Signal[x.ID]; ok {
			x.Signal = clampSignal(v)
		}
	}
	out.Hash = projectionHash(out.Entries)
	return out
}

// mergeSorted keeps the observed aliases first, in their order, and adds
// the others sorted and without repeats.
func mergeSorted(observed, added []string) []string {
	out := slices.Clone(observed)
	for _, a := range sortedUnique(added) {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// intentPhrases are the entry's intent phrases, indexed with its headings
// (a task-shaped heading is what an intent is).
func intentPhrases(e *Entry) []string {
	if len(e.Intents) == 0 {
		return e.Headings
	}
	out := slices.Clone(e.Headings)
	for _, in := range e.Intents {
		out = append(out, in.Phrase)
	}
	return out
}
