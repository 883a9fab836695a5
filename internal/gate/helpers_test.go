package gate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// The fixture repository: three documents.
const (
	docGuide = "document:docs/guide.md"
	docAPI   = "document:docs/api.md"
	docOps   = "document:docs/ops.md"
	headSHA  = "0123456789abcdef0123456789abcdef01234567"
	botLogin = "github-actions[bot]"
)

// testAgent proposes; its id is also a GitHub login, so that a person
// logged in under it is the agent (rule 6).
var testAgent = enrich.Origin{AgentID: "curator", AgentVersion: "1.0.0", PromptVersion: "curate/1"}

func testSnapshot() *snapshot.Snapshot {
	doc := func(id, path, name, hash string) snapshot.Entity {
		return snapshot.Entity{ID: id, Kind: snapshot.KindDocument, Name: name, Path: path, Provenance: snapshot.Observed,
			Evidence: []snapshot.Evidence{{Source: "markdown", Path: path, ContentHash: hash}}}
	}
	return &snapshot.Snapshot{
		ContentHash: "snap0000000000001",
		Entities: []snapshot.Entity{
			doc(docAPI, "docs/api.md", "API Reference", "00000000000000a1"),
			doc(docGuide, "docs/guide.md", "User Guide", "00000000000000a2"),
			doc(docOps, "docs/ops.md", "Operations", "00000000000000a3"),
		},
	}
}

// proposal builds a valid proposal of payload's kind on entity.
func proposal(entity string, payload enrich.Payload, confidence float64, reason string) enrich.Proposal {
	s := testSnapshot()
	var target, path string
	for i := range s.Entities {
		if s.Entities[i].ID == entity {
			target, path = enrich.TargetHash(&s.Entities[i]), s.Entities[i].Path
		}
	}
	p := enrich.Proposal{
		Kind: payload.ProposalKind(), Entity: entity, TargetContentHash: target, Confidence: confidence, Reason: reason,
		Evidence: []enrich.Evidence{{Source: enrich.SourceSnapshot, Path: path, LineStart: 1, LineEnd: 4}},
		Origin:   testAgent, BaseSnapshotHash: s.ContentHash, Payload: payload,
	}
	p.ProposalID = enrich.ProposalID(p)
	return p
}

// fixture is an overlay with three pending proposals (a relation, a
// redundancy, a canonical mark) and one accepted by policy.
type fixture struct {
	overlay                    *enrich.Overlay
	relation, redundant, canon enrich.Proposal
}

func newFixture(t testing.TB) fixture {
	t.Helper()
	f := fixture{
		relation:  proposal(docGuide, &enrich.ProposeRelation{From: docGuide, To: docAPI, Kind: "related-to", Detection: "prose"}, 0.7, "the guide points readers at the API"),
		redundant: proposal(docOps, &enrich.FlagRedundancy{With: docAPI}, 0.6, "both pages list the endpoints"),
		canon:     proposal(docGuide, &enrich.MarkCanonical{Scope: "installation"}, 0.9, "the only install page"),
	}
	summary := proposal(docAPI, &enrich.Summarize{Summary: "Every endpoint.", Language: "en"}, 0.8, "its headings")
	var raws []json.RawMessage
	for _, p := range []enrich.Proposal{f.relation, f.redundant, f.canon, summary} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, b)
	}
	f.overlay = enrich.Build(enrich.BuildInput{
		Facts:   enrich.Facts{Snapshot: testSnapshot(), ContainsSecret: func(string) bool { return false }},
		Answers: []enrich.Answer{{Context: enrich.Context{Agent: testAgent, BaseSnapshotHash: testSnapshot().ContentHash}, Proposals: raws}},
	})
	if len(f.overlay.Pending) != 3 || len(f.overlay.Accepted) != 1 {
		t.Fatalf("fixture overlay: %d pending, %d accepted, rejected %+v", len(f.overlay.Pending), len(f.overlay.Accepted), f.overlay.Rejected)
	}
	return f
}

// event reads a webhook payload from testdata, sets its comment body
// (PROPOSAL stands for id) and decodes it as the action does.
func event(t testing.TB, file, body string) Event {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if body != "" {
		m["comment"].(map[string]any)["body"] = body
	}
	raw, _ = json.Marshal(m)
	ev, err := actionenv.DecodeEvent(actionenv.EventIssueComment, raw)
	if err != nil {
		t.Fatal(err)
	}
	ic := ev.IssueComment
	return Event{
		Action: ic.Action, OnPullRequest: ic.Issue.PullRequest != nil, Number: ic.Issue.Number, CommentID: ic.Comment.ID,
		Body: ic.Comment.Body, Author: Account{Login: ic.Comment.User.Login, Type: ic.Comment.User.Type},
	}
}

// input is an event on the fixture's pull request by a writer.
func input(t testing.TB, f fixture, file, body string) Input {
	t.Helper()
	return Input{
		Event:       event(t, file, body),
		Self:        botLogin,
		PullRequest: PullRequest{HeadRepo: "Codertocat/Hello-World", BaseRepo: "Codertocat/Hello-World", HeadSHA: headSHA},
		Permission:  Permission{Level: LevelWrite},
		Policy:      config.Default().Approvals,
		Overlay:     f.overlay,
		Targets:     enrich.TargetHashes(testSnapshot()),
		DecidedAt:   "2019-05-15T15:20:21Z",
	}
}

// with replaces PROPOSAL by id in a body.
func with(body, id string) string { return strings.ReplaceAll(body, "PROPOSAL", id) }

// statuses is each result as "status" or "status:code", in order.
func statuses(o Outcome) []string {
	out := make([]string, len(o.Results))
	for i, r := range o.Results {
		out[i] = string(r.Status)
		if r.Code != "" {
			out[i] += ":" + r.Code
		}
	}
	return out
}

// renderReply renders a reply as the action does (internal/review), so
// the tests read what would be posted.
func renderReply(r Reply) string {
	lines := make([]review.RefusedCommand, len(r.Refused))
	for i, l := range r.Refused {
		lines[i] = review.RefusedCommand(l)
	}
	return review.CommandReply(r.Head, lines, r.Tail)
}

// replyText is the outcome's reply as posted, "" for none.
func replyText(o Outcome) string {
	if o.Reply == nil {
		return ""
	}
	return renderReply(*o.Reply)
}
