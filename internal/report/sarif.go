package report

import (
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// SARIF constants.
const (
	// sarifVersion is the SARIF version written.
	sarifVersion = "2.1.0"
	// sarifSchemaURI is the OASIS schema of sarifVersion (errata 01), the one
	// the tests validate against.
	sarifSchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	// informationURI is the tool's home page in the SARIF driver.
	informationURI = "https://github.com/docbridge/docbridge"
	// fingerprintKey names docbridge's fingerprint in partialFingerprints;
	// the /v1 changes if the fingerprint's recipe ever does.
	fingerprintKey = "docbridge/v1"
	// srcRoot is the uriBaseId of every location: paths are relative to
	// the repository root, which code scanning resolves as %SRCROOT%.
	srcRoot = "%SRCROOT%"
)

// SARIFOptions tune WriteSARIF.
type SARIFOptions struct {
	// Resolved adds the report's resolved findings as results with
	// baselineState "absent". Off by default: code scanning does not read
	// baselineState, so an uploaded absent result would open an alert for
	// a problem the change fixed.
	Resolved bool
}

// WriteSARIF renders the report as a SARIF 2.1.0 log with one run: every
// code that appears becomes a rule (sorted by code) carrying the catalog's
// title, help and documentation link; every finding a result with a
// partial fingerprint and, when compared, its baselineState.
func WriteSARIF(w io.Writer, r *Report, opts SARIFOptions) error {
	if err := encodeJSON(w, buildSARIF(r, opts)); err != nil {
		return fmt.Errorf("write SARIF report: %w", err)
	}
	return nil
}

func buildSARIF(r *Report, opts SARIFOptions) sarifLog {
	fs := normalizeFindings(r.Findings)
	if opts.Resolved {
		fs = append(fs, normalizeFindings(r.Resolved)...)
	}
	rules, index := sarifRules(fs)
	results := make([]sarifResult, 0, len(fs))
	for _, f := range fs {
		results = append(results, sarifResultOf(f, index[f.Code], r.Compared))
	}
	version := r.Tool.Version
	if version == "" {
		version = "unknown"
	}
	name := r.Tool.Name
	if name == "" {
		name = ToolName
	}
	return sarifLog{
		Schema:  sarifSchemaURI,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           name,
				Version:        version,
				InformationURI: informationURI,
				Rules:          rules,
			}},
			Results: results,
		}},
	}
}

// sarifRules describes every code among fs, sorted, and returns each
// code's index into the list.
func sarifRules(fs []Finding) ([]sarifRule, map[string]int) {
	var codes []string
	for _, f := range fs {
		codes = append(codes, f.Code)
	}
	slices.Sort(codes)
	codes = slices.Compact(codes)
	rules := make([]sarifRule, 0, len(codes))
	index := make(map[string]int, len(codes))
	for i, code := range codes {
		index[code] = i
		rules = append(rules, sarifRuleOf(code))
	}
	return rules, index
}

func sarifRuleOf(code string) sarifRule {
	rule, ok := catalog.Lookup(code)
	if !ok {
		// A code outside the catalog (a newer rule, a test) still gets a
		// valid descriptor.
		rule = catalog.Rule{Code: code, Severity: catalog.Warn, Title: code, Help: "See the documentation of " + code + "."}
	}
	url := catalog.DocsURL
	if ok {
		url = rule.URL()
	}
	tags := []string{"documentation"}
	if rule.Group != "" {
		tags = append(tags, rule.Group)
	}
	return sarifRule{
		ID:               code,
		Name:             ruleName(code),
		ShortDescription: sarifMessage{Text: rule.Title},
		FullDescription:  sarifMessage{Text: rule.Help},
		Help: sarifMultiformat{
			Text:     rule.Help + "\n\nDocumentation: " + url,
			Markdown: rule.Help + "\n\n[Documentation of " + code + "](" + url + ")",
		},
		HelpURI:              url,
		DefaultConfiguration: sarifConfiguration{Level: sarifLevel(rule.Severity)},
		Properties:           sarifProperties{Tags: tags},
	}
}

