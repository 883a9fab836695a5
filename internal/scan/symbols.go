package scan

import (
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/symspan"
	"github.com/docbridge/docbridge/internal/snapshot"
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

// symbolModules indexes the modules that declare symbols by entity id.
func symbolModules(ex []Extraction) map[string]*symModule {
	out := map[string]*symModule{}
	for i := range ex {
		x := &ex[i]
		m := &symModule{kinds: map[string]string{}}
		switch {
		case x.Go != nil && !x.Go.IsTest:
			m.goPkg, m.language = x.Go.Package, "go"
			for _, e := range x.Go.Exports {
				m.kinds[e.Name] = e.Kind
			}
		case x.TypeScript != nil:
			m.language = "typescript"
			for _, e := range x.TypeScript.Exports {
				m.kinds[e.Name] = e.Kind
			}
		case x.Python != nil:
			m.language = "python"
			for _, e := range x.Python.Exports {
				m.kinds[e.Name] = e.Kind
			}
		default:
			continue
		}
		p := strings.TrimSuffix(x.Path, path.Ext(x.Path))
		m.segments = strings.Split(p, "/")
		out[snapshot.EntityID(snapshot.KindModule, x.Path)] = m
	}
	return out
}

// qualifies reports whether quals (outermost first) name module m: its Go
// package (`cobra`), or a run of its path ending at the file or at one of
// its directories (`httpx` for httpx/_client.py, `pydantic.main` for
// pydantic/main.py, `utils` for src/utils/index.ts). No qualifier
// qualifies every module.
func (m *symModule) qualifies(quals []string) bool {
	if len(quals) == 0 {
		return true
	}
	if m.goPkg != "" && len(quals) == 1 && quals[0] == m.goPkg {
		return true
	}
	for end := len(quals); end <= len(m.segments); end++ {
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
func (d *docRefs) resolveRef(ref symspan.Ref) []string {
	quals := ref.Qualifiers()
	if ref.Module != "" {
		quals = append(strings.Split(ref.Module, "/"), quals...)
	}
	name := ref.Name()
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
