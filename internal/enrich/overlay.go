package enrich

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Overlay identification.
const (
	overlayType          = "docbridge-enrich-overlay"
	overlaySchemaVersion = 1
	// MaxOverlayBytes bounds the overlay file; a larger one is no overlay.
	MaxOverlayBytes = 32 << 20
	// maxRawRejected bounds the proposal a rejected entry keeps as it came.
	maxRawRejected = 16 << 10
)

// ActorPolicy is who accepts a proposal of an accepted-by-policy kind.
const ActorPolicy = "policy"

// Overlay is every decision about the proposals of the runs so far. It
// holds no time: ContentHash covers everything else, so an unchanged
// repository gives one overlay hash.
type Overlay struct {
	Type          string `json:"type"`
	SchemaVersion int    `json:"schemaVersion"`
	ContentHash   string `json:"contentHash"`
	// BaseSnapshotHash is the snapshot the decisions were checked against.
	BaseSnapshotHash string     `json:"baseSnapshotHash"`
	Accepted         []Accepted `json:"accepted"`
	Pending          []Pending  `json:"pending"`
	// Findings are valid finding-only proposals (flag-gap): reported,
	// never accepted.
	Findings []Finding  `json:"findings"`
	Rejected []Rejected `json:"rejected"`
	// Judgements are the reviewers' and adjudicators' judgements of the
	// proposals above (judgement.go); absent when no agent judged.
	Judgements []JudgementRecord `json:"judgements,omitempty"`
	Stats      Stats             `json:"stats"`
}

// Accepted is a proposal in force: accepted by policy or by a person.
type Accepted struct {
	Proposal   Proposal `json:"proposal"`
	AcceptedBy string   `json:"acceptedBy"`
	// ApprovalID is the approval that accepted it (a person's).
	ApprovalID string `json:"approvalId,omitempty"`
}

// Pending waits for a person's approval.
type Pending struct {
	Proposal   Proposal `json:"proposal"`
	ApprovalID string   `json:"approvalId"`
	Note       string   `json:"note"`
}

// Finding is a valid finding-only proposal.
type Finding struct {
	Proposal Proposal `json:"proposal"`
}

// Rejected is a proposal refused: by a validator, by a person, or expired.
type Rejected struct {
	ProposalID string `json:"proposalId"`
	Kind       string `json:"kind"`
	Entity     string `json:"entity"`
	Reason     Reason `json:"reason"`
	Detail     string `json:"detail"`
	// RejectedBy names the person, for rejected-by-person.
	RejectedBy string `json:"rejectedBy,omitempty"`
	// Context is the answer the proposal came in, so revalidation can
	// check it again.
	Context *Context `json:"context,omitempty"`
	// Proposal is the proposal as it came (canonical JSON), when it was
	// at most 16 KiB.
	Proposal json.RawMessage `json:"proposal,omitempty"`
}

// Stats count the decisions.
type Stats struct {
	Accepted   int            `json:"accepted"`
	Pending    int            `json:"pending"`
	Findings   int            `json:"findings"`
	Rejected   int            `json:"rejected"`
	ByKind     map[string]int `json:"byKind"`
	Rejections map[string]int `json:"rejections"`
	// Judgements counts the judgement records: valid ones by verdict,
	// the others as rejected:<outcome>.
	Judgements map[string]int `json:"judgements,omitempty"`
}

// Answer is what one agent returned in a run: raw proposals and the
// context they are checked in.
type Answer struct {
	Context   Context
	Proposals []json.RawMessage
}

// BuildInput is everything a partition depends on.
type BuildInput struct {
	Facts Facts
	// Previous is the overlay so far (nil: none). Its accepted, pending
	// and finding entries are carried while their target is unchanged;
	// those whose target moved become rejected "expired".
	Previous *Overlay
	// Answers are this run's.
	Answers []Answer
	// Approvals are the recorded decisions of people; a proposal whose
	// approvalId has one is decided by it.
	Approvals []Approval
	// Judgements are this run's reviewers' and adjudicators' answers;
	// those Previous kept are checked again beside them.
	Judgements []JudgementAnswer
}

// candidate is one proposal to decide.
type candidate struct {
	p   Proposal
	ctx Context
	raw json.RawMessage // canonical JSON, for ordering and a rejected entry
}

