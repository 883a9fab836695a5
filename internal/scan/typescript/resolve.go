package typescript

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/target"
)

// Target kinds.
const (
	TargetModule     = target.Module     // a scanned source file
	TargetFile       = target.File       // another scanned file: css, json, svg…
	TargetPackage    = target.Package    // a workspace package whose entry was not found
	TargetExternal   = target.External   // a third-party package or a Node builtin
	TargetUnresolved = target.Unresolved // nothing; Name is the specifier
)

// Target is what a specifier resolves to (see target.Target). Path is the
// repo-relative file (module, file) or directory (package); Name is the
// package name (package), the external name ("lodash", "@scope/x",
// "node:fs"), or the specifier (unresolved).
type Target = target.Target

// FileSystem answers for the scanned tree, in repo-relative slash paths
// ("." is the root).
type FileSystem = target.FileSystem

// Workspace is one package.json of the repository: a package of its own
// (npm/yarn/pnpm workspace) when it has a Name, else only the scope of its
// Imports.
type Workspace struct {
	// Name is the package name; "" for a package.json without one, which
	// then only contributes Imports.
	Name string `json:"name"`
	Dir  string `json:"dir"`
	// Entry is the repo-relative entry file from package.json main, module,
	// types or exports["."] when that is a string; "" when there is none.
	Entry string `json:"entry,omitempty"`
	// Imports is package.json "imports" (manifest.PackageJSON.Imports):
	// `#…` specifiers of files under Dir.
	Imports []manifest.Mapping `json:"imports,omitempty"`
	// Exports is package.json "exports" (manifest.PackageJSON.ExportMap):
	// the subpaths other packages import this one by.
	Exports []manifest.Mapping `json:"exports,omitempty"`
}

// PathIssue is an Issue about one file other than a module: a configuration
// file or a package manifest.
type PathIssue struct {
	Path  string        `json:"path"`
	Issue extract.Issue `json:"issue"`
}

// Resolver resolves import specifiers. It is read-only once built, so it is
// safe for concurrent use when its FileSystem is.
type Resolver struct {
	fsys FileSystem
	// options holds the effective options of every tsconfig.json and
	// jsconfig.json, by path.
	options    map[string]options
	workspaces map[string]Workspace // named ones, by name
	byDir      map[string]Workspace // named ones, by directory
	scopes     map[string]Workspace // every package.json, by directory
}

// NewResolver builds a Resolver. configs holds the repo-relative path and
// bytes of every TypeScript/JavaScript configuration file of the tree (see
// IsConfig): those named tsconfig.json or jsconfig.json govern their
// directory and below; the others matter only as targets of `extends`.
// workspaces holds every package.json of the tree, those without a name
// included (they decide `#…` imports below them). The issues, sorted by
// path, report configurations that cannot be read or whose `extends` cannot
// be followed, and workspaces sharing a name; none of them stops resolution.
func NewResolver(fsys FileSystem, configs map[string][]byte, workspaces []Workspace) (*Resolver, []PathIssue) {
	r := &Resolver{fsys: fsys}
	var issues []PathIssue
	r.options, issues = loadConfigs(configs)
	var wsIssues []PathIssue
	r.workspaces, r.byDir, r.scopes, wsIssues = indexWorkspaces(workspaces)
	issues = append(issues, wsIssues...)
	sortPathIssues(issues)
	return r, issues
}

// IsConfig reports whether p is a configuration file NewResolver should be
// given: tsconfig*.json or jsconfig*.json (bases that others extend are
// commonly named tsconfig.base.json and the like). An `extends` naming any
// other file finds it only if it is passed too.
func IsConfig(p string) bool {
	base := path.Base(p)
	return strings.HasSuffix(base, ".json") &&
		(strings.HasPrefix(base, "tsconfig") || strings.HasPrefix(base, "jsconfig"))
}

// Resolve resolves spec as imported by fromFile (repo-relative). The rules,
// first match wins:
//
//  1. relative (`.`, `..`, `./…`, `../…`): probed from the importer's
//     directory; outside the root or not found → unresolved;
//  2. the nearest tsconfig.json (else jsconfig.json, at each directory from
//     the importer's up to the root): compilerOptions.paths, then baseUrl;
//  3. `#…`: the "imports" of the nearest package.json at or above the
//     importer (Node's rule: that one decides, imports or not); see
//     subpathImport;
//  4. a workspace package by name, with or without a subpath: its
//     "exports" when a key matches, else probing (see workspace);
//  5. a Node builtin (`fs`, `node:fs`, `fs/promises`) → external "node:fs";
//  6. any other bare specifier → external, named by its package.
//
// Absolute paths and other URL schemes (`https:`, `bun:`, `virtual:`) are
// unresolved.
func (r *Resolver) Resolve(fromFile, spec string) Target {
	unresolved := Target{Kind: TargetUnresolved, Name: spec}
	switch {
	case spec == "":
		return unresolved
	case isRelative(spec):
		p, ok := joinWithin(dirOf(fromFile), stripQuery(spec))
		if !ok {
			return unresolved
		}
		if t, ok := r.probe(p, strings.HasSuffix(spec, "/")); ok {
			return t
		}
		return unresolved
	case strings.HasPrefix(spec, "node:"):
		return r.bare(spec)
	case path.IsAbs(spec):
		return unresolved
	}
	// paths may map anything, `#x` and `virtual:x` included.
	if opts, ok := r.configFor(fromFile); ok {
		if t, ok := r.viaConfig(opts, spec); ok {
			return t
		}
	}
	if strings.HasPrefix(spec, "#") {
		return r.subpathImport(fromFile, spec)
	}
	return r.bare(spec)
}

