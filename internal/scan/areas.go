package scan

import (
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// areas creates the area entities: the configured ones when
// analysis.areas is set, otherwise the directories analysis.derive.depth
// levels below each derive root (a root that holds files directly is an area
// itself). Only directories holding a document or module somewhere below
// become areas. Clustering never creates an area.
func (r *resolver) areas() {
	r.areaDirs = map[string]string{}
	a := r.t.cfg.Analysis
	if len(a.Areas) > 0 {
		for _, ar := range a.Areas {
			p := path.Clean(ar.Path)
			if !r.t.dirs[p] {
				r.b.note(snapshot.Coverage{Analyzer: "areas", Scope: p, Status: snapshot.StatusNotAnalyzed,
					Reason: "analysis.areas names a directory that does not exist in the scanned tree"})
				continue
			}
			name := ar.Name
			if name == "" {
				name = p
			}
			r.area(p, name, "config", ar.Required)
		}
		return
	}
	var patterns []gitignore.Pattern
	for _, ex := range a.Derive.Exclude {
		patterns = append(patterns, gitignore.ParsePattern(ex, nil))
	}
	excluded := gitignore.NewMatcher(patterns)
	occupied := r.occupiedDirs()
	for _, root := range a.Derive.Roots {
		root = path.Clean(root)
		if !r.t.dirs[root] {
			continue
		}
		for _, d := range sortedKeys(occupied) {
			if !strings.HasPrefix(d, root+"/") && d != root {
				continue
			}
			var area string
			if d == root {
				if occupied[d] {
					area = root
				}
			} else {
				parts := strings.Split(strings.TrimPrefix(d, root+"/"), "/")
				if len(parts) < a.Derive.Depth {
					if !occupied[d] {
						continue
					}
					// Files above the configured depth belong to the
					// deepest directory that holds them.
					area = d
				} else {
					area = root + "/" + strings.Join(parts[:a.Derive.Depth], "/")
				}
			}
			if area == "" || excluded.Match(strings.Split(area, "/"), true) {
				continue
			}
			r.area(area, area, "derived", false)
		}
	}
}

// occupiedDirs maps every directory that holds a document or module below it
// to whether it holds one directly.
func (r *resolver) occupiedDirs() map[string]bool {
	occ := map[string]bool{}
	for i := range r.t.ex {
		x := &r.t.ex[i]
		if !x.analyzable() {
			continue
		}
		d := parentDir(x.Path)
		occ[d] = true
		for d != "." {
			d = parentDir(d)
			if _, ok := occ[d]; !ok {
				occ[d] = false
			}
		}
	}
	return occ
}

func (r *resolver) area(dir, name, source string, required bool) {
	if _, ok := r.areaDirs[dir]; ok {
		return
	}
	e := r.b.entity(snapshot.KindArea, dir, name, dir)
	e.Evidence = append(e.Evidence, snapshot.Evidence{Source: "areas", Path: dir, Context: source})
	meta := map[string]any{"source": source}
	if required {
		meta["required"] = true
	}
	e.Metadata = meta
	r.areaDirs[dir] = e.ID
}

// contains links every document, module, package and area to its innermost
// enclosing container. Containers nest by directory; at one directory a
// package encloses an area (package → area → module), so a file in a
// directory that is both is contained by the area.
func (r *resolver) contains() {
	link := func(child, dir string, skipAreaAt string) {
		for d := dir; ; d = parentDir(d) {
			if id, ok := r.areaDirs[d]; ok && d != skipAreaAt {
				r.b.relate(snapshot.RelContains, id, child, snapshot.Observed, snapshot.Evidence{Source: "areas", Path: d})
				return
			}
			if id, ok := r.pkgDirs[d]; ok {
				r.b.relate(snapshot.RelContains, id, child, snapshot.Observed, snapshot.Evidence{Source: "packages", Path: d})
				return
			}
			if d == "." {
				return
			}
		}
	}
	for _, dir := range sortedKeys(r.areaDirs) {
		// An area is enclosed by the package at its own directory, if any.
		link(r.areaDirs[dir], dir, dir)
	}
	for _, dir := range sortedKeys(r.pkgDirs) {
		if dir == "." {
			continue
		}
		link(r.pkgDirs[dir], parentDir(dir), "")
	}
	for i := range r.t.ex {
		x := &r.t.ex[i]
		if !x.analyzable() {
			continue
		}
		id := snapshot.EntityID(snapshot.KindModule, x.Path)
		if x.Markdown != nil {
			id = snapshot.EntityID(snapshot.KindDocument, x.Path)
		}
		link(id, parentDir(x.Path), "")
	}
}
