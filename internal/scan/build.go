package scan

import (
	"sort"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// builder accumulates entities, relations and coverage during resolution.
// Resolution visits files in path order and each file in source order, so the
// evidence order inside one entity or relation is deterministic too.
type builder struct {
	entities  map[string]*snapshot.Entity
	relations map[string]*snapshot.Relation
	coverage  []snapshot.Coverage
}

func newBuilder() *builder {
	return &builder{entities: map[string]*snapshot.Entity{}, relations: map[string]*snapshot.Relation{}}
}

// entity returns the entity with the id kind:value, creating it when absent.
func (b *builder) entity(kind, value, name, path string) *snapshot.Entity {
	id := snapshot.EntityID(kind, value)
	if e, ok := b.entities[id]; ok {
		return e
	}
	e := &snapshot.Entity{ID: id, Kind: kind, Name: name, Path: path, Provenance: snapshot.Observed}
	b.entities[id] = e
	return e
}

func (b *builder) has(id string) bool { _, ok := b.entities[id]; return ok }

// relate records one occurrence of kind from → to. A relation exists once
// per (kind, from, to); further occurrences add evidence. An observed
// occurrence wins over a declared one: the relation is then a declaration
// the code confirms, and keeps "declared" in its metadata.
func (b *builder) relate(kind, from, to, provenance string, ev snapshot.Evidence) *snapshot.Relation {
	id := snapshot.RelationID(kind, from, to)
	r, ok := b.relations[id]
	if !ok {
		r = &snapshot.Relation{ID: id, Kind: kind, From: from, To: to, Provenance: provenance}
		b.relations[id] = r
	} else if r.Provenance != provenance {
		if r.Provenance == snapshot.Declared {
			r.Provenance = provenance
		}
		setMeta(&r.Metadata, "declared", true)
	}
	if len(r.Evidence) < snapshot.MaxEvidence {
		r.Evidence = append(r.Evidence, ev)
	}
	return r
}

func (b *builder) note(c snapshot.Coverage) { b.coverage = append(b.coverage, c) }

// snapshot returns the accumulated graph; Normalize puts it in order.
func (b *builder) snapshot() *snapshot.Snapshot {
	s := &snapshot.Snapshot{
		Entities:  make([]snapshot.Entity, 0, len(b.entities)),
		Relations: make([]snapshot.Relation, 0, len(b.relations)),
	}
	for _, e := range b.entities {
		s.Entities = append(s.Entities, *e)
	}
	for _, r := range b.relations {
		s.Relations = append(s.Relations, *r)
	}
	s.Coverage = b.coverage
	return s
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