// ruleName spells a code in PascalCase (BROKEN_LINK → BrokenLink), the
// form SARIF recommends for reportingDescriptor.name.
func ruleName(code string) string {
	var b strings.Builder
	for _, part := range strings.Split(strings.ToLower(code), "_") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

// sarifLevel maps a configured level to SARIF's: error→error,
// warn→warning, info→note, off→none.
func sarifLevel(level catalog.Level) string {
	switch level {
	case catalog.Error:
		return "error"
	case catalog.Warn:
		return "warning"
	case catalog.Info:
		return "note"
	}
	return "none"
}

func sarifResultOf(f Finding, ruleIndex int, compared bool) sarifResult {
	text := f.Detail
	if f.Remediation != "" {
		text += "\n\n" + f.Remediation
	}
	if text == "" {
		text = f.Title // message.text must not be empty
	}
	res := sarifResult{
		RuleID:              f.Code,
		RuleIndex:           ruleIndex,
		Level:               sarifLevel(f.Level),
		Message:             sarifMessage{Text: text},
		Locations:           []sarifLocation{},
		PartialFingerprints: map[string]string{fingerprintKey: f.ID},
	}
	// A repository-wide finding has no file to point at: SARIF allows a
	// result without locations.
	if f.Location.Path != "" {
		res.Locations = append(res.Locations, sarifLocationOf(f.Location))
	}
	// The rest of the evidence are related locations, which SARIF wants
	// unique.
	seen := map[Location]bool{f.Location: true}
	for _, l := range f.Evidence {
		if l.Path != "" && !seen[l] {
			seen[l] = true
			res.RelatedLocations = append(res.RelatedLocations, sarifLocationOf(l))
		}
	}
	if compared {
		res.BaselineState = baselineState(f.Status)
	}
	if fx, ok := sarifFixOf(f); ok {
		res.Fixes = []sarifFix{fx}
	}
	return res
}

// sarifFixOf is the finding's edits as one SARIF fix: per file, each
// located occurrence of an edit (finding.Edit.Columns) replaced by its new
// text — the rewrites `docbridge fix` makes. ok is false when no edit was
// located.
func sarifFixOf(f Finding) (sarifFix, bool) {
	fx := sarifFix{Description: sarifMessage{Text: f.Remediation}}
	if fx.Description.Text == "" {
		fx.Description.Text = "Rewrite the reference."
	}
	at := map[string]int{} // path → index in ArtifactChanges
	for _, e := range f.Edits {
		for _, col := range e.Columns {
			i, ok := at[e.Path]
			if !ok {
				i = len(fx.ArtifactChanges)
				at[e.Path] = i
				fx.ArtifactChanges = append(fx.ArtifactChanges, sarifArtifactChange{
					ArtifactLocation: sarifArtifactLocation{URI: pathURI(e.Path), URIBaseID: srcRoot}})
			}
			r := sarifReplacement{
				DeletedRegion:   sarifRegion{StartLine: e.Line, StartColumn: col, EndColumn: col + finding.ColumnWidth(e.Old)},
				InsertedContent: &sarifArtifactContent{Text: e.New},
			}
			fx.ArtifactChanges[i].Replacements = append(fx.ArtifactChanges[i].Replacements, r)
		}
	}
	return fx, len(fx.ArtifactChanges) > 0
}

func baselineState(status string) string {
	switch status {
	case StatusNew:
		return "new"
	case StatusResolved:
		return "absent"
	}
	return "unchanged"
}

func sarifLocationOf(l Location) sarifLocation {
	loc := sarifLocation{PhysicalLocation: sarifPhysicalLocation{
		ArtifactLocation: sarifArtifactLocation{URI: pathURI(l.Path), URIBaseID: srcRoot},
	}}
	// SARIF forbids startLine 0: a whole-file finding has no region.
	if l.Line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: l.Line}
	}
	return loc
}

// pathURI turns a slash-separated repository path into a relative URI
// reference: spaces, '#', '?', '%' and non-ASCII bytes are percent-encoded,
// and a first segment with a colon is prefixed by "./" so it cannot read
// as a scheme.
func pathURI(p string) string {
	return (&url.URL{Path: p}).String()
}

// SARIF 2.1.0 objects, only the properties docbridge writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string             `json:"id"`
		Name                 string             `json:"name"`
		ShortDescription     sarifMessage       `json:"shortDescription"`
		FullDescription      sarifMessage       `json:"fullDescription"`
		Help                 sarifMultiformat   `json:"help"`
		HelpURI              string             `json:"helpUri"`
		DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
		Properties           sarifProperties    `json:"properties"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifMultiformat struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	sarifConfiguration struct {
		Level string `json:"level"`
	}
	sarifProperties struct {
		Tags []string `json:"tags"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		BaselineState       string            `json:"baselineState,omitempty"`
		Fixes               []sarifFix        `json:"fixes,omitempty"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Replacements     []sarifReplacement    `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion           `json:"deletedRegion"`
		InsertedContent *sarifArtifactContent `json:"insertedContent"`
	}
	sarifArtifactContent struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           *sarifRegion          `json:"region,omitempty"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)
