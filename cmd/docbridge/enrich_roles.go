package main

import (
	"fmt"
	"io"
	"os"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// enrichJudge is run.NewJudge with the environment's token.
func enrichJudge(name, role string, cfg *config.Config, dir string) (*run.Judge, string, error) {
	return run.NewJudge(name, role, cfg, dir, os.Getenv(agent.TokenEnv))
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
		fmt.Fprintf(w, "  the agent failed: %s\n", textwriter.Printable(r.AgentError))
	}
}
