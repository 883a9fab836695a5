package graph

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// index is the snapshot sorted by id, with lookups.
type index struct {
	entities  []snapshot.Entity // sorted by id
	byID      map[string]int
	relations []snapshot.Relation // sorted by id, then from/to/kind
}

func newIndex(s *snapshot.Snapshot) *index {
	idx := &index{
		entities:  slices.Clone(s.Entities),
		relations: slices.Clone(s.Relations),
		byID:      make(map[string]int, len(s.Entities)),
	}
	slices.SortStableFunc(idx.entities, func(a, b snapshot.Entity) int { return strings.Compare(a.ID, b.ID) })
	idx.entities = slices.CompactFunc(idx.entities, func(a, b snapshot.Entity) bool { return a.ID == b.ID })
	for i, e := range idx.entities {
		idx.byID[e.ID] = i
	}
	slices.SortStableFunc(idx.relations, func(a, b snapshot.Relation) int {
		return cmp.Or(strings.Compare(a.ID, b.ID), strings.Compare(a.Kind, b.Kind),
			strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
	})
	return idx
}

// entity returns the entity with the given id.
func (idx *index) entity(id string) (*snapshot.Entity, bool) {
	i, ok := idx.byID[id]
	if !ok {
		return nil, false
	}
	return &idx.entities[i], true
}

// inGraph reports whether id is an entity that graphs may hold: it exists
// and is neither external nor unresolved.
func (idx *index) inGraph(id string) bool {
	e, ok := idx.entity(id)
	return ok && e.Kind != snapshot.KindExternal && e.Kind != snapshot.KindUnresolved
}

// entityPath is the repository path of an entity: its Path, else the value
// of its id.
func entityPath(e *snapshot.Entity) string {
	if e.Path != "" {
		return e.Path
	}
	_, v, _ := strings.Cut(e.ID, ":")
	return v
}

// dir is the directory of a repository path, "." for the root.
func dir(p string) string { return path.Dir(p) }

// numbering assigns gonum node ids from a set of entity ids in sorted order.
type numbering struct {
	ids   []string
	index map[string]int64
}

func newNumbering(set map[string]bool) *numbering {
	n := &numbering{index: make(map[string]int64, len(set))}
	for id := range set {
		n.ids = append(n.ids, id)
	}
	slices.Sort(n.ids)
	for i, id := range n.ids {
		n.index[id] = int64(i)
	}
	return n
}

// all returns every node id.
func (n *numbering) all() []int64 {
	out := make([]int64, len(n.ids))
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

func compareCoverage(a, b snapshot.Coverage) int {
	return cmp.Or(strings.Compare(a.Analyzer, b.Analyzer), strings.Compare(a.Scope, b.Scope),
		cmp.Compare(a.Line, b.Line), strings.Compare(a.Code, b.Code),
		strings.Compare(a.Status, b.Status), strings.Compare(a.Reason, b.Reason))
}
