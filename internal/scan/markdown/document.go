package markdown

import "github.com/docbridge/docbridge/internal/scan/extract"

// Title sources, in order of precedence.
const (
	TitleFromFrontMatter = "front-matter"
	TitleFromH1          = "h1"
	titleFromFilename    = "filename"
)

// Link kinds.
const (
	LinkRelative = "relative" // a path in the repository, maybe with #anchor
	LinkAnchor   = "anchor"   // #x: a heading of the same document
	LinkExternal = "external" // a URL scheme, //host or mailto:
	// linkCode is a path of code a documentation tool resolves, never a
	// file: rustdoc's intra-doc links (crate::x::Y, fn@super::f,
	// `tower::Service`, crate#section).
	linkCode = "code"
)

// Document is the extraction of one Markdown or MDX file.
type Document struct {
	// Path is the repo-relative, slash-separated path Extract was given.
	Path string `json:"path"`
	// LineCount is the number of lines a person sees (a final line ending
	// does not start another line).
	LineCount   int    `json:"lineCount"`
	Title       string `json:"title"`
	TitleSource string `json:"titleSource"`
	// Headings holds levels 1–3 in document order. Headings and Anchors
	// include generated regions: GitHub renders their anchors all the same.
	Headings []Heading `json:"headings,omitempty"`
	// Anchors holds the unique slug of every heading of any level, sorted.
	Anchors []string `json:"anchors,omitempty"`
	// VitePressAnchors holds, sorted, the anchors VitePress renders for the
	// same headings: its own slug, or the explicit {#id}.
	VitePressAnchors []string `json:"vitepressAnchors,omitempty"`
	// CustomAnchors holds the explicit heading ids ("## Title {#id}") that
	// VitePress and Docusaurus render instead of a slug, sorted.
	CustomAnchors []string `json:"customAnchors,omitempty"`
	// SiteHeadings holds every heading in document order, as documentation
	// sites slug it (see SiteHeading), bounded by MaxAnchors.
	SiteHeadings []SiteHeading `json:"siteHeadings,omitempty"`
	// HTMLAnchors holds, sorted, the ids of raw HTML elements and the names
	// of raw HTML <a> elements: anchors wherever the document is rendered.
	HTMLAnchors []string `json:"htmlAnchors,omitempty"`
	// ElementTitles holds, sorted, the titles of titled elements: an HTML
	// <summary>'s text and an MDX component's title attribute. Some
	// renderers give such an element an anchor from its title (GitBook's
	// expandable blocks, Mintlify's tabs and accordions), others none.
	ElementTitles []string `json:"elementTitles,omitempty"`
	// TagArguments holds, in order, the first argument of each template tag
	// outside code that may render an element of its own ({% tabs Tab one,
	// 2 %} gives "Tab one"; control flow, includes and code tags are left
	// out), bounded by MaxAnchors: a generator's tag plugin may build ids
	// from it.
	TagArguments []string `json:"tagArguments,omitempty"`
	// PassthroughAnchors holds, sorted, the ids and <a name>s of the raw
	// HTML in fences a generator may pass through instead of showing as
	// code (one without an info string, or whose info string is HTML):
	// anchors only where a generator the scan does not know renders the
	// page.
	PassthroughAnchors []string `json:"passthroughAnchors,omitempty"`
	// AttrAnchors holds, sorted, the ids that attribute lists outside
	// headings give elements ("text {: #id}", "[](){#id}"): anchors where
	// attribute lists are read (Python-Markdown's attr_list, kramdown).
	AttrAnchors []string `json:"attrAnchors,omitempty"`
	// Footnotes holds the labels of footnote definitions ("[^label]:"), in
	// order: Python-Markdown's footnotes and kramdown render them as the
	// anchors fn:label and fnref:label.
	Footnotes []string `json:"footnotes,omitempty"`
	// Targets holds, in order, the MyST targets a line "(label)=" or a
	// directive's :label: or :name: option declares (Sphinx with MyST,
	// mystmd): a reference to the label resolves anywhere in the project.
	Targets []string `json:"targets,omitempty"`
	// Autodoc holds the objects of API-documentation directives, in order
	// (mkdocstrings and mkautodoc: a line "::: package.module.Name").
	Autodoc []string `json:"autodoc,omitempty"`
	// AutodocNames holds the objects of hf-doc-builder's directives, in
	// order (a line "[[autodoc]] Name"): the name as written, which the
	// rendered ids qualify with its package ("pkg.Name", "pkg.Name.method").
	AutodocNames []string `json:"autodocNames,omitempty"`
	// Tabs holds the content tabs of pymdownx.tabbed, in order (see Tab),
	// bounded by MaxAnchors.
	Tabs []Tab `json:"tabs,omitempty"`
	// AnchorsCut is true when MaxAnchors cut one of the anchor lists
	// above short (or the document was too large to read): an anchor the
	// lists lack may still be one the page renders.
	AnchorsCut bool `json:"anchorsCut,omitempty"`
	// Includes holds the include directives of site generators, in order.
	Includes []Include `json:"includes,omitempty"`
	// Summary is the plain text of the first prose paragraph.
	Summary string `json:"summary,omitempty"`
	// WordCount counts prose words: no code blocks, front matter or
	// generated regions.
	WordCount   int         `json:"wordCount"`
	FrontMatter FrontMatter `json:"frontMatter"`
	// Block is the docbridge: key of the front matter; nil when absent.
	Block *Block `json:"block,omitempty"`
	// Links and CodeSpans together hold the first maxReferences references
	// outside generated regions, in document order.
	Links     []Link     `json:"links,omitempty"`
	CodeSpans []CodeSpan `json:"codeSpans,omitempty"`
	// ReferenceCount is every link and code span seen; EvidenceTruncated is
	// set when it exceeds maxReferences.
	ReferenceCount    int      `json:"referenceCount"`
	EvidenceTruncated bool     `json:"evidenceTruncated,omitempty"`
	Generated         []Region `json:"generated,omitempty"`
	// GeneratedFile is what says the whole file is generated (the marker
	// line, or the front-matter key and value); empty when nothing does.
	GeneratedFile string `json:"generatedFile,omitempty"`
	// MDX is set for .mdx files, whose JSX and ESM lines were blanked.
	MDX bool `json:"mdx,omitempty"`
	// SiteSyntax is set when the text, outside code, uses syntax only a
	// site generator renders and GitHub shows as text: a template tag
	// ({% … %}, {{ … }}, a Hugo shortcode), a ::: container or autodoc
	// directive, a !!! admonition.
	SiteSyntax bool `json:"siteSyntax,omitempty"`
	// Hugo is what Hugo reads beyond CommonMark (see HugoDoc); nil when the
	// document has no heading and no shortcode.
	Hugo   *HugoDoc        `json:"hugo,omitempty"`
	Issues []extract.Issue `json:"issues,omitempty"`
}