// bare resolves a package specifier (rules 4–6 of Resolve, and `node:x`):
// from an importer, or from a package.json "imports" target.
func (r *Resolver) bare(spec string) Target {
	unresolved := Target{Kind: TargetUnresolved, Name: spec}
	if rest, ok := strings.CutPrefix(spec, "node:"); ok {
		name, _, _ := strings.Cut(rest, "/")
		if name == "" {
			return unresolved
		}
		return Target{Kind: TargetExternal, Name: "node:" + name}
	}
	name, sub, ok := splitPackage(spec)
	if !ok || strings.HasPrefix(spec, "#") || strings.Contains(spec, ":") {
		return unresolved
	}
	if ws, ok := r.workspaces[name]; ok {
		return r.workspace(ws, sub, spec)
	}
	if nodeBuiltins[name] {
		return Target{Kind: TargetExternal, Name: "node:" + name}
	}
	return Target{Kind: TargetExternal, Name: name}
}

// governingConfigs are the config names that govern a directory, in the
// order they are looked for there.
var governingConfigs = []string{"tsconfig.json", "jsconfig.json"}

// configFor finds the configuration governing a file: at each directory from
// the file's up to the root, tsconfig.json first, then jsconfig.json (as
// tsserver looks). A config's include/exclude/files are not consulted.
func (r *Resolver) configFor(fromFile string) (options, bool) {
	dir := dirOf(fromFile)
	if path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../") {
		return options{}, false
	}
	for {
		for _, name := range governingConfigs {
			if o, ok := r.options[path.Join(dir, name)]; ok {
				return o, true
			}
		}
		if dir == "." {
			return options{}, false
		}
		dir = path.Dir(dir)
	}
}

// KeepsImports reports whether the tsconfig governing fromFile keeps the
// imports whose names are used only in types (Import.UnusedAsValue):
// verbatimModuleSyntax, preserveValueImports or importsNotUsedAsValues
// "preserve" or "error", set in it or in a config it extends — or, in a
// file with decorators (File.Decorated), emitDecoratorMetadata, which
// emits the types of decorated signatures as values.
func (r *Resolver) KeepsImports(fromFile string, decorated bool) bool {
	o, _ := r.configFor(fromFile)
	return o.keepImports || decorated && o.decoratorMetadata
}

// viaConfig applies compilerOptions.paths (the best pattern, each of its
// targets in order), then baseUrl. Targets are relative to baseUrl when set,
// else to the config that declares paths.
func (r *Resolver) viaConfig(o options, spec string) (Target, bool) {
	if rule, captured, ok := bestPathRule(o.paths, spec); ok {
		base := o.pathsDir
		if o.hasBaseURL {
			base = o.baseURL
		}
		for _, target := range rule.targets {
			p, ok := joinWithin(base, strings.Replace(target, "*", captured, 1))
			if !ok {
				continue
			}
			if t, ok := r.probe(p, false); ok {
				return t, true
			}
		}
	}
	if o.hasBaseURL {
		if p, ok := joinWithin(o.baseURL, spec); ok {
			return r.probe(p, false)
		}
	}
	return Target{}, false
}

// AliasTargets returns the repository paths compilerOptions.paths of the
// configuration governing fromFile maps spec to (its best pattern's
// targets, in order, whether they exist or not); ok is false when no
// pattern matches. Astro reads these aliases in Markdown image paths
// (![](@assets/a.png)).
func (r *Resolver) AliasTargets(fromFile, spec string) (paths []string, ok bool) {
	o, found := r.configFor(fromFile)
	if !found || spec == "" || isRelative(spec) || path.IsAbs(spec) {
		return nil, false
	}
	rule, captured, matched := bestPathRule(o.paths, spec)
	if !matched {
		return nil, false
	}
	base := o.pathsDir
	if o.hasBaseURL {
		base = o.baseURL
	}
	for _, target := range rule.targets {
		if p, ok := joinWithin(base, strings.Replace(target, "*", captured, 1)); ok {
			paths = append(paths, p)
		}
	}
	return paths, len(paths) > 0
}

// isRelative reports whether spec is relative to the importer.
func isRelative(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// stripQuery drops a bundler query (`./icon.svg?raw`), which names no file.
func stripQuery(spec string) string {
	s, _, _ := strings.Cut(spec, "?")
	return s
}

// splitPackage splits a bare specifier into its package name and subpath:
// `lodash/fp` → (lodash, fp), `@scope/x/y` → (@scope/x, y).
func splitPackage(spec string) (name, sub string, ok bool) {
	parts := strings.SplitN(spec, "/", 3)
	n := 1
	if strings.HasPrefix(spec, "@") {
		n = 2
	}
	if len(parts) < n {
		return "", "", false
	}
	for _, p := range parts[:n] {
		if p == "" || p == "." || p == ".." || p == "@" {
			return "", "", false
		}
	}
	name = strings.Join(parts[:n], "/")
	sub = strings.Join(parts[n:], "/")
	return name, sub, true
}
