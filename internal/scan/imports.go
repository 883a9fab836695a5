package scan

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/scan/manifest"
	"github.com/docbridge/docbridge/internal/scan/python"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// imports turns every module's imports into imports / re-exports relations
// to modules, packages, externals or unresolved references. The language
// resolvers only read the tree, so every module's imports are resolved in
// parallel; the relations and the entities they create are then added in
// module order.
func (r *resolver) imports() {
	resolved := make([][]resolvedImport, len(r.t.ex))
	parallel.Each(len(r.t.ex), r.workers, func(i int) { resolved[i] = r.resolveImports(&r.t.ex[i]) })
	r.pythonFacades(resolved)
	for i := range r.t.ex {
		x := &r.t.ex[i]
		from := snapshot.EntityID(snapshot.KindModule, x.Path)
		for _, imp := range resolved[i] {
			to := imp.to
			if !imp.known {
				to = r.target(imp.target.kind, imp.target.path, imp.target.name, imp.spec, imp.ecosystem)
			}
			r.importEdge(imp.rel, from, to, imp.source, x.Path, imp.line, imp.context, imp.marks())
		}
	}
}

// resolvedImport is one import of a module with the target its language's
// resolver found.
type resolvedImport struct {
	target                  importTarget
	rel                     string // imports or re-exports
	spec, ecosystem, source string
	line                    int
	context                 string // the relation's evidence context
	// typeOnly is set for an import that holds at compile time only (see
	// typeOnlyImport and python.Import.TypeOnly).
	typeOnly bool
	// deferred is set for an import that runs after load: a Python import
	// in a function body, a dynamic import().
	deferred bool
	// guarded is set for a Python import whose failure its module survives
	// (python.Import.Guarded); facade for a Python import of an ancestor
	// package that cannot fail at load (pythonFacades).
	guarded, facade bool
	// py is the Python import this one resolves, nil for other languages.
	py *python.Import
	// to is the target's entity id ("" for none) when known is set: a
	// module or in-tree package, whose entities exist before imports run.
	// Externals and unresolved references create entities, in module order.
	to    string
	known bool
}

type importTarget struct{ kind, path, name string }

// resolveImports asks the module's language resolver for the target of
// each of its imports. It reads the tree and writes nothing.
func (r *resolver) resolveImports(x *Extraction) []resolvedImport {
	var out []resolvedImport
	defer func() {
		for i := range out {
			out[i].to, out[i].known = r.existingTarget(out[i].target)
		}
	}()
	if m := moduleOf(x); m != nil {
		out = m.resolveImports(r, x)
	}
	return out
}

// importMarks are the relation metadata marks of one import. Each implies
// the next: a type-only import is never run, so it is deferred, cannot
// fail the load and closes no cycle.
type importMarks struct{ typeOnly, deferred, guarded, facade bool }

func (imp *resolvedImport) marks() importMarks {
	m := importMarks{typeOnly: imp.typeOnly}
	m.deferred = m.typeOnly || imp.deferred
	m.guarded = m.deferred || imp.guarded
	m.facade = m.guarded || imp.facade
	return m
}

// importEdge relates from to to. The relation carries metaTypeOnly while
// every import that makes it is type-only, metaDeferred while every one is
// deferred or type-only (none runs while the module loads), metaGuarded
// while none can fail the load, and metaFacade while none can close a cycle
// that fails at load: the first import sets a mark, any other clears it.
func (r *resolver) importEdge(kind, from, to, source, file string, line int, context string, marks importMarks) {
	if to == "" || to == from {
		return
	}
	existed := r.b.lookup(kind, from, to) != nil
	rel := r.b.relate(kind, from, to, snapshot.Observed, snapshot.Evidence{Source: source, Path: file, LineStart: line, Context: context})
	for _, m := range []struct {
		key string
		on  bool
	}{{metaTypeOnly, marks.typeOnly}, {metaDeferred, marks.deferred}, {metaGuarded, marks.guarded}, {metaFacade, marks.facade}} {
		switch {
		case m.on && !existed:
			setMeta(&rel.Metadata, m.key, true)
		case !m.on && rel.Metadata != nil:
			delete(rel.Metadata, m.key)
		}
	}
	if len(rel.Metadata) == 0 {
		rel.Metadata = nil
	}
}

