package typescript

import (
	"iter"
	"path"
	"strings"
)

// probeExts are the extensions tried after a path without one, in order:
// TypeScript sources before declarations before JavaScript, as tsc prefers.
var probeExts = []string{".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"}

// esmSources maps the extension an ESM import names (the emitted file's) to
// the sources that emit it, in tsc's order.
var esmSources = map[string][]string{
	".js":  {".ts", ".tsx", ".d.ts"},
	".jsx": {".tsx", ".ts", ".d.ts"},
	".mjs": {".mts", ".d.mts"},
	".cjs": {".cts", ".d.cts"},
}

// probe finds what a repo-relative path P names. The order is fixed:
//
//  1. P itself, when it is a file: a module if it has a source extension,
//     else a file (css, json, svg…);
//  2. the ESM convention: P ending in .js/.jsx/.mjs/.cjs tries the
//     TypeScript sources that emit it (esmSources);
//  3. P + each of probeExts;
//  4. when P is the directory of a workspace package, that package's entry;
//  5. P/index + each of probeExts.
//
// dirOnly (the specifier ended in "/") skips 1–3.
func (r *Resolver) probe(p string, dirOnly bool) (Target, bool) {
	if !dirOnly && p != "." {
		if t, ok := r.probeFile(p); ok {
			return t, true
		}
	}
	if ws, ok := r.byDir[p]; ok {
		if t, ok := r.entry(ws); ok {
			return t, true
		}
	}
	return r.probeIndex(p)
}

// probeFile is steps 1–3 of probe.
func (r *Resolver) probeFile(p string) (Target, bool) {
	for q := range ModuleFiles(p) {
		if !r.fsys.IsFile(q) {
			continue
		}
		if q == p && !IsSource(p) {
			return Target{Kind: TargetFile, Path: p}, true
		}
		return Target{Kind: TargetModule, Path: q}, true
	}
	return Target{}, false
}

// ModuleFiles yields the files a module path p may name, in the order
// steps 1–3 of probe try them: p itself, the TypeScript sources of the
// ESM file p names, p with each of probeExts. One at a time: a probe
// stops at the first that exists, and most imports name their file in
// the first or second try. Site configurations use it for the modules
// they import (scan.withImports).
func ModuleFiles(p string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if !yield(p) {
			return
		}
		ext := path.Ext(p)
		for _, src := range esmSources[ext] {
			if !yield(strings.TrimSuffix(p, ext) + src) {
				return
			}
		}
		for _, e := range probeExts {
			if !yield(p + e) {
				return
			}
		}
	}
}

// probeIndex is step 5 of probe.
func (r *Resolver) probeIndex(dir string) (Target, bool) {
	if !r.fsys.IsDir(dir) {
		return Target{}, false
	}
	index := path.Join(dir, "index")
	for _, e := range probeExts {
		if q := index + e; r.fsys.IsFile(q) {
			return Target{Kind: TargetModule, Path: q}, true
		}
	}
	return Target{}, false
}
