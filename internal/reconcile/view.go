package reconcile

import (
	"iter"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// view is the snapshot prepared for the rules: its index (shared with the
// graph signals when they were computed over the same snapshot) and the
// documents, built once. Rules only read it.
type view struct {
	cfg     *config.Config
	signals *graph.Signals // nil when not computed
	// base is the base snapshot's view, nil without a base.
	base *view
	// renames is Input.Renames: old path → new path, from git.
	renames map[string]string

	snap      *snapshot.Snapshot
	idx       *snapshot.Index
	entities  []snapshot.Entity   // sorted by id, one per id
	relations []snapshot.Relation // sorted by id
	documents []*document         // sorted by path
	docByPath map[string]*document
	// areaOf maps an entity id to the id of the area that contains it
	// (directly or through nested contains edges).
	areaOf map[string]string
	// kept holds what documents' references resolved to, for a prepared
	// base's view (PrepareBase); nil for any other.
	kept *keptResolved
}

func newView(in Input, cfg *config.Config) *view {
	var idx *snapshot.Index
	if x := in.Signals.Index(); x != nil && x.Snapshot() == in.Head {
		idx = x
	}
	v := buildView(in.Head, idx, cfg)
	v.signals = in.Signals
	if in.Base != nil {
		v.base = baseView(in, cfg)
		v.renames = in.Renames
	}
	return v
}

// buildView prepares s for the rules over idx, its index, or over one it
// builds when idx is nil.
func buildView(s *snapshot.Snapshot, idx *snapshot.Index, cfg *config.Config) *view {
	if idx == nil {
		idx = snapshot.NewIndex(s)
	}
	v := &view{
		cfg:       cfg,
		snap:      s,
		idx:       idx,
		entities:  idx.Entities(),
		relations: idx.Relations(),
		docByPath: map[string]*document{},
		areaOf:    make(map[string]string, len(idx.Entities())),
	}
	for i := range v.entities {
		e := &v.entities[i]
		if e.Kind == snapshot.KindDocument {
			d := newDocument(e)
			v.documents = append(v.documents, d)
			v.docByPath[d.Path] = d
		}
	}
	slices.SortFunc(v.documents, func(a, b *document) int { return strings.Compare(a.Path, b.Path) })
	parent := make(map[string]string, len(v.entities))
	for i := range v.relations {
		if r := &v.relations[i]; r.Kind == snapshot.RelContains {
			parent[r.To] = r.From
		}
	}
	// The innermost enclosing area: walk contains edges upwards (bounded,
	// in case a malformed snapshot has a loop).
	for i := range v.entities {
		id := v.entities[i].ID
		for p, n := parent[id], 0; p != "" && n < 64; p, n = parent[p], n+1 {
			if e := idx.Entity(p); e != nil && e.Kind == snapshot.KindArea {
				v.areaOf[id] = p
				break
			}
		}
	}
	return v
}

// entity returns the entity with the given id, or nil.
func (v *view) entity(id string) *snapshot.Entity { return v.idx.Entity(id) }

// outgoing yields the relations of a kind ("" for every kind) that start
// at id, in id order.
func (v *view) outgoing(id, kind string) iter.Seq[*snapshot.Relation] {
	return v.idx.OutOfKind(id, kind)
}

// incoming yields the relations of a kind ("" for every kind) that end at
// id, in id order.
func (v *view) incoming(id, kind string) iter.Seq[*snapshot.Relation] {
	return v.idx.InOfKind(id, kind)
}

// documentOf returns the document whose entity id is id, or nil.
func (v *view) documentOf(id string) *document {
	if kind, p, _ := snapshot.ParseEntityID(id); kind == snapshot.KindDocument {
		return v.docByPath[p]
	}
	return nil
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
