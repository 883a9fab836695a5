package mcpserver

import (
	"context"
	"path/filepath"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// mcpMaxPending bounds the proposals enrich_pending lists.
const mcpMaxPending = 200

// mcpOverlay is the enrichment overlay the server last read, with the
// stamp of its file: it is read again when the file changes (an approval
// written by `docbridge enrich approve`, a new run), never written.
type mcpOverlay struct {
	mu    sync.Mutex
	read  bool
	stamp fileStamp
	ov    *enrich.Overlay
	warn  string
	// graph is the graph index of tree with the overlay's proposed
	// relations, built on first use.
	tree  *mcpTree
	graph *graphIndex
}

// overlay returns the repository's overlay as it is now (nil when there
// is none or it is unreadable; warn says why when it is there).
func (m *Server) overlay() (*enrich.Overlay, string) {
	o := &m.overlays
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.current(m.root)
}

func (o *mcpOverlay) current(root string) (*enrich.Overlay, string) {
	file := filepath.Join(root, filepath.FromSlash(enrich.OverlayPath))
	st := stamp(file, false)
	if o.read && st == o.stamp {
		return o.ov, o.warn
	}
	o.read, o.stamp, o.tree, o.graph = true, st, nil, nil
	o.ov, o.warn = enrich.ReadOverlayIfAny(root)
	if o.ov == nil && o.warn == "" {
		o.warn = "the repository has no enrichment overlay (" + enrich.OverlayPath + "); docbridge enrich makes one"
	}
	return o.ov, o.warn
}

// graphNow is the graph index of the tree as it is now, with the
// overlay's accepted proposed relations when there are any.
func (m *Server) graphNow(ctx context.Context) (*graphIndex, error) {
	t, err := m.current(ctx)
	if err != nil {
		return nil, err
	}
	o := &m.overlays
	o.mu.Lock()
	defer o.mu.Unlock()
	ov, _ := o.current(m.root)
	if ov == nil {
		return t.graphOf(), nil
	}
	if o.tree == t && o.graph != nil {
		return o.graph, nil
	}
	proposed := proposedSnapshotRelations(ov, t.out.Head)
	g := t.graphOf()
	if len(proposed) > 0 {
		g = newGraphIndex(g.x, proposed)
	}
	o.tree, o.graph = t, g
	return g, nil
}

// proposedSnapshotRelations are the overlay's accepted proposed relations
// in force, as relations of provenance proposed: their id is
// "proposed:<proposalId>", their evidence the proposal's, their metadata
// the proposal id, the detection and who accepted them.
func proposedSnapshotRelations(ov *enrich.Overlay, s *snapshot.Snapshot) []snapshot.Relation {
	rels := enrich.ProposedRelations(ov, s)
	if len(rels) == 0 {
		return nil
	}
	evidence := map[string][]enrich.Evidence{}
	for _, a := range ov.Accepted {
		evidence[a.Proposal.ProposalID] = a.Proposal.Evidence
	}
	out := make([]snapshot.Relation, 0, len(rels))
	for _, r := range rels {
		x := snapshot.Relation{ID: "proposed:" + r.ProposalID, Kind: r.Kind, From: r.From, To: r.To, Provenance: snapshot.Proposed,
			Evidence: []snapshot.Evidence{},
			Metadata: map[string]any{"proposalId": r.ProposalID, "detection": r.Detection, "acceptedBy": r.AcceptedBy}}
		for _, e := range evidence[r.ProposalID] {
			x.Evidence = append(x.Evidence, snapshot.Evidence{Source: "enrich", Path: e.Path, LineStart: e.LineStart, LineEnd: e.LineEnd})
		}
		out = append(out, x)
	}
	return out
}

// proposalKinds are the kinds of enrichment proposals, sorted.
func proposalKinds() []string {
	kinds := make([]string, len(enrich.Kinds))
	for i, k := range enrich.Kinds {
		kinds[i] = string(k)
	}
	return kinds
}

// pendingArgs are enrich_pending's arguments.
type pendingArgs struct {
	Kind   string `json:"kind,omitempty" jsonschema:"only proposals of this kind (propose-relation, mark-canonical, flag-contradiction, …: the schema's enum lists them)"`
	Entity string `json:"entity,omitempty" jsonschema:"only proposals about this entity id"`
	Limit  int    `json:"limit,omitempty" jsonschema:"list at most this many, 1 to 200 (default 50)"`
}

// pendingEntry is one proposal waiting for a person.
type pendingEntry struct {
	ProposalID string         `json:"proposalId"`
	ApprovalID string         `json:"approvalId"`
	Kind       string         `json:"kind"`
	Entity     string         `json:"entity"`
	Payload    enrich.Payload `json:"payload"`
	Confidence float64        `json:"confidence"`
	Reason     string         `json:"reason"`
	Origin     enrich.Origin  `json:"origin"`
	Note       string         `json:"note"`
	// Stale is true when the target changed since the proposal: a person
	// can no longer approve it, and the next enrich run expires it.
	Stale bool `json:"stale"`
	// Judgements are the reviewers' and adjudicators' judgements of it.
	Judgements []pendingJudgement `json:"judgements,omitempty"`
}

// pendingJudgement is one judgement of a pending proposal.
type pendingJudgement struct {
	Role    string `json:"role"`
	AgentID string `json:"agentId"`
	Verdict string `json:"verdict,omitempty"`
	Outcome string `json:"outcome"`
}

// pendingAnswer is enrich_pending's answer.
type pendingAnswer struct {
	// Overlay is false when the repository has no readable overlay;
	// Warning says why.
	Overlay     bool           `json:"overlay"`
	Warning     string         `json:"warning,omitempty"`
	OverlayHash string         `json:"overlayHash,omitempty"`
	Total       int            `json:"total"` // proposals that passed the filters
	Cut         int            `json:"cut"`   // Total - len(Pending)
	Pending     []pendingEntry `json:"pending"`
}

func (m *Server) enrichPending(ctx context.Context, _ *mcp.CallToolRequest, a pendingArgs) (*mcp.CallToolResult, any, error) {
	if err := checkString("kind", a.Kind); err != nil {
		return nil, nil, err
	}
	if err := checkString("entity", a.Entity); err != nil {
		return nil, nil, err
	}
	if a.Kind != "" && !enrich.Kind(a.Kind).Known() {
		return nil, nil, badArgument("kind", "%q is not a proposal kind: use %s", a.Kind, strings.Join(proposalKinds(), ", "))
	}
	if a.Limit == 0 {
		a.Limit = 50
	}
	if a.Limit < 1 || a.Limit > mcpMaxPending {
		return nil, nil, badArgument("limit", "%d: use 1 to %d", a.Limit, mcpMaxPending)
	}
	t, err := m.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	ov, warn := m.overlay()
	ans := pendingAnswer{Pending: []pendingEntry{}}
	if ov == nil {
		ans.Warning = warn
		return nil, ans, nil
	}
	ans.Overlay, ans.OverlayHash = true, ov.ContentHash
	targets := enrich.TargetHashes(t.out.Head)
	for _, p := range ov.Pending {
		q := p.Proposal
		if a.Kind != "" && string(q.Kind) != a.Kind || a.Entity != "" && q.Entity != a.Entity {
			continue
		}
		ans.Total++
		if len(ans.Pending) >= a.Limit {
			continue
		}
		e := pendingEntry{ProposalID: q.ProposalID, ApprovalID: p.ApprovalID, Kind: string(q.Kind), Entity: q.Entity, Payload: q.Payload,
			Confidence: q.Confidence, Reason: q.Reason, Origin: q.Origin, Note: p.Note, Stale: targets[q.Entity] != q.TargetContentHash}
		for _, j := range ov.Judgements {
			if j.ProposalID == q.ProposalID {
				e.Judgements = append(e.Judgements, pendingJudgement{Role: j.Role, AgentID: j.Judge.AgentID, Verdict: string(j.Verdict), Outcome: j.Outcome})
			}
		}
		ans.Pending = append(ans.Pending, e)
	}
	ans.Cut = ans.Total - len(ans.Pending)
	return nil, ans, nil
}
