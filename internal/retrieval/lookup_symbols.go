package retrieval

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/symspan"
	"github.com/docbridge/docbridge/internal/symtab"
)

// maxSymbolCandidates bounds the declarations an ambiguous symbol lists.
const maxSymbolCandidates = 50

// LookupSymbol is the exported declaration a symbol target names, in the
// module that is the answer's entity.
type LookupSymbol struct {
	// Name is the export as the module declares it: Client, Ranker.Score.
	Name string `json:"name"`
	Kind string `json:"kind"`
	Line int    `json:"line,omitempty"`
	// Member is the member the target named (send, of Client.send) where
	// the module records none: the answer is its class.
	Member string `json:"member,omitempty"`
}

// symbolMatch is one declaration of an ambiguous symbol: the module (id
// and path) and the export.
type symbolMatch struct {
	Module string `json:"module"`
	Path   string `json:"path"`
	LookupSymbol
}

// String is "kind name at path:line".
func (m symbolMatch) String() string {
	loc := m.Path
	if m.Line > 0 {
		loc = fmt.Sprintf("%s:%d", m.Path, m.Line)
	}
	return fmt.Sprintf("%s %s at %s", m.Kind, m.Name, loc)
}

// lookupSymbols is the symbol table of a snapshot's modules, built from
// their metadata (language, goPackage, test, exports) by the rules the
// scan builds it by from their extractions (scan's symbolTable, the
// analyzers' declaredNames and symbols): a Go test file declares nothing;
// a Go export is declared by its name and by pkg.Name; a Python listing
// (symtab.ListingKind) is no declaration; a module among tests, fixtures
// and examples declares a name only where nothing else does.
//
// Lookup goes one step further than the scan: a name that nothing
// declares is looked up among the Python listings (listed), so that a
// constant assigned and listed in __all__ (USE_CLIENT_DEFAULT) is found
// where it is listed — in the module the other listings import it from
// (withoutReExports).
type lookupSymbols struct {
	table, listed *symtab.Table
	// exports are each declaring module's exports, by name; of an export
	// declared twice, the first line.
	exports map[string]map[string]LookupSymbol
}

func newLookupSymbols(g *lookupGraph) *lookupSymbols {
	b, listed := symtab.NewBuilder(), symtab.NewBuilder()
	x := &lookupSymbols{exports: map[string]map[string]LookupSymbol{}}
	for i := range g.idx.Entities() {
		e := &g.idx.Entities()[i]
		id := e.ID
		if e.Kind != snapshot.KindModule || e.Path == "" {
			continue
		}
		lang, _ := e.Metadata["language"].(string)
		goPkg, _ := e.Metadata["goPackage"].(string)
		if lang != symtab.Go && lang != symtab.TypeScript && lang != symtab.Python {
			continue
		}
		if lang == symtab.Go && e.Metadata["test"] == true {
			continue
		}
		m := &symtab.Module{Segments: symtab.Segments(e.Path, lang), GoPkg: goPkg, Language: lang, Kinds: map[string]string{}}
		byName := map[string]LookupSymbol{}
		aux := symtab.AuxiliaryPath(e.Path)
		for _, ex := range snapshot.MetaMaps(e.Metadata["exports"]) {
			name, _ := ex["name"].(string)
			kind, _ := ex["kind"].(string)
			if name == "" {
				continue
			}
			m.Kinds[name] = kind
			line := snapshot.MetaInt(ex["line"])
			if old, ok := byName[name]; !ok || (line > 0 && (old.Line == 0 || line < old.Line)) {
				byName[name] = LookupSymbol{Name: name, Kind: kind, Line: line}
			}
			if lang == symtab.Python && kind == symtab.ListingKind {
				listed.Declare(id, name, aux)
				continue
			}
			b.Declare(id, name, aux)
			if lang == symtab.Go && goPkg != "" && !strings.Contains(name, ".") {
				b.Declare(id, goPkg+"."+name, aux)
			}
		}
		b.AddModule(id, m)
		listed.AddModule(id, m)
		x.exports[id] = byName
	}
	x.table, x.listed = b.Table(), listed.Table()
	return x
}

// symbols returns the graph's symbol table, built on first use.
func (g *lookupGraph) symbols() *lookupSymbols {
	if g.syms == nil {
		g.syms = newLookupSymbols(g)
	}
	return g.syms
}

