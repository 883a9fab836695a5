package scan

import (
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symspan"
)

// symModule is what qualifier resolution needs to know of a module that
// declares symbols.
type symModule struct {
	// segments are the module's path without its extension, split at "/":
	// a qualifier names the file or one of its directories.
	segments []string
	goPkg    string
	language string
	kinds    map[string]string // export name → kind
}

// memberIndex maps a recorded member's own name (Score for the Go method
// Ranker.Score) to the modules that declare one of that name, and lists the
// names that are qualifiers, not variables: Go package names (the
// repository's and those its Go code imports: `os`, `cobra`) and every
// directory and file name of a module that declares symbols.
type memberIndex struct {
	modules  map[string][]string
	packages map[string]bool
}

func newMemberIndex(ex []Extraction, mods map[string]*symModule) *memberIndex {
	x := &memberIndex{modules: map[string][]string{}, packages: map[string]bool{}}
	for _, m := range mods {
		for _, seg := range m.segments {
			x.packages[seg] = true
		}
	}
	for i := range ex {
		g := ex[i].Go
		if g == nil {
			continue
		}
		x.packages[g.Package] = true
		for _, imp := range g.Imports {
			x.packages[importName(imp.Path)] = true
		}
		if g.IsTest || auxiliaryPath(ex[i].Path) {
			continue
		}
		id := snapshot.EntityID(snapshot.KindModule, ex[i].Path)
		for _, e := range g.Exports {
			if _, m, ok := strings.Cut(e.Name, "."); ok && e.Kind == "method" {
				if list := x.modules[m]; len(list) == 0 || list[len(list)-1] != id {
					x.modules[m] = append(list, id)
				}
			}
		}
	}
	return x
}

// importName is the name an import path is used by: its last element, a
// major-version suffix (/v2) and a "go-" prefix or ".go" suffix left out.
func importName(p string) string {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	return strings.TrimSuffix(strings.TrimPrefix(last, "go-"), ".go")
}

// symbolModules indexes the modules that declare symbols by entity id.
func symbolModules(ex []Extraction) map[string]*symModule {
	out := map[string]*symModule{}
	for i := range ex {
		x := &ex[i]
		mod := moduleOf(x)
		if mod == nil {
			continue
		}
		m := &symModule{kinds: map[string]string{}}
		if !mod.symbols(x, m) {
			continue
		}
		p := strings.TrimSuffix(x.Path, path.Ext(x.Path))
		if m.language == "go" {
			// Go qualifies by package: its directory, never a file.
			p = path.Dir(x.Path)
		}
		m.segments = strings.Split(p, "/")
		out[snapshot.EntityID(snapshot.KindModule, x.Path)] = m
	}
	return out
}

// qualifies reports whether quals (outermost first) name module m: its Go
// package (`cobra`, or the end of its directory: `embed`, `server.embed`
// for server/embed — a Go file name or a directory above the package is
// no qualifier), or a run of a TypeScript or Python module's path ending at
// the file or at one of its directories (`httpx` for httpx/_client.py,
// `pydantic.main` for pydantic/main.py, `utils` for src/utils/index.ts). No
// qualifier qualifies every module.
func (m *symModule) qualifies(quals []string) bool {
	if len(quals) == 0 {
		return true
	}
	if m.goPkg != "" && len(quals) == 1 && quals[0] == m.goPkg {
		return true
	}
	first := len(quals)
	if m.language == "go" {
		first = len(m.segments) // the package's own directory, not one above
	}
	for end := max(first, len(quals)); end <= len(m.segments); end++ {
		if slices.Equal(m.segments[end-len(quals):end], quals) {
			return true
		}
	}
	return false
}

// classLike are the export kinds whose members a `Type.member` span names.
var classLike = map[string]bool{"class": true, "interface": true, "type": true, "enum": true, "namespace": true}

// resolveRef returns the modules a symbol reference names, trying in
// turn:
//
//  1. a recorded member (`Type.Method` for Go methods) whose declaring
//     module the qualifiers before Type name;
//  2. the name itself in the modules the qualifiers name (`pkg.Name`,
//     `httpx.Client`, `pydantic.main:BaseModel`; every module without
//     qualifiers);
//  3. the type a `Type.member` names, where the symbol table records no
//     members (TypeScript and Python classes), in the modules the
//     qualifiers before Type name.
//
// The first step that finds a module decides; none is nil.
//
// Last, a recorded member written without its type (`AddCommand`), or
// after a variable (`cmd.SetHelpTemplate`: a lower-case qualifier that is
// no package of the repository and none its Go code imports), names the
// member of that name when one module declares it; with more (`Close` of
// several types) it is a member of unknown type, and member reports it as
// such (neither resolved nor missing).
func (d *docRefs) resolveRef(ref symspan.Ref) (mods []string, member bool) {
	quals := ref.Qualifiers()
	if ref.Module != "" {
		quals = append(strings.Split(ref.Module, "/"), quals...)
	}
	name := ref.Name()
	if mods := d.qualifiedRef(quals, name); len(mods) > 0 {
		return mods, false
	}
	if ref.Module != "" || len(quals) > 1 {
		return nil, false
	}
	if len(quals) == 1 {
		q := quals[0]
		if q == "" || !unicode.IsLower([]rune(q)[0]) || d.members.packages[q] {
			return nil, false
		}
	}
	return d.members.modules[name], true
}

// qualifiedRef is steps 1–3 of resolveRef.
func (d *docRefs) qualifiedRef(quals []string, name string) []string {
	if len(quals) == 0 {
		return d.symbols[name]
	}
	filter := func(key string, quals []string, keep func(*symModule) bool) []string {
		var out []string
		for _, id := range d.symbols[key] {
			if m := d.symMods[id]; m != nil && m.qualifies(quals) && (keep == nil || keep(m)) {
				out = append(out, id)
			}
		}
		return out
	}
	outer, typ := quals[:len(quals)-1], quals[len(quals)-1]
	if mods := filter(typ+"."+name, outer, func(m *symModule) bool { return m.kinds[typ+"."+name] != "" }); len(mods) > 0 {
		return mods
	}
	if mods := filter(name, quals, func(m *symModule) bool { return m.kinds[name] != "" }); len(mods) > 0 {
		return mods
	}
	return filter(typ, outer, func(m *symModule) bool { return m.language != "go" && classLike[m.kinds[typ]] })
}
