package graph

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// maxEdgeEvidence bounds the evidence kept per import-graph edge; a Go
// package edge gathers the imports of every file of the package.
const maxEdgeEvidence = 16

// importGraph is the graph of imports and re-exports: Go at package level,
// other languages at module level. Node i is the entity ids[i]; node
// order is entity-id order.
type importGraph struct {
	ids []string
	csr *csr
	g   *ordered // gonum view of csr
	idx *index
	// relations lists, per edge, the positions in idx.relations of the
	// relations that make it; their evidence is read only for the edges a
	// cycle reports.
	relations map[[2]int32][]int32
}

// buildImportGraph collapses every Go module onto its package: the package
// that contains it (the smallest id, should the snapshot name two), else
// the package at its directory. Go test files are left out: an external
// test package (foo_test) may import what imports foo, which is legal Go
// but would read as a package cycle. Entities are handled by position, so
// each relation costs two id lookups.
func buildImportGraph(idx *index) *importGraph {
	ne := len(idx.entities)
	pkgOf := make([]int32, ne)
	for i := range pkgOf {
		pkgOf[i] = -1
	}
	for _, r := range idx.relations {
		if r.Kind != snapshot.RelContains {
			continue
		}
		f, t := idx.lookup(r.From), idx.lookup(r.To)
		if f >= 0 && t >= 0 && idx.entities[f].Kind == snapshot.KindPackage && (pkgOf[t] < 0 || f < pkgOf[t]) {
			pkgOf[t] = f // positions are in id order: the smallest id wins
		}
	}
	const unknown = -2
	nodeOf := make([]int32, ne) // the import-graph entity of each entity, −1 for none
	for i := range nodeOf {
		nodeOf[i] = unknown
	}
	node := func(i int32) int32 {
		if i < 0 {
			return -1
		}
		if nodeOf[i] == unknown {
			nodeOf[i] = importNode(idx, i, pkgOf)
		}
		return nodeOf[i]
	}

	rels := make(map[[2]int32][]int32)
	member := make([]bool, ne)
	for ri, r := range idx.relations {
		if r.Kind != snapshot.RelImports && r.Kind != snapshot.RelReExports {
			continue
		}
		f, t := node(idx.lookup(r.From)), node(idx.lookup(r.To))
		if f < 0 || t < 0 || f == t {
			continue
		}
		member[f], member[t] = true, true
		p := [2]int32{f, t}
		rels[p] = append(rels[p], int32(ri))
	}
	ids, num := idx.number(member)
	ig := &importGraph{ids: ids, idx: idx, relations: make(map[[2]int32][]int32, len(rels))}
	edges := make([][2]int32, 0, len(rels))
	for p, list := range rels {
		e := [2]int32{num[p[0]], num[p[1]]}
		edges = append(edges, e)
		ig.relations[e] = list
	}
	ig.csr = newCSR(len(ids), edges)
	ig.g = newOrdered(ig.csr)
	return ig
}

// importNode is the import-graph entity standing for the entity at
// position i, −1 when it has none.
func importNode(idx *index, i int32, pkgOf []int32) int32 {
	e := &idx.entities[i]
	switch e.Kind {
	case snapshot.KindPackage:
		return i
	case snapshot.KindModule:
		if !isGo(e) {
			return i
		}
		if isTest(e) {
			return -1
		}
		if pkgOf[i] >= 0 {
			return pkgOf[i]
		}
		if p := idx.lookup(snapshot.EntityID(snapshot.KindPackage, path.Dir(snapshot.EntityPath(e)))); p >= 0 && idx.entities[p].Kind == snapshot.KindPackage {
			return p
		}
		return i // a Go file outside any package: keep the file
	}
	return -1 // external, unresolved, documents and areas do not import
}

// edgeEvidence returns the evidence of u→v in location order, bounded by
// maxEdgeEvidence.
func (ig *importGraph) edgeEvidence(u, v int32) ([]snapshot.Evidence, bool) {
	var list []snapshot.Evidence
	for _, ri := range ig.relations[[2]int32{u, v}] {
		list = append(list, ig.idx.relations[ri].Evidence...)
	}
	list = sortEvidence(list)
	if len(list) > maxEdgeEvidence {
		return list[:maxEdgeEvidence], true
	}
	return list, false
}

func isGo(e *snapshot.Entity) bool {
	lang, _ := e.Metadata["language"].(string)
	return lang == "golang" || (lang == "" && strings.HasSuffix(snapshot.EntityPath(e), ".go"))
}

func isTest(e *snapshot.Entity) bool {
	t, _ := e.Metadata["test"].(bool)
	return t || strings.HasSuffix(snapshot.EntityPath(e), "_test.go")
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