// Heading is an ATX or setext heading.
type Heading struct {
	Level int    `json:"level"`
	Text  string `json:"text"`
	// Slug is the heading's unique anchor, dedup suffix included (the second
	// "Usage" is usage-1), because that is what a link to it must say.
	Slug string `json:"slug"`
	Line int    `json:"line"`
}

// Link is an inline, reference or autolink link (GFM's bare www. and
// https:// URLs included), or an image.
type Link struct {
	Text string `json:"text,omitempty"`
	// Destination is the URL as written, Markdown escapes resolved.
	Destination string `json:"destination"`
	Line        int    `json:"line"`
	Image       bool   `json:"image,omitempty"`
	Kind        string `json:"kind"`
	// Target is, for a relative link, the repo-relative clean path it points
	// at ("." for the root); empty when the link climbs above the root.
	Target string `json:"target,omitempty"`
	// Directive is the name of a directive written right before the link's
	// text (Paradox's @scaladoc[Actor](pekko.actor.Actor) gives "scaladoc",
	// @@snip[x](path) "@snip"): the directive, not Markdown, says what the
	// destination names.
	Directive string `json:"directive,omitempty"`
	// Anchor is the fragment, percent-decoded, without '#'.
	Anchor string `json:"anchor,omitempty"`
	// OutsideRoot is set on a relative link that climbs above the
	// repository root under GitHub's rules (Target is then empty). The
	// document's issues hold a LINK_OUTSIDE_ROOT for it; resolution reads
	// the link again the way the document's site serves it, and withdraws
	// that issue when the site's reading stays inside the site.
	OutsideRoot bool `json:"outsideRoot,omitempty"`
	// Cue, set only on a relative link, is the phrase of its table row that
	// makes the target a file still to be made ("creating this file"): the
	// document holds it optional, and a missing target is no broken link.
	// See linkCue.
	Cue string `json:"cue,omitempty"`
	// CodeImport is set on a link written as VuePress' code import,
	// "@[code](path)" (the text "code", with options: "code js{2}"): in a
	// VuePress site the file's content is put in a code block there.
	CodeImport bool `json:"codeImport,omitempty"`
}

