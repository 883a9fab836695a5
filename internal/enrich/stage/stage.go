// Package stage is the enrichment stage as the action asks for it, without
// the agents: the request (a scanned tree, which agent, the agent-call
// cache as bytes), the result (what the run did, the overlay), and the
// Runner interface internal/enrich/run implements. The action's
// orchestration depends on this package alone, so the pull-request route
// never links an agent adapter; cmd/docbridge hands it the runner.
package stage

import (
	"context"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// Request is one run of the stage on a scanned tree. The decisions it
// merges with are the overlay and approval records under Dir.
type Request struct {
	Dir      string
	Snapshot *snapshot.Snapshot
	Signals  *graph.Signals
	Config   *config.Config
	// Agent names the agent (config.EnrichAgents); "" is the
	// configuration's enrich.agent.
	Agent string
	// Token is the models agent's credential.
	Token string
	// CacheArchive is the agent-call cache as kept between runs; nil is
	// none.
	CacheArchive []byte
}

// Result is what a run did.
type Result struct {
	AgentID, PromptVersion string
	// Packs were built; Asked were asked of the agent (the others came
	// from the cache, CacheHits); Calls counts the agent's calls.
	Packs, Asked, CacheHits, Calls int
	// Incomplete says why the agent did not answer every pack ("" when it
	// did): refused, failed, out of budget.
	Incomplete string
	Overlay    *enrich.Overlay
	// CacheArchive is the agent-call cache to keep; CacheRefused says why
	// the request's could not be read ("" when it was, or there was none).
	CacheArchive []byte
	CacheRefused string
	// Notes say what else the log should: a judge step skipped or failed.
	Notes []string
}

// Runner runs the stage.
type Runner interface {
	Run(ctx context.Context, req Request) (*Result, error)
}
