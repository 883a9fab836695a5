package main

import (
	"fmt"
	"io"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/pipeline"
)

// The prompt versions of a command agent asked to judge (the protocol's
// review and adjudicate tasks); the program's own instructions are part
// of its identity.
const (
	commandReviewPrompt     = "review/1"
	commandAdjudicatePrompt = "adjudicate/1"
)

// enrichJudge is the agent enrich.reviewer or enrich.adjudicator names
// (role "reviewer" or "adjudicator"): nil and a note saying why when the
// step is skipped — no agent named, or the built-in curator, which judges
// nothing.
func enrichJudge(name, role string, cfg *config.Config, dir string) (*run.Judge, string, error) {
	switch name {
	case "":
		return nil, "", nil
	case config.EnrichAgentBuiltin:
		return nil, fmt.Sprintf("enrich.%s is builtin: the built-in curator judges nothing, so no %s was asked", role, role), nil
	case config.EnrichAgentCommand:
		a, err := agent.NewCommand(cfg.Enrich.Command, dir)
		if err != nil {
			return nil, "", fmt.Errorf("enrich.%s: %w", role, err)
		}
		prompt := commandReviewPrompt
		if role == "adjudicator" {
			prompt = commandAdjudicatePrompt
		}
		return &run.Judge{Agent: a, PromptVersion: prompt}, "", nil
	case config.EnrichAgentModels:
		a, err := agent.NewModels(cfg.Enrich.Models, pipeline.Getenv(agent.TokenEnv))
		if err != nil {
			return nil, "", fmt.Errorf("enrich.%s: %w", role, err)
		}
		return &run.Judge{Agent: a, PromptVersion: agent.ReviewPromptVersion}, "", nil
	}
	return nil, "", fmt.Errorf("enrich.%s %q is not an agent", role, name)
}

// writeJudgeReport prints one judging step for people.
func writeJudgeReport(w io.Writer, label string, r *run.JudgeReport) {
	if r == nil {
		return
	}
	if r.NotAsked != "" {
		fmt.Fprintf(w, "%s: skipped (%s)\n", label, r.NotAsked)
		return
	}
	fmt.Fprintf(w, "%s: %s %s, prompt %s: %d proposals asked in %d call(s), %d judgements", label, r.Agent.ID, r.Agent.Version, r.PromptVersion, r.Asked, r.Calls, r.Judgements)
	if r.Own > 0 {
		fmt.Fprintf(w, ", %d of its own not asked", r.Own)
	}
	fmt.Fprintln(w)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(w, "  %d packs not answered; asked again next run\n", len(r.Skipped))
	}
	if r.AgentError != "" {
		fmt.Fprintf(w, "  the agent failed: %s\n", r.AgentError)
	}
}
