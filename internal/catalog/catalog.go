// Package catalog lists every diagnostic code docbridge's reconciliation can
// report, with its default severity and the help a reader needs to fix it.
//
// It has no dependencies so that configuration validation (which checks the
// codes a docbridge.yaml names), the rules themselves and the renderers
// (SARIF rules carry the help text) all read one list.
package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// Level is the one severity scale of docbridge, from quietest to loudest:
// off (the rule does not run), info, warn, error. Configuration, rules,
// findings, renderers and the fail-on rule all speak it; SARIF levels,
// check-run annotation levels and the JSON report's severity are mapped
// from it where they are written.
type Level string

// The levels.
const (
	Off   Level = "off"
	Info  Level = "info"
	Warn  Level = "warn"
	Error Level = "error"
)

// Levels lists the levels in increasing order.
var Levels = []Level{Off, Info, Warn, Error}

// Rank orders levels: off 0, info 1, warn 2, error 3; unknown -1.
func (l Level) Rank() int { return slices.Index(Levels, l) }

// String is the level's name.
func (l Level) String() string { return string(l) }

// Set parses a level (pflag.Value).
func (l *Level) Set(s string) error {
	if Level(s).Rank() < 0 {
		return fmt.Errorf("%q is not one of off, info, warn, error", s)
	}
	*l = Level(s)
	return nil
}

// Type names the flag's value in help text (pflag.Value).
func (l *Level) Type() string { return "level" }

// FailOn is the level at or above which a finding fails a run, or none.
type FailOn string

// The fail-on values; the zero value is FailError.
const (
	FailError FailOn = FailOn(Error)
	FailWarn  FailOn = FailOn(Warn)
	failInfo  FailOn = FailOn(Info)
	FailNone  FailOn = "none"
)

// FailOns lists the fail-on values, strictest last.
var FailOns = []FailOn{FailError, FailWarn, failInfo, FailNone}

// String is the value's name; the zero value's is "".
func (f FailOn) String() string { return string(f) }

// OrDefault is f, or error for the zero value.
func (f FailOn) OrDefault() FailOn {
	if f == "" {
		return FailError
	}
	return f
}

// Set parses a fail-on value (pflag.Value).
func (f *FailOn) Set(s string) error {
	if !slices.Contains(FailOns, FailOn(s)) {
		return fmt.Errorf("%q is not one of error, warn, info, none", s)
	}
	*f = FailOn(s)
	return nil
}

// Type names the flag's value in help text (pflag.Value).
func (f *FailOn) Type() string { return "level" }

// Fails is the one rule of what fails a run: a finding of level l fails a
// run whose fail-on level is f when it is at or above f; none fails
// nothing, and a finding that is off, or of a level the scale does not
// name, never fails.
func (f FailOn) Fails(l Level) bool {
	if f == FailNone {
		return false
	}
	at, r := Level(f.OrDefault()).Rank(), l.Rank()
	return at > Off.Rank() && r > Off.Rank() && r >= at
}

// Groups of rules. A group that is not on by default is turned on by a
// configuration preset (checks.presets).
const (
	groupCore      = "core"
	GroupScan      = "scan"
	groupDrift     = "drift"
	GroupKnowledge = "knowledge-docs"
)

// DocsURL is the page that documents every code; a rule's anchor is its
// code in lower case.
const DocsURL = "https://github.com/docbridge/docbridge/blob/main/docs/diagnostics.md"

// Rule describes one diagnostic code.
type Rule struct {
	Code string
	// Severity is the default level; Off marks an opt-in rule.
	Severity Level
	Group    string
	// Title is a short name (SARIF shortDescription).
	Title string
	// Help says how to fix it (SARIF help).
	Help string
}

// URL is the documentation link of the rule.
func (r Rule) URL() string { return DocsURL + "#" + strings.ToLower(r.Code) }

