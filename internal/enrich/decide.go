package enrich

import (
	"fmt"
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Refusal codes: why a person's decision was not taken.
const (
	RefusedAlreadyDecided = "already-decided"
	RefusedUnknown        = "unknown"
	RefusedStale          = "stale"
	RefusedSelfApproval   = "self-approval"
	RefusedPolicy         = "policy"
	RefusedInvalid        = "invalid"
	// RefusedConflict: approving would make two canonical documents of
	// one scope.
	RefusedConflict = "canonical-conflict"
)

// Refusal is a decision refused; nothing was recorded and the overlay is
// unchanged.
type Refusal struct {
	Code   string
	Detail string
}

func (r *Refusal) Error() string { return "refused (" + r.Code + "): " + r.Detail }

func refuse(code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Detail: fmt.Sprintf(format, args...)}
}

// DecideRequest is one person's decision.
type DecideRequest struct {
	ProposalID string
	// Decision is DecisionApprove or DecisionReject.
	Decision string
	// By is the person's name (a login).
	By     string
	Reason string
	// Via, HeadSHA, CommentID and DecidedAt are recorded as given.
	Via       string
	HeadSHA   string
	CommentID int64
	DecidedAt string
}

// DecideInput is what a decision is checked against, as values, so that
// the CLI (files) and a pull-request bot (files read through an API) share
// it: the overlay, the approval records already made, and the current
// content hash of each entity (TargetHashes of the snapshot, or hashes the
// caller computed itself).
type DecideInput struct {
	Overlay   *Overlay
	Approvals []Approval
	Targets   map[string]string
}

// TargetHashes maps every entity of s to its TargetHash.
func TargetHashes(s *snapshot.Snapshot) map[string]string {
	m := make(map[string]string, len(s.Entities))
	for i := range s.Entities {
		m[s.Entities[i].ID] = TargetHash(&s.Entities[i])
	}
	return m
}

// Decide is the one place a person's decision is taken. The gate first:
// the proposal must be pending, not decided already, its target unchanged,
// the person neither the policy nor the proposal's agent (and, to approve a
// canonical mark, no other document canonical for the scope). Then the
// overlay moves: the proposal leaves pending for accepted (acceptedBy the
// person) or rejected (rejected-by-person). It returns the new overlay and
// the approval record to store; on a *Refusal, neither, and in.Overlay is
// never modified.
func Decide(in DecideInput, req DecideRequest) (*Overlay, Approval, error) {
	if in.Overlay == nil {
		return nil, Approval{}, refuse(RefusedUnknown, "there is no overlay: run docbridge enrich first")
	}
	if req.Decision != DecisionApprove && req.Decision != DecisionReject {
		return nil, Approval{}, refuse(RefusedInvalid, "decision %q is not %q or %q", bounded(req.Decision), DecisionApprove, DecisionReject)
	}
	if err := checkName(req.By); err != nil {
		return nil, Approval{}, refuse(RefusedInvalid, "by: %v", err)
	}
	if fold(req.By) == ActorPolicy {
		return nil, Approval{}, refuse(RefusedPolicy, "%q is the policy, not a person", req.By)
	}
	if err := optional("reason", req.Reason, MaxReasonRunes); err != nil {
		return nil, Approval{}, refuse(RefusedInvalid, "%v", err)
	}
	ov := in.Overlay
	// The id is the proposal's or, as `enrich list` shows it too, the
	// approval id of its pending entry: either names the proposal.
	i := slices.IndexFunc(ov.Pending, func(p Pending) bool {
		return p.Proposal.ProposalID == req.ProposalID || p.ApprovalID == req.ProposalID
	})
	if i < 0 {
		if id, where := ov.decidedAs(req.ProposalID); where != "" {
			return nil, Approval{}, refuse(RefusedAlreadyDecided, "proposal %s is %s", id, where)
		}
		return nil, Approval{}, refuse(RefusedUnknown, "no pending proposal %s: give a pending proposal's id or its approval id (docbridge enrich list --pending shows both)", bounded(req.ProposalID))
	}
	p := ov.Pending[i].Proposal
	approvalID := ApprovalID(p.ProposalID, p.TargetContentHash)
	if slices.ContainsFunc(in.Approvals, func(a Approval) bool { return a.ApprovalID == approvalID }) {
		return nil, Approval{}, refuse(RefusedAlreadyDecided, "approval %s is already recorded", approvalID)
	}
	if h, ok := in.Targets[p.Entity]; !ok || h != p.TargetContentHash {
		return nil, Approval{}, refuse(RefusedStale, "%s changed since the proposal (or is gone): run docbridge enrich again", p.Entity)
	}
	if !validDecider(req.By, &p) {
		return nil, Approval{}, refuse(RefusedSelfApproval, "%q proposed %s and cannot decide it", req.By, p.ProposalID)
	}
	if mc, ok := p.Payload.(*MarkCanonical); ok && req.Decision == DecisionApprove {
		for _, a := range ov.Accepted {
			if o, ok := a.Proposal.Payload.(*MarkCanonical); ok && fold(o.Scope) == fold(mc.Scope) && a.Proposal.Entity != p.Entity {
				return nil, Approval{}, refuse(RefusedConflict, "%s is already the canonical document of %q", a.Proposal.Entity, mc.Scope)
			}
		}
	}
	rec := Approval{
		Type: ApprovalType, SchemaVersion: ApprovalSchemaVersion,
		ApprovalID: approvalID, ProposalID: p.ProposalID, Kind: string(p.Kind), Entity: p.Entity,
		TargetContentHash: p.TargetContentHash, Decision: req.Decision, By: req.By, Reason: req.Reason,
		Via: req.Via, HeadSHA: req.HeadSHA, CommentID: req.CommentID, DecidedAt: req.DecidedAt,
	}
	next := ov.clone()
	next.Pending = slices.Delete(next.Pending, i, i+1)
	if req.Decision == DecisionApprove {
		next.Accepted = append(next.Accepted, Accepted{Proposal: p, AcceptedBy: req.By, ApprovalID: approvalID})
	} else {
		// Filed as Build files it from the approval record: the proposal
		// kept only when at most maxRawRejected.
		next.reject(storedCandidate(p), &rejection{Reason: ReasonRejectedByPerson, Detail: req.Reason})
		next.Rejected[len(next.Rejected)-1].RejectedBy = req.By
	}
	return next.seal(), rec, nil
}

