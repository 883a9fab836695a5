package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
)

// reviewRequest asks to review one proposal per pack.
func reviewRequest(n int) Request {
	req := testRequest(testPacks(n))
	req.Task, req.Role, req.Capabilities = TaskReview, RoleReviewer, nil
	for i, p := range req.Packs {
		req.Proposals = append(req.Proposals, json.RawMessage(fmt.Sprintf(`{"proposalId":"p%02d","kind":"add-alias","entity":%q}`, i, p.Target.ID)))
	}
	return req
}

// TestCommandReviews: a command agent as a reviewer gets each proposal
// beside its pack, across split requests, and its judgements come back
// once each.
func TestCommandReviews(t *testing.T) {
	a := commandAgent(t, "review", func(c *config.EnrichCommand) { c.MaxRequestBytes = 700 })
	origin, _ := json.Marshal(enrich.Origin{AgentID: a.Identity().ID, AgentVersion: a.Identity().Version, PromptVersion: "review/1"})
	t.Setenv(fakeOriginEnv, string(origin))
	req := reviewRequest(4)
	resp, err := a.Ask(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, raw := range resp.Judgements {
		j, outcome, err := enrich.DecodeJudgement(raw)
		if err != nil {
			t.Fatalf("%s: %v\n%s", outcome, err, raw)
		}
		ids = append(ids, j.ProposalID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"p00", "p01", "p02", "p03"}) {
		t.Fatalf("judged %v", ids)
	}
	if len(resp.Proposals) != 0 {
		t.Fatalf("a reviewer proposed %d", len(resp.Proposals))
	}
}

// TestNarrow: a batch carries the proposals of its packs and their
// judgements, nothing else.
func TestNarrow(t *testing.T) {
	req := reviewRequest(3)
	req.Judgements = []json.RawMessage{json.RawMessage(`{"proposalId":"p01","verdict":"object"}`), json.RawMessage(`{"proposalId":"p02","verdict":"object"}`)}
	got := narrow(req, req.Packs[1:2])
	if len(got.Packs) != 1 || len(got.Proposals) != 1 || rawField(got.Proposals[0], "proposalId") != "p01" ||
		len(got.Judgements) != 1 || rawField(got.Judgements[0], "proposalId") != "p01" {
		t.Fatalf("narrowed %+v", got)
	}
	if cur := narrow(testRequest(testPacks(2)), testPacks(1)); cur.Proposals != nil || len(cur.Packs) != 1 {
		t.Fatalf("curate narrowed %+v", cur)
	}
}

// TestModelsReviews: the review prompt, a judgement schema with the
// reviewer's two verdicts and no origin, and the origin filled in.
func TestModelsReviews(t *testing.T) {
	reply := func(w http.ResponseWriter, req Request) {
		var js []any
		for _, raw := range req.Proposals {
			js = append(js, map[string]any{"proposalId": rawField(raw, "proposalId"), "verdict": "corroborate", "reason": "the pack agrees",
				"evidence": []any{map[string]any{"source": "snapshot", "path": "docs/x.md", "lineStart": nil, "lineEnd": nil}}})
		}
		raw, _ := json.Marshal(map[string]any{"judgements": js})
		completion(w, string(raw), "stop")
	}
	h := newModelsHarness(t, nil, reply)
	req := reviewRequest(2)
	req.PromptVersion = ReviewPromptVersion
	resp, err := h.agent.Ask(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	body := h.fake.seen[0]
	msgs := body["messages"].([]any)
	if sys := msgs[0].(map[string]any); sys["content"] != reviewPrompt {
		t.Error("not the review prompt")
	}
	js := body["response_format"].(map[string]any)["json_schema"].(map[string]any)
	item := js["schema"].(map[string]any)["properties"].(map[string]any)["judgements"].(map[string]any)["items"].(map[string]any)
	props := item["properties"].(map[string]any)
	if _, ok := props["origin"]; ok || js["name"] != "docbridge_judgements" {
		t.Fatalf("schema %v asks for the origin", js["name"])
	}
	if enum := props["verdict"].(map[string]any)["enum"].([]any); len(enum) != 2 || enum[0] != "corroborate" || enum[1] != "object" {
		t.Fatalf("verdicts %v", enum)
	}
	if len(resp.Judgements) != 2 {
		t.Fatalf("%d judgements", len(resp.Judgements))
	}
	j, _, err := enrich.DecodeJudgement(resp.Judgements[0])
	id := h.agent.Identity()
	if err != nil || j.Origin != (enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: ReviewPromptVersion, Model: id.Model, Provider: id.Provider}) {
		t.Fatalf("judgement %+v: %v", j, err)
	}
	// A task the agent has no prompt for fails it.
	bad := reviewRequest(1)
	bad.Role = RoleCurator
	if _, err := h.agent.Ask(context.Background(), bad); err == nil {
		t.Fatal("review as curator answered")
	}
}
