package enrich

import (
	"errors"
	"fmt"
)

// Reason is why a proposal was rejected. The set is closed, so a run's
// rejections form a histogram.
type Reason string

// Envelope reasons, in the order the envelope is checked.
const (
	ReasonInvalidKind              Reason = "invalid-kind"
	ReasonNoEvidence               Reason = "no-evidence"
	ReasonSchema                   Reason = "schema"
	ReasonBaseSnapshotMismatch     Reason = "base-snapshot-mismatch"
	ReasonUnknownEntity            Reason = "unknown-entity"
	ReasonStaleTarget              Reason = "stale-target"
	ReasonUnknownDiagnostic        Reason = "unknown-diagnostic"
	ReasonEvidenceOutsideArtifacts Reason = "evidence-outside-artifacts"
	ReasonProposalIDMismatch       Reason = "proposal-id-mismatch"
)

// Kind reasons: each kind's own rule.
const (
	// ReasonWrongEntityKind: the kind does not apply to this entity
	// (classify-document or mark-canonical on a module).
	ReasonWrongEntityKind Reason = "wrong-entity-kind"
	// ReasonUnknownReference: a payload names an entity or directory the
	// snapshot does not have (a relation's to, against, with, area).
	ReasonUnknownReference Reason = "unknown-reference"
	// ReasonSelfReference: a payload names the proposal's own entity.
	ReasonSelfReference     Reason = "self-reference"
	ReasonAliasCollision    Reason = "alias-collision"
	reasonCanonicalConflict Reason = "canonical-conflict"
	ReasonRelationObserved  Reason = "relation-observed"
	ReasonEvidenceOffEnds   Reason = "evidence-outside-endpoints"
	ReasonSummaryUnchanged  Reason = "summary-unchanged"
	reasonSecret            Reason = "secret-detected"
	ReasonDuplicate         Reason = "duplicate"
	ReasonExpired           Reason = "expired"
	ReasonRejectedByPerson  Reason = "rejected-by-person"
	// ReasonRejectedByAdjudicator: an adjudicator upheld a reviewer's
	// objection to a proposal accepted by policy (judgement.go).
	ReasonRejectedByAdjudicator Reason = "rejected-by-adjudicator"
)

// reasons lists the closed set, envelope reasons first in check order.
var reasons = []Reason{
	ReasonInvalidKind, ReasonNoEvidence, ReasonSchema, ReasonBaseSnapshotMismatch,
	ReasonUnknownEntity, ReasonStaleTarget, ReasonUnknownDiagnostic,
	ReasonEvidenceOutsideArtifacts, ReasonProposalIDMismatch,
	ReasonWrongEntityKind, ReasonUnknownReference, ReasonSelfReference,
	ReasonAliasCollision, reasonCanonicalConflict, ReasonRelationObserved,
	ReasonEvidenceOffEnds, ReasonSummaryUnchanged, reasonSecret, ReasonDuplicate,
	ReasonExpired, ReasonRejectedByPerson, ReasonRejectedByAdjudicator,
}

// rejection is a proposal refused, with the reason and a detail for people.
type rejection struct {
	Reason Reason
	Detail string
}

func (r *rejection) Error() string {
	if r.Detail == "" {
		return string(r.Reason)
	}
	return string(r.Reason) + ": " + r.Detail
}

func reject(r Reason, format string, args ...any) *rejection {
	return &rejection{Reason: r, Detail: fmt.Sprintf(format, args...)}
}

// asRejection returns err as a rejection (a schema rejection if it is
// another error).
func asRejection(err error) *rejection {
	var r *rejection
	if errors.As(err, &r) {
		return r
	}
	return &rejection{Reason: ReasonSchema, Detail: err.Error()}
}