// decidedAs says where a proposal that is not pending stands ("" when the
// overlay does not hold it), and its proposal id: id is a proposal id or
// the approval id of an accepted proposal.
func (ov *Overlay) decidedAs(id string) (string, string) {
	for _, a := range ov.Accepted {
		if a.Proposal.ProposalID == id || (a.ApprovalID != "" && a.ApprovalID == id) {
			return a.Proposal.ProposalID, "accepted by " + a.AcceptedBy
		}
	}
	for _, f := range ov.Findings {
		if f.Proposal.ProposalID == id {
			return id, "a finding, which is reported and never accepted"
		}
	}
	for _, r := range ov.Rejected {
		if r.ProposalID == id {
			return id, "rejected (" + string(r.Reason) + ")"
		}
	}
	return id, ""
}

// clone copies the overlay's lists, so a decision never changes its input.
func (ov *Overlay) clone() *Overlay {
	c := *ov
	c.Accepted = slices.Clone(ov.Accepted)
	c.Pending = slices.Clone(ov.Pending)
	c.Findings = slices.Clone(ov.Findings)
	c.Rejected = slices.Clone(ov.Rejected)
	c.Judgements = slices.Clone(ov.Judgements)
	return &c
}

// DecideFiles takes a decision on the overlay and approvals under root:
// the record is written first (and never replaced), the overlay second.
// targets are the current content hashes (TargetHashes of a fresh scan).
func DecideFiles(root string, targets map[string]string, req DecideRequest) (*Overlay, Approval, error) {
	ov, warn := ReadOverlay(root)
	if ov == nil {
		return nil, Approval{}, refuse(RefusedUnknown, "%s", warn)
	}
	approvals, _ := ReadApprovals(root)
	next, rec, err := Decide(DecideInput{Overlay: ov, Approvals: approvals, Targets: targets}, req)
	if err != nil {
		return nil, Approval{}, err
	}
	if err := writeApproval(root, rec); err != nil {
		return nil, Approval{}, err
	}
	if err := WriteOverlay(root, next); err != nil {
		return nil, Approval{}, fmt.Errorf("the decision is recorded (%s) but the overlay was not updated; docbridge enrich will apply it: %w", rec.ApprovalID, err)
	}
	return next, rec, nil
}
