// Package snapshot is docbridge's data model: the entities, relations,
// evidence and coverage a scan observes in one repository, their canonical
// JSON form and the content hash that identifies what the repository says.
//
// A Snapshot is plain data. Every stage after the scan reads it; none of them
// writes it back. The stages that walk its graph read it through one Index,
// built once; ids are made by EntityID and split only by ParseEntityID.
package snapshot

// Type and SchemaVersion identify the artifact.
const (
	Type          = "discovery-snapshot"
	SchemaVersion = 1
)

// Entity kinds.
const (
	KindDocument   = "document"
	KindModule     = "module"
	KindPackage    = "package"
	KindArea       = "area"
	KindExternal   = "external"
	KindUnresolved = "unresolved"
)

// Relation kinds observed by the scan. A docbridge block may declare others.
const (
	RelContains       = "contains"
	RelImports        = "imports"
	RelReExports      = "re-exports"
	RelDependsOn      = "depends-on"
	RelLinksTo        = "links-to"
	RelMentions       = "mentions"
	RelMentionsSymbol = "mentions-symbol"
	RelCovers         = "covers"
)

// Kinds of a document's path references (document metadata paths): a
// link, or a code span, that named a file or directory which exists but
// is no entity.
const (
	PathRefLink    = "link"
	PathRefMention = "mention"
)

// Provenance says who asserts an entity or relation.
const (
	Observed = "observed" // the scanner saw it in the files
	Declared = "declared" // an author wrote it in a docbridge block
	Proposed = "proposed" // an agent proposed it (overlay only)
)

// Coverage statuses.
const (
	StatusComplete      = "complete"
	StatusPartial       = "partial"
	StatusNotAnalyzed   = "not-analyzed"
	StatusNotApplicable = "not-applicable"
)

// Site inference (scan's site_inferred.go). AnalyzerSiteInference is the
// analyzer of the coverage notes that say which convention was inferred
// for a documentation tree no recognised generator renders, or that its
// links fail in no known pattern. MetaUnrecognisedSite, on a links-to
// relation into an unresolved entity, names the tree whose failing links
// are counted into one finding instead of reported one by one;
// MetaMisreadSite beside it names the generator the tree's site was
// detected as when that generator's rules resolve too few of its links.
// MetaUnverifiedSite, on a links-to relation into an unresolved entity,
// names the tree of a page a generator the scan does not know renders: the
// link is unverified, not broken (UNVERIFIED_LINK). MetaRenderedElsewhere,
// there too, says the linking document is a partial or a template, shown
// where it is included or copied rather than where it lies, so its
// relative link is unverified as well: its value is RenderedPartial,
// RenderedTemplate, RenderedEmbedded or ReadByAgent.
const (
	AnalyzerSiteInference = "site-inference"
	MetaUnrecognisedSite  = "unrecognisedSite"
	MetaMisreadSite       = "misreadSite"
	MetaUnverifiedSite    = "unverifiedSite"
	MetaRenderedElsewhere = "renderedElsewhere"
)

// MetaUnreachable, on a links-to relation into an unresolved entity, says
// why the link's target could not be looked at: the walk's note about it or
// a directory above it (a directory it cannot read, a symlink that leads
// outside the repository, a directory too deep), with that directory.
const MetaUnreachable = "unreachable"

// MetaUnlisted, on a links-to relation into an unresolved entity, says that
// the walk's listing was cut short by a bound before the target's path
// (scan.maxFiles, the walk's bound on directory entries): the target may exist, so the link is
// not known to be broken. Its value names the bound.
const MetaUnlisted = "unlisted"

// The values of MetaRenderedElsewhere: what the linking document is.
const (
	RenderedPartial  = "partial"
	RenderedTemplate = "template"
	// ReadByAgent is an AI agent's instruction file (a skill, a rule set
	// under .claude/, .agents/, .cursor/ …): read by an agent, not
	// published, and often copied in without the files it links.
	ReadByAgent = "agent-instructions"
	// RenderedEmbedded is a file a program embeds (Go's //go:embed): shown
	// where the program puts it.
	RenderedEmbedded = "embedded file"
)

// ConfidenceFuzzy marks a relation accepted through a near-miss match.
const ConfidenceFuzzy = "fuzzy"

// Snapshot is everything one scan observed.
type Snapshot struct {
	Type              string            `json:"type"`
	SchemaVersion     int               `json:"schemaVersion"`
	ContentHash       string            `json:"contentHash"`
	PipelineVersion   string            `json:"pipelineVersion"`
	AnalyzerVersions  map[string]string `json:"analyzerVersions"`
	ConfigurationHash string            `json:"configurationHash"`
	// SourceRevision describes the run (the commit scanned), so it is not
	// part of ContentHash.
	SourceRevision string     `json:"sourceRevision,omitempty"`
	Project        Project    `json:"project"`
	Entities       []Entity   `json:"entities"`
	Relations      []Relation `json:"relations"`
	Coverage       []Coverage `json:"coverage"`
}

// Project names the repository.
type Project struct {
	Name string `json:"name"`
}

// Entity is a node of the knowledge graph. ID is "kind:value".
type Entity struct {
	ID         string         `json:"id"`
	Kind       string         `json:"kind"`
	Name       string         `json:"name"`
	Path       string         `json:"path,omitempty"`
	Aliases    []string       `json:"aliases,omitempty"`
	Provenance string         `json:"provenance"`
	Evidence   []Evidence     `json:"evidence"`
	Metadata   map[string]any `json:"metadata,omitempty"`
}

// Relation is a directed, typed edge between two entities of the snapshot.
type Relation struct {
	ID         string         `json:"id"`
	Kind       string         `json:"kind"`
	From       string         `json:"from"`
	To         string         `json:"to"`
	Provenance string         `json:"provenance"`
	Confidence string         `json:"confidence,omitempty"`
	Evidence   []Evidence     `json:"evidence"`
	Metadata   map[string]any `json:"metadata,omitempty"`
}

// Evidence locates what supports an entity or relation. The first evidence
// item of a document, module or package carries the xxhash64 of its file.
type Evidence struct {
	Source      string `json:"source"`
	Path        string `json:"path"`
	LineStart   int    `json:"lineStart,omitempty"`
	LineEnd     int    `json:"lineEnd,omitempty"`
	ContentHash string `json:"contentHash,omitempty"`
	Context     string `json:"context,omitempty"`
}

// Coverage says what an analyzer did, or could not do, for a scope. Nothing
// is skipped silently: a gap is a coverage entry.
type Coverage struct {
	Analyzer string `json:"analyzer"`
	Scope    string `json:"scope"`
	Status   string `json:"status"`
	Reason   string `json:"reason,omitempty"`
	// Line locates the note inside the file named by Scope, when there is one.
	Line int `json:"line,omitempty"`
	// Code is the stable diagnostic code of an author-fixable problem.
	Code string `json:"code,omitempty"`
}

// Coverage scopes that describe the run, not the repository; ContentHash
// leaves them out. ScopeReusedEntities explains how an incremental run reused
// earlier work; ScopeState says the run's state could not be saved.
const (
	ScopeReusedEntities = "reused-entities"
	ScopeState          = "state"
)

// describesRun reports whether a coverage entry is about the run rather
// than the repository.
func describesRun(c Coverage) bool {
	return c.Analyzer == "repository" && (c.Scope == ScopeReusedEntities || c.Scope == ScopeState)
}
