package enrich

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// ProposedRelation is an accepted propose-relation entry in force: a
// relation an agent proposed and a person accepted. Graph views draw it
// apart from the observed relations (provenance proposed), never as one.
type ProposedRelation struct {
	ProposalID string `json:"proposalId"`
	From       string `json:"from"`
	To         string `json:"to"`
	Kind       string `json:"kind"`
	Detection  string `json:"detection"`
	AcceptedBy string `json:"acceptedBy"`
}

// ProposedRelations lists the overlay's accepted proposed relations as
// the search projection reads accepted entries: one whose target's content
// hash moved is ignored at once, one whose endpoint is gone or that the
// snapshot now observes too is left out. Sorted by from, to, kind. A nil
// overlay gives none.
func ProposedRelations(ov *Overlay, s *snapshot.Snapshot) []ProposedRelation {
	if ov == nil || s == nil {
		return nil
	}
	targets := TargetHashes(s)
	observed := map[string]bool{}
	for _, r := range s.Relations {
		observed[r.Kind+"\x00"+r.From+"\x00"+r.To] = true
	}
	var out []ProposedRelation
	for _, a := range ov.Accepted {
		p := a.Proposal
		q, ok := p.Payload.(*ProposeRelation)
		if !ok {
			continue
		}
		if h, ok := targets[p.Entity]; !ok || h != p.TargetContentHash {
			continue
		}
		if _, ok := targets[q.To]; !ok || observed[q.Kind+"\x00"+p.Entity+"\x00"+q.To] {
			continue
		}
		out = append(out, ProposedRelation{ProposalID: p.ProposalID, From: p.Entity, To: q.To, Kind: q.Kind, Detection: q.Detection, AcceptedBy: a.AcceptedBy})
	}
	slices.SortFunc(out, func(a, b ProposedRelation) int {
		return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To), strings.Compare(a.Kind, b.Kind), strings.Compare(a.ProposalID, b.ProposalID))
	})
	return out
}