// CodeSpan is an inline code span, trimmed.
type CodeSpan struct {
	Text string `json:"text"`
	Line int    `json:"line"`
	// InLink is set when the span is (part of) a link's text: the link, not
	// the span, says what it points at.
	InLink bool `json:"inLink,omitempty"`
	// Cue is the phrase of the sentence around the span that makes a path
	// in it one of the reader's own project ("your project") or one still
	// to be made ("create"); empty when the sentence has none. See cue.go.
	// Only a span with a "/" can be a path of the repository, so only such
	// a span's sentence is read.
	Cue string `json:"cue,omitempty"`
}

// Region is a generated region, markers included in its lines.
type Region struct {
	LineStart int `json:"lineStart"`
	LineEnd   int `json:"lineEnd"`
	// DeclaredHash is the marker's hash= value, lowercased; empty if absent.
	DeclaredHash string `json:"declaredHash,omitempty"`
	// ActualHash is the 16-hex-digit xxhash64 of the lines strictly between
	// the markers, joined with "\n".
	ActualHash string `json:"actualHash"`
	// Closed is false when the region runs to the end of the file.
	Closed bool `json:"closed"`
}

// FrontMatter is the YAML block between a first line --- and the next ---
// or ... line, or the TOML block between +++ lines (Hugo, Zola).
type FrontMatter struct {
	Present bool `json:"present"`
	// Format is frontMatterTOML for TOML; empty for YAML.
	Format string `json:"format,omitempty"`
	// LineStart and LineEnd are the delimiter lines.
	LineStart int    `json:"lineStart,omitempty"`
	LineEnd   int    `json:"lineEnd,omitempty"`
	Type      string `json:"type,omitempty"`
	Audience  string `json:"audience,omitempty"`
	Owner     string `json:"owner,omitempty"`
	Lifecycle string `json:"lifecycle,omitempty"`
	Tier      string `json:"tier,omitempty"`
	// Fields holds every top-level scalar key (sequences of scalars joined
	// with ", "), for rules that read keys the snapshot does not keep.
	Fields map[string]string `json:"fields,omitempty"`
	// FieldLines holds the file line of every key in Fields, so a rule can
	// point at the key it judges.
	FieldLines map[string]int `json:"fieldLines,omitempty"`
	// Tables holds, sorted, the top-level keys whose value is a mapping or
	// a sequence of mappings (Eleventy's eleventyNavigation, VitePress'
	// hero), which Fields leaves out: a key can say which generator reads
	// the page whatever its value.
	Tables []string `json:"tables,omitempty"`
	// Origin is the URL a repository, repo or source key names — at the
	// top level or one table down (Zola's [extra]) — when it is an http(s)
	// URL: the project the page describes, whose README a gallery page
	// often is a copy of. Resolution decides whether it is another
	// repository than this one.
	Origin string `json:"origin,omitempty"`
}

// Block is the docbridge: key of the front matter: what the author declares
// the document covers and relations the scan cannot observe.
type Block struct {
	Covers    []Ref              `json:"covers,omitempty"`
	Relations []DeclaredRelation `json:"relations,omitempty"`
}

// Ref is an entity id (kind:value) with the line it was written on.
type Ref struct {
	ID   string `json:"id"`
	Line int    `json:"line"`
}

// DeclaredRelation is one entry of docbridge.relations. From defaults to the
// document itself (document:<path>).
type DeclaredRelation struct {
	From       string `json:"from"`
	To         string `json:"to"`
	Kind       string `json:"kind"`
	Detection  string `json:"detection,omitempty"`
	Confidence string `json:"confidence,omitempty"`
	Line       int    `json:"line"`
}