// existingTarget is target for the answers that name an entity created
// before imports run (a module, an in-tree package) or nothing at all (a
// module that is not an entity, a file); known is false for the others.
func (r *resolver) existingTarget(t importTarget) (id string, known bool) {
	switch t.kind {
	case "module":
		if id := snapshot.EntityID(snapshot.KindModule, t.path); r.b.has(id) {
			return id, true
		}
		return "", true
	case "package":
		id, ok := r.pkgDirs[t.path]
		return id, ok
	case "file":
		return "", true
	}
	return "", false
}

// target maps a resolver's answer to an entity id, creating external and
// unresolved entities on demand. It returns "" for targets that exist but are
// not entities (a stylesheet, a JSON file): the import resolved, and there is
// nothing to relate to.
func (r *resolver) target(kind, p, name, spec, ecosystem string) string {
	if id, ok := r.existingTarget(importTarget{kind, p, name}); ok {
		return id
	}
	switch kind {
	case "package":
		return r.unresolved(p, spec)
	case "external":
		e := r.b.entity(snapshot.KindExternal, name, name, "")
		if len(e.Evidence) == 0 {
			e.Evidence = append(e.Evidence, snapshot.Evidence{Source: ecosystem, Path: name})
		}
		addSorted(&e.Metadata, "ecosystems", ecosystem)
		return e.ID
	}
	ref := p
	if ref == "" {
		ref = name
	}
	if ref == "" {
		ref = spec
	}
	return r.unresolved(ref, spec)
}

// unresolved returns the entity of a reference that resolved to nothing. Its
// value is the path the reference would have had, when it has one, so that
// two files naming the same missing thing share one entity.
func (r *resolver) unresolved(ref, spec string) string {
	e := r.b.entity(snapshot.KindUnresolved, ref, ref, "")
	if len(e.Evidence) == 0 {
		e.Evidence = append(e.Evidence, snapshot.Evidence{Source: "resolve", Path: ref, Context: spec})
	}
	return e.ID
}

// dependencies turns manifest dependencies into depends-on relations from
// the package at the manifest's directory: to the in-tree package when the
// name is one of the repository's own, else to an external entity.
func (r *resolver) dependencies() {
	for i := range r.t.ex {
		x := &r.t.ex[i]
		m := manifestOf(x)
		if m == nil {
			continue
		}
		if from, ok := r.pkgDirs[parentDir(x.Path)]; ok {
			m.dependencies(r, x, from)
		}
	}
}

func (r *resolver) manifestDeps(from string, deps []manifest.Dependency, eco, file string) {
	for _, d := range deps {
		r.depends(from, d.Name, eco, d.Scope, d.Version, file, 0)
	}
}

func (r *resolver) depends(from, name, eco, scope, version, file string, line int) {
	to := ""
	if ids := r.pkgNames[name]; len(ids) == 1 {
		to = ids[0]
	} else {
		to = r.target("external", "", name, name, eco)
	}
	if to == from {
		return
	}
	rel := r.b.relate(snapshot.RelDependsOn, from, to, snapshot.Observed,
		snapshot.Evidence{Source: "manifest", Path: file, LineStart: line, Context: strings.TrimSpace(scope + " " + version)})
	addSorted(&rel.Metadata, "scopes", scope)
}

// relativePythonPath is the repo-relative path a relative Python import
// names: level 1 is the importer's directory, each further dot one up.
func relativePythonPath(importer string, imp python.Import) string {
	dir := parentDir(importer)
	for l := 1; l < imp.Level; l++ {
		dir = parentDir(dir)
	}
	if imp.Module == "" {
		return dir
	}
	return path.Join(dir, strings.ReplaceAll(imp.Module, ".", "/"))
}
