package typescript

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// builtDirs are the directories packages commonly build into; an entry or
// subpath there is mapped back to src/ (dist/index.js → src/index.ts), since
// the scan skips build output.
var builtDirs = map[string]bool{"dist": true, "build": true, "lib": true, "out": true, "esm": true, "cjs": true, "types": true}

// builtExts are the extensions of build output, stripped before probing.
var builtExts = []string{".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs", ".jsx"}

// indexWorkspaces indexes named workspaces by name and directory, and every
// package.json by directory (scopes). When two share a name, the one in the
// smaller directory wins and the other is reported; when two share a
// directory, a named one wins, then the smaller name.
func indexWorkspaces(workspaces []Workspace) (byName, byDir, scopes map[string]Workspace, issues []PathIssue) {
	sorted := make([]Workspace, 0, len(workspaces))
	for _, ws := range workspaces {
		ws.Dir = path.Clean(ws.Dir)
		if ws.Entry != "" {
			ws.Entry = path.Clean(ws.Entry)
		}
		sorted = append(sorted, ws)
	}
	slices.SortStableFunc(sorted, func(a, b Workspace) int {
		return cmp.Or(strings.Compare(a.Dir, b.Dir), cmp.Compare(unnamed(a), unnamed(b)), strings.Compare(a.Name, b.Name))
	})
	byName, byDir, scopes = map[string]Workspace{}, map[string]Workspace{}, map[string]Workspace{}
	for _, ws := range sorted {
		if _, ok := scopes[ws.Dir]; !ok {
			scopes[ws.Dir] = ws
		}
		if ws.Name == "" {
			continue
		}
		if _, ok := byDir[ws.Dir]; !ok {
			byDir[ws.Dir] = ws
		}
		if first, ok := byName[ws.Name]; ok {
			issues = append(issues, PathIssue{Path: path.Join(ws.Dir, "package.json"), Issue: extract.Issue{
				Status:  extract.StatusPartial,
				Message: fmt.Sprintf("workspace package %q is also declared in %s; imports of it resolve there", ws.Name, first.Dir),
			}})
			continue
		}
		byName[ws.Name] = ws
	}
	return byName, byDir, scopes, issues
}

// unnamed orders named workspaces before unnamed ones.
func unnamed(ws Workspace) int {
	if ws.Name == "" {
		return 1
	}
	return 0
}

// workspace resolves spec, an import of a workspace package with subpath
// sub. When a key of the package's "exports" matches ("." or "./sub"), its
// targets are probed in order (see mapped); null excludes the subpath, and
// it is unresolved. Otherwise — no exports, no key matching, or no target
// found — a subpath is probed under the package directory, then under its
// src/ (packages that export "./*" from src), then mapped from build output
// to src/; no subpath means the entry. When nothing is found the import
// still depends on the package.
func (r *Resolver) workspace(ws Workspace, sub, spec string) Target {
	key := "."
	if sub != "" {
		key = "./" + sub
	}
	if m, captured, ok := matchMapping(ws.Exports, key); ok {
		if len(m.Targets) == 0 {
			return Target{Kind: TargetUnresolved, Name: spec}
		}
		if t, ok := r.mapped(ws.Dir, m.Targets, captured, false); ok {
			return t
		}
	}
	if sub != "" {
		candidates := []string{sub, path.Join("src", sub)}
		if s, ok := builtToSource(sub); ok {
			candidates = append(candidates, s)
		}
		for _, c := range candidates {
			if p, ok := joinWithin(ws.Dir, c); ok {
				if t, ok := r.probe(p, false); ok {
					return t
				}
			}
		}
	} else if t, ok := r.entry(ws); ok {
		return t
	}
	return Target{Kind: TargetPackage, Path: ws.Dir, Name: ws.Name}
}

// entry finds a package's entry module: Entry itself, Entry mapped from
// build output to src/, then index and src/index in the package directory.
func (r *Resolver) entry(ws Workspace) (Target, bool) {
	if ws.Entry != "" {
		if t, ok := r.probeFile(ws.Entry); ok {
			return t, true
		}
		rel, under := ws.Entry, true
		if ws.Dir != "." {
			rel, under = strings.CutPrefix(ws.Entry, ws.Dir+"/")
		}
		if s, ok := builtToSource(rel); ok && under {
			if t, ok := r.probeFile(path.Join(ws.Dir, s)); ok {
				return t, true
			}
		}
	}
	if t, ok := r.probeIndex(ws.Dir); ok {
		return t, true
	}
	return r.probeIndex(path.Join(ws.Dir, "src"))
}

// builtToSource maps a package-relative path in build output to where its
// source commonly is: dist/esm/index.js → src/index (extensions are probed).
func builtToSource(rel string) (string, bool) {
	first, rest, found := strings.Cut(rel, "/")
	if !found || !builtDirs[first] {
		return "", false
	}
	for {
		next, after, ok := strings.Cut(rest, "/")
		if !ok || !builtDirs[next] {
			break
		}
		rest = after
	}
	for _, e := range builtExts {
		if s, ok := strings.CutSuffix(rest, e); ok {
			rest = s
			break
		}
	}
	return path.Join("src", rest), true
}
