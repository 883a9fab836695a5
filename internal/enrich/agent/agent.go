// Package agent speaks protocol docbridge.agent.v2 to whatever proposes
// enrichments: one JSON Request (a task, a role, a prompt version, context
// packs, the proposal kinds allowed) and one {"proposals": [...]} Response.
// Agents return raw proposals; internal/enrich decodes and validates them,
// so an agent never decides anything.
//
// Adapters: Command (a configured program, argv without a shell) and Models
// (GitHub Models or any OpenAI-compatible endpoint). Cached wraps any agent
// with the agent-call cache, so an unchanged repository makes no call.
package agent

import (
	"context"
	"encoding/json"

	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// Protocol is the version of the request and answer format.
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
}

// Response is an agent's answer: raw proposals, decoded by internal/enrich.
type Response struct {
	Proposals []json.RawMessage `json:"proposals"`
}

// Agent proposes enrichments for the packs of a request.
type Agent interface {
	Identity() Identity
	Ask(ctx context.Context, req Request) (Response, error)
}
