// Package agent speaks protocol docbridge.agent.v2 to whatever proposes
// enrichments: one JSON Request (a task, a role, a prompt version, the base
// snapshot's hash, context packs, the proposal kinds allowed) and one
// {"proposals": [...]} Response. Agents return raw proposals;
// internal/enrich decodes and validates them, so an agent never decides
// anything.
//
// The API a run needs:
//
//	a, err := agent.NewCommand(cfg.Enrich.Command, root)           // enrich.agent: command
//	a, err := agent.NewModels(cfg.Enrich.Models, os.Getenv(agent.TokenEnv)) // enrich.agent: models
//	store := agent.OpenDir(agent.CacheDir(cacheRoot, a.Identity()))
//	cached := agent.Cached(a, store)
//	resp, err := cached.Ask(ctx, req)   // req.PromptVersion: agent.PromptVersion for models
//	var inc *agent.Incomplete           // err: some packs not answered; resp still stands
//	errors.As(err, &inc)                // inc.Skipped lists them with a reason
//	cached.Stats()                      // hits, misses, calls
//	store.Prune()                       // after a run that answered every pack
//
// Every error Command and Models return from Ask is an *Incomplete; a
// failure of the agent itself (not a bound) also satisfies
// errors.Is(err, errFailed). Neither ever fails the run that asked.
package agent

import (
	"context"
	"encoding/json"

	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// Protocol is the version of the request and answer format. A curate
// answer is {"proposals": [...]}; a review or adjudicate answer is
// {"judgements": [...]} (both lists may come; a judge's proposals are not
// decided).
const Protocol = "docbridge.agent.v2"

// Tasks an agent is asked to do.
const (
	TaskCurate     = "curate"
	TaskReview     = "review"
	TaskAdjudicate = "adjudicate"
)

// Roles an agent plays in a task.
const (
	RoleCurator     = "curator"
	RoleReviewer    = "reviewer"
	RoleAdjudicator = "adjudicator"
)

// Identity names an agent; proposals carry it as their origin.
type Identity struct {
	ID       string `json:"agentId"`
	Version  string `json:"agentVersion"`
	Model    string `json:"model,omitempty"`
	Provider string `json:"provider,omitempty"`
}

// Request is one question to an agent.
type Request struct {
	Protocol      string `json:"protocol"`
	Task          string `json:"task"`
	Role          string `json:"role"`
	PromptVersion string `json:"promptVersion"`
	// BaseSnapshotHash is the hash of the snapshot the packs were built
	// from; proposals carry it.
	BaseSnapshotHash string      `json:"baseSnapshotHash"`
	Packs            []pack.Pack `json:"packs"`
	// Capabilities are the proposal kinds the agent may return.
	Capabilities []string `json:"capabilities"`
	// Proposals are, for the review and adjudicate tasks, the proposals
	// to judge (another agent's), each beside the pack of its entity.
	Proposals []json.RawMessage `json:"proposals,omitempty"`
	// Judgements are, for the adjudicate task, the reviewers' judgements
	// of those proposals.
	Judgements []json.RawMessage `json:"judgements,omitempty"`
}

// Response is an agent's answer: raw proposals (curate) or raw judgements
// (review, adjudicate), decoded by internal/enrich.
type Response struct {
	Proposals  []json.RawMessage `json:"proposals"`
	Judgements []json.RawMessage `json:"judgements,omitempty"`
}

// Agent proposes enrichments for the packs of a request.
type Agent interface {
	Identity() Identity
	Ask(ctx context.Context, req Request) (Response, error)
}