// resolveSymbol reads target as a symbol reference (symspan.Parse: Name,
// pkg.Name, Type.Method, Type#method, module.Name, pkg.mod:Name, Name())
// and resolves it with symtab.Table.Resolve, as the scan resolves a
// document's code span; when no declaration resolves, a listing does
// (lookupSymbols). It returns the one module and its export, or an
// ambiguity error listing every declaration (sorted by module id, bounded
// by maxSymbolCandidates); nothing when target is no reference or names no
// declaration.
func (g *lookupGraph) resolveSymbol(target string) (*snapshot.Entity, *LookupSymbol, error) {
	ref, ok := symspan.Parse(target)
	if !ok {
		return nil, nil, nil
	}
	quals := ref.Qualifiers()
	if ref.Module != "" {
		quals = append(strings.Split(ref.Module, "/"), quals...)
	}
	x := g.symbols()
	mods, decl := x.table.Resolve(quals, ref.Name())
	if len(mods) == 0 {
		mods, decl = x.listed.Resolve(quals, ref.Name())
		mods = g.withoutReExports(mods)
	}
	if len(mods) == 0 {
		return nil, nil, nil
	}
	symbolOf := func(id string) LookupSymbol {
		s, found := x.exports[id][decl]
		if !found {
			s = LookupSymbol{Name: decl}
		}
		if decl != ref.Name() && !strings.HasSuffix(decl, "."+ref.Name()) {
			s.Member = ref.Name() // Client.send: the class
		}
		return s
	}
	if len(mods) == 1 {
		s := symbolOf(mods[0])
		return g.idx.Entity(mods[0]), &s, nil
	}
	re := &resolveError{Target: target, Ambiguous: true}
	for _, id := range mods {
		if len(re.Symbols) == maxSymbolCandidates {
			re.More = len(mods) - maxSymbolCandidates
			break
		}
		re.Candidates = append(re.Candidates, id)
		re.Symbols = append(re.Symbols, symbolMatch{Module: id, Path: g.idx.Entity(id).Path, LookupSymbol: symbolOf(id)})
	}
	return nil, nil, re
}

// withoutReExports leaves out of mods, modules listing one name, those
// that import another of them: `from ._client import USE_CLIENT_DEFAULT`
// in httpx/__init__.py re-exports what httpx/_client.py lists.
func (g *lookupGraph) withoutReExports(mods []string) []string {
	if len(mods) < 2 {
		return mods
	}
	kept := slices.DeleteFunc(slices.Clone(mods), func(id string) bool {
		for _, r := range g.outOf(id) {
			if (r.Kind == snapshot.RelImports || r.Kind == snapshot.RelReExports) && r.To != id && slices.Contains(mods, r.To) {
				return true
			}
		}
		return false
	})
	if len(kept) == 0 { // they import each other: none is the origin
		return mods
	}
	return kept
}

// symbolSuggestions are the declared names near target: within the
// near-miss threshold of it or of the name it qualifies (BaseModle,
// pydantic.BaseModle → BaseModel), letter case aside (basemodel), and the
// recorded members it is the member name of (Score → Ranker.Score, at
// score 1); one near per name, for unknown to rank with the entities.
func (g *lookupGraph) symbolSuggestions(target string) []lookupNear {
	queries := []string{strings.ToLower(target)}
	member := target
	if ref, ok := symspan.Parse(target); ok {
		member = ref.Name()
		if len(ref.Segments) > 1 || ref.Module != "" {
			queries = append(queries, strings.ToLower(ref.Name()))
		}
	}
	var out []lookupNear
	for name := range g.symbols().table.Names {
		if name == target {
			continue // it names a declaration: resolveSymbol refused it
		}
		best := 0.0
		if strings.HasSuffix(name, "."+member) {
			best = 1
		}
		for _, q := range queries {
			best = max(best, nearmiss.JaroWinkler(q, strings.ToLower(name)))
		}
		if best >= nearmiss.Threshold {
			out = append(out, lookupNear{text: name, id: "symbol:" + name, score: best})
		}
	}
	slices.SortFunc(out, func(a, b lookupNear) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.text, b.text))
	})
	return out
}
