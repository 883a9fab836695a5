package retrieval

import (
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// lookupGraph is one snapshot's index as Lookup reads it: entities by id,
// in id order, and per node the relations leaving and entering it in
// relation-id order, so that nothing depends on the snapshot's list order.
type lookupGraph struct {
	idx *snapshot.Index
	// syms is the symbol table, built when a target is tried as a symbol.
	syms *lookupSymbols
}

// newLookupGraph reads s through the index its signals were computed over,
// or through one of its own when sig is nil or of another snapshot.
func newLookupGraph(s *snapshot.Snapshot, sig *graph.Signals) *lookupGraph {
	if x := sig.Index(); x != nil && x.Snapshot() == s {
		return &lookupGraph{idx: x}
	}
	return &lookupGraph{idx: snapshot.NewIndex(s)}
}

// entity returns the entity with id.
func (g *lookupGraph) entity(id string) (*snapshot.Entity, bool) {
	e := g.idx.Entity(id)
	return e, e != nil
}

// outOf and inOf return the relations leaving and entering id.
func (g *lookupGraph) outOf(id string) []*snapshot.Relation { return g.idx.Out(id) }

func (g *lookupGraph) inOf(id string) []*snapshot.Relation { return g.idx.In(id) }
