package snapshot

import (
	"cmp"
	"iter"
	"slices"
	"strings"
	"sync"
)

// Index is a snapshot prepared for lookups: its entities in id order, each
// id's entity, and the relations leaving and entering each entity in
// relation-id order, all of them or those of one kind. Every stage that walks the graph (graph signals, the
// rules, lookup, the MCP tools) reads one, so one snapshot is indexed once.
//
// An Index only reads its snapshot; the snapshot must not change while the
// Index is in use (no stage writes a snapshot back). Its methods are safe
// for concurrent use.
type Index struct {
	s *Snapshot
	// entities are the snapshot's in id order, one per id (the first of
	// duplicates): the snapshot's own list when it is in that order
	// already, as a normalized one is, else a sorted copy.
	entities []Entity
	byID     map[string]int32 // id → position in entities

	// The relations and adjacency are built on first use: the graph
	// signals read neither, and sorting 200,000 relations would cost them
	// more than any signal but one.
	adjOnce   sync.Once
	relations []Relation // in id order (shared like entities)
	// endpoints numbers the relation endpoints that are no entity, after
	// the entities (nil for a normalized snapshot, which has none).
	endpoints map[string]int32
	// Adjacency in compressed form: the relations leaving node n are
	// out[outStart[n]:outStart[n+1]], in relation order; in likewise.
	outStart, inStart []int32
	out, in           []*Relation
}

// NewIndex indexes s. Its cost is one pass over the entities (and a sort
// when they are not in id order); the adjacency waits for the first query.
func NewIndex(s *Snapshot) *Index {
	x := &Index{s: s, entities: s.Entities, byID: make(map[string]int32, len(s.Entities))}
	if !entitiesStrictlySorted(x.entities) {
		x.entities = slices.Clone(x.entities)
		slices.SortStableFunc(x.entities, entityOrder)
		x.entities = slices.CompactFunc(x.entities, func(a, b Entity) bool { return a.ID == b.ID })
	}
	for i := range x.entities {
		x.byID[x.entities[i].ID] = int32(i)
	}
	return x
}

func entitiesStrictlySorted(es []Entity) bool {
	for i := 1; i < len(es); i++ {
		if es[i-1].ID >= es[i].ID {
			return false
		}
	}
	return true
}

// Snapshot returns the indexed snapshot.
func (x *Index) Snapshot() *Snapshot { return x.s }

// Entities returns the entities in id order, one per id. Callers must not
// modify them.
func (x *Index) Entities() []Entity { return x.entities }

// Entity returns the entity with the given id, or nil.
func (x *Index) Entity(id string) *Entity {
	if i, ok := x.byID[id]; ok {
		return &x.entities[i]
	}
	return nil
}

// Position returns the position of the entity with the given id in
// Entities, or −1 when there is none.
func (x *Index) Position(id string) int32 {
	if i, ok := x.byID[id]; ok {
		return i
	}
	return -1
}

// Relations returns the relations in id order (then kind, from and to, a
// total order even where ids repeat). Callers must not modify them.
func (x *Index) Relations() []Relation {
	x.adjOnce.Do(x.buildAdjacency)
	return x.relations
}

// Out returns the relations leaving id, in relation order: a view into the
// index, not a copy, that callers must not modify.
func (x *Index) Out(id string) []*Relation {
	x.adjOnce.Do(x.buildAdjacency)
	return x.run(x.out, x.outStart, id)
}

// In returns the relations entering id, in relation order, as Out does.
func (x *Index) In(id string) []*Relation {
	x.adjOnce.Do(x.buildAdjacency)
	return x.run(x.in, x.inStart, id)
}

// OutOfKind yields the relations of a kind ("" for every kind) leaving id,
// in relation order, without copying them.
func (x *Index) OutOfKind(id, kind string) iter.Seq[*Relation] {
	return ofKind(x.Out(id), kind)
}

// InOfKind yields the relations of a kind ("" for every kind) entering id,
// in relation order, without copying them.
func (x *Index) InOfKind(id, kind string) iter.Seq[*Relation] {
	return ofKind(x.In(id), kind)
}

func ofKind(rs []*Relation, kind string) iter.Seq[*Relation] {
	return func(yield func(*Relation) bool) {
		for _, r := range rs {
			if (kind == "" || r.Kind == kind) && !yield(r) {
				return
			}
		}
	}
}

// run is id's run of rels, capped so that an append cannot write into the
// next node's.
func (x *Index) run(rels []*Relation, start []int32, id string) []*Relation {
	n := x.node(id)
	if n < 0 {
		return nil
	}
	return rels[start[n]:start[n+1]:start[n+1]]
}

// node is id's node number: its entity position, else its endpoint
// number, else −1.
func (x *Index) node(id string) int32 {
	if i, ok := x.byID[id]; ok {
		return i
	}
	if n, ok := x.endpoints[id]; ok {
		return n
	}
	return -1
}

func relationOrderTotal(a, b Relation) int {
	if c := strings.Compare(a.ID, b.ID); c != 0 {
		return c // ids are unique in a normalized snapshot
	}
	return cmp.Or(strings.Compare(a.Kind, b.Kind), strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
}

// buildAdjacency sorts the relations (when they are not sorted already)
// and fills the compressed adjacency in two passes, without a slice per
// node.
func (x *Index) buildAdjacency() {
	x.relations = x.s.Relations
	if !slices.IsSortedFunc(x.relations, relationOrderTotal) {
		x.relations = slices.Clone(x.relations)
		slices.SortStableFunc(x.relations, relationOrderTotal)
	}
	rels := x.relations
	number := func(id string) int32 {
		if n := x.node(id); n >= 0 {
			return n
		}
		if x.endpoints == nil {
			x.endpoints = map[string]int32{}
		}
		n := int32(len(x.entities) + len(x.endpoints))
		x.endpoints[id] = n
		return n
	}
	from, to := make([]int32, len(rels)), make([]int32, len(rels))
	for i := range rels {
		from[i], to[i] = number(rels[i].From), number(rels[i].To)
	}
	n := len(x.entities) + len(x.endpoints)
	x.outStart, x.inStart = make([]int32, n+1), make([]int32, n+1)
	for i := range rels {
		x.outStart[from[i]+1]++
		x.inStart[to[i]+1]++
	}
	for i := 1; i <= n; i++ {
		x.outStart[i] += x.outStart[i-1]
		x.inStart[i] += x.inStart[i-1]
	}
	x.out, x.in = make([]*Relation, len(rels)), make([]*Relation, len(rels))
	// Relations are placed in relation order, so each node's run is too.
	outFill, inFill := slices.Clone(x.outStart[:n]), slices.Clone(x.inStart[:n])
	for i := range rels {
		x.out[outFill[from[i]]] = &rels[i]
		outFill[from[i]]++
		x.in[inFill[to[i]]] = &rels[i]
		inFill[to[i]]++
	}
}
