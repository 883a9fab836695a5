package run

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// Judge is an agent asked to judge another agent's proposals: as the
// reviewer (task review) or the adjudicator (task adjudicate).
type Judge struct {
	Agent agent.Agent
	// PromptVersion is the version of the instructions it follows.
	PromptVersion string
}

// JudgeReport is what one judging step did.
type JudgeReport struct {
	Agent         agent.Identity `json:"agent"`
	PromptVersion string         `json:"promptVersion"`
	// Asked counts the proposals the judge was asked about (each judge is
	// asked once per proposal: 0 on an unchanged repository); Calls the
	// requests made.
	Asked int `json:"asked"`
	Calls int `json:"calls"`
	// Judgements counts the judgements it answered this run.
	Judgements int `json:"judgements"`
	// Own counts the proposals it was not asked about because they are
	// its own, or (an adjudicator) it objected to them itself: it may judge
	// only another agent's.
	Own        int          `json:"own,omitempty"`
	Skipped    []agent.Skip `json:"skipped,omitempty"`
	AgentError string       `json:"agentError,omitempty"`
	// NotAsked says why the step was skipped, when it was (the caller
	// sets it: a judge named that judges nothing).
	NotAsked string `json:"notAsked,omitempty"`
}

// judgeable returns the overlay's proposals a judge in role may be asked
// about, by id: those accepted by policy and those pending (a person's
// decision is not for an agent to judge; a finding changes nothing), for
// an adjudicator only the disputed ones.
func judgeable(ov *enrich.Overlay, role string) []enrich.Proposal {
	var out []enrich.Proposal
	for _, a := range ov.Accepted {
		if a.AcceptedBy == enrich.ActorPolicy {
			out = append(out, a.Proposal)
		}
	}
	for _, p := range ov.Pending {
		out = append(out, p.Proposal)
	}
	if role == enrich.RoleAdjudicator {
		disputed := ov.Disputed()
		out = slices.DeleteFunc(out, func(p enrich.Proposal) bool {
			_, found := slices.BinarySearch(disputed, p.ProposalID)
			return !found
		})
	}
	slices.SortFunc(out, func(a, b enrich.Proposal) int {
		if a.ProposalID < b.ProposalID {
			return -1
		}
		if a.ProposalID > b.ProposalID {
			return 1
		}
		return 0
	})
	return out
}

// askJudge asks j, in role, about the proposals of ov it has not judged
// yet, each beside the pack of its entity (and, for an adjudicator, with
// the reviewers' judgements of it). It returns the answer to decide (nil
// when it was not asked) and the step's report. A failing judge fails
// nothing: what it answered stands.
func askJudge(ctx context.Context, j *Judge, role string, ov *enrich.Overlay, packs []pack.Pack, base string) (*enrich.JudgementAnswer, *JudgeReport) {
	id := j.Agent.Identity()
	origin := enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: j.PromptVersion, Model: id.Model, Provider: id.Provider}
	rep := &JudgeReport{Agent: id, PromptVersion: j.PromptVersion}
	byTarget := map[string]pack.Pack{}
	for _, p := range packs {
		byTarget[p.Target.ID] = p
	}
	task, agentRole := agent.TaskReview, agent.RoleReviewer
	if role == enrich.RoleAdjudicator {
		task, agentRole = agent.TaskAdjudicate, agent.RoleAdjudicator
	}
	req := agent.Request{Protocol: agent.Protocol, Task: task, Role: agentRole, PromptVersion: j.PromptVersion,
		BaseSnapshotHash: base, Capabilities: []string{}}
	asked := map[string]bool{}
	ids := map[string]bool{}
	for _, p := range judgeable(ov, role) {
		if ov.Judged(role, origin, p.ProposalID) {
			continue
		}
		if p.Origin.AgentID == id.ID || role == enrich.RoleAdjudicator && objected(ov, p.ProposalID, id.ID) {
			rep.Own++
			continue
		}
		pk, ok := byTarget[p.Entity]
		if !ok {
			continue
		}
		raw, err := json.Marshal(p)
		if err != nil {
			continue
		}
		req.Proposals = append(req.Proposals, raw)
		ids[p.ProposalID] = true
		if !asked[p.Entity] {
			asked[p.Entity] = true
			req.Packs = append(req.Packs, pk)
		}
	}
	rep.Asked = len(req.Proposals)
	if rep.Asked == 0 {
		return nil, rep
	}
	if role == enrich.RoleAdjudicator {
		for _, r := range ov.Judgements {
			if r.Role == enrich.RoleReviewer && r.Outcome == enrich.JudgementValid && ids[r.ProposalID] {
				req.Judgements = append(req.Judgements, r.Judgement)
			}
		}
	}
	counted := &counting{Agent: j.Agent}
	resp, err := counted.Ask(ctx, req)
	rep.Calls = counted.calls
	rep.Skipped, rep.AgentError = incomplete(err)
	rep.Judgements = len(resp.Judgements)
	if len(resp.Judgements) == 0 {
		return nil, rep
	}
	return &enrich.JudgementAnswer{Role: role, Judge: origin, Judgements: resp.Judgements}, rep
}

// objected reports whether agentID made a valid objection to proposal id.
func objected(ov *enrich.Overlay, id, agentID string) bool {
	for _, r := range ov.Judgements {
		if r.ProposalID == id && r.Role == enrich.RoleReviewer && r.Outcome == enrich.JudgementValid &&
			r.Verdict == enrich.VerdictObject && r.Judge.AgentID == agentID {
			return true
		}
	}
	return false
}
