package scan

import (
	"slices"
	"sort"
	"strings"

	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// slabSize is how many relations, or single evidence items, the builder
// allocates at once: a scan creates hundreds of thousands of each, and one
// allocation apiece was a large share of resolution and of the GC's work.
const slabSize = 1024

// builder accumulates entities, relations and coverage during resolution.
// Resolution visits files in path order and each file in source order, so the
// evidence order inside one entity or relation is deterministic too.
type builder struct {
	entities map[string]*snapshot.Entity
	// Relations are grouped by (kind, from): resolution creates a source's
	// relations one after another, so the group is mostly the last one used,
	// its map is small, and a relation that exists is found without
	// building its id. The groups also make sorting cheap (snapshot).
	groups    map[groupKey]*relGroup
	last      *relGroup
	relations int
	coverage  []snapshot.Coverage
	// relSlab and evSlab are the unused rest of the current slabs.
	relSlab []snapshot.Relation
	evSlab  []snapshot.Evidence
}

// newBuilder returns a builder whose maps are sized for about the given
// numbers of entities and relations (hints only: both grow as needed).
func newBuilder(entities, relations int) *builder {
	return &builder{
		entities: make(map[string]*snapshot.Entity, entities),
		groups:   make(map[groupKey]*relGroup, relations/8),
	}
}

// groupKey and relGroup hold the relations of one kind from one entity.
type groupKey struct{ kind, from string }

type relGroup struct {
	groupKey
	// members are the group's relations in the order they were created.
	// Most groups are small (on the monorepo corpus 26,050 groups hold
	// 213,091 relations, none of the groups under 20 more than 12), and a
	// map per group was 7 MB of the scan's peak live heap; byTo indexes the
	// members by target only once there are more than maxScanned of them.
	members []*snapshot.Relation
	byTo    map[string]*snapshot.Relation
}

// maxScanned is how many members a group looks through for a target
// before it keeps a map.
const maxScanned = 16

// get returns the group's relation to to, or nil.
func (g *relGroup) get(to string) *snapshot.Relation {
	if g.byTo != nil {
		return g.byTo[to]
	}
	for _, r := range g.members {
		if r.To == to {
			return r
		}
	}
	return nil
}

// add adds r, whose target the group does not hold yet.
func (g *relGroup) add(r *snapshot.Relation) {
	g.members = append(g.members, r)
	switch {
	case g.byTo != nil:
		g.byTo[r.To] = r
	case len(g.members) > maxScanned:
		g.byTo = make(map[string]*snapshot.Relation, 2*len(g.members))
		for _, m := range g.members {
			g.byTo[m.To] = m
		}
	}
}

// group returns the group of (kind, from), creating it when create is set;
// nil when it does not exist.
func (b *builder) group(kind, from string, create bool) *relGroup {
	if g := b.last; g != nil && g.kind == kind && g.from == from {
		return g
	}
	k := groupKey{kind, from}
	g := b.groups[k]
	if g == nil {
		if !create {
			return nil
		}
		g = &relGroup{groupKey: k}
		b.groups[k] = g
	}
	b.last = g
	return g
}

// lookup returns the relation kind from → to, or nil.
func (b *builder) lookup(kind, from, to string) *snapshot.Relation {
	if g := b.group(kind, from, false); g != nil {
		return g.get(to)
	}
	return nil
}

// entity returns the entity with the id kind:value, creating it when absent.
func (b *builder) entity(kind, value, name, path string) *snapshot.Entity {
	id := snapshot.EntityID(kind, value)
	if e, ok := b.entities[id]; ok {
		return e
	}
	e := newEntity(kind, value, name, path)
	b.entities[id] = e
	return e
}

// add adds e unless an entity with its id exists.
func (b *builder) add(e *snapshot.Entity) {
	if _, ok := b.entities[e.ID]; !ok {
		b.entities[e.ID] = e
	}
}

// newEntity returns an observed entity with the id kind:value.
func newEntity(kind, value, name, path string) *snapshot.Entity {
	return &snapshot.Entity{ID: snapshot.EntityID(kind, value), Kind: kind, Name: name, Path: path, Provenance: snapshot.Observed}
}

func (b *builder) has(id string) bool { _, ok := b.entities[id]; return ok }

// relate records one occurrence of kind from → to. A relation exists once
// per (kind, from, to); further occurrences add evidence. An observed
// occurrence wins over a declared one: the relation is then a declaration
// the code confirms, and keeps "declared" in its metadata.
//
// A reference from an entity to itself is never a relation (a document that
// names its own path, links to itself or declares itself covered): the
// snapshot holds no self-loops, which snapshot.Validate requires of every
// snapshot it reads. Every producer skips them where it knows why (a link
// to the document itself is a same-document anchor); any other reaches
// here and gets a detached relation that is not recorded, so that what the
// scan writes is always what its readers accept.
func (b *builder) relate(kind, from, to, provenance string, ev snapshot.Evidence) *snapshot.Relation {
	if from == to {
		return &snapshot.Relation{ID: snapshot.RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: provenance}
	}
	g := b.group(kind, from, true)
	r := g.get(to)
	if r == nil {
		r = b.newRelation()
		*r = snapshot.Relation{ID: snapshot.RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: provenance}
		g.add(r)
		b.relations++
	} else if r.Provenance != provenance {
		if r.Provenance == snapshot.Declared {
			r.Provenance = provenance
		}
		setMeta(&r.Metadata, "declared", true)
	}
	switch {
	case r.Evidence == nil:
		r.Evidence = b.oneEvidence(ev)
	case len(r.Evidence) < snapshot.MaxEvidence:
		r.Evidence = append(r.Evidence, ev)
	}
	return r
}

// newRelation returns a zero relation from the current slab. Pointers stay
// valid: a full slab is replaced, never grown.
func (b *builder) newRelation() *snapshot.Relation {
	if len(b.relSlab) == 0 {
		b.relSlab = make([]snapshot.Relation, slabSize)
	}
	r := &b.relSlab[0]
	b.relSlab = b.relSlab[1:]
	return r
}

// oneEvidence returns a list holding ev, carved from the evidence slab with
// capacity 1, so that a second item reallocates instead of overwriting the
// neighbour's.
func (b *builder) oneEvidence(ev snapshot.Evidence) []snapshot.Evidence {
	if len(b.evSlab) == 0 {
		b.evSlab = make([]snapshot.Evidence, slabSize)
	}
	list := b.evSlab[:1:1]
	b.evSlab = b.evSlab[1:]
	list[0] = ev
	return list
}

func (b *builder) note(c snapshot.Coverage) { b.coverage = append(b.coverage, c) }

// snapshot returns the accumulated graph with entities and relations
// already in id order, so that Normalize finds them sorted. It consumes the
// builder: the relation groups are released before the relations are
// copied out, since this is where a scan's live heap peaks.
func (b *builder) snapshot(workers int) *snapshot.Snapshot {
	type entry struct {
		id string
		e  *snapshot.Entity
	}
	ents := make([]entry, 0, len(b.entities))
	for id, e := range b.entities {
		ents = append(ents, entry{id, e})
	}
	slices.SortFunc(ents, func(x, y entry) int { return strings.Compare(x.id, y.id) })
	s := &snapshot.Snapshot{Entities: make([]snapshot.Entity, len(ents)), Relations: b.sortedRelations(workers)}
	for i, e := range ents {
		s.Entities[i] = *e.e
	}
	s.Coverage = b.coverage
	return s
}

// sortedRelations returns every relation in id order, copied out of the
// slabs. The order is computed first, as pointers, so that the groups'
// maps are released and equal metadata shared (shareMetadata) before the
// copy: the slabs and the copy are both alive while it runs, and nothing
// else that can go should be.
func (b *builder) sortedRelations(workers int) []snapshot.Relation {
	order, prefixFree := b.relationOrder(workers)
	b.groups, b.last = nil, nil
	shareMetadata(order)
	out := make([]snapshot.Relation, len(order))
	const chunk = 4096
	parallel.Each((len(order)+chunk-1)/chunk, workers, func(c int) {
		for i := c * chunk; i < min((c+1)*chunk, len(order)); i++ {
			out[i] = *order[i]
		}
	})
	if !prefixFree {
		slices.SortFunc(out, func(x, y snapshot.Relation) int { return strings.Compare(x.ID, y.ID) })
	}
	return out
}

// relationOrder returns every relation, in id order when prefixFree. An id
// is the group's prefix "kind:from->" followed by the target, so when no
// prefix is a proper prefix of another, sorting the prefixes and then each
// group by target is the id order — comparing a few thousand prefixes and
// many small groups instead of hundreds of thousands of long ids. Otherwise
// (an id with "->" inside an entity id can do that) the caller sorts the
// ids themselves. The groups are sorted on workers goroutines, each into
// its own range of the result.
func (b *builder) relationOrder(workers int) (order []*snapshot.Relation, prefixFree bool) {
	type prefixed struct {
		prefix string
		g      *relGroup
		at     int // where the group starts in the result
	}
	groups := make([]prefixed, 0, len(b.groups))
	for _, g := range b.groups {
		groups = append(groups, prefixed{prefix: g.kind + ":" + g.from + "->", g: g})
	}
	slices.SortFunc(groups, func(x, y prefixed) int { return strings.Compare(x.prefix, y.prefix) })
	prefixFree = true
	for i := 1; i < len(groups); i++ {
		if strings.HasPrefix(groups[i].prefix, groups[i-1].prefix) {
			// Sorted, a prefix of any later key is a prefix of its successor.
			prefixFree = false
			break
		}
	}
	n := 0
	for i := range groups {
		groups[i].at = n
		n += len(groups[i].g.members)
	}
	order = make([]*snapshot.Relation, n)
	parallel.Each(len(groups), workers, func(i int) {
		p := groups[i]
		members := order[p.at : p.at+len(p.g.members)]
		copy(members, p.g.members)
		if prefixFree {
			slices.SortFunc(members, func(x, y *snapshot.Relation) int { return strings.Compare(x.To, y.To) })
		}
	})
	return order, prefixFree
}

func setMeta(m *map[string]any, key string, v any) {
	if *m == nil {
		*m = map[string]any{}
	}
	(*m)[key] = v
}

// addSorted inserts v into the sorted, duplicate-free string list at key.
func addSorted(m *map[string]any, key, v string) {
	if *m == nil {
		*m = map[string]any{}
	}
	list, _ := (*m)[key].([]string)
	i := sort.SearchStrings(list, v)
	if i < len(list) && list[i] == v {
		return
	}
	list = append(list, "")
	copy(list[i+1:], list[i:])
	list[i] = v
	(*m)[key] = list
}