// Build decides every proposal and returns the new overlay. It is pure
// and deterministic: the same input in any order gives the same bytes.
func Build(in BuildInput) *Overlay {
	ov := newOverlay(in.Facts.Snapshot)
	ix := newIndex(in.Facts)
	var cands []candidate
	fresh := map[string]bool{}
	for _, a := range in.Answers {
		for _, raw := range a.Proposals {
			p, err := Decode(raw)
			c := candidate{p: p, ctx: a.Context, raw: canonicalRaw(raw)}
			if err != nil {
				ov.reject(c, asRejection(err))
				continue
			}
			fresh[p.ProposalID] = true
			cands = append(cands, c)
		}
	}
	if prev := in.Previous; prev != nil {
		for _, c := range prev.stored(false) {
			if fresh[c.p.ProposalID] {
				continue // proposed again: this run's copy decides
			}
			if r := ix.expired(&c.p); r != nil {
				ov.reject(c, r)
				continue
			}
			cands = append(cands, c)
		}
	}
	ov.partition(ix, cands, in.Approvals)
	var kept []JudgementRecord
	if in.Previous != nil {
		kept = in.Previous.Judgements
	}
	ov.judge(ix, kept, in.Judgements)
	return ov.seal()
}

func newOverlay(s *snapshot.Snapshot) *Overlay {
	ov := &Overlay{Type: overlayType, SchemaVersion: overlaySchemaVersion}
	if s != nil {
		ov.BaseSnapshotHash = s.ContentHash
	}
	return ov
}

// partition decides the decoded candidates in proposal-id order, so that
// the rules that look at earlier decisions (alias collisions, one canonical
// document per scope) give one answer whatever order the agents used.
// Decisions people recorded are placed first, so they are never displaced
// by an agent's later proposal.
func (ov *Overlay) partition(ix *index, cands []candidate, approvals []Approval) {
	byID := map[string]*Approval{}
	for i := range approvals {
		a := &approvals[i]
		byID[a.ApprovalID] = a
	}
	decided := func(c *candidate) *Approval {
		a := byID[ApprovalID(c.p.ProposalID, c.p.TargetContentHash)]
		if a == nil || a.ProposalID != c.p.ProposalID || !validDecider(a.By, &c.p) {
			return nil
		}
		return a
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		da, db := decided(&a) != nil, decided(&b) != nil
		if da != db {
			if da {
				return -1
			}
			return 1
		}
		return cmp.Or(strings.Compare(a.p.ProposalID, b.p.ProposalID), bytes.Compare(a.raw, b.raw))
	})
	st := newTaken()
	seen := map[string]bool{}
	for i := range cands {
		c := &cands[i]
		if seen[c.p.ProposalID] {
			ov.reject(*c, reject(ReasonDuplicate, "proposal %s came more than once", c.p.ProposalID))
			continue
		}
		seen[c.p.ProposalID] = true
		if r := ix.checkEnvelope(&c.p, c.ctx); r != nil {
			ov.reject(*c, r)
			continue
		}
		if r := ix.checkKind(&c.p, st); r != nil {
			ov.reject(*c, r)
			continue
		}
		approvalID := ApprovalID(c.p.ProposalID, c.p.TargetContentHash)
		if a := decided(c); a != nil && c.p.Kind.Policy() == policyHuman {
			if a.Decision == DecisionReject {
				ov.reject(*c, &rejection{Reason: ReasonRejectedByPerson, Detail: a.Reason})
				ov.Rejected[len(ov.Rejected)-1].RejectedBy = a.By
				continue
			}
			st.record(&c.p)
			ov.Accepted = append(ov.Accepted, Accepted{Proposal: c.p, AcceptedBy: a.By, ApprovalID: approvalID})
			continue
		}
		switch c.p.Kind.Policy() {
		case PolicyAuto:
			st.record(&c.p)
			ov.Accepted = append(ov.Accepted, Accepted{Proposal: c.p, AcceptedBy: ActorPolicy})
		case policyHuman:
			st.record(&c.p)
			ov.Pending = append(ov.Pending, Pending{Proposal: c.p, ApprovalID: approvalID, Note: pendingNote(&c.p)})
		case policyFinding:
			ov.Findings = append(ov.Findings, Finding{Proposal: c.p})
		}
	}
}

func pendingNote(p *Proposal) string {
	return fmt.Sprintf("%s on %s needs a person: docbridge enrich approve %s --by NAME (or reject)", p.Kind, p.Entity, p.ProposalID)
}

// validDecider reports whether by may decide p: a person, not the policy
// and not the proposal's own agent.
func validDecider(by string, p *Proposal) bool {
	b := fold(by)
	return b != "" && b != ActorPolicy && b != fold(p.Origin.AgentID) && b != fold(p.Origin.Actor())
}

