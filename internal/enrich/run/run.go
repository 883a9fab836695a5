// Package run is one enrichment run: context packs for the snapshot's
// targets, the agent asked through the agent-call cache, its answers
// decoded and validated, and the decisions merged into the overlay
// (.docbridge/enrich/overlay.json).
//
// It lives apart from internal/enrich, which the query path (search,
// lookup, graph) reads for the overlay's projection: only this package and
// the enrich command import the agent adapters.
package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sync"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/enrich/redact"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Input is what one run reads.
type Input struct {
	// Root is the repository root: the overlay and the approval records
	// live under it.
	Root string
	// Files reads the repository's files for the packs' excerpts.
	Files    fs.FS
	Snapshot *snapshot.Snapshot
	// Findings are the report's diagnostics (reconcile.Check's head).
	Findings []finding.Diagnostic
	Agent    agent.Agent
	// PromptVersion is the version of the instructions the agent follows.
	PromptVersion string
	// Capabilities are the proposal kinds the agent may return (nil: all).
	Capabilities []enrich.Kind
	// PackBytes is one pack's byte budget (0: the default).
	PackBytes int
	// Cache keeps the agent's answers by pack; nil asks about every pack.
	Cache agent.Store
	// Reviewer, when set, is asked to corroborate or object to the
	// proposals another agent made; Adjudicator, when set, to judge the
	// ones a reviewer objected to (judge.go). Neither is cached: each is
	// asked once per proposal, the overlay remembering its judgements.
	Reviewer    *Judge
	Adjudicator *Judge
}

// Report is what a run did.
type Report struct {
	Agent         agent.Identity `json:"agent"`
	PromptVersion string         `json:"promptVersion"`
	// Packs counts the packs built; Asked the packs the agent was asked
	// about (not answered from the cache); CacheHits the others.
	Packs     int `json:"packs"`
	Asked     int `json:"asked"`
	CacheHits int `json:"cacheHits"`
	// Calls counts the agent's calls.
	Calls int `json:"calls"`
	// Skipped lists the packs the agent did not answer, and why; the next
	// run asks about them again.
	Skipped []agent.Skip `json:"skipped,omitempty"`
	// CacheErrors counts answers that could not be stored.
	CacheErrors int `json:"cacheErrors,omitempty"`
	// AgentError says why the agent failed; the run still writes what it
	// decided.
	AgentError string `json:"agentError,omitempty"`
	// Proposals counts this run's answers by kind.
	Proposals map[string]int `json:"proposals"`
	// The overlay's partition after the run.
	Accepted   int            `json:"accepted"`
	Pending    int            `json:"pending"`
	Findings   int            `json:"findings"`
	Rejected   int            `json:"rejected"`
	Rejections map[string]int `json:"rejections"`
	// OverlayHash is the overlay's content hash.
	OverlayHash string `json:"overlayHash"`
	// Warnings are what was read and ignored (an unreadable overlay or
	// approval record).
	Warnings []string `json:"warnings,omitempty"`
	// Review and Adjudication are the judging steps, when a reviewer or
	// an adjudicator was configured.
	Review       *JudgeReport `json:"review,omitempty"`
	Adjudication *JudgeReport `json:"adjudication,omitempty"`
	// Judgements counts the overlay's judgement records: valid ones by
	// verdict, the others as rejected:<outcome>.
	Judgements map[string]int `json:"judgements,omitempty"`
}

// Facts are the validators' facts for a snapshot and its findings: the
// ones a run, a revalidation and a decision must share.
func Facts(s *snapshot.Snapshot, findings []finding.Diagnostic) enrich.Facts {
	ds := make([]enrich.Diagnostic, 0, len(findings))
	for _, d := range findings {
		e := enrich.Diagnostic{ID: d.ID}
		for _, l := range d.Evidence {
			if l.Path != "" && !slices.Contains(e.Paths, l.Path) {
				e.Paths = append(e.Paths, l.Path)
			}
		}
		ds = append(ds, e)
	}
	return enrich.Facts{Snapshot: s, Diagnostics: ds, ContainsSecret: redact.Contains}
}

// packDiagnostics are the findings as packs show them.
func packDiagnostics(findings []finding.Diagnostic) []pack.Diagnostic {
	out := make([]pack.Diagnostic, 0, len(findings))
	for _, d := range findings {
		pd := pack.Diagnostic{ID: d.ID, Code: d.Code, Message: d.Message, EntityIDs: d.EntityIDs}
		if p := d.Primary(); p.Path != "" {
			pd.Path, pd.Line = p.Path, p.Line
		}
		out = append(out, pd)
	}
	return out
}

