package retrieval

// Entry is one searchable entity: a document, area, package or module.
type Entry struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Path     string   `json:"path"`
	Title    string   `json:"title"`
	Headings []string `json:"headings,omitempty"`
	// Symbols are a module's exported names (a package's or area's: those
	// of its modules, bounded).
	Symbols []string `json:"symbols,omitempty"`
	Aliases []string `json:"aliases,omitempty"`
	Summary string   `json:"summary,omitempty"`
	// SummaryProvenance is "proposed" when the summary comes from an
	// accepted agent proposal (the entity had none).
	SummaryProvenance string `json:"summaryProvenance,omitempty"`
	// Intents are accepted agent phrases of the tasks the entry answers.
	Intents []Intent `json:"intents,omitempty"`
	// Canonical are the scopes an accepted proposal made this document
	// the canonical one of.
	Canonical []string `json:"canonical,omitempty"`
	// Sections are a document's headings with the line each section
	// starts on and the anchor a link to it takes, bounded like Headings;
	// the index splits Body into passages at them.
	Sections []HeadingSection `json:"sections,omitempty"`
	// Body is the document's text, bounded (MaxBodyRunes); empty for code.
	Body  string `json:"body,omitempty"`
	Facts Facts  `json:"facts"`
	// Status is a document's front-matter status ("superseded" ranks below
	// an active document at equal score); empty when none.
	Status string `json:"status,omitempty"`
	// ContentHash is the hash of the entity's file (evidence[0]), or of
	// its id for entities without a file.
	ContentHash string `json:"contentHash"`
	// Signal is the accepted agent signal in [0,1] (Projection.Enrich; 0
	// without an overlay), weighted at most 15 % of the exact-id boost.
	Signal float64 `json:"signal,omitempty"`
	// Truncated records every projection bound the entry crossed (body,
	// headings, symbols, coveredBy, mentionedBy).
	Truncated []Truncation `json:"truncated,omitempty"`
}

// HeadingSection is one heading of a document: where its section starts.
type HeadingSection struct {
	Level int `json:"level"`
	// Line is the heading's 1-based line in the document.
	Line   int    `json:"line"`
	Anchor string `json:"anchor,omitempty"`
	Text   string `json:"text"`
}

// Facts are what the graph knows of an entry.
type Facts struct {
	PageRank     float64  `json:"pageRank"`
	InboundLinks int      `json:"inboundLinks"`
	CoveredBy    []string `json:"coveredBy,omitempty"`
	MentionedBy  []string `json:"mentionedBy,omitempty"`
	Area         string   `json:"area,omitempty"`
	Package      string   `json:"package,omitempty"`
}

// Projection is the searchable form of one snapshot. Entries are sorted by
// id; Hash covers every entry (it is part of the projection's identity).
type Projection struct {
	SnapshotHash string  `json:"snapshotHash"`
	Hash         string  `json:"hash"`
	Entries      []Entry `json:"entries"`
}
