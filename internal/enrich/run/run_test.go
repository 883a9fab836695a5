package run

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// repo writes a two-document repository and scans it.
func repo(t *testing.T) (string, *snapshot.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	for p, s := range map[string]string{
		"README.md":     "# Demo\n\nDemo turns plain configuration files into running servers, one per team.\n",
		"docs/guide.md": "# Guide\n\n## Installing the CLI\n\nDownload it.\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res, err := scan.Scan(context.Background(), dir, config.Default(), scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return dir, res.Snapshot
}

// scripted answers every request with the same raw proposals and error.
type scripted struct {
	proposals []json.RawMessage
	err       error
	calls     int
}

func (s *scripted) Identity() agent.Identity {
	return agent.Identity{ID: "scripted", Version: "1", Provider: "test"}
}

func (s *scripted) Ask(context.Context, agent.Request) (agent.Response, error) {
	s.calls++
	return agent.Response{Proposals: s.proposals}, s.err
}

// proposal is a valid add-alias proposal of the scripted agent on the
// guide.
func proposal(t *testing.T, snap *snapshot.Snapshot, alias string) json.RawMessage {
	t.Helper()
	var guide *snapshot.Entity
	for i := range snap.Entities {
		if snap.Entities[i].ID == "document:docs/guide.md" {
			guide = &snap.Entities[i]
		}
	}
	p := enrich.Proposal{
		Kind: enrich.KindAddAlias, Entity: guide.ID, TargetContentHash: enrich.TargetHash(guide), Confidence: 0.5,
		Reason: "test", Evidence: []enrich.Evidence{{Source: enrich.SourceSnapshot, Path: guide.Path}},
		Origin:           enrich.Origin{AgentID: "scripted", AgentVersion: "1", PromptVersion: "p1", Provider: "test"},
		BaseSnapshotHash: snap.ContentHash, Payload: &enrich.AddAlias{Alias: alias},
	}
	p.ProposalID = enrich.ProposalID(p)
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestRunDecidesWhatTheAgentSaid(t *testing.T) {
	dir, snap := repo(t)
	a := &scripted{proposals: []json.RawMessage{
		proposal(t, snap, "install guide"),
		json.RawMessage(`{"kind":"praise","evidence":[{"source":"snapshot","path":"README.md"}]}`),
		json.RawMessage(`{"kind":"add-alias","evidence":[]}`),
		json.RawMessage(`not json`),
	}}
	rep, ov, err := Run(context.Background(), Input{Root: dir, Files: os.DirFS(dir), Snapshot: snap, Agent: a, PromptVersion: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Calls != 1 || rep.Asked != rep.Packs || rep.CacheHits != 0 || rep.AgentError != "" {
		t.Errorf("report: %+v", rep)
	}
	if rep.Accepted != 1 || rep.Rejected != 3 || ov.Accepted[0].AcceptedBy != enrich.ActorPolicy {
		t.Errorf("partition: %d accepted, %d rejected %v", rep.Accepted, rep.Rejected, rep.Rejections)
	}
	want := map[string]int{string(enrich.ReasonInvalidKind): 1, string(enrich.ReasonNoEvidence): 1, string(enrich.ReasonSchema): 1}
	for r, n := range want {
		if rep.Rejections[r] != n {
			t.Errorf("rejections %v, want %v", rep.Rejections, want)
		}
	}
	if on, _ := enrich.ReadOverlay(dir); on == nil || on.ContentHash != rep.OverlayHash {
		t.Errorf("the overlay file is not the run's (%s)", rep.OverlayHash)
	}
}

// A failed agent fails the enrichment, not the run: the overlay keeps
// what it held, the report says why.
func TestRunWithAFailedAgent(t *testing.T) {
	dir, snap := repo(t)
	ok := &scripted{proposals: []json.RawMessage{proposal(t, snap, "install guide")}}
	first, _, err := Run(context.Background(), Input{Root: dir, Snapshot: snap, Agent: ok, PromptVersion: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	broken := &scripted{err: errors.New("exit status 3")}
	rep, _, err := Run(context.Background(), Input{Root: dir, Snapshot: snap, Agent: broken, PromptVersion: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.AgentError != "exit status 3" || rep.Accepted != 1 || rep.OverlayHash != first.OverlayHash {
		t.Errorf("after a failed agent: %+v", rep)
	}
	skipped := &scripted{err: &agent.Incomplete{Skipped: []agent.Skip{{Target: "document:README.md", PackHash: "x", Reason: agent.SkipBudgetRequests}}}}
	rep, _, err = Run(context.Background(), Input{Root: dir, Snapshot: snap, Agent: skipped, PromptVersion: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Reason != agent.SkipBudgetRequests || rep.AgentError != "" {
		t.Errorf("an incomplete answer: %+v", rep)
	}
}

// An unreadable overlay is a warning and no overlay; a missing one is
// neither.
func TestRunWarnsOfABrokenOverlay(t *testing.T) {
	dir, snap := repo(t)
	rep, _, err := Run(context.Background(), Input{Root: dir, Snapshot: snap, Agent: &scripted{}, PromptVersion: "p1"})
	if err != nil || len(rep.Warnings) != 0 {
		t.Fatalf("first run: %v %v", err, rep.Warnings)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(enrich.OverlayPath)), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, _, err = Run(context.Background(), Input{Root: dir, Snapshot: snap, Agent: &scripted{}, PromptVersion: "p1"})
	if err != nil || len(rep.Warnings) != 1 {
		t.Errorf("a malformed overlay: %v %v", err, rep.Warnings)
	}
}
