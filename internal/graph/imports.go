package graph

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// MaxEdgeEvidence bounds the evidence kept per import-graph edge; a Go
// package edge gathers the imports of every file of the package.
const MaxEdgeEvidence = 16

// importGraph is the graph of imports and re-exports: Go at package level,
// other languages at module level.
type importGraph struct {
	num      *numbering
	g        *ordered
	evidence map[[2]int64][]snapshot.Evidence
}

// buildImportGraph collapses every Go module onto its package: the package
// that contains it, else the package at its directory. Go test files are
// left out: an external test package (foo_test) may import what imports
// foo, which is legal Go but would read as a package cycle.
func buildImportGraph(idx *index) *importGraph {
	pkgOf := make(map[string]string)
	for _, r := range idx.relations {
		if r.Kind != snapshot.RelContains {
			continue
		}
		if from, ok := idx.entity(r.From); ok && from.Kind == snapshot.KindPackage {
			if _, seen := pkgOf[r.To]; !seen {
				pkgOf[r.To] = r.From
			}
		}
	}
	node := func(id string) (string, bool) {
		e, ok := idx.entity(id)
		if !ok {
			return "", false
		}
		switch e.Kind {
		case snapshot.KindPackage:
			return id, true
		case snapshot.KindModule:
			if !isGo(e) {
				return id, true
			}
			if isTest(e) {
				return "", false
			}
			if p, ok := pkgOf[id]; ok {
				return p, true
			}
			p := snapshot.EntityID(snapshot.KindPackage, dir(entityPath(e)))
			if pe, ok := idx.entity(p); ok && pe.Kind == snapshot.KindPackage {
				return p, true
			}
			return id, true // a Go file outside any package: keep the file
		}
		return "", false // external, unresolved, documents and areas do not import
	}

	type pair struct{ from, to string }
	ev := make(map[pair][]snapshot.Evidence)
	set := make(map[string]bool)
	for _, r := range idx.relations {
		if r.Kind != snapshot.RelImports && r.Kind != snapshot.RelReExports {
			continue
		}
		f, ok1 := node(r.From)
		t, ok2 := node(r.To)
		if !ok1 || !ok2 || f == t {
			continue
		}
		set[f], set[t] = true, true
		p := pair{f, t}
		ev[p] = append(ev[p], r.Evidence...)
	}
	num := newNumbering(set)
	ig := &importGraph{num: num, evidence: make(map[[2]int64][]snapshot.Evidence, len(ev))}
	edges := make([][2]int64, 0, len(ev))
	for p, list := range ev {
		e := [2]int64{num.index[p.from], num.index[p.to]}
		edges = append(edges, e)
		ig.evidence[e] = sortEvidence(list)
	}
	ig.g = newOrdered(num.all(), edges)
	return ig
}

// edgeEvidence returns the evidence of u→v, bounded by MaxEdgeEvidence.
func (ig *importGraph) edgeEvidence(u, v int64) ([]snapshot.Evidence, bool) {
	list := ig.evidence[[2]int64{u, v}]
	if len(list) > MaxEdgeEvidence {
		return slices.Clone(list[:MaxEdgeEvidence]), true
	}
	return slices.Clone(list), false
}

func isGo(e *snapshot.Entity) bool {
	lang, _ := e.Metadata["language"].(string)
	return lang == "golang" || (lang == "" && strings.HasSuffix(entityPath(e), ".go"))
}

func isTest(e *snapshot.Entity) bool {
	t, _ := e.Metadata["test"].(bool)
	return t || strings.HasSuffix(entityPath(e), "_test.go")
}

// sortEvidence orders evidence by location and drops duplicates, so the
// relation order of the snapshot does not leak.
func sortEvidence(list []snapshot.Evidence) []snapshot.Evidence {
	list = slices.Clone(list)
	slices.SortFunc(list, func(a, b snapshot.Evidence) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.LineStart, b.LineStart),
			cmp.Compare(a.LineEnd, b.LineEnd), strings.Compare(a.Source, b.Source),
			strings.Compare(a.Context, b.Context), strings.Compare(a.ContentHash, b.ContentHash))
	})
	return slices.Compact(list)
}
