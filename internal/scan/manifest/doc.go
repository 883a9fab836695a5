// Package manifest extracts package manifests: package.json (npm, yarn and
// pnpm workspaces, dependencies, and the "imports" and "exports" maps Node and
// TypeScript resolve through), pyproject.toml (PEP 621, Poetry and
// setuptools) and pnpm-workspace.yaml, and matches workspace globs.
//
// Every parser is a pure function of one file's bytes and never fails: what
// the decoder rejects becomes an Issue with the line it reports, and what is
// readable is kept.
package manifest

// Version identifies this analyzer's extraction logic; stored extractions
// written under another version are not reused.
const Version = "manifest/2"

// Bounds on the lists that grow with a manifest's size. Crossing one keeps
// the first entries (in the list's order) and records an Issue.
const (
	// MaxDependencies bounds the dependencies of one manifest.
	MaxDependencies = 2048
	// MaxPatterns bounds workspace globs (package.json, pnpm-workspace.yaml).
	MaxPatterns = 1024
	// MaxPackageDirs bounds PyProject.PackageDirs.
	MaxPackageDirs = 256
	// MaxIssues bounds the Issues of one manifest.
	MaxIssues = 64
	// MaxMappings bounds the keys of package.json "imports", and those of
	// "exports", each on its own.
	MaxMappings = 512
	// MaxTargets bounds Mapping.Targets.
	MaxTargets = 16
)
