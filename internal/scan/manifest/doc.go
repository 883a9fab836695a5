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
	// maxDependencies bounds the dependencies of one manifest.
	maxDependencies = 2048
	// maxPatterns bounds workspace globs (package.json, pnpm-workspace.yaml).
	maxPatterns = 1024
	// maxPackageDirs bounds PyProject.PackageDirs.
	maxPackageDirs = 256
	// maxIssues bounds the Issues of one manifest.
	maxIssues = 64
	// maxMappings bounds the keys of package.json "imports", and those of
	// "exports", each on its own.
	maxMappings = 512
	// maxTargets bounds Mapping.Targets.
	maxTargets = 16
)
