package graph

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/graph/community"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Area-suggestion parameters.
const (
	// LouvainSeed seeds Louvain's node shuffling so runs agree.
	LouvainSeed uint64 = 0x646f6362726964 // "docbrid"
	// MaxAreaSuggestions bounds Signals.Areas.
	MaxAreaSuggestions = 50
	// MinAreaMembers is the smallest community worth suggesting.
	MinAreaMembers = 3
	// MaxAreaExamples bounds AreaSuggestion.Examples.
	MaxAreaExamples = 5
)

// areas runs Louvain (Blondel et al. 2008, "Fast unfolding of communities in
// large networks"; gonum community.Modularize, directed modularity,
// resolution 1, seeded with LouvainSeed) over the import graph, roughly
// O(E log V). A community of at least MinAreaMembers becomes a suggestion
// at the longest directory its members share, unless that directory is
// the repository root or already an area. Two communities at one directory
// keep the stronger. The MaxAreaSuggestions with the highest modularity are
// kept, sorted by path.
func areas(ig *importGraph, idx *index, notes []snapshot.Coverage) ([]AreaSuggestion, bool, []snapshot.Coverage) {
	if ig.g.edgeCount() == 0 {
		return nil, false, notes
	}
	reduced := community.Modularize(ig.g, 1, rand.NewPCG(LouvainSeed, LouvainSeed))
	comms := reduced.Communities()
	memberOf := make(map[int64]int)
	groups := make([][]int64, len(comms))
	for i, c := range comms {
		for _, n := range c {
			memberOf[n.ID()] = i
			groups[i] = append(groups[i], n.ID())
		}
	}
	q := communityModularity(ig, memberOf, len(comms))

	best := make(map[string]AreaSuggestion)
	for i, members := range groups {
		if len(members) < MinAreaMembers {
			continue
		}
		slices.Sort(members)
		p := commonDir(ig, idx, members)
		if p == "." || p == "" {
			continue
		}
		if e, ok := idx.entity(snapshot.EntityID(snapshot.KindArea, p)); ok && e.Kind == snapshot.KindArea {
			continue
		}
		s := AreaSuggestion{Path: p, Members: len(members), Modularity: round6(q[i])}
		for _, m := range members[:min(len(members), MaxAreaExamples)] {
			s.Examples = append(s.Examples, ig.num.ids[m])
		}
		if old, ok := best[p]; !ok || stronger(s, old) < 0 {
			best[p] = s
		}
	}
	out := make([]AreaSuggestion, 0, len(best))
	for _, s := range best {
		out = append(out, s)
	}
	slices.SortFunc(out, stronger)
	truncated := len(out) > MaxAreaSuggestions
	if truncated {
		notes = append(notes, snapshot.Coverage{
			Analyzer: Analyzer, Scope: "area-suggestions", Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("%d area suggestions found; the %d with the highest modularity are kept", len(out), MaxAreaSuggestions),
		})
		out = out[:MaxAreaSuggestions]
	}
	slices.SortFunc(out, func(a, b AreaSuggestion) int { return strings.Compare(a.Path, b.Path) })
	return out, truncated, notes
}

// stronger orders suggestions strongest first: modularity, size, path.
func stronger(a, b AreaSuggestion) int {
	return cmp.Or(cmp.Compare(b.Modularity, a.Modularity), cmp.Compare(b.Members, a.Members),
		strings.Compare(a.Path, b.Path), slices.Compare(a.Examples, b.Examples))
}

// communityModularity returns each community's term of the directed
// modularity Q = 1/m Σ_ij [A_ij − k_i^out k_j^in / m] δ(c_i, c_j), the
// quantity gonum's community.Q sums: L_c/m − K_c^out K_c^in / m². It is
// computed in O(E) rather than by calling community.Q per community, which
// costs O(|c|²).
func communityModularity(ig *importGraph, memberOf map[int64]int, n int) []float64 {
	inner := make([]float64, n)
	kout := make([]float64, n)
	kin := make([]float64, n)
	var m float64
	for _, u := range ig.num.all() {
		for _, v := range ig.g.from[u] {
			cu, cv := memberOf[u], memberOf[v.ID()]
			m++
			kout[cu]++
			kin[cv]++
			if cu == cv {
				inner[cu]++
			}
		}
	}
	q := make([]float64, n)
	for i := range q {
		q[i] = inner[i]/m - kout[i]*kin[i]/(m*m)
	}
	return q
}

// commonDir is the longest directory shared by the members: a package's
// own directory, a module's parent directory.
func commonDir(ig *importGraph, idx *index, members []int64) string {
	var prefix []string
	for i, m := range members {
		e, ok := idx.entity(ig.num.ids[m])
		if !ok {
			return ""
		}
		d := entityPath(e)
		if e.Kind != snapshot.KindPackage {
			d = dir(d)
		}
		parts := strings.Split(d, "/")
		if d == "." {
			parts = nil
		}
		if i == 0 {
			prefix = parts
			continue
		}
		k := 0
		for k < len(prefix) && k < len(parts) && prefix[k] == parts[k] {
			k++
		}
		prefix = prefix[:k]
	}
	if len(prefix) == 0 {
		return "."
	}
	return strings.Join(prefix, "/")
}
