package run

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
)

// judging answers every proposal of a review or adjudicate request with
// one verdict, signed as itself.
type judging struct {
	id      string
	verdict enrich.Verdict
	calls   int
	tasks   []string
}

func (j *judging) Identity() agent.Identity {
	return agent.Identity{ID: j.id, Version: "1", Provider: "test"}
}

func (j *judging) Ask(_ context.Context, req agent.Request) (agent.Response, error) {
	j.calls++
	j.tasks = append(j.tasks, req.Task+"/"+req.Role)
	resp := agent.Response{Proposals: []json.RawMessage{}}
	for _, raw := range req.Proposals {
		var p struct {
			ProposalID string `json:"proposalId"`
		}
		_ = json.Unmarshal(raw, &p)
		b, _ := json.Marshal(enrich.Judgement{ProposalID: p.ProposalID, Verdict: j.verdict, Reason: "said " + string(j.verdict),
			Evidence: []enrich.Evidence{{Source: enrich.SourceSnapshot, Path: "docs/guide.md"}},
			Origin:   enrich.Origin{AgentID: j.id, AgentVersion: "1", PromptVersion: req.PromptVersion, Provider: "test"}})
		resp.Judgements = append(resp.Judgements, b)
	}
	return resp, nil
}

// TestRunReviewsAndAdjudicates: a reviewer's objection and an
// adjudicator's upholding reject a policy kind with the adjudicator's
// reason; an unchanged repository asks neither again and gives the same
// overlay.
func TestRunReviewsAndAdjudicates(t *testing.T) {
	dir, snap := repo(t)
	curator := &scripted{proposals: []json.RawMessage{proposal(t, snap, "install guide")}}
	reviewer := &judging{id: "command:review", verdict: enrich.VerdictObject}
	adjudicator := &judging{id: "command:judge", verdict: enrich.VerdictUphold}
	in := Input{Root: dir, Files: os.DirFS(dir), Snapshot: snap, Agent: curator, PromptVersion: "p1",
		Reviewer: &Judge{Agent: reviewer, PromptVersion: "review/1"}, Adjudicator: &Judge{Agent: adjudicator, PromptVersion: "adjudicate/1"}}
	rep, ov, err := Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Review == nil || rep.Review.Asked != 1 || rep.Review.Calls != 1 || rep.Review.Judgements != 1 ||
		rep.Adjudication == nil || rep.Adjudication.Asked != 1 || rep.Adjudication.Calls != 1 {
		t.Fatalf("judging steps: %+v %+v", rep.Review, rep.Adjudication)
	}
	if reviewer.tasks[0] != "review/reviewer" || adjudicator.tasks[0] != "adjudicate/adjudicator" {
		t.Fatalf("tasks %v %v", reviewer.tasks, adjudicator.tasks)
	}
	if rep.Accepted != 0 || rep.Rejections[string(enrich.ReasonRejectedByAdjudicator)] != 1 {
		t.Fatalf("partition %d accepted, %v", rep.Accepted, rep.Rejections)
	}
	if ov.Rejected[0].Detail != "said uphold" || ov.Rejected[0].RejectedBy != "agent:command:judge" {
		t.Fatalf("rejected %+v", ov.Rejected[0])
	}
	if rep.Judgements["object"] != 1 || rep.Judgements["uphold"] != 1 {
		t.Fatalf("judgements %v", rep.Judgements)
	}
	again, _, err := Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if reviewer.calls != 1 || adjudicator.calls != 1 || again.Review.Asked != 0 || again.Adjudication.Asked != 0 {
		t.Fatalf("an unchanged repository asked the judges again: %d, %d", reviewer.calls, adjudicator.calls)
	}
	if again.OverlayHash != rep.OverlayHash {
		t.Fatalf("overlay hash moved: %s, %s", rep.OverlayHash, again.OverlayHash)
	}
	if rv := enrich.Revalidate(ov, Facts(snap, nil), nil); len(rv.Mismatches) != 0 {
		t.Fatalf("revalidate %+v", rv)
	}
}

// TestRunJudgesNeverApproveNorJudgeThemselves: a dismissed objection
// leaves the proposal where policy put it; an adjudicator that is the
// proposal's own agent is not asked, and says so.
func TestRunJudgesNeverApproveNorJudgeThemselves(t *testing.T) {
	dir, snap := repo(t)
	curator := &scripted{proposals: []json.RawMessage{proposal(t, snap, "install guide")}}
	self := &judging{id: "scripted", verdict: enrich.VerdictUphold}
	in := Input{Root: dir, Snapshot: snap, Agent: curator, PromptVersion: "p1",
		Reviewer:    &Judge{Agent: &judging{id: "command:review", verdict: enrich.VerdictObject}, PromptVersion: "review/1"},
		Adjudicator: &Judge{Agent: self, PromptVersion: "adjudicate/1"}}
	rep, _, err := Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if self.calls != 0 || rep.Adjudication.Own != 1 || rep.Accepted != 1 {
		t.Fatalf("self-adjudication: calls %d, %+v, %d accepted", self.calls, rep.Adjudication, rep.Accepted)
	}
	// The objector as adjudicator of its own objection is not asked either.
	objector := &judging{id: "command:review", verdict: enrich.VerdictUphold}
	in.Adjudicator = &Judge{Agent: objector, PromptVersion: "adjudicate/1"}
	rep, _, err = Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if objector.calls != 0 || rep.Adjudication.Own != 1 || rep.Accepted != 1 {
		t.Fatalf("adjudicating its own objection: calls %d, %+v", objector.calls, rep.Adjudication)
	}
	in.Adjudicator = &Judge{Agent: &judging{id: "command:judge", verdict: enrich.VerdictDismiss}, PromptVersion: "adjudicate/1"}
	rep, ov, err := Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Accepted != 1 || ov.Accepted[0].AcceptedBy != enrich.ActorPolicy || rep.Judgements["dismiss"] != 1 {
		t.Fatalf("dismissed: %+v %v", ov.Accepted, rep.Judgements)
	}
}