// Codes of the reconciliation rules.
const (
	BrokenLink              = "BROKEN_LINK"
	SiteLinksUnresolved     = "SITE_LINKS_UNRESOLVED"
	BrokenAnchor            = "BROKEN_ANCHOR"
	AnchorsUnresolved       = "ANCHORS_UNRESOLVED"
	UnresolvedPath          = "UNRESOLVED_PATH"
	UnverifiedLink          = "UNVERIFIED_LINK"
	StaleDeclaration        = "STALE_DECLARATION"
	GeneratedRegionEdited   = "GENERATED_REGION_EDITED"
	UndocumentedArea        = "UNDOCUMENTED_AREA"
	RequiredDocMissing      = "REQUIRED_DOC_MISSING"
	OrphanedDocument        = "ORPHANED_DOCUMENT"
	DocumentWithoutCode     = "DOCUMENT_WITHOUT_CODE"
	ImportCycle             = "IMPORT_CYCLE"
	CentralityRisk          = "CENTRALITY_RISK"
	NearTwinDocument        = "NEAR_TWIN_DOCUMENT"
	DriftPath               = "DRIFT_PATH"
	DriftSymbol             = "DRIFT_SYMBOL"
	DriftLink               = "DRIFT_LINK"
	DriftAnchor             = "DRIFT_ANCHOR"
	DriftMove               = "DRIFT_MOVE"
	KnowledgeFieldMissing   = "KNOWLEDGE_FIELD_MISSING"
	KnowledgeTitleMissing   = "KNOWLEDGE_TITLE_MISSING"
	KnowledgeClaimsMissing  = "KNOWLEDGE_CLAIMS_MISSING"
	KnowledgeDateField      = "KNOWLEDGE_DATE_FIELD"
	KnowledgeIdentityWeak   = "KNOWLEDGE_IDENTITY_WEAK"
	KnowledgeSupersedesGone = "KNOWLEDGE_SUPERSEDES_UNKNOWN"
)