// Run builds the packs, asks the agent, decides every proposal and writes
// the overlay. An agent that fails or answers only part of the packs
// fails nothing: what it answered is decided, the report says what it
// skipped. The error is for what stops the run itself (the packs, the
// overlay file).
func Run(ctx context.Context, in Input) (*Report, *enrich.Overlay, error) {
	if in.Snapshot == nil || in.Agent == nil {
		return nil, nil, errors.New("enrich: no snapshot or no agent")
	}
	packs, err := pack.Build(pack.Input{
		Snapshot: in.Snapshot, Diagnostics: packDiagnostics(in.Findings), Files: in.Files,
		TargetHash: enrich.TargetHash, MaxBytes: in.PackBytes,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("enrich: %w", err)
	}
	caps := in.Capabilities
	if caps == nil {
		caps = enrich.Kinds
	}
	rep := &Report{Agent: in.Agent.Identity(), PromptVersion: in.PromptVersion, Packs: len(packs), Proposals: map[string]int{}}
	fresh := &counting{Agent: in.Agent}
	var asked agent.Agent = fresh
	var cached *agent.CachedAgent
	if in.Cache != nil {
		cached = agent.Cached(fresh, in.Cache)
		asked = cached
	}
	req := agent.Request{
		Protocol: agent.Protocol, Task: agent.TaskCurate, Role: agent.RoleCurator,
		PromptVersion: in.PromptVersion, Packs: packs, Capabilities: kindNames(caps),
		BaseSnapshotHash: in.Snapshot.ContentHash,
	}
	resp, err := asked.Ask(ctx, req)
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	rep.Skipped, rep.AgentError = incomplete(err)
	rep.Calls, rep.Asked = fresh.calls, fresh.packs
	rep.CacheHits = len(packs) - fresh.packs
	if cached != nil {
		rep.CacheErrors = cached.Stats().StoreErrors
	}
	for _, raw := range resp.Proposals {
		p, _ := enrich.Decode(raw) // the kind is read even from a proposal Decode refuses
		rep.Proposals[string(p.Kind)]++
	}
	prev, warn := enrich.ReadOverlayIfAny(in.Root) // a first run has none, which is worth no warning
	if warn != "" {
		rep.Warnings = append(rep.Warnings, warn)
	}
	id := rep.Agent
	answer := enrich.Answer{
		// A cached answer was the agent's about an identical pack; the
		// cache gives it this request's base (agent.Cached).
		Context: enrich.Context{
			Agent:            enrich.Origin{AgentID: id.ID, AgentVersion: id.Version, PromptVersion: in.PromptVersion, Model: id.Model, Provider: id.Provider},
			BaseSnapshotHash: in.Snapshot.ContentHash,
		},
		Proposals: undecided(resp.Proposals, prev),
	}
	approvals, warns := enrich.ReadApprovals(in.Root)
	rep.Warnings = append(rep.Warnings, warns...)
	build := enrich.BuildInput{
		Facts:     Facts(in.Snapshot, in.Findings),
		Previous:  prev,
		Answers:   []enrich.Answer{answer},
		Approvals: approvals,
	}
	ov := enrich.Build(build)
	// The judges see the partition so far; their judgements are decided
	// with the proposals again, so the overlay is the one Build gives for
	// all of them.
	for _, step := range []struct {
		judge *Judge
		role  string
		rep   **JudgeReport
	}{{in.Reviewer, enrich.RoleReviewer, &rep.Review}, {in.Adjudicator, enrich.RoleAdjudicator, &rep.Adjudication}} {
		if step.judge == nil {
			continue
		}
		ans, jr := askJudge(ctx, step.judge, step.role, ov, packs, in.Snapshot.ContentHash)
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		*step.rep = jr
		if ans != nil {
			build.Judgements = append(build.Judgements, *ans)
			ov = enrich.Build(build)
		}
	}
	rep.Judgements = maps.Clone(ov.Stats.Judgements)
	if err := enrich.WriteOverlay(in.Root, ov); err != nil {
		return nil, nil, err
	}
	rep.Accepted, rep.Pending, rep.Findings, rep.Rejected = ov.Stats.Accepted, ov.Stats.Pending, ov.Stats.Findings, ov.Stats.Rejected
	rep.Rejections = maps.Clone(ov.Stats.Rejections)
	if rep.Rejections == nil {
		rep.Rejections = map[string]int{}
	}
	rep.OverlayHash = ov.ContentHash
	return rep, ov, nil
}

func kindNames(ks []enrich.Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// undecided drops the proposals the overlay already holds as accepted,
// pending or a finding: the overlay carries them while their target is
// unchanged, and a cached answer repeating them decides nothing new — so
// an unchanged repository gives the same overlay.
func undecided(proposals []json.RawMessage, prev *enrich.Overlay) []json.RawMessage {
	if prev == nil {
		return proposals
	}
	held := map[string]bool{}
	for _, a := range prev.Accepted {
		held[a.Proposal.ProposalID] = true
	}
	for _, p := range prev.Pending {
		held[p.Proposal.ProposalID] = true
	}
	for _, f := range prev.Findings {
		held[f.Proposal.ProposalID] = true
	}
	out := make([]json.RawMessage, 0, len(proposals))
	for _, raw := range proposals {
		var env struct {
			ProposalID string `json:"proposalId"`
		}
		if json.Unmarshal(raw, &env) == nil && held[env.ProposalID] {
			continue
		}
		out = append(out, raw)
	}
	return out
}

// counting counts an agent's calls and the packs it was asked about (the
// others came from the cache).
type counting struct {
	agent.Agent
	mu           sync.Mutex
	calls, packs int
}

func (c *counting) Ask(ctx context.Context, req agent.Request) (agent.Response, error) {
	c.mu.Lock()
	c.calls++
	c.packs += len(req.Packs)
	c.mu.Unlock()
	return c.Agent.Ask(ctx, req)
}

// incomplete reads an agent's error: the packs it skipped (an
// *agent.Incomplete) and why it failed, "" when it did not.
func incomplete(err error) ([]agent.Skip, string) {
	if err == nil {
		return nil, ""
	}
	var inc *agent.Incomplete
	if !errors.As(err, &inc) {
		return nil, err.Error()
	}
	if inc.Err != nil {
		return inc.Skipped, inc.Err.Error()
	}
	return inc.Skipped, ""
}
