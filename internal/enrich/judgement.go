package enrich

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/jsonerr"
)

// Roles that judge another agent's proposals.
const (
	// RoleReviewer corroborates or objects; it decides nothing.
	RoleReviewer = "reviewer"
	// RoleAdjudicator judges a disputed proposal (one a reviewer objected
	// to); it never approves.
	RoleAdjudicator = "adjudicator"
)

// Verdict is a judgement's answer; the set is closed and each role has its
// own two.
type Verdict string

// The verdicts.
const (
	verdictCorroborate Verdict = "corroborate" // reviewer: the proposal holds
	VerdictObject      Verdict = "object"      // reviewer: it does not
	VerdictUphold      Verdict = "uphold"      // adjudicator: the objection stands
	VerdictDismiss     Verdict = "dismiss"     // adjudicator: the objection does not
)

// roleVerdicts are the verdicts each role may give.
var roleVerdicts = map[string][]Verdict{
	RoleReviewer:    {verdictCorroborate, VerdictObject},
	RoleAdjudicator: {VerdictDismiss, VerdictUphold},
}

// JudgementValid is the outcome of a judgement that counts.
const JudgementValid = "valid"

// Why a judgement counts for nothing; the set is closed.
const (
	judgementSchema           = "schema"
	judgementNoEvidence       = "no-evidence"
	judgementWrongVerdict     = "wrong-verdict"
	judgementOriginMismatch   = "origin-mismatch"
	judgementUnknownProposal  = "unknown-proposal"
	judgementOutsideArtifacts = "evidence-outside-artifacts"
	judgementSelfReview       = "self-review"
	judgementSelfAdjudication = "self-adjudication"
	judgementNotDisputed      = "not-disputed"
	judgementDuplicate        = "duplicate"
)

// judgementOutcomes lists the outcomes a record may hold.
var judgementOutcomes = []string{
	JudgementValid, judgementSchema, judgementNoEvidence, judgementWrongVerdict,
	judgementOriginMismatch, judgementUnknownProposal, judgementOutsideArtifacts,
	judgementSelfReview, judgementSelfAdjudication, judgementNotDisputed, judgementDuplicate,
}

// maxJudgementBytes bounds one raw judgement.
const maxJudgementBytes = 16 << 10

// Judgement is one reviewer's or adjudicator's answer about one proposal.
type Judgement struct {
	ProposalID string     `json:"proposalId"`
	Verdict    Verdict    `json:"verdict"`
	Reason     string     `json:"reason"`
	Evidence   []Evidence `json:"evidence"`
	Origin     Origin     `json:"origin"`
}

// JudgementAnswer is what one judging agent returned in a run.
type JudgementAnswer struct {
	Role string
	// Judge is the agent that answered, with the prompt version it
	// followed; every judgement's origin must be it.
	Judge      Origin
	Judgements []json.RawMessage
}

// JudgementRecord is a judgement as the overlay keeps it: who judged in
// which role, the outcome of its checks, and the judgement as it came
// (canonical JSON), so every run and revalidation checks it again.
type JudgementRecord struct {
	Role       string  `json:"role"`
	Judge      Origin  `json:"judge"`
	ProposalID string  `json:"proposalId"`
	Verdict    Verdict `json:"verdict,omitempty"`
	// Outcome is JudgementValid or why the judgement counts for nothing.
	Outcome   string          `json:"outcome"`
	Detail    string          `json:"detail,omitempty"`
	Judgement json.RawMessage `json:"judgement"`
}

// Judged reports whether the overlay holds a judgement, whatever its
// outcome, by judge in role about proposal id: a run asks each judge once
// per proposal.
func (ov *Overlay) Judged(role string, judge Origin, id string) bool {
	for _, r := range ov.Judgements {
		if r.Role == role && r.Judge == judge && r.ProposalID == id {
			return true
		}
	}
	return false
}

// Disputed lists the proposals a valid objection names, by id.
func (ov *Overlay) Disputed() []string {
	var out []string
	for _, r := range ov.Judgements {
		if r.Role == RoleReviewer && r.Outcome == JudgementValid && r.Verdict == VerdictObject && !slices.Contains(out, r.ProposalID) {
			out = append(out, r.ProposalID)
		}
	}
	slices.Sort(out)
	return out
}

