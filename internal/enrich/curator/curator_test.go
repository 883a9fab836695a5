package curator_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/curator"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// scanned is a repository scanned and reconciled as docbridge enrich does.
type scanned struct {
	snap     *snapshot.Snapshot
	signals  *graph.Signals
	findings []finding.Diagnostic
}

// facts scans dir and reconciles it with the rules the curator reads on.
func facts(t *testing.T, dir string) scanned {
	t.Helper()
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap := res.Snapshot
	cfg.Checks.Severity[catalog.UndocumentedArea] = catalog.Info
	cfg.Checks.Severity[catalog.NearTwinDocument] = catalog.Info
	signals := graph.Compute(snap, reconcile.SignalOptions(cfg, nil))
	return scanned{snap, signals, reconcile.Check(reconcile.Input{Head: snap, Signals: signals, Config: cfg}).Head}
}

// curate asks the curator about every pack of dir and decides its answer.
func curate(t *testing.T, dir string, shuffle uint64) ([]json.RawMessage, *enrich.Overlay) {
	t.Helper()
	return curateFacts(t, dir, facts(t, dir), shuffle)
}

func curateFacts(t *testing.T, dir string, f scanned, shuffle uint64) ([]json.RawMessage, *enrich.Overlay) {
	t.Helper()
	snap, findings := f.snap, f.findings
	var diags []pack.Diagnostic
	for _, d := range findings {
		pd := pack.Diagnostic{ID: d.ID, Code: d.Code, Message: d.Message, EntityIDs: d.EntityIDs}
		if p := d.Primary(); p.Path != "" {
			pd.Path, pd.Line = p.Path, p.Line
		}
		diags = append(diags, pd)
	}
	packs, err := pack.Build(pack.Input{Snapshot: snap, Diagnostics: diags, Files: os.DirFS(dir), TargetHash: enrich.TargetHash})
	if err != nil {
		t.Fatal(err)
	}
	if shuffle != 0 {
		r := rand.New(rand.NewPCG(shuffle, shuffle))
		r.Shuffle(len(packs), func(i, j int) { packs[i], packs[j] = packs[j], packs[i] })
	}
	c := curator.New(curator.NamesOf(snap))
	caps := make([]string, len(curator.Kinds))
	for i, k := range curator.Kinds {
		caps[i] = string(k)
	}
	resp, err := c.Ask(context.Background(), agent.Request{
		Protocol: agent.Protocol, Task: agent.TaskCurate, Role: agent.RoleCurator, PromptVersion: curator.PromptVersion,
		Packs: packs, Capabilities: caps, BaseSnapshotHash: snap.ContentHash,
	})
	if err != nil {
		t.Fatal(err)
	}
	id := c.Identity()
	ov := enrich.Build(enrich.BuildInput{
		Facts: run.Facts(snap, findings),
		Answers: []enrich.Answer{{
			Context:   enrich.Context{Agent: enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: curator.PromptVersion, Provider: id.Provider}, BaseSnapshotHash: snap.ContentHash},
			Proposals: resp.Proposals,
		}},
	})
	return resp.Proposals, ov
}

// envelopeReasons are the rejections a proposal earns by its envelope:
// the curator must never earn one (its evidence exists, its ids are
// right).
var envelopeReasons = []enrich.Reason{
	enrich.ReasonInvalidKind, enrich.ReasonNoEvidence, enrich.ReasonSchema, enrich.ReasonBaseSnapshotMismatch,
	enrich.ReasonUnknownEntity, enrich.ReasonStaleTarget, enrich.ReasonUnknownDiagnostic,
	enrich.ReasonEvidenceOutsideArtifacts, enrich.ReasonProposalIDMismatch,
	enrich.ReasonWrongEntityKind, enrich.ReasonUnknownReference, enrich.ReasonSelfReference,
	enrich.ReasonRelationObserved, enrich.ReasonEvidenceOffEnds, enrich.ReasonSummaryUnchanged,
	enrich.ReasonDuplicate,
}

// checkValid fails on any rejection the curator should never earn.
func checkValid(t *testing.T, proposals []json.RawMessage, ov *enrich.Overlay) {
	t.Helper()
	if len(proposals) == 0 {
		t.Fatal("the curator proposed nothing")
	}
	for _, r := range ov.Rejected {
		if slices.Contains(envelopeReasons, r.Reason) {
			t.Errorf("rejected %s %s on %s: %s: %s", r.ProposalID, r.Kind, r.Entity, r.Reason, r.Detail)
		}
	}
	n := len(ov.Accepted) + len(ov.Pending) + len(ov.Findings) + len(ov.Rejected)
	if n != len(proposals) {
		t.Errorf("%d proposals, %d decided", len(proposals), n)
	}
	t.Logf("%d proposals: %d accepted, %d pending, %d findings, %d rejected %v",
		len(proposals), len(ov.Accepted), len(ov.Pending), len(ov.Findings), len(ov.Rejected), ov.Stats.Rejections)
}

func TestCuratorOnGeneratedCorpus(t *testing.T) {
	dir := t.TempDir()
	if err := corpus.Write(dir, corpus.Spec{Seed: 7, Packages: 3, TSModules: 30, Documents: 60, GoModules: 12, PyModules: 8}); err != nil {
		t.Fatal(err)
	}
	proposals, ov := curate(t, dir, 0)
	checkValid(t, proposals, ov)

	// Deterministic: the same repository in any pack order gives the same
	// proposals and the same overlay.
	again, ov2 := curate(t, dir, 99)
	sorted := func(ps []json.RawMessage) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = string(p)
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(sorted(proposals), sorted(again)) {
		t.Error("shuffled packs gave other proposals")
	}
	if ov.ContentHash != ov2.ContentHash {
		t.Errorf("shuffled packs gave overlay %s, then %s", ov.ContentHash, ov2.ContentHash)
	}
}

func TestCuratorOnThisRepository(t *testing.T) {
	if testing.Short() {
		t.Skip("scans the repository")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Skipf("not in the repository: %v", err)
	}
	proposals, ov := curate(t, root, 0)
	checkValid(t, proposals, ov)
}
