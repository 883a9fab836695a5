package retrieval

import "github.com/docbridge/docbridge/internal/snapshot"

// Neighbourhood runs Lookup's neighbour search for many entities of one
// snapshot, indexing the snapshot once (as Lookup does per call when it has
// no signals of the snapshot). The
// enrichment context packs use it.
type Neighbourhood struct{ g *lookupGraph }

// NewNeighbourhood indexes s.
func NewNeighbourhood(s *snapshot.Snapshot) *Neighbourhood {
	return &Neighbourhood{g: newLookupGraph(s, nil)}
}

// Neighbours lists the entities within depth relations of id exactly as
// Lookup's Neighbours section does (keyed by relation kind, nearest first,
// at most maxNeighboursPerKind each), with the bounds the search crossed.
func (n *Neighbourhood) Neighbours(id string, depth int) (map[string][]Neighbour, []Truncation) {
	var trunc []Truncation
	return n.g.neighbours(id, depth, &trunc), trunc
}
