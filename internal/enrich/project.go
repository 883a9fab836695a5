package enrich

import (
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Agent signals of the accepted proposals, in [0,1]; retrieval weighs the
// signal at most 15 % of the exact-identity boost.
const (
	signalRankStrong = 1.0
	signalRankWeak   = 0.5
	signalCanonical  = 0.8
)

// Enrichment projects the overlay's accepted proposals for retrieval:
// aliases, summaries (retrieval keeps an entity's own), intents, canonical
// scopes and the agent signal. An entry whose target's content hash moved
// is ignored at once, before the next run expires it. A nil overlay gives
// nil: the projection stays exactly as observed.
func Enrichment(ov *Overlay, s *snapshot.Snapshot) *retrieval.Enrichment {
	if ov == nil || s == nil {
		return nil
	}
	targets := TargetHashes(s)
	en := &retrieval.Enrichment{
		Aliases: map[string][]string{}, Summaries: map[string]string{}, Intents: map[string][]string{},
		Canonical: map[string][]string{}, Signal: map[string]float64{},
	}
	signal := func(id string, v float64) { en.Signal[id] = max(en.Signal[id], v) }
	for _, a := range ov.Accepted {
		p := a.Proposal
		if h, ok := targets[p.Entity]; !ok || h != p.TargetContentHash {
			continue
		}
		switch q := p.Payload.(type) {
		case *AddAlias:
			en.Aliases[p.Entity] = append(en.Aliases[p.Entity], q.Alias)
		case *Summarize:
			en.Summaries[p.Entity] = q.Summary
		case *AddIntent:
			en.Intents[p.Entity] = append(en.Intents[p.Entity], q.Phrase)
		case *MarkCanonical:
			en.Canonical[p.Entity] = append(en.Canonical[p.Entity], q.Scope)
			signal(p.Entity, signalCanonical)
		case *RankHint:
			v := signalRankWeak
			if q.Strength == "strong" {
				v = signalRankStrong
			}
			signal(p.Entity, v)
		}
	}
	return en
}
