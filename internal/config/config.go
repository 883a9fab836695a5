// Package config loads docbridge.yaml, the optional configuration file at a
// repository's root: defaults, strict decoding with line-accurate errors,
// validation, and the configuration hashes that key stored extractions.
//
// Decoding walks a yaml.v3 node tree by hand rather than unmarshalling into
// structs, because every error must name the file, the line and the key path
// (yaml.v3's KnownFields errors name neither reliably).
package config

// FileName is the configuration file docbridge reads at the repository root.
const FileName = "docbridge.yaml"

// version is the only configuration version docbridge understands.
const version = 1

// Bounds of the configuration itself; crossing one is an *Error.
const (
	// MaxFileBytes bounds the size of docbridge.yaml.
	MaxFileBytes = 1 << 20
	// maxErrors bounds the errors reported for one file; the rest are counted
	// in errorList.Omitted.
	maxErrors = 20
	// maxPatterns bounds scan.exclude and analysis.derive.exclude.
	maxPatterns = 1000
	// maxAreas bounds analysis.areas.
	maxAreas = 1000
	// maxRoots bounds analysis.derive.roots.
	maxRoots = 100
)

// Ranges of the numeric keys (inclusive).
const (
	minMaxFileBytes = 1
	maxMaxFileBytes = 64 << 20
	minMaxFiles     = 1
	maxMaxFiles     = 1000000
	MinDepth        = 1
	MaxDepth        = 4
)

// Top-level sections, as accepted by SectionHash.
const (
	sectionVersion   = "version"
	sectionProject   = "project"
	sectionScan      = "scan"
	sectionLanguages = "languages"
	sectionAnalysis  = "analysis"
)

// Config is the effective configuration: the file's values over the defaults.
// Its JSON form (keys as in the YAML) is canonical; Hash covers every
// section but checks.
type Config struct {
	Version   int       `json:"version"`
	Project   Project   `json:"project"`
	Scan      Scan      `json:"scan"`
	Languages Languages `json:"languages"`
	Analysis  Analysis  `json:"analysis"`
	// Sites names or overrides documentation sites (see sites.go).
	Sites []Site `json:"sites"`
	// Checks tunes reconciliation; Hash leaves it out (see sectionChecks).
	Checks Checks `json:"checks"`
	// Enrich configures `docbridge enrich`; Hash leaves it out (see
	// sectionEnrich).
	Enrich Enrich `json:"enrich"`
	// Approvals says who may decide proposals in pull-request comments;
	// Hash leaves it out (see sectionApprovals).
	Approvals Approvals `json:"approvals"`
}

// Project describes the repository as a whole.
type Project struct {
	// Name is empty unless configured; the scanner derives one then.
	Name string `json:"name"`
	// Repository is the repository's identity on GitHub, "owner/name", or
	// "host/owner/name" on GitHub Enterprise: links to its own URLs are
	// checked as repository links. Empty unless configured; the command
	// line fills it from GITHUB_REPOSITORY or the origin remote.
	Repository string `json:"repository,omitempty"`
	// DefaultBranch is the branch links to the repository's own URLs are
	// checked at; empty: from the event, origin/HEAD, else main, master
	// and HEAD.
	DefaultBranch string `json:"defaultBranch,omitempty"`
	// Branches are further branches checked like the default branch.
	Branches []string `json:"branches,omitempty"`
}

// maxBranches bounds project.branches.
const maxBranches = 100

// Scan bounds which files the walk reads.
type Scan struct {
	// Exclude holds gitignore-syntax patterns relative to the root, applied in
	// addition to .gitignore and the built-in excludes (order matters for
	// negations, so it is kept).
	Exclude      []string `json:"exclude"`
	MaxFileBytes int      `json:"maxFileBytes"`
	MaxFiles     int      `json:"maxFiles"`
}

// Languages toggles the analyzers.
type Languages struct {
	Markdown bool `json:"markdown"`
	Go       bool `json:"go"`
	// TypeScript covers TypeScript and JavaScript.
	TypeScript bool `json:"typescript"`
	Python     bool `json:"python"`
}

// Analysis configures areas, the architectural units of the graph.
type Analysis struct {
	// Areas, when non-empty, replace derivation entirely.
	Areas  []Area `json:"areas"`
	Derive Derive `json:"derive"`
}

// Area is one explicitly configured area.
type Area struct {
	Path string `json:"path"`
	// Name is empty unless configured; the scanner derives one then.
	Name     string `json:"name"`
	Required bool   `json:"required"`
}

// Derive configures how areas are derived from the directory tree when no
// areas are configured.
type Derive struct {
	Roots []string `json:"roots"`
	// Depth is how many levels below a root an area's directory sits.
	Depth   int      `json:"depth"`
	Exclude []string `json:"exclude"`
}

// defaultRoots are the directories below which areas are derived by default.
var defaultRoots = []string{"src", "lib", "internal", "pkg", "cmd", "packages", "apps", "services", "libs"}

// Default returns the configuration that applies when docbridge.yaml is
// absent. Each call returns a fresh value the caller may modify.
func Default() *Config {
	return &Config{
		Version: version,
		Scan: Scan{
			Exclude:      []string{},
			MaxFileBytes: 1 << 20,
			MaxFiles:     100000,
		},
		Languages: Languages{Markdown: true, Go: true, TypeScript: true, Python: true},
		Analysis: Analysis{
			Areas: []Area{},
			Derive: Derive{
				Roots:   append([]string(nil), defaultRoots...),
				Depth:   1,
				Exclude: []string{},
			},
		},
		Sites:     []Site{},
		Checks:    defaultChecks(),
		Enrich:    defaultEnrich(),
		Approvals: defaultApprovals(),
	}
}
