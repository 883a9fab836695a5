// Package symtab is the table of a repository's exported declarations and
// the rules that resolve a symbol reference — the segments of a
// symspan.Ref: `Name`, `pkg.Name`, `Type.Method`, `httpx.Client`,
// `pydantic.main:BaseModel` — to the modules that declare it.
//
// The scan builds a table from its extractions to resolve the code spans of
// documents (mentions-symbol); lookup builds one from a snapshot's module
// metadata to find a symbol. Both resolve with Table.Resolve, so lookup
// finds a symbol where the documentation's mentions of it resolve.
package symtab

import (
	"path"
	"slices"
	"strings"
)

// Languages of a Module: the analyzer that extracted it, as a module
// entity's metadata "language" names it.
const (
	Go         = "golang"
	TypeScript = "typescript"
	Python     = "python"
)

// ListingKind is the export kind of a name a Python module lists in
// __all__ without defining it (python.KindName): a re-export, which
// declares nothing.
const ListingKind = "name"

// Module is what qualifier resolution needs to know of a module that
// declares symbols.
type Module struct {
	// Segments are the module's path without its extension, split at "/":
	// a qualifier names the file or one of its directories. A Go module's
	// are its directory's: Go qualifies by package, never by file.
	Segments []string
	GoPkg    string
	Language string
	Kinds    map[string]string // export name → kind
}

// Segments are the Segments of the module at the repository path p.
func Segments(p, language string) []string {
	dir := strings.TrimSuffix(p, path.Ext(p))
	if language == Go {
		dir = path.Dir(p)
	}
	return strings.Split(dir, "/")
}

// Qualifies reports whether quals (outermost first) name module m: its Go
// package (`cobra`, or the end of its directory: `embed`, `server.embed`
// for server/embed — a Go file name or a directory above the package is
// no qualifier), or a run of a TypeScript or Python module's path ending at
// the file or at one of its directories (`httpx` for httpx/_client.py,
// `pydantic.main` for pydantic/main.py, `utils` for src/utils/index.ts). No
// qualifier qualifies every module.
func (m *Module) Qualifies(quals []string) bool {
	if len(quals) == 0 {
		return true
	}
	if m.GoPkg != "" && len(quals) == 1 && quals[0] == m.GoPkg {
		return true
	}
	first := len(quals)
	if m.Language == Go {
		first = len(m.Segments) // the package's own directory, not one above
	}
	for end := max(first, len(quals)); end <= len(m.Segments); end++ {
		if slices.Equal(m.Segments[end-len(quals):end], quals) {
			return true
		}
	}
	return false
}

// classLike are the export kinds whose members a `Type.member` span names.
var classLike = map[string]bool{"class": true, "interface": true, "type": true, "enum": true, "namespace": true}

// Table maps every declared name to the modules that declare it (never the
// barrels that re-export it) and holds the Module of each declaring one,
// by entity id.
type Table struct {
	names   map[string][]string // name → module ids, sorted
	modules map[string]*Module
}

// Builder collects a Table's declarations.
type Builder struct {
	primary, auxiliary map[string][]string
	modules            map[string]*Module
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{primary: map[string][]string{}, auxiliary: map[string][]string{}, modules: map[string]*Module{}}
}

// Declare records that module id declares name. Documentation names a
// project's own API, so a module among tests, fixtures and examples
// (auxiliary: AuxiliaryPath) declares a name only where nothing else does.
// A module's names are declared together; "" and "default" are no names.
func (b *Builder) Declare(id, name string, auxiliary bool) {
	if name == "" || name == "default" {
		return
	}
	idx := b.primary
	if auxiliary {
		idx = b.auxiliary
	}
	list := idx[name]
	if n := len(list); n > 0 && list[n-1] == id {
		return
	}
	idx[name] = append(list, id)
}

// AddModule records the Module of module id.
func (b *Builder) AddModule(id string, m *Module) { b.modules[id] = m }

// Table returns the table built. The Builder is not to be used after.
func (b *Builder) Table() *Table {
	for name, list := range b.auxiliary {
		if _, ok := b.primary[name]; !ok {
			b.primary[name] = list
		}
	}
	for _, list := range b.primary {
		slices.Sort(list)
	}
	return &Table{names: b.primary, modules: b.modules}
}

// Declarers are the modules that declare name, sorted by id.
func (t *Table) Declarers(name string) []string { return t.names[name] }

// Module is the Module of module id; nil when it declares nothing.
func (t *Table) Module(id string) *Module { return t.modules[id] }

// Names calls yield with every declared name, in no order.
func (t *Table) Names(yield func(string) bool) {
	for name := range t.names {
		if !yield(name) {
			return
		}
	}
}

// Resolve returns the modules a reference with the qualifiers quals
// (outermost first) and the name name declares, sorted, and the export
// they declare (decl), trying in turn:
//
//  1. a recorded member (`Type.Method` for Go methods) whose declaring
//     module the qualifiers before Type name: decl is "Type.Method";
//  2. the name itself in the modules the qualifiers name (`pkg.Name`,
//     `httpx.Client`, `pydantic.main:BaseModel`; every module without
//     qualifiers): decl is name;
//  3. the type a `Type.member` names, where the table records no members
//     (TypeScript and Python classes), in the modules the qualifiers
//     before Type name: decl is Type.
//
// The first step that finds a module decides; none is nil.
func (t *Table) Resolve(quals []string, name string) (mods []string, decl string) {
	if len(quals) == 0 {
		return t.names[name], name
	}
	filter := func(key string, quals []string, keep func(*Module) bool) []string {
		var out []string
		for _, id := range t.names[key] {
			if m := t.modules[id]; m != nil && m.Qualifies(quals) && (keep == nil || keep(m)) {
				out = append(out, id)
			}
		}
		return out
	}
	outer, typ := quals[:len(quals)-1], quals[len(quals)-1]
	if mods := filter(typ+"."+name, outer, func(m *Module) bool { return m.Kinds[typ+"."+name] != "" }); len(mods) > 0 {
		return mods, typ + "." + name
	}
	if mods := filter(name, quals, func(m *Module) bool { return m.Kinds[name] != "" }); len(mods) > 0 {
		return mods, name
	}
	if mods := filter(typ, outer, func(m *Module) bool { return m.Language != Go && classLike[m.Kinds[typ]] }); len(mods) > 0 {
		return mods, typ
	}
	return nil, ""
}

// auxiliarySegments are directory names that hold tests, fixtures, examples
// and benchmarks rather than a project's API.
var auxiliarySegments = map[string]bool{
	"__tests__": true, "__mocks__": true, "__fixtures__": true, "test": true, "tests": true, "testdata": true,
	"fixtures": true, "fixture": true, "e2e": true, "spec": true, "specs": true, "examples": true, "example": true,
	"playground": true, "playgrounds": true, "demo": true, "demos": true, "bench": true, "benchmark": true, "benchmarks": true,
}

// AuxiliaryPath reports whether a module lives among tests, fixtures or
// examples, by a directory name or a test-file naming convention.
func AuxiliaryPath(p string) bool {
	parts := strings.Split(p, "/")
	for _, seg := range parts[:len(parts)-1] {
		if auxiliarySegments[seg] {
			return true
		}
	}
	base := parts[len(parts)-1]
	return strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") || strings.HasSuffix(base, "_test.go") ||
		strings.HasSuffix(base, "_test.py") || (strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".py")) || base == "conftest.py"
}