// DecodeJudgement reads one raw judgement strictly. The error names the
// outcome: no-evidence or schema.
func DecodeJudgement(raw json.RawMessage) (Judgement, string, error) {
	var j Judgement
	if len(raw) > maxJudgementBytes {
		return j, judgementSchema, fmt.Errorf("the judgement is %d bytes, more than %d", len(raw), maxJudgementBytes)
	}
	var peek struct {
		ProposalID string            `json:"proposalId"`
		Verdict    string            `json:"verdict"`
		Evidence   []json.RawMessage `json:"evidence"`
	}
	peekErr := json.Unmarshal(raw, &peek)
	j.ProposalID, j.Verdict = bounded(peek.ProposalID), Verdict(bounded(peek.Verdict))
	if peekErr != nil && !isTypeError(peekErr) {
		return j, judgementSchema, jsonerr.Plain(peekErr)
	}
	if len(peek.Evidence) == 0 {
		return j, judgementNoEvidence, fmt.Errorf("a judgement needs at least one evidence item")
	}
	var full Judgement
	if err := strictUnmarshal(raw, &full); err != nil {
		return j, judgementSchema, jsonerr.Plain(err)
	}
	// The envelope's own bounds, read through a proposal's shape.
	shape := Proposal{ProposalID: full.ProposalID, Entity: "-", TargetContentHash: "-", BaseSnapshotHash: "-",
		Reason: full.Reason, Evidence: full.Evidence, Origin: full.Origin}
	if err := firstErr(checkEnvelopeShape(&shape), required("reason", full.Reason, MaxReasonRunes),
		oneOf("verdict", string(full.Verdict), []string{string(verdictCorroborate), string(VerdictDismiss), string(VerdictObject), string(VerdictUphold)})); err != nil {
		return j, judgementSchema, err
	}
	return full, JudgementValid, nil
}

// judgeCand is one judgement to check.
type judgeCand struct {
	rec   JudgementRecord
	fresh bool
}

// judge checks every judgement — this run's and the ones the previous
// overlay kept — against the overlay's partition, records them, and
// applies the adjudications that count: an upheld objection moves a
// proposal accepted by policy to rejected (rejected-by-adjudicator, the
// adjudicator's reason); a human-approval proposal stays pending whatever
// an adjudicator says, and nothing is ever accepted by a judgement. A kept
// judgement whose proposal the overlay no longer holds is forgotten.
func (ov *Overlay) judge(ix *index, prev []JudgementRecord, answers []JudgementAnswer) {
	var cands []judgeCand
	for _, r := range prev {
		cands = append(cands, judgeCand{rec: JudgementRecord{Role: r.Role, Judge: r.Judge, Judgement: r.Judgement}})
	}
	for _, a := range answers {
		for _, raw := range a.Judgements {
			cands = append(cands, judgeCand{rec: JudgementRecord{Role: a.Role, Judge: a.Judge, Judgement: canonicalRaw(raw)}, fresh: true})
		}
	}
	if len(cands) == 0 {
		return
	}
	roleRank := func(r string) int {
		if r == RoleReviewer {
			return 0
		}
		return 1
	}
	// Reviews first (an adjudication looks at them), then by bytes: one
	// order whatever order the agents used.
	slices.SortStableFunc(cands, func(a, b judgeCand) int {
		return cmp.Or(cmp.Compare(roleRank(a.rec.Role), roleRank(b.rec.Role)), strings.Compare(a.rec.Role, b.rec.Role),
			strings.Compare(a.rec.Judge.AgentID, b.rec.Judge.AgentID), bytes.Compare(a.rec.Judgement, b.rec.Judgement))
	})
	proposals := map[string]*Proposal{}
	policyAccepted := map[string]int{}
	for i := range ov.Accepted {
		proposals[ov.Accepted[i].Proposal.ProposalID] = &ov.Accepted[i].Proposal
		if ov.Accepted[i].AcceptedBy == ActorPolicy {
			policyAccepted[ov.Accepted[i].Proposal.ProposalID] = i
		}
	}
	for i := range ov.Pending {
		proposals[ov.Pending[i].Proposal.ProposalID] = &ov.Pending[i].Proposal
	}
	for i := range ov.Findings {
		proposals[ov.Findings[i].Proposal.ProposalID] = &ov.Findings[i].Proposal
	}
	objectors := map[string][]string{} // proposal id → agents with a valid objection
	seen := map[string]bool{}          // role, proposal, agent of a valid judgement
	kept := map[string]bool{}          // records already kept, byte for byte
	upheld := map[string]JudgementRecord{}
	for _, c := range cands {
		r := c.rec
		j, outcome, err := DecodeJudgement(r.Judgement)
		r.ProposalID, r.Verdict = j.ProposalID, j.Verdict
		p := proposals[j.ProposalID]
		if err == nil {
			outcome, err = checkJudgement(ix, r.Role, r.Judge, &j, p, objectors)
		}
		if err != nil {
			r.Outcome, r.Detail = outcome, bounded(err.Error())
		} else {
			r.Outcome = JudgementValid
			key := r.Role + "\x00" + j.ProposalID + "\x00" + fold(r.Judge.AgentID)
			if seen[key] {
				r.Outcome, r.Detail = judgementDuplicate, fmt.Sprintf("%s already judged %s as %s", r.Judge.AgentID, j.ProposalID, r.Role)
			}
			seen[key] = true
		}
		if p == nil && !c.fresh {
			continue // its proposal is gone: the judgement is forgotten
		}
		ident, _ := json.Marshal(r)
		if kept[string(ident)] {
			continue // the same judgement kept and given again
		}
		kept[string(ident)] = true
		ov.Judgements = append(ov.Judgements, r)
		if r.Outcome != JudgementValid {
			continue
		}
		switch r.Verdict {
		case VerdictObject:
			objectors[j.ProposalID] = append(objectors[j.ProposalID], fold(r.Judge.AgentID))
		case VerdictUphold:
			if _, ok := upheld[j.ProposalID]; !ok {
				upheld[j.ProposalID] = r
			}
		}
	}
	var drop []int
	for id, r := range upheld {
		i, ok := policyAccepted[id]
		if !ok {
			continue // pending stays pending; a person's acceptance stands
		}
		j, _, _ := DecodeJudgement(r.Judgement)
		ov.reject(storedCandidate(ov.Accepted[i].Proposal), &rejection{Reason: ReasonRejectedByAdjudicator, Detail: j.Reason})
		ov.Rejected[len(ov.Rejected)-1].RejectedBy = r.Judge.Actor()
		drop = append(drop, i)
	}
	slices.Sort(drop)
	for k := len(drop) - 1; k >= 0; k-- {
		ov.Accepted = slices.Delete(ov.Accepted, drop[k], drop[k]+1)
	}
}

