package retrieval

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// lookupGraph indexes one snapshot for Lookup: entities by id and, per
// node, the relations leaving and entering it in relation-id order, so
// that nothing depends on the snapshot's list order. Adjacency is two
// compressed arrays (offsets per node, relation indexes), built in two
// passes without a slice per node.
type lookupGraph struct {
	s        *snapshot.Snapshot
	entities map[string]*snapshot.Entity
	// ids are the entity ids, sorted.
	ids []string
	// node numbers every entity and relation endpoint.
	node              map[string]int32
	outStart, inStart []int32 // offsets into outRel / inRel, len(node)+1
	outRel, inRel     []int32 // relation indexes into s.Relations
	// syms is the symbol table, built when a target is tried as a symbol.
	syms *lookupSymbols
}

func newLookupGraph(s *snapshot.Snapshot) *lookupGraph {
	g := &lookupGraph{
		s:        s,
		entities: make(map[string]*snapshot.Entity, len(s.Entities)),
		ids:      make([]string, 0, len(s.Entities)),
		node:     make(map[string]int32, len(s.Entities)),
	}
	for i := range s.Entities {
		e := &s.Entities[i]
		if _, dup := g.entities[e.ID]; dup {
			continue
		}
		g.entities[e.ID] = e
		g.ids = append(g.ids, e.ID)
		g.node[e.ID] = int32(len(g.node))
	}
	slices.Sort(g.ids)
	order := lookupRelationOrder(s.Relations)
	from := make([]int32, len(s.Relations))
	to := make([]int32, len(s.Relations))
	num := func(id string) int32 {
		n, ok := g.node[id]
		if !ok {
			n = int32(len(g.node))
			g.node[id] = n
		}
		return n
	}
	for i := range s.Relations {
		from[i], to[i] = num(s.Relations[i].From), num(s.Relations[i].To)
	}
	n := len(g.node)
	g.outStart, g.inStart = make([]int32, n+1), make([]int32, n+1)
	for i := range s.Relations {
		g.outStart[from[i]+1]++
		g.inStart[to[i]+1]++
	}
	for i := 1; i <= n; i++ {
		g.outStart[i] += g.outStart[i-1]
		g.inStart[i] += g.inStart[i-1]
	}
	g.outRel, g.inRel = make([]int32, len(s.Relations)), make([]int32, len(s.Relations))
	outFill, inFill := slices.Clone(g.outStart[:n]), slices.Clone(g.inStart[:n])
	for _, r := range order {
		g.outRel[outFill[from[r]]] = r
		outFill[from[r]]++
		g.inRel[inFill[to[r]]] = r
		inFill[to[r]]++
	}
	return g
}

// lookupRelationOrder returns the relation indexes by id, then by the
// fields the id is made of (a total order even if two relations share an
// id). A normalized snapshot is in this order already, which one pass
// confirms.
func lookupRelationOrder(rels []snapshot.Relation) []int32 {
	order := make([]int32, len(rels))
	for i := range order {
		order[i] = int32(i)
	}
	less := func(a, b int32) int {
		x, y := &rels[a], &rels[b]
		if c := strings.Compare(x.ID, y.ID); c != 0 {
			return c // ids are unique in a normalized snapshot
		}
		return cmp.Or(strings.Compare(x.Kind, y.Kind), strings.Compare(x.From, y.From), strings.Compare(x.To, y.To))
	}
	if !slices.IsSortedFunc(order, less) {
		slices.SortStableFunc(order, less)
	}
	return order
}

// outOf and inOf return the relations leaving and entering id.
func (g *lookupGraph) outOf(id string) []*snapshot.Relation {
	n, ok := g.node[id]
	if !ok {
		return nil
	}
	return g.relations(g.outRel[g.outStart[n]:g.outStart[n+1]])
}

func (g *lookupGraph) inOf(id string) []*snapshot.Relation {
	n, ok := g.node[id]
	if !ok {
		return nil
	}
	return g.relations(g.inRel[g.inStart[n]:g.inStart[n+1]])
}

func (g *lookupGraph) relations(idx []int32) []*snapshot.Relation {
	out := make([]*snapshot.Relation, len(idx))
	for i, r := range idx {
		out[i] = &g.s.Relations[r]
	}
	return out
}
