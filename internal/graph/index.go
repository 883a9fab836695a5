package graph

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// index is the snapshot's index with the two lists the signals walk.
type index struct {
	*snapshot.Index
	entities []snapshot.Entity // sorted by id, one per id
	// relations are the snapshot's, in its order and not copied: sorting
	// 200,000 relations would cost more than every signal but one, so
	// each consumer is order-independent instead (it sorts what it
	// derives, or keeps a minimum), and the shuffle test holds it to that.
	relations []snapshot.Relation
}

func newIndex(s *snapshot.Snapshot) *index { return wrap(snapshot.NewIndex(s)) }

// wrap is the index over x, a snapshot's.
func wrap(x *snapshot.Index) *index {
	return &index{Index: x, entities: x.Entities(), relations: x.Snapshot().Relations}
}

// entity returns the entity with the given id.
func (idx *index) entity(id string) (*snapshot.Entity, bool) {
	e := idx.Entity(id)
	return e, e != nil
}

// lookup returns the position of the entity with the given id in
// idx.entities, −1 when there is none.
func (idx *index) lookup(id string) int32 { return idx.Position(id) }

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