// checkJudgement checks a decoded judgement of role by judge about p
// (nil: the overlay holds no such proposal).
func checkJudgement(ix *index, role string, judge Origin, j *Judgement, p *Proposal, objectors map[string][]string) (string, error) {
	allowed, ok := roleVerdicts[role]
	if !ok {
		return judgementSchema, fmt.Errorf("role %q judges nothing", bounded(role))
	}
	if !slices.Contains(allowed, j.Verdict) {
		return judgementWrongVerdict, fmt.Errorf("a %s answers %v, not %q", role, allowed, j.Verdict)
	}
	if j.Origin != judge {
		return judgementOriginMismatch, fmt.Errorf("the origin %s@%s is not the agent that answered, %s@%s", j.Origin.AgentID, j.Origin.AgentVersion, judge.AgentID, judge.AgentVersion)
	}
	if p == nil {
		return judgementUnknownProposal, fmt.Errorf("the overlay holds no proposal %s to judge", j.ProposalID)
	}
	for i, ev := range j.Evidence {
		known := ix.paths[ev.Path]
		if ev.Source == SourceReport {
			known = ix.diagPaths[ev.Path]
		}
		if !known {
			return judgementOutsideArtifacts, fmt.Errorf("evidence[%d]: the %s names no path %s", i, ev.Source, ev.Path)
		}
	}
	me := fold(judge.AgentID)
	switch role {
	case RoleReviewer:
		if me == fold(p.Origin.AgentID) {
			return judgementSelfReview, fmt.Errorf("%s reviews its own proposal", judge.AgentID)
		}
	case RoleAdjudicator:
		if me == fold(p.Origin.AgentID) {
			return judgementSelfAdjudication, fmt.Errorf("%s adjudicates its own proposal", judge.AgentID)
		}
		if slices.Contains(objectors[p.ProposalID], me) {
			return judgementSelfAdjudication, fmt.Errorf("%s adjudicates its own objection", judge.AgentID)
		}
		if len(objectors[p.ProposalID]) == 0 {
			return judgementNotDisputed, fmt.Errorf("no reviewer objected to %s", p.ProposalID)
		}
	}
	return JudgementValid, nil
}

// sealJudgements sorts the records and counts them into the stats: valid
// ones by verdict, the others by outcome.
func (ov *Overlay) sealJudgements(st *Stats) {
	if len(ov.Judgements) == 0 {
		ov.Judgements = nil
		return
	}
	slices.SortFunc(ov.Judgements, func(a, b JudgementRecord) int {
		return cmp.Or(strings.Compare(a.ProposalID, b.ProposalID), strings.Compare(a.Role, b.Role),
			strings.Compare(a.Judge.AgentID, b.Judge.AgentID), strings.Compare(a.Outcome, b.Outcome),
			bytes.Compare(a.Judgement, b.Judgement))
	})
	st.Judgements = map[string]int{}
	for _, r := range ov.Judgements {
		k := string(r.Verdict)
		if r.Outcome != JudgementValid {
			k = "rejected:" + r.Outcome
		}
		st.Judgements[k]++
	}
}

// checkJudgements refuses an overlay whose judgement records name an
// unknown role or outcome.
func (ov *Overlay) checkJudgements() error {
	for _, r := range ov.Judgements {
		if _, ok := roleVerdicts[r.Role]; !ok {
			return fmt.Errorf("judgement on %s: %q is not a judging role", bounded(r.ProposalID), bounded(r.Role))
		}
		if !slices.Contains(judgementOutcomes, r.Outcome) {
			return fmt.Errorf("judgement on %s: %q is not an outcome", bounded(r.ProposalID), bounded(r.Outcome))
		}
		if !json.Valid(r.Judgement) {
			return fmt.Errorf("judgement on %s: not JSON", bounded(r.ProposalID))
		}
	}
	return nil
}
