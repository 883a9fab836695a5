package graph

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// index is the snapshot's entities sorted by id, with lookups.
type index struct {
	entities []snapshot.Entity // sorted by id
	byID     map[string]int
	// relations are the snapshot's, in its order and not copied: sorting
	// 200,000 relations would cost more than every signal but one, so
	// each consumer is order-independent instead (it sorts what it
	// derives, or keeps a minimum), and the shuffle test holds it to that.
	relations []snapshot.Relation
}

func newIndex(s *snapshot.Snapshot) *index {
	idx := &index{
		entities:  slices.Clone(s.Entities),
		relations: s.Relations,
		byID:      make(map[string]int, len(s.Entities)),
	}
	slices.SortStableFunc(idx.entities, func(a, b snapshot.Entity) int { return strings.Compare(a.ID, b.ID) })
	idx.entities = slices.CompactFunc(idx.entities, func(a, b snapshot.Entity) bool { return a.ID == b.ID })
	for i, e := range idx.entities {
		idx.byID[e.ID] = i
	}
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

// lookup returns the position of the entity with the given id in
// idx.entities, −1 when there is none.
func (idx *index) lookup(id string) int32 {
	if i, ok := idx.byID[id]; ok {
		return int32(i)
	}
	return -1
}

// graphable reports whether the entity at position i (−1 for none) may be
// in a graph: it is neither external nor unresolved.
func (idx *index) graphable(i int32) bool {
	if i < 0 {
		return false
	}
	k := idx.entities[i].Kind
	return k != snapshot.KindExternal && k != snapshot.KindUnresolved
}

// number numbers the entities marked in member 0..n−1 in id order: it
// returns their ids and each entity position's node (−1 when unmarked).
// Positions are in id order already, so no sort is needed.
func (idx *index) number(member []bool) ([]string, []int32) {
	var ids []string
	nodeOf := make([]int32, len(member))
	for i, in := range member {
		nodeOf[i] = -1
		if in {
			nodeOf[i] = int32(len(ids))
			ids = append(ids, idx.entities[i].ID)
		}
	}
	return ids, nodeOf
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

// numbering assigns node ids 0..n−1 to a set of entity ids in sorted
// order, so node order is entity-id order.
type numbering struct {
	ids   []string
	index map[string]int32
}

func newNumbering(set map[string]bool) *numbering {
	n := &numbering{index: make(map[string]int32, len(set))}
	for id := range set {
		n.ids = append(n.ids, id)
	}
	slices.Sort(n.ids)
	for i, id := range n.ids {
		n.index[id] = int32(i)
	}
	return n
}

func compareCoverage(a, b snapshot.Coverage) int {
	return cmp.Or(strings.Compare(a.Analyzer, b.Analyzer), strings.Compare(a.Scope, b.Scope),
		cmp.Compare(a.Line, b.Line), strings.Compare(a.Code, b.Code),
		strings.Compare(a.Status, b.Status), strings.Compare(a.Reason, b.Reason))
}
