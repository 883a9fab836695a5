// Package markdown extracts what one Markdown (or MDX) document says: its
// title, headings and anchors, summary, front matter, docbridge block, links,
// code spans and generated regions, each located by the 1-based line a person
// sees in an editor.
//
// Extraction is a pure function of the file's bytes: nothing here looks at
// other files or decides what a link or code span points at (resolution does
// that). The output is plain JSON-serialisable data so that an incremental
// scan can store it and reuse it while the file is unchanged.
//
// Markdown is parsed with goldmark (CommonMark + GFM), front matter with
// gopkg.in/yaml.v3. Every list in the output has a named bound; crossing it
// is recorded as an Issue or a truncation field, never silently.
package markdown

// Version identifies the extraction output; bump it whenever Extract's output
// for some input changes, so stored extractions are refused and redone.
const Version = "markdown/28"

// Bounds on what one document contributes. Each one that is crossed is
// recorded (an Issue, or EvidenceTruncated for references).
const (
	// maxReferences bounds Links and CodeSpans together, in document order.
	// It is a safety bound on the extraction: every link up to it is checked.
	// (The snapshot bounds the evidence one document contributes far lower;
	// see internal/scan.)
	maxReferences = 2048
	// maxHeadings bounds Document.Headings (levels 1–3).
	maxHeadings = 256
	// MaxAnchors bounds Document.Anchors (headings of every level), and
	// VitePressAnchors and CustomAnchors each.
	MaxAnchors = 1024
	// maxIncludes bounds Document.Includes.
	maxIncludes = 256
	// maxRegions bounds Document.Generated.
	maxRegions = 64
	// maxIssues bounds Document.Issues; the overflow is summarised by one
	// more issue.
	maxIssues = 128
	// maxFrontMatterBytes bounds the YAML text handed to yaml.v3, which keeps
	// alias bombs and deep nesting cheap to refuse.
	maxFrontMatterBytes = 64 << 10
	// maxFields bounds FrontMatter.Fields (top-level keys).
	maxFields = 32
	// maxFieldRunes bounds each FrontMatter.Fields value.
	maxFieldRunes = 256
	// maxSummaryRunes bounds Document.Summary, ellipsis included.
	maxSummaryRunes = 300
	// maxCovers bounds Block.Covers.
	maxCovers = 64
	// maxRelations bounds Block.Relations.
	maxRelations = 64
	// maxDocumentBytes is a last line of defence: the walker skips oversized
	// files, but Extract must stay fast whatever it is handed. Larger
	// documents are not analyzed.
	maxDocumentBytes = 1 << 20
	// maxLineBytes bounds a body line handed to goldmark, whose inline
	// parser is quadratic in the length of a line on some inputs ([a]( …
	// repeated); longer lines are cut.
	maxLineBytes = 8 << 10
	// maxTableColumns bounds a GFM table's delimiter row: goldmark pads every
	// row to the header's width, so a wide header over many short rows
	// multiplies into millions of cells. A wider delimiter row is dropped and
	// the table read as text.
	maxTableColumns = 128
	// maxParagraphDelimiters bounds the emphasis delimiters (* _ ~) in a run
	// of lines that may form one paragraph: goldmark matches delimiters in
	// time quadratic in their number. The line that crosses the bound is
	// blanked, which ends the run; no real paragraph comes near it.
	maxParagraphDelimiters = 2048
)
