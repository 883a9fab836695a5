package python

import (
	"path"
	"sort"
	"strings"
)

// maxRoots bounds the package roots of one tree; see collectRoots.
const maxRoots = 1024

// Project is what a pyproject.toml says about where its packages live.
type Project struct {
	// Dir is the repo-relative directory holding the pyproject.toml.
	Dir string
	// PackageDirs are repo-relative directories from tool.setuptools
	// package-dir and packages.find.where, and tool.poetry packages from.
	// A directory that is itself a package (it holds __init__.py) counts
	// as its parent, so poetry's from/include joined into one path works.
	PackageDirs []string
}

// Roots returns the package roots of a tree (the directories an import
// name is looked up under, like entries of sys.path), sorted and without
// duplicates. files are the repo-relative paths of every file scanned. See
// collectRoots for the rules and the bound.
func Roots(files []string, pyprojects map[string]Project) []string {
	roots, _ := collectRoots(files, pyprojects)
	return roots
}

// collectRoots is Roots that also reports how many roots were dropped past
// maxRoots, so that the caller can record it.
//
// The roots are: the repository root "."; every directory holding a
// pyproject.toml, setup.py or setup.cfg, and its src/ when that exists;
// each Project's Dir and existing PackageDirs; and the parent of every
// top-most package (a directory with __init__.py whose parent has none).
func collectRoots(files []string, pyprojects map[string]Project) ([]string, int) {
	dirs := map[string]bool{}     // directories holding at least one file
	packages := map[string]bool{} // directories holding __init__.py(i)
	roots := map[string]bool{".": true}
	var projectDirs []string
	for _, f := range files {
		f, ok := cleanRel(f)
		if !ok {
			continue
		}
		d := path.Dir(f)
		for a := d; !dirs[a]; a = path.Dir(a) {
			dirs[a] = true
			if a == "." {
				break
			}
		}
		switch path.Base(f) {
		case "__init__.py", "__init__.pyi":
			packages[d] = true
		case "pyproject.toml", "setup.py", "setup.cfg":
			projectDirs = append(projectDirs, d)
		}
	}
	addProject := func(d string) {
		roots[d] = true
		if src := path.Join(d, "src"); dirs[src] {
			roots[src] = true
		}
	}
	for _, d := range projectDirs {
		addProject(d)
	}
	for _, p := range pyprojects {
		if d, ok := cleanRel(p.Dir); ok {
			addProject(d)
		}
		for _, pd := range p.PackageDirs {
			pd, ok := cleanRel(pd)
			switch {
			case !ok || !dirs[pd]:
				// Outside the repository, or holding no file: nothing to find.
			case packages[pd]:
				roots[path.Dir(pd)] = true
			default:
				roots[pd] = true
			}
		}
	}
	for d := range packages {
		if parent := path.Dir(d); d != "." && !packages[parent] {
			roots[parent] = true
		}
	}
	out := make([]string, 0, len(roots))
	for r := range roots {
		out = append(out, r)
	}
	sort.Strings(out)
	if len(out) > maxRoots {
		return out[:maxRoots], len(out) - maxRoots
	}
	return out, 0
}

// cleanRel cleans a repo-relative slash path; false when it is absolute or
// leaves the repository. "" cleans to ".".
func cleanRel(p string) (string, bool) {
	p = path.Clean(p)
	if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// within reports whether p is dir or lies under it.
func within(p, dir string) bool {
	return dir == "." || p == dir || strings.HasPrefix(p, dir+"/")
}
