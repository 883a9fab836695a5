package scan

import (
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symspan"
	"github.com/docbridge/docbridge/internal/symtab"
)

// memberIndex maps a recorded member's own name (Score for the Go method
// Ranker.Score) to the modules that declare one of that name, and lists the
// names that are qualifiers, not variables: Go package names (the
// repository's and those its Go code imports: `os`, `cobra`) and every
// directory and file name of a module that declares symbols.
type memberIndex struct {
	modules  map[string][]string
	packages map[string]bool
}

func newMemberIndex(ex []Extraction, mods map[string]*symtab.Module) *memberIndex {
	x := &memberIndex{modules: map[string][]string{}, packages: map[string]bool{}}
	for _, m := range mods {
		for _, seg := range m.Segments {
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
		if g.IsTest || symtab.AuxiliaryPath(ex[i].Path) {
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
func symbolModules(ex []Extraction) map[string]*symtab.Module {
	out := map[string]*symtab.Module{}
	for i := range ex {
		x := &ex[i]
		mod := moduleOf(x)
		if mod == nil {
			continue
		}
		m := &symtab.Module{Kinds: map[string]string{}}
		if !mod.symbols(x, m) {
			continue
		}
		m.Segments = symtab.Segments(x.Path, m.Language)
		out[snapshot.EntityID(snapshot.KindModule, x.Path)] = m
	}
	return out
}

// resolveRef returns the modules a symbol reference names: those
// symtab.Table.Resolve finds (a recorded member, the name in the modules
// the qualifiers name, the class of a member the table does not record).
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
	if mods, _ := d.symbols.Resolve(quals, name); len(mods) > 0 {
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