// expired returns the expiry of a stored proposal whose target is gone or
// has changed.
func (ix *index) expired(p *Proposal) *rejection {
	e := ix.entities[p.Entity]
	if e == nil {
		return reject(ReasonExpired, "%s is no longer in the snapshot", p.Entity)
	}
	if h := TargetHash(e); h != p.TargetContentHash {
		return reject(ReasonExpired, "%s changed (content hash %s, was %s)", p.Entity, h, p.TargetContentHash)
	}
	return nil
}

// stored returns the overlay's proposals as candidates, checked in the
// context of their own answer; with rejected, the rejected ones that kept
// their proposal too.
func (ov *Overlay) stored(rejected bool) []candidate {
	var out []candidate
	for _, a := range ov.Accepted {
		out = append(out, storedCandidate(a.Proposal))
	}
	for _, p := range ov.Pending {
		out = append(out, storedCandidate(p.Proposal))
	}
	for _, f := range ov.Findings {
		out = append(out, storedCandidate(f.Proposal))
	}
	if !rejected {
		return out
	}
	for _, r := range ov.Rejected {
		if len(r.Proposal) == 0 {
			continue
		}
		p, _ := Decode(r.Proposal)
		c := candidate{p: p, raw: r.Proposal}
		if r.Context != nil {
			c.ctx = *r.Context
		}
		out = append(out, c)
	}
	return out
}

// storedCandidate is a proposal the overlay holds, as a candidate in the
// context of its own answer.
func storedCandidate(p Proposal) candidate {
	raw, _ := json.Marshal(p)
	return candidate{p: p, ctx: Context{Agent: p.Origin, BaseSnapshotHash: p.BaseSnapshotHash}, raw: canonicalRaw(raw)}
}

// reject files a rejected entry.
func (ov *Overlay) reject(c candidate, r *rejection) {
	x := Rejected{
		ProposalID: c.p.ProposalID, Kind: string(c.p.Kind), Entity: c.p.Entity,
		Reason: r.Reason, Detail: r.Detail,
	}
	if c.ctx != (Context{}) {
		ctx := c.ctx
		x.Context = &ctx
	}
	if len(c.raw) <= maxRawRejected && json.Valid(c.raw) {
		x.Proposal = c.raw
	}
	ov.Rejected = append(ov.Rejected, x)
}

// canonicalRaw re-encodes a raw proposal with sorted keys and no spaces,
// so two agents' spellings of one proposal store alike. A value that is
// not JSON is kept as a JSON string.
func canonicalRaw(raw json.RawMessage) json.RawMessage {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		b, _ := json.Marshal(string(raw))
		return b
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

// seal sorts every list, counts and hashes.
func (ov *Overlay) seal() *Overlay {
	slices.SortFunc(ov.Accepted, func(a, b Accepted) int { return strings.Compare(a.Proposal.ProposalID, b.Proposal.ProposalID) })
	slices.SortFunc(ov.Pending, func(a, b Pending) int { return strings.Compare(a.Proposal.ProposalID, b.Proposal.ProposalID) })
	slices.SortFunc(ov.Findings, func(a, b Finding) int { return strings.Compare(a.Proposal.ProposalID, b.Proposal.ProposalID) })
	slices.SortFunc(ov.Rejected, func(a, b Rejected) int {
		return cmp.Or(strings.Compare(a.ProposalID, b.ProposalID), strings.Compare(string(a.Reason), string(b.Reason)),
			strings.Compare(a.Detail, b.Detail), bytes.Compare(a.Proposal, b.Proposal))
	})
	if ov.Accepted == nil {
		ov.Accepted = []Accepted{}
	}
	if ov.Pending == nil {
		ov.Pending = []Pending{}
	}
	if ov.Findings == nil {
		ov.Findings = []Finding{}
	}
	if ov.Rejected == nil {
		ov.Rejected = []Rejected{}
	}
	st := Stats{
		Accepted: len(ov.Accepted), Pending: len(ov.Pending), Findings: len(ov.Findings), Rejected: len(ov.Rejected),
		ByKind: map[string]int{}, Rejections: map[string]int{},
	}
	for _, a := range ov.Accepted {
		st.ByKind[string(a.Proposal.Kind)]++
	}
	for _, p := range ov.Pending {
		st.ByKind[string(p.Proposal.Kind)]++
	}
	for _, f := range ov.Findings {
		st.ByKind[string(f.Proposal.Kind)]++
	}
	for _, r := range ov.Rejected {
		if r.Kind != "" && Kind(r.Kind).Known() {
			st.ByKind[r.Kind]++
		}
		st.Rejections[string(r.Reason)]++
	}
	ov.sealJudgements(&st)
	ov.Stats = st
	ov.ContentHash = overlayHash(ov)
	return ov
}
