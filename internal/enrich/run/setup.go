package run

import (
	"fmt"
	"maps"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/agent"
	"github.com/docbridge/docbridge/internal/enrich/curator"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Diagnose is the findings a run packs: the check's, with the two rules
// the curator reads — UNDOCUMENTED_AREA for gaps, NEAR_TWIN_DOCUMENT for
// redundancy — on at info when the configuration leaves them off (both are
// off by default).
func Diagnose(s *snapshot.Snapshot, sig *graph.Signals, cfg *config.Config) []finding.Diagnostic {
	c := *cfg
	c.Checks.Severity = maps.Clone(c.Checks.Severity)
	if c.Checks.Severity == nil {
		c.Checks.Severity = map[string]catalog.Level{}
	}
	for _, code := range []string{catalog.UndocumentedArea, catalog.NearTwinDocument} {
		if c.Checks.Level(code) == catalog.Off {
			c.Checks.Severity[code] = catalog.Info
		}
	}
	return reconcile.Check(reconcile.Input{Head: s, Signals: sig, Config: &c}).Head
}

// commandPromptVersion is the version of the task a command agent is
// asked (the protocol's curate task over packs); the program's own
// instructions are part of its identity.
const commandPromptVersion = "curate/1"

// NewAgent is the agent name names (config.EnrichAgents; "" is the
// configuration's enrich.agent, and auto the built-in curator — the action
// resolves auto to models itself), with the prompt version its proposals
// carry. token is the models agent's credential — the environment's, never
// the configuration's; dir is where a command agent runs.
func NewAgent(name string, cfg *config.Config, dir string, s *snapshot.Snapshot, token string) (agent.Agent, string, error) {
	if name == "" {
		name = cfg.Enrich.Agent
	}
	switch name {
	case config.EnrichAgentAuto, config.EnrichAgentBuiltin:
		return curator.New(curator.NamesOf(s)), curator.PromptVersion, nil
	case config.EnrichAgentCommand:
		a, err := agent.NewCommand(cfg.Enrich.Command, dir)
		return a, commandPromptVersion, err
	case config.EnrichAgentModels:
		a, err := agent.NewModels(cfg.Enrich.Models, token)
		return a, agent.PromptVersion, err
	}
	return nil, "", fmt.Errorf("agent %q: use %s", name, strings.Join(config.EnrichAgents, ", "))
}

// The prompt versions of a command agent asked to judge (the protocol's
// review and adjudicate tasks); the program's own instructions are part
// of its identity.
const (
	CommandReviewPrompt     = "review/1"
	commandAdjudicatePrompt = "adjudicate/1"
)

// NewJudge is the agent enrich.reviewer or enrich.adjudicator names (role
// "reviewer" or "adjudicator"): nil and a note saying why when the step is
// skipped — no agent named, or the built-in curator, which judges nothing.
// token is the models agent's credential.
func NewJudge(name, role string, cfg *config.Config, dir, token string) (*Judge, string, error) {
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
		prompt := CommandReviewPrompt
		if role == "adjudicator" {
			prompt = commandAdjudicatePrompt
		}
		return &Judge{Agent: a, PromptVersion: prompt}, "", nil
	case config.EnrichAgentModels:
		a, err := agent.NewModels(cfg.Enrich.Models, token)
		if err != nil {
			return nil, "", fmt.Errorf("enrich.%s: %w", role, err)
		}
		return &Judge{Agent: a, PromptVersion: agent.ReviewPromptVersion}, "", nil
	}
	return nil, "", fmt.Errorf("enrich.%s %q is not an agent", role, name)
}
