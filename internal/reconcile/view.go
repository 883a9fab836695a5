package reconcile

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// view is the snapshot prepared for the rules: sorted lists and lookups
// built once. Rules only read it.
type view struct {
	cfg     *config.Config
	signals *graph.Signals // nil when not computed
	// base is the base snapshot's view, nil without a base.
	base *view
	// renames is Input.Renames: old path → new path, from git.
	renames map[string]string

	snap      *snapshot.Snapshot
	entities  []snapshot.Entity // sorted by id
	byID      map[string]*snapshot.Entity
	relations []snapshot.Relation // sorted by id
	out       map[string][]*snapshot.Relation
	in        map[string][]*snapshot.Relation
	documents []*Document // sorted by path
	docByPath map[string]*Document
	// areaOf maps an entity id to the id of the area that contains it
	// (directly or through nested contains edges).
	areaOf map[string]string
}

func newView(in Input, cfg *config.Config) *view {
	v := buildView(in.Head, cfg)
	v.signals = in.Signals
	if in.Base != nil {
		v.base = buildView(in.Base, cfg)
		v.renames = in.Renames
	}
	return v
}

func buildView(s *snapshot.Snapshot, cfg *config.Config) *view {
	v := &view{
		cfg:       cfg,
		snap:      s,
		entities:  s.Entities,
		relations: s.Relations,
		// Sized from the start: every entity may start and end relations,
		// and growing these maps entry by entry was a third of Run.
		byID:      make(map[string]*snapshot.Entity, len(s.Entities)),
		out:       make(map[string][]*snapshot.Relation, len(s.Entities)),
		in:        make(map[string][]*snapshot.Relation, len(s.Entities)),
		docByPath: map[string]*Document{},
		areaOf:    make(map[string]string, len(s.Entities)),
	}
	// The view only reads the snapshot. A normalized one is in id order
	// already, and its lists are shared; any other is sorted in a copy.
	entityOrder := func(a, b snapshot.Entity) int { return strings.Compare(a.ID, b.ID) }
	if !slices.IsSortedFunc(v.entities, entityOrder) {
		v.entities = slices.Clone(v.entities)
		slices.SortStableFunc(v.entities, entityOrder)
	}
	relationOrder := func(a, b snapshot.Relation) int {
		return cmp.Or(strings.Compare(a.ID, b.ID), strings.Compare(a.Kind, b.Kind))
	}
	if !slices.IsSortedFunc(v.relations, relationOrder) {
		v.relations = slices.Clone(v.relations)
		slices.SortStableFunc(v.relations, relationOrder)
	}
	for i := range v.entities {
		e := &v.entities[i]
		v.byID[e.ID] = e
		if e.Kind == snapshot.KindDocument {
			d := newDocument(e)
			v.documents = append(v.documents, d)
			v.docByPath[d.Path] = d
		}
	}
	slices.SortFunc(v.documents, func(a, b *Document) int { return strings.Compare(a.Path, b.Path) })
	parent := make(map[string]string, len(v.entities))
	for i := range v.relations {
		r := &v.relations[i]
		v.out[r.From] = append(v.out[r.From], r)
		v.in[r.To] = append(v.in[r.To], r)
		if r.Kind == snapshot.RelContains {
			parent[r.To] = r.From
		}
	}
	// The innermost enclosing area: walk contains edges upwards (bounded,
	// in case a malformed snapshot has a loop).
	for i := range v.entities {
		id := v.entities[i].ID
		for p, n := parent[id], 0; p != "" && n < 64; p, n = parent[p], n+1 {
			if e := v.byID[p]; e != nil && e.Kind == snapshot.KindArea {
				v.areaOf[id] = p
				break
			}
		}
	}
	return v
}

// entity returns the entity with the given id, or nil.
func (v *view) entity(id string) *snapshot.Entity { return v.byID[id] }

// outgoing returns the relations of a kind that start at id, in id order.
func (v *view) outgoing(id, kind string) []*snapshot.Relation {
	return filterKind(v.out[id], kind)
}

// incoming returns the relations of a kind that end at id, in id order.
func (v *view) incoming(id, kind string) []*snapshot.Relation {
	return filterKind(v.in[id], kind)
}

func filterKind(rs []*snapshot.Relation, kind string) []*snapshot.Relation {
	var out []*snapshot.Relation
	for _, r := range rs {
		if kind == "" || r.Kind == kind {
			out = append(out, r)
		}
	}
	return out
}

// ofKind returns the entities of a kind, in id order.
func (v *view) ofKind(kind string) []*snapshot.Entity {
	var out []*snapshot.Entity
	for i := range v.entities {
		if v.entities[i].Kind == kind {
			out = append(out, &v.entities[i])
		}
	}
	return out
}

// isCode reports whether an entity is part of the repository's code: a
// module, package or area.
func isCode(e *snapshot.Entity) bool {
	return e != nil && (e.Kind == snapshot.KindModule || e.Kind == snapshot.KindPackage || e.Kind == snapshot.KindArea)
}

// entityPath is an entity's repository path (its id's value when the
// entity carries none).
func entityPath(e *snapshot.Entity) string {
	if e.Path != "" {
		return e.Path
	}
	_, v, _ := strings.Cut(e.ID, ":")
	return v
}
