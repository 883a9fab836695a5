package run

import (
	"context"
	"fmt"
	"os"
	"slices"

	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/stage"
)

// Stage is stage.Runner: the action's enrichment run, with the agent-call
// cache in memory (agent.MapStore) read from and written to one archive.
type Stage struct{}

var _ stage.Runner = Stage{}

// Run builds the agent, restores the cache, runs and archives what the
// run used (everything, when the run was incomplete: nothing answered is
// forgotten).
func (Stage) Run(ctx context.Context, req stage.Request) (*stage.Result, error) {
	ag, prompt, err := NewAgent(req.Agent, req.Config, req.Dir, req.Snapshot, req.Token)
	if err != nil {
		return nil, fmt.Errorf("enrich: %w", err)
	}
	out := &stage.Result{}
	store := agent.NewMapStore()
	if req.CacheArchive != nil {
		m, err := agent.ReadArchive(req.CacheArchive)
		if err != nil {
			out.CacheRefused = err.Error()
		} else {
			store = m
		}
	}
	reviewer, reviewNote, err := NewJudge(req.Config.Enrich.Reviewer, "reviewer", req.Config, req.Dir, req.Token)
	if err != nil {
		return nil, err
	}
	adjudicator, adjudicateNote, err := NewJudge(req.Config.Enrich.Adjudicator, "adjudicator", req.Config, req.Dir, req.Token)
	if err != nil {
		return nil, err
	}
	out.Notes = append(out.Notes, reviewNote, adjudicateNote)
	out.Notes = slices.DeleteFunc(out.Notes, func(s string) bool { return s == "" })
	root, err := os.OpenRoot(req.Dir)
	if err != nil {
		return nil, fmt.Errorf("enrich %s: %w", req.Dir, err)
	}
	defer root.Close()
	rep, ov, err := Run(ctx, Input{Root: req.Dir, Files: root.FS(), Snapshot: req.Snapshot,
		Findings: Diagnose(req.Snapshot, req.Signals, req.Config), Agent: ag, PromptVersion: prompt,
		PackBytes: req.Config.Enrich.PackBytes, Cache: store, Reviewer: reviewer, Adjudicator: adjudicator})
	if err != nil {
		return nil, err
	}
	switch {
	case rep.AgentError != "":
		out.Incomplete = rep.AgentError
	case len(rep.Skipped) > 0:
		out.Incomplete = fmt.Sprintf("%d packs unanswered (%s)", len(rep.Skipped), rep.Skipped[0].Reason)
	}
	if out.CacheArchive, err = store.Archive(out.Incomplete != ""); err != nil {
		return nil, err
	}
	out.AgentID, out.PromptVersion = rep.Agent.ID, rep.PromptVersion
	out.Packs, out.Asked, out.CacheHits, out.Calls = rep.Packs, rep.Asked, rep.CacheHits, rep.Calls
	out.Overlay = ov
	for _, j := range []*JudgeReport{rep.Review, rep.Adjudication} {
		if j != nil && j.AgentError != "" {
			out.Notes = append(out.Notes, "the judge "+j.Agent.ID+" failed: "+j.AgentError)
		}
	}
	return out, nil
}
