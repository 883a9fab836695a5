package scan

import (
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/symtab"
)

// analyzer is one kind of file the scan extracts: what a language (or a
// manifest, or a configuration file) declares so that the scan can
// classify, version, turn on or off, extract and report its files. Every
// analyzer is listed once, in registry; everything the scan knows about the
// set of analyzers (classify, enabled, analyzerVersions, the coverage
// summary) is derived from that list.
//
// An analyzer's part of an extraction is a field of Extraction: the stored
// state encodes extractions field by field (gob), so the field, its name
// and its type are the analyzer's storage format.
type analyzer interface {
	// Kind names the analyzer: the Extraction.Analyzer of its files and
	// the analyzer of their coverage entries ("markdown", "go.mod").
	Kind() string
	// Match reports whether the file at the repo-relative slash path p is
	// this analyzer's, by its name alone, so that a stored extraction stays
	// valid for as long as the file's bytes do. When several analyzers
	// match, the first in registry takes the file.
	Match(p string) bool
	// Version returns the family that versions the analyzer's extractions
	// (a key of analyzerVersions; kinds parsed by one package share one)
	// and that family's version. The family is "" for an analyzer whose
	// extraction is the file's bytes as read: resolution parses them, so
	// PipelineVersion covers them.
	Version() (family, version string)
	// ConfigKey is the key under `languages:` in the configuration that
	// turns the analyzer on; "" when it is always on.
	ConfigKey() string
	// Enabled reports whether the configuration turns the analyzer on.
	Enabled(cfg *config.Config) bool
	// Summarized reports whether the analyzer gets a repository-wide
	// coverage entry (complete, partial, no files, turned off).
	Summarized() bool
	// NewExtractor returns the extractor of one worker goroutine. Each
	// worker owns one, so a parser need not be safe for concurrent use.
	NewExtractor() fileExtractor
	// Extracted reports whether x holds the analyzer's part (a file that
	// could not be read or is binary has none).
	Extracted(x *Extraction) bool
	// Issues returns the problems the analyzer's part of x records.
	Issues(x *Extraction) []extract.Issue
}

// fileExtractor extracts files of one analyzer on one worker goroutine.
type fileExtractor interface {
	// Extract fills the analyzer's part of x from the file's bytes (not
	// binary, at most the configured size). It never fails: a problem is
	// an Issue in the part, or in x.Issues.
	Extract(x *Extraction, data []byte)
	// Close releases the extractor's parsers.
	Close()
}

// moduleAnalyzer is an Analyzer whose files are source modules: each one
// is a module entity, and its imports are resolved against the tree by the
// language's resolver (see languages). Its methods that take an x are
// called only when x holds the analyzer's part (moduleOf).
type moduleAnalyzer interface {
	analyzer
	// packages declares the language's packages (r.pkg) and builds its
	// import resolver into r.langs, once per scan, after the manifests
	// declared theirs. It reads the manifests' parts it needs from r.t.ex.
	packages(r *resolver)
	// moduleMeta adds the language's metadata of the module entity of x.
	moduleMeta(x *Extraction, meta map[string]any)
	// importCount is how many imports x records (a size hint).
	importCount(x *Extraction) int
	// declaredNames calls add with every name documentation may refer to
	// a declaration of x by, in order (symbolTable).
	declaredNames(x *Extraction, add func(name string))
	// exportNames calls add with the bare name of each of x's exports, as
	// prose names one that was removed (ExportReader).
	exportNames(x *Extraction, add func(name string))
	// symbols fills x's entry of the symbol index (symbolModules): its
	// language, its package and the kind of each export. It reports false
	// when x declares nothing documentation looks up.
	symbols(x *Extraction, m *symtab.Module) bool
	// resolveImports returns the imports of x with the targets the
	// language's resolver finds. It reads the tree and writes nothing.
	resolveImports(r *resolver, x *Extraction) []resolvedImport
}

// manifestAnalyzer is an Analyzer of a package manifest (go.mod,
// package.json, pyproject.toml): it declares a package at its directory and
// that package's dependencies. Its methods are called only when x holds
// the analyzer's part (manifestOf).
type manifestAnalyzer interface {
	analyzer
	// declarePackage declares the package x names, if any (r.pkg). The
	// manifests declare theirs in path order, before any language.
	declarePackage(r *resolver, x *Extraction)
	// dependencies relates from, the package at the directory of x, to
	// the packages x depends on.
	dependencies(r *resolver, x *Extraction, from string)
	// projectName is the name x gives the project when it is the
	// repository's root manifest; "" for none.
	projectName(x *Extraction) string
}

// fileKind is the analyzer a file belongs to: kindOther when none.
type fileKind = analyzer

// byKind is every registered analyzer by Kind, and kindOther.
var byKind = func() map[string]analyzer {
	m := map[string]analyzer{kindOther.Kind(): kindOther}
	for _, a := range registry {
		if _, dup := m[a.Kind()]; dup {
			panic("scan: two analyzers of kind " + a.Kind()) // a programming error
		}
		m[a.Kind()] = a
	}
	return m
}()

// analyzerOf is the analyzer that made x (kindOther when x names none).
func analyzerOf(x *Extraction) analyzer {
	if a, ok := byKind[x.Analyzer]; ok {
		return a
	}
	return kindOther
}

// moduleOf is the analyzer of the source module x holds, or nil when x
// holds none.
func moduleOf(x *Extraction) moduleAnalyzer {
	if m, ok := analyzerOf(x).(moduleAnalyzer); ok && m.Extracted(x) {
		return m
	}
	return nil
}

// manifestOf is the analyzer of the manifest x holds, or nil when x holds
// none.
func manifestOf(x *Extraction) manifestAnalyzer {
	if m, ok := analyzerOf(x).(manifestAnalyzer); ok && m.Extracted(x) {
		return m
	}
	return nil
}

// classify asks each analyzer, in registry order, whether the file is its
// own, so that the names an analyzer handles are written down once, in the
// analyzer.
func classify(p string) fileKind {
	for _, a := range registry {
		if a.Match(p) {
			return a
		}
	}
	return kindOther
}

// enabled reports whether the configuration turns the file's analyzer on.
func enabled(cfg *config.Config, k fileKind) bool { return k.Enabled(cfg) }

// configKey is the languages key that turns k on, for messages.
func configKey(k fileKind) string {
	if key := k.ConfigKey(); key != "" {
		return key
	}
	return k.Kind()
}

// analyzerVersions are the versions of every extractor, by family. A
// stored extraction made by another version is never reused.
func analyzerVersions() map[string]string {
	out := map[string]string{}
	for _, a := range registry {
		if family, v := a.Version(); family != "" {
			out[family] = v
		}
	}
	return out
}
