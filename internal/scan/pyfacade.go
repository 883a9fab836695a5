package scan

import (
	"path"

	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// metaFacade marks an imports relation no import of which can close an
// import cycle that fails at load: each is a facade import of an ancestor
// package (see pythonFacades) or guarded, deferred or type-only.
// graph.MetaFacade reads it.
const metaFacade = "facade"

// metaGuarded marks an imports relation no import of which can fail the
// load: each is a Python import in a try that falls back on ImportError
// (python.Import.Guarded), or deferred or type-only. graph.MetaGuarded
// reads it.
const metaGuarded = "guarded"

// maxFacadeSteps bounds the graph steps pythonFacades spends on one scan;
// past it the imports left are not marked (they stay load-time edges).
const maxFacadeSteps = 1 << 22

// pythonFacades marks the Python imports of an ancestor package's
// __init__.py that cannot fail at load however the modules import each
// other. Python runs every ancestor package's __init__.py before a
// submodule, so such an import never loads its target: it reads a module
// that is loaded or still loading, always entered at the package. It
// fails only when a name it takes is not bound yet, and the package has
// bound by then exactly the names its statements bind before the first
// load-time import that leads (through load-time imports, and the ancestor
// packages every import loads first) to the importer. So an import of an
// ancestor package is a facade import when it is
//
//   - a plain import (`import pkg`): it binds the module, whatever it holds;
//   - a from-import each name of which that resolves to the package (not a
//     submodule) is bound in its __init__.py before that first import
//     (python.File.Bound). `from pkg import *` never is.
//
// A package's __init__.py that re-exports its submodules' names, and
// submodules that take back names it bound earlier, are the facade
// pattern; a submodule taking a name the package binds only after
// importing it fails on every load and stays a cycle.
func (r *resolver) pythonFacades(resolved [][]resolvedImport) {
	g := newPyLoadGraph(r, resolved)
	if g == nil {
		return
	}
	steps := 0
	for m := range resolved {
		for k := range resolved[m] {
			imp := &resolved[m][k]
			t, ok := g.idx[imp.to]
			if !ok || imp.py == nil || !g.loadTime(imp) || !g.isAncestor(t, m) {
				continue
			}
			imp.facade = g.facade(r, m, t, imp.py, &steps)
		}
	}
}

// pyLoadGraph is the graph of Python modules loading each other: an edge
// from a module to every module a load-time import of it names (its
// ancestor packages excepted: they are loaded already) and to each of its
// own ancestor packages' __init__.py, which an import of it loads first.
type pyLoadGraph struct {
	idx       map[string]int // module entity id → index in the tree
	ancestors [][]int        // a module's ancestor packages, the nearest first
	in        [][]int        // reverse edges
	resolved  [][]resolvedImport
	ex        []Extraction
}

func newPyLoadGraph(r *resolver, resolved [][]resolvedImport) *pyLoadGraph {
	g := &pyLoadGraph{idx: map[string]int{}, resolved: resolved, ex: r.t.ex}
	byPath := map[string]int{}
	for i := range r.t.ex {
		if r.t.ex[i].Python != nil {
			g.idx[snapshot.EntityID(snapshot.KindModule, r.t.ex[i].Path)] = i
			byPath[r.t.ex[i].Path] = i
		}
	}
	if len(g.idx) == 0 {
		return nil
	}
	g.ancestors = make([][]int, len(r.t.ex))
	g.in = make([][]int, len(r.t.ex))
	for _, i := range byPath {
		// A package's __init__.py starts at its parent directory.
		dir := path.Dir(r.t.ex[i].Path)
		if path.Base(r.t.ex[i].Path) == "__init__.py" {
			dir = path.Dir(dir)
		}
		for ; dir != "." && dir != "/"; dir = path.Dir(dir) {
			a, ok := byPath[path.Join(dir, "__init__.py")]
			if !ok {
				break // a regular package's chain ends at the first directory without one
			}
			g.ancestors[i] = append(g.ancestors[i], a)
			g.in[a] = append(g.in[a], i)
		}
	}
	for i := range resolved {
		for _, imp := range resolved[i] {
			j, ok := g.idx[imp.to]
			if ok && j != i && g.loadTime(&imp) && !g.isAncestor(j, i) {
				g.in[j] = append(g.in[j], i)
			}
		}
	}
	return g
}

// loadTime reports whether the import runs, unguarded, while its module
// loads.
func (g *pyLoadGraph) loadTime(imp *resolvedImport) bool {
	return !imp.typeOnly && !imp.deferred && !imp.guarded
}

// isAncestor reports whether module a is the __init__.py of a package
// holding module m.
func (g *pyLoadGraph) isAncestor(a, m int) bool {
	for _, x := range g.ancestors[m] {
		if x == a {
			return true
		}
	}
	return false
}

// facade decides whether imp, an import in module m of its ancestor
// package t, is a facade import (see pythonFacades). It spends at most the
// steps left of maxFacadeSteps and answers false past them.
func (g *pyLoadGraph) facade(r *resolver, m, t int, imp *python.Import, steps *int) bool {
	if len(imp.Names) == 0 {
		return true
	}
	var names []string
	for _, n := range imp.Names {
		if n == "*" {
			return false
		}
		one := *imp
		one.Names = []string{n}
		for _, to := range r.langs.python.Resolve(g.ex[m].Path, one) {
			if to.Kind == "module" && to.Path == g.ex[t].Path {
				names = append(names, n)
			}
		}
	}
	first, ok := g.firstLoad(m, t, steps)
	if !ok {
		return false
	}
	bound := map[string]int{}
	for _, b := range g.ex[t].Python.Bound {
		bound[b.Name] = b.Line
	}
	for _, n := range names {
		if l, ok := bound[n]; !ok || l >= first {
			return false
		}
	}
	return true
}

// firstLoad is the line of t's first load-time import that leads to m
// (MaxInt when none does), found by a backward search from m that does not
// pass through t or its ancestors: they are loading already, so reaching
// them loads nothing. ok is false when the step budget ran out.
func (g *pyLoadGraph) firstLoad(m, t int, steps *int) (first int, ok bool) {
	blocked := map[int]bool{t: true}
	for _, a := range g.ancestors[t] {
		blocked[a] = true
	}
	reach := map[int]bool{m: true}
	queue := []int{m}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, v := range g.in[u] {
			if *steps++; *steps > maxFacadeSteps {
				return 0, false
			}
			if !reach[v] && !blocked[v] {
				reach[v] = true
				queue = append(queue, v)
			}
		}
	}
	first = int(^uint(0) >> 1)
	for _, imp := range g.resolved[t] {
		if j, ok := g.idx[imp.to]; ok && reach[j] && g.loadTime(&imp) {
			first = min(first, imp.line)
		}
	}
	return first, true
}
