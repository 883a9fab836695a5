package golang

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/target"
	"golang.org/x/mod/module"
)

// Target kinds returned by Resolver.Resolve.
const (
	targetPackage    = target.Package
	targetExternal   = target.External
	targetUnresolved = target.Unresolved
)

// Target is what an import path resolves to (see target.Target). Kind is
// targetPackage, targetExternal or targetUnresolved; Path is the
// repo-relative package directory ("." for the root), set only for
// targetPackage; Name is the import path (package, unresolved, standard
// library) or the external module path, always set.
type Target = target.Target

// Resolver resolves import paths against the go.mod files and package
// directories of one repository. A directory belongs to its nearest
// enclosing go.mod, so a nested module is never part of its parent. It is
// safe for concurrent use once built.
type Resolver struct {
	byDir  map[string]Module   // module Dir -> module
	byPath map[string][]Module // module Path -> modules, sorted by Dir
	pkgs   map[string]bool     // package dirs
}

// NewResolver indexes modules (from ParseGoMod) and packageDirs (the
// repo-relative directories holding at least one .go file). When two
// go.mod files claim one directory, the one with the smaller Path wins.
func NewResolver(modules []Module, packageDirs []string) *Resolver {
	mods := slices.Clone(modules)
	for i := range mods {
		mods[i].Dir = cleanDir(mods[i].Dir)
	}
	slices.SortFunc(mods, func(a, b Module) int {
		return cmp.Or(cmp.Compare(a.Dir, b.Dir), cmp.Compare(a.Path, b.Path))
	})
	r := &Resolver{byDir: map[string]Module{}, byPath: map[string][]Module{}, pkgs: map[string]bool{}}
	for _, m := range mods {
		if _, dup := r.byDir[m.Dir]; dup {
			continue
		}
		r.byDir[m.Dir] = m
		if m.Path != "" {
			r.byPath[m.Path] = append(r.byPath[m.Path], m)
		}
	}
	for _, d := range packageDirs {
		r.pkgs[cleanDir(d)] = true
	}
	return r
}

// ModuleOf returns the module whose go.mod is nearest above (or in) dir.
func (r *Resolver) ModuleOf(dir string) (Module, bool) {
	for d := cleanDir(dir); ; d = path.Dir(d) {
		if m, ok := r.byDir[d]; ok {
			return m, true
		}
		if d == "." {
			return Module{}, false
		}
	}
}

// ImportPath returns the import path of the package in dir, derived from
// its nearest enclosing go.mod; false when there is none or it has no path.
func (r *Resolver) ImportPath(dir string) (string, bool) {
	dir = cleanDir(dir)
	m, ok := r.ModuleOf(dir)
	if !ok || m.Path == "" {
		return "", false
	}
	return joinImport(m.Path, relDir(m.Dir, dir)), true
}

// Resolve maps importPath, imported from a package in fromDir, to a target:
//  1. the longest in-tree module path prefixing it: the package directory
//     under that module's Dir if it exists and belongs to that module,
//     else unresolved;
//  2. a local replace in fromDir's module whose Old prefixes it: the
//     package directory under the replacement, else unresolved;
//  3. the standard library (no dot in the first element): external;
//  4. otherwise external, named by the longest require of fromDir's module
//     that prefixes it, else by the import path.
//
// A path the go command would reject (relative, malformed) is unresolved.
func (r *Resolver) Resolve(fromDir, importPath string) Target {
	unresolved := Target{Kind: targetUnresolved, Name: importPath}
	if module.CheckImportPath(importPath) != nil {
		return unresolved
	}
	from, hasFrom := r.ModuleOf(fromDir)
	if m, ok := r.inTreeModule(importPath, from); ok {
		dir := path.Join(m.Dir, strings.TrimPrefix(importPath[len(m.Path):], "/"))
		if owner, _ := r.ModuleOf(dir); r.pkgs[dir] && owner.Dir == m.Dir {
			return Target{Kind: targetPackage, Path: dir, Name: importPath}
		}
		return unresolved
	}
	if hasFrom {
		if rep, ok := localReplace(from, importPath); ok {
			dir := path.Join(rep.New, strings.TrimPrefix(importPath[len(rep.Old):], "/"))
			if r.pkgs[dir] {
				return Target{Kind: targetPackage, Path: dir, Name: importPath}
			}
			return unresolved
		}
	}
	first, _, _ := strings.Cut(importPath, "/")
	if !strings.Contains(first, ".") {
		return Target{Kind: targetExternal, Name: importPath}
	}
	name := importPath
	if hasFrom {
		best := ""
		for _, req := range from.Requires {
			if hasPathPrefix(importPath, req.Path) && len(req.Path) > len(best) {
				best = req.Path
			}
		}
		if best != "" {
			name = best
		}
	}
	return Target{Kind: targetExternal, Name: name}
}

// inTreeModule finds the longest in-tree module path that prefixes
// importPath. Two go.mod files declaring one path are told apart by
// preferring the importer's own module, then the smallest Dir.
func (r *Resolver) inTreeModule(importPath string, from Module) (Module, bool) {
	for p := importPath; ; {
		if mods := r.byPath[p]; len(mods) > 0 {
			for _, m := range mods {
				if m.Dir == from.Dir && from.Path == m.Path {
					return m, true
				}
			}
			return mods[0], true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return Module{}, false
		}
		p = p[:i]
	}
}

// localReplace finds the local replacement in m with the longest Old that
// prefixes importPath. A replacement that left the repository has New "".
func localReplace(m Module, importPath string) (Replace, bool) {
	var best Replace
	found := false
	for _, rep := range m.Replaces {
		if rep.Local && rep.New != "" && hasPathPrefix(importPath, rep.Old) &&
			(!found || len(rep.Old) > len(best.Old)) {
			best, found = rep, true
		}
	}
	return best, found
}

// hasPathPrefix reports whether prefix is p or a leading run of its
// slash-separated elements.
func hasPathPrefix(p, prefix string) bool {
	return prefix != "" && (p == prefix || strings.HasPrefix(p, prefix) && p[len(prefix)] == '/')
}

// relDir is dir relative to base, which encloses it ("." when equal).
func relDir(base, dir string) string {
	if base == "." {
		return dir
	}
	if dir == base {
		return "."
	}
	return strings.TrimPrefix(dir, base+"/")
}

func joinImport(modPath, rel string) string {
	if rel == "." {
		return modPath
	}
	return modPath + "/" + rel
}
