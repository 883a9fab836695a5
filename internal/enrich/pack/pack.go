// Package pack builds context packs: the bounded, redacted view of one
// target entity that an agent is shown instead of the snapshot.
//
// A pack holds the target (id, kind, name, path, content hash, aliases,
// evidence, bounded metadata), at most maxNeighbours entities one relation
// away (sorted by relation kind, then id, then direction), at most
// maxDiagnostics open diagnostics naming it, and its own file as an excerpt
// of at most maxExcerptBytes, read only if the file still hashes as the
// snapshot recorded. Its JSON fits a byte budget (defaultMaxBytes unless
// configured): the excerpt is halved until the pack fits, then dropped;
// then diagnostics are dropped from the end, then neighbours from the end.
// The target is never dropped. Every string in a pack has passed
// redact.String.
//
// Build is pure: files are read through the Files interface, so the caller
// decides where they come from. Use:
//
//	packs, err := pack.Build(pack.Input{Snapshot: snap, Diagnostics: diags,
//		Files: pack.DirFiles(root), TargetHash: enrich.TargetHash, MaxBytes: cfg.PackBytes})
//
// PackHash covers the target's and the neighbours' content hashes (and the
// ids they belong to), so a pack's hash moves exactly when what it
// describes moves; the agent-call cache is keyed by it.
package pack

import "github.com/docbridge/docbridge/internal/snapshot"

// Bounds of one pack.
const (
	maxNeighbours   = 32
	maxDiagnostics  = 16
	maxExcerptBytes = 12 << 10
	defaultMaxBytes = 64 << 10
	// minMaxBytes is the smallest budget accepted: below it a target with a
	// few aliases would not fit.
	minMaxBytes = 4 << 10
	// maxMetadataValues bounds the target's metadata: keys kept (in order)
	// and items kept of a list value; maxStringBytes bounds each string.
	maxMetadataValues = 16
	maxStringBytes    = 512
	// maxEvidence bounds the target's evidence items.
	maxEvidence = 8
	// maxAliases bounds the target's aliases.
	maxAliases = 16
)

// Pack is the context of one target entity.
type Pack struct {
	PackHash    string       `json:"packHash"`
	Target      Target       `json:"target"`
	Neighbours  []Neighbour  `json:"neighbours"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Excerpt is the start of the target's own file; nil when it has none,
	// the file no longer hashes as recorded, or the budget dropped it.
	Excerpt *Excerpt `json:"excerpt,omitempty"`
	// Omitted counts what the bounds and the budget left out.
	Omitted Omitted `json:"omitted"`
}

// Target is the entity the pack is about.
type Target struct {
	ID          string              `json:"id"`
	Kind        string              `json:"kind"`
	Name        string              `json:"name"`
	Path        string              `json:"path,omitempty"`
	ContentHash string              `json:"contentHash"`
	Aliases     []string            `json:"aliases,omitempty"`
	Evidence    []snapshot.Evidence `json:"evidence"`
	Metadata    map[string]any      `json:"metadata,omitempty"`
}

// Neighbour is an entity joined to the target by one relation.
type Neighbour struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Name        string `json:"name,omitempty"`
	Path        string `json:"path,omitempty"`
	ContentHash string `json:"contentHash,omitempty"`
	// Relation is the relation's kind; Direction is "out" when it goes from
	// the target to this entity, "in" when from this entity to the target.
	Relation  string `json:"relation"`
	Direction string `json:"direction"`
}

// Diagnostic is one open finding of the report, as the pack shows it and as
// the caller hands it in (so this package does not depend on the report).
type Diagnostic struct {
	ID      string `json:"id"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
	// EntityIDs are the entities the finding names; a pack lists the
	// findings naming its target or reported at its path. Not shown.
	EntityIDs []string `json:"-"`
}

// Excerpt is the beginning of the target's file.
type Excerpt struct {
	Path string `json:"path"`
	Text string `json:"text"`
	// Truncated is set when Text is shorter than the file.
	Truncated bool `json:"truncated,omitempty"`
}

// Omitted counts what a pack left out: by the fixed bounds, and by the byte
// budget (ExcerptShortened is set when the budget cut the excerpt).
type Omitted struct {
	Neighbours       int  `json:"neighbours,omitempty"`
	Diagnostics      int  `json:"diagnostics,omitempty"`
	ExcerptShortened bool `json:"excerptShortened,omitempty"`
	ExcerptDropped   bool `json:"excerptDropped,omitempty"`
}
