package retrieval

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// neighbours is a breadth-first search from start over every relation
// kind, both directions, to depth. Each entity is listed at its shortest
// distance, once per (relation kind, direction) of the relations joining it
// to the layer before; Via is the smallest such entity. External and
// unresolved entities are listed but never expanded: they are hubs shared
// by unrelated code (every module importing "fmt"), not structure. A layer
// is expanded in id order, each entity's out relations before its in
// relations, so which entities maxLookupVisited leaves out is fixed.
func (g *lookupGraph) neighbours(start string, depth int, trunc *[]Truncation) map[string][]Neighbour {
	type key struct{ kind, id, dir string }
	dist := map[string]int{start: 0}
	found := map[key]Neighbour{}
	var keys []key
	notFollowed := 0
	frontier := []string{start}
	for d := 1; d <= depth && len(frontier) > 0; d++ {
		var next []string
		visit := func(kind, from, to, dir string) {
			if to == start {
				return
			}
			if dv, seen := dist[to]; seen && dv < d {
				return
			} else if !seen {
				if len(dist)-1 >= maxLookupVisited {
					notFollowed++
					return
				}
				dist[to] = d
				next = append(next, to)
			}
			k := key{kind, to, dir}
			if _, ok := found[k]; ok {
				return // an earlier, smaller parent is Via
			}
			n := Neighbour{ID: to, Direction: dir, Distance: d}
			if d > 1 {
				n.Via = from
			}
			found[k] = n
			keys = append(keys, k)
		}
		for _, u := range frontier {
			if d > 1 && !lookupExpands(u, g) {
				continue
			}
			for _, r := range g.outOf(u) {
				visit(r.Kind, u, r.To, directionOut)
			}
			for _, r := range g.inOf(u) {
				visit(r.Kind, u, r.From, directionIn)
			}
		}
		slices.Sort(next)
		frontier = next
	}
	if notFollowed > 0 {
		*trunc = append(*trunc, Truncation{Bound: boundVisited, Limit: maxLookupVisited, Omitted: notFollowed})
	}
	if len(keys) == 0 {
		return nil
	}
	out := map[string][]Neighbour{}
	for _, k := range keys {
		out[k.kind] = append(out[k.kind], found[k])
	}
	kinds := make([]string, 0, len(out))
	for kind, l := range out {
		slices.SortFunc(l, func(a, b Neighbour) int {
			return cmp.Or(cmp.Compare(a.Distance, b.Distance), strings.Compare(a.ID, b.ID),
				strings.Compare(a.Direction, b.Direction), strings.Compare(a.Via, b.Via))
		})
		kinds = append(kinds, kind)
	}
	slices.Sort(kinds)
	for _, kind := range kinds {
		if l := out[kind]; len(l) > maxNeighboursPerKind {
			*trunc = append(*trunc, Truncation{Bound: boundNeighboursPerKind, Kind: kind, Limit: maxNeighboursPerKind, Omitted: len(l) - maxNeighboursPerKind})
			out[kind] = l[:maxNeighboursPerKind]
		}
	}
	return out
}

// lookupExpands reports whether the search goes on from id: not from
// external or unresolved entities (by kind, or by id prefix when the
// entity is missing).
func lookupExpands(id string, g *lookupGraph) bool {
	kind, _, _ := snapshot.ParseEntityID(id)
	if e, ok := g.entity(id); ok {
		kind = e.Kind
	}
	return kind != snapshot.KindExternal && kind != snapshot.KindUnresolved
}