// rules is the catalog, sorted by code (a test checks).
var rules = []Rule{
	{AnchorsUnresolved, Warn, groupCore, "Anchors in a namespace no heading has", "Many anchors of a documentation tree share a prefix (#opt-…) in which the repository shows no id (no heading starts with it, no link into it resolves): a build step supplies them (a generated reference, a converter that rewrites the links before the site is built). They are counted here, not reported one by one; declare the site in docbridge.yaml `sites` if its generator should check them, or fix the anchors."},
	{BrokenAnchor, Error, groupCore, "Broken anchor", "The link's #anchor matches no heading of its target. Link to a heading that exists (GitHub's slug: lower case, punctuation dropped, spaces as hyphens, -1, -2 for repeats) or add the heading."},
	{BrokenLink, Error, groupCore, "Broken relative link", "The link's target does not exist in the repository. Point it at the file's current path, or remove the link."},
	{CentralityRisk, Off, groupCore, "Central module without documentation", "One of the most central modules of the import graph is neither covered nor mentioned by any document. Mention it in the document of its area, or declare `covers` in a docbridge block."},
	{"DOCBRIDGE_DUPLICATE", Error, GroupScan, "docbridge block: duplicate entry", "Remove the repeated entry from the docbridge block."},
	{"DOCBRIDGE_INVALID_ID", Error, GroupScan, "docbridge block: invalid entity id", "Write ids as kind:value, for example module:src/rank.ts."},
	{"DOCBRIDGE_INVALID_KIND", Error, GroupScan, "docbridge block: invalid relation kind", "Use a lower-case kebab-case relation kind."},
	{"DOCBRIDGE_LIMIT", Error, GroupScan, "docbridge block: too many entries", "Split the declarations over several documents."},
	{"DOCBRIDGE_MISSING_FIELD", Error, GroupScan, "docbridge block: missing field", "Add the field the message names."},
	{"DOCBRIDGE_NOT_MAPPING", Error, GroupScan, "docbridge block: not a mapping", "Write the docbridge block as a mapping with covers and relations."},
	{"DOCBRIDGE_TYPE", Error, GroupScan, "docbridge block: wrong type", "Give the value the type the field documents."},
	{"DOCBRIDGE_UNKNOWN_KEY", Error, GroupScan, "docbridge block: unknown key", "Use only the documented keys (covers, relations; from, to, kind)."},
	{"DOCBRIDGE_YAML", Error, GroupScan, "docbridge block: invalid YAML", "Correct the YAML at the reported line."},
	{DocumentWithoutCode, Off, groupCore, "Document without an edge into code", "The document neither links to, mentions nor covers any module, package or area. Mention the code it describes, or declare covers."},
	{DriftAnchor, Error, groupDrift, "Anchor drifted", "The heading this anchor named in the base was renamed or removed by this change. Update the link to the new heading."},
	{DriftLink, Error, groupDrift, "Link target drifted", "The file this link pointed to in the base was moved or deleted by this change. Update the link to the new path."},
	{DriftMove, Error, groupDrift, "References into a moved directory", "This change moved or removed a directory that many references of the documents pointed into; they are reported as one finding. Point the references at the directory's new place (docbridge fix rewrites those whose new path is unambiguous), or remove them."},
	{DriftPath, Error, groupDrift, "Mentioned path drifted", "The path this document names existed in the base and was moved or deleted by this change. Update the mention."},
	{DriftSymbol, Error, groupDrift, "Mentioned symbol drifted", "The symbol this document names was exported in the base and was renamed or removed by this change. Update the mention to the new name."},
	{"FRONT_MATTER_INVALID", Warn, GroupScan, "Invalid front matter", "Correct the YAML at the reported line; front matter must be a mapping."},
	{"FRONT_MATTER_TOO_LARGE", Warn, GroupScan, "Front matter too large", "Keep front matter under 64 KiB; move data into the body or a separate file."},
	{"FRONT_MATTER_UNCLOSED", Warn, GroupScan, "Unclosed front matter", "Close the front matter with a --- line."},
	{GeneratedRegionEdited, Warn, groupCore, "Generated region edited by hand", "The region's content no longer matches the hash its generator recorded: the next generation overwrites the edit. Change the generator's input instead, or regenerate."},
	{"GENERATED_UNCLOSED", Warn, GroupScan, "Unclosed generated region", "Close the generated region with its end marker."},
	{ImportCycle, Warn, groupCore, "Import cycle", "Break the cycle: move the shared part into a module both sides import, or invert one dependency."},
	{KnowledgeClaimsMissing, Off, GroupKnowledge, "Knowledge document without claim sections", "Add at least one claim section (by default Facts, Inferred, Tested or Open questions)."},
	{KnowledgeDateField, Off, GroupKnowledge, "Hand-maintained date", "Remove the Date field: dates come from git history and a hand-written one goes stale."},
	{KnowledgeFieldMissing, Off, GroupKnowledge, "Knowledge document field missing", "Add the front-matter field the message names (by default Area, Keywords and Summary)."},
	{KnowledgeIdentityWeak, Off, GroupKnowledge, "Knowledge document without a distinctive identity", "Give the document an H1 and keywords that carry at least one distinctive term of three or more characters."},
	{KnowledgeSupersedesGone, Off, GroupKnowledge, "Supersedes names no document", "Point Supersedes at the path of an existing document."},
	{KnowledgeTitleMissing, Off, GroupKnowledge, "Knowledge document without an H1", "Start the document with a level-1 heading that names its subject."},
	{"LINK_OUTSIDE_ROOT", Warn, GroupScan, "Link outside the repository", "Link to the file on the web instead of a relative path that leaves the repository."},
	{NearTwinDocument, Off, groupCore, "Near-twin documents", "Two documents of one area share their title and keywords: merge them, or make each one's subject distinct."},
	{OrphanedDocument, Off, groupCore, "Orphaned document", "No other document links to this one. Link to it from an index, README or the document of its area."},
	{RequiredDocMissing, Error, groupCore, "Required documentation missing", "The area is configured with required: true and no document covers or mentions it. Write its document, or declare covers in an existing one."},
	{SiteLinksUnresolved, Info, groupCore, "Site links in no known pattern", "Many root-absolute or extensionless links of a documentation tree that no recognised site generator renders resolve to no file, even under the conventions docbridge infers (content root, pretty URLs, dated pages). Declare the site in docbridge.yaml `sites` so its links are checked as it serves them, or fix the links; they are counted here, not reported one by one."},
	{StaleDeclaration, Error, groupCore, "Stale declaration", "A docbridge block declares a relation to an entity that does not exist. Update the id to the entity's current path, or remove the declaration."},
	{UndocumentedArea, Off, groupCore, "Undocumented area", "No document covers or mentions this area. Mention it in a document, or declare covers in a docbridge block."},
	{UnresolvedPath, Warn, groupCore, "Unresolved path", "The document names a path that does not exist. Correct the path (the message suggests the nearest existing one when there is a single candidate)."},
	{UnverifiedLink, Info, groupCore, "Unverified link", "A page that a site generator docbridge does not recognise renders links to no file; the site may serve the link from a route, a redirect or a page its build generates, so it is not reported as broken. Declare the site in docbridge.yaml `sites` (its generator, or `none` for GitHub's reading) to check its links, or give this code a severity to report them all."},
}

// All returns every rule, sorted by code.
func All() []Rule { return slices.Clone(rules) }

// Lookup returns the rule of a code.
func Lookup(code string) (Rule, bool) {
	i, ok := slices.BinarySearchFunc(rules, code, func(r Rule, c string) int { return strings.Compare(r.Code, c) })
	if !ok {
		return Rule{}, false
	}
	return rules[i], true
}

// Codes returns every code, sorted.
func Codes() []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = r.Code
	}
	return out
}

// Presets returns the groups a preset may turn on.
func Presets() []string { return []string{GroupKnowledge} }
