// Package golang is docbridge's Go analyzer.
//
// Extraction (Extract, ParseGoMod) is a pure function of one file's bytes: the
// package clause, the first paragraph of the package doc comment, imports and
// exported declarations of a .go file, parsed with go/parser; the module path, requirements and replacements of a go.mod,
// parsed with golang.org/x/mod/modfile. Resolution (Resolver) is global: it
// maps an import path, seen from a package directory, to an in-tree package
// directory, an external module or an unresolved reference, against the
// go.mod files and package directories that exist now.
package golang

// Version identifies this analyzer's extraction logic; stored extractions
// written under another version are not reused.
const Version = "golang/5"

// Bounds on the lists that grow with a file's size. Crossing one keeps the
// first entries (in the list's order) and records an Issue.
const (
	// maxImports bounds File.Imports.
	maxImports = 1024
	// maxExports bounds File.Exports.
	maxExports = 4096
	// maxRequires bounds Module.Requires.
	maxRequires = 4096
	// maxReplaces bounds Module.Replaces.
	maxReplaces = 1024
	// maxModIssues bounds Module.Issues; modfile reports every bad line.
	maxModIssues = 64
)

// maxDocRunes bounds File.Doc, the ellipsis that marks a cut included (the
// same bound as a Markdown document's summary). A cut is marked by that "…"
// rather than an Issue: a long first paragraph is not a partial analysis.
const maxDocRunes = 300
