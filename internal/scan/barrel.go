package scan

import (
	"sync"

	"github.com/docbridge/docbridge/internal/scan/typescript"
)

// Bounds on following a name through re-exports (barrel files).
const (
	// maxReExportDepth bounds the chain of modules followed from the
	// imported one.
	maxReExportDepth = 8
	// maxReExportVisits bounds the modules one look-up opens, so that a
	// mesh of barrels re-exporting each other stays linear-ish in cost.
	maxReExportVisits = 256
)

// nameKind is what a module's exported name is, once followed through the
// module's re-exports to the module that declares it.
type nameKind uint8

const (
	// nameMissing: no declaration and no re-export of the name was found.
	nameMissing nameKind = iota
	// nameType: every declaration found is an interface or a type alias
	// (or reaches the module through `export type`).
	nameType
	// nameRuntime: a value, an ambiguous name, or one that cannot be
	// followed (an external or unresolved re-export target, a bound hit).
	nameRuntime
)

// exportKindMemo caches exportedKind per (module, name). It is safe for
// the parallel import resolution.
type exportKindMemo struct {
	mu sync.Mutex
	m  map[exportKey]nameKind
}

type exportKey struct{ path, name string }

// exportedKind follows name from the TypeScript module at path through the
// module's own declarations, its named re-exports (`export { X } from`) and
// its star re-exports (`export * from`), to the modules that declare it:
//
//   - declared here: its kinds (a type merged with a value is a value);
//   - `export type { X } from` / `export type * from`: a type, wherever it
//     is declared (in the star case, if the target provides it at all);
//   - `export { X } from`: what X is in the resolved target; a target that
//     is not an extracted module, or one where X is not found, makes it
//     runtime;
//   - `export * from`: what X is in the target, if it provides X ("default"
//     never passes through a star).
//
// The name is a type only when at least one source provides it and every
// source says type: a value anywhere, or two stars that disagree, make it
// runtime. The walk is depth first in the order of the modules'
// statements, bounded in depth (maxReExportDepth, beyond which it is
// runtime) and in modules opened (maxReExportVisits, likewise), and a
// module already on the chain is not entered again (it provides nothing on
// that path). Each answer is computed from the module alone, never from
// another look-up's partial answers, so it is a function of the tree
// whatever order the parallel resolution asks in; answers are memoized per
// (module, name), so the cost is bounded by maxReExportVisits per distinct
// imported name.
func (r *resolver) exportedKind(path, name string) nameKind {
	m := r.exportKinds
	if m == nil {
		visits := 0
		return r.exportedKindAt(path, name, nil, &visits)
	}
	key := exportKey{path, name}
	m.mu.Lock()
	k, ok := m.m[key]
	m.mu.Unlock()
	if ok {
		return k
	}
	visits := 0
	k = r.exportedKindAt(path, name, nil, &visits)
	m.mu.Lock()
	if m.m == nil {
		m.m = make(map[exportKey]nameKind)
	}
	m.m[key] = k
	m.mu.Unlock()
	return k
}

// exportedKindAt is exportedKind along the chain of modules followed so far.
func (r *resolver) exportedKindAt(path, name string, chain []string, visits *int) nameKind {
	for _, p := range chain {
		if p == path {
			return nameMissing
		}
	}
	*visits++
	if len(chain) >= maxReExportDepth || *visits > maxReExportVisits {
		return nameRuntime
	}
	x := r.t.byPath[path]
	if x == nil || x.TypeScript == nil {
		return nameRuntime
	}
	return r.followExports(x, name, append(chain[:len(chain):len(chain)], path), visits)
}

// followExports combines what every source of name in the module x says.
func (r *resolver) followExports(x *Extraction, name string, chain []string, visits *int) nameKind {
	kind := nameMissing
	add := func(k nameKind) {
		if k > kind {
			kind = k
		}
	}
	for _, e := range x.TypeScript.Exports {
		if e.Name != name {
			continue
		}
		if e.Kind == typescript.ExportInterface || e.Kind == typescript.ExportType {
			add(nameType)
		} else {
			add(nameRuntime)
		}
	}
	for _, imp := range x.TypeScript.Imports {
		if kind == nameRuntime {
			break // nothing can make it a type again
		}
		if imp.Kind != typescript.KindReExport {
			continue
		}
		star := len(imp.Names) == 1 && imp.Names[0] == "*"
		if star && name == "default" || !star && !contains(imp.Names, name) {
			continue
		}
		if !star && imp.TypeOnly {
			add(nameType) // `export type { X } from`: a type wherever X is
			continue
		}
		t := r.langs.typescript.Resolve(x.Path, imp.Spec)
		if t.Kind != "module" {
			if !star {
				add(nameRuntime) // X comes from where it cannot be followed
			}
			continue
		}
		k := r.exportedKindAt(t.Path, name, chain, visits)
		switch {
		case star && k == nameMissing:
		case star && imp.TypeOnly:
			add(nameType) // `export type * from` a module that provides X
		case k == nameMissing:
			add(nameRuntime) // named, but not found where it points
		default:
			add(k)
		}
	}
	return kind
}
