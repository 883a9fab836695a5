package enrich

import (
	"fmt"
	"slices"
	"strings"
)

// Mismatch is a stored decision the validators do not reproduce: the
// overlay was edited by hand, or the facts changed since it was built.
type Mismatch struct {
	ProposalID string `json:"proposalId"`
	Stored     string `json:"stored"`
	Reproduced string `json:"reproduced"`
}

// Revalidation is what Revalidate found.
type Revalidation struct {
	// Checked counts the stored proposals re-run.
	Checked int `json:"checked"`
	// Unchecked counts rejected entries that kept no proposal (larger than
	// 16 KiB as they came).
	Unchecked  int        `json:"unchecked"`
	Mismatches []Mismatch `json:"mismatches"`
	// Warning says when the facts are not those the overlay was built on.
	Warning string `json:"warning,omitempty"`
}

// Revalidate re-runs the validators over the overlay's stored proposals,
// each in the context of its own answer, with the given approval records,
// and compares the partition it gets with the stored one, proposal by
// proposal. It is pure.
func Revalidate(ov *Overlay, f Facts, approvals []Approval) Revalidation {
	var rv Revalidation
	if f.Snapshot != nil && f.Snapshot.ContentHash != ov.BaseSnapshotHash {
		rv.Warning = fmt.Sprintf("the overlay was built on snapshot %s, this is %s: decisions may differ until docbridge enrich runs", ov.BaseSnapshotHash, f.Snapshot.ContentHash)
	}
	ix := newIndex(f)
	nv := newOverlay(f.Snapshot)
	expiredIDs := map[string]bool{}
	for _, r := range ov.Rejected {
		if r.Reason == ReasonExpired {
			expiredIDs[r.ProposalID] = true
		}
		if len(r.Proposal) == 0 {
			rv.Unchecked++
		}
	}
	var live []candidate
	for _, c := range ov.stored(true) {
		rv.Checked++
		if _, err := Decode(c.raw); err != nil {
			nv.reject(c, asRejection(err))
			continue
		}
		if expiredIDs[c.p.ProposalID] {
			if r := ix.expired(&c.p); r != nil {
				nv.reject(c, r)
				continue
			}
		}
		live = append(live, c)
	}
	nv.partition(ix, live, approvals)
	nv.judge(ix, ov.Judgements, nil)
	nv.seal()
	stored, got := outcomes(ov), outcomes(nv)
	ids := make([]string, 0, len(stored))
	for id := range stored {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if s, g := strings.Join(stored[id], ", "), strings.Join(got[id], ", "); s != g {
			rv.Mismatches = append(rv.Mismatches, Mismatch{ProposalID: id, Stored: s, Reproduced: g})
		}
	}
	return rv
}

// outcomes lists, per proposal id, where the overlay files it (sorted; a
// duplicate id has several). Rejected entries without their proposal are
// left out: nothing can reproduce them.
func outcomes(ov *Overlay) map[string][]string {
	m := map[string][]string{}
	for _, a := range ov.Accepted {
		m[a.Proposal.ProposalID] = append(m[a.Proposal.ProposalID], "accepted by "+a.AcceptedBy)
	}
	for _, p := range ov.Pending {
		m[p.Proposal.ProposalID] = append(m[p.Proposal.ProposalID], "pending")
	}
	for _, f := range ov.Findings {
		m[f.Proposal.ProposalID] = append(m[f.Proposal.ProposalID], "finding")
	}
	for _, r := range ov.Rejected {
		if len(r.Proposal) > 0 {
			m[r.ProposalID] = append(m[r.ProposalID], "rejected "+string(r.Reason))
		}
	}
	for _, v := range m {
		slices.Sort(v)
	}
	return m
}
