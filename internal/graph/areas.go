package graph

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"path"
	"slices"
	"strings"

	"gonum.org/v1/gonum/graph/community"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Area-suggestion parameters.
const (
	// louvainSeed seeds Louvain's node shuffling so runs agree.
	louvainSeed uint64 = 0x646f6362726964 // "docbrid"
	// maxAreaSuggestions bounds Signals.Areas.
	maxAreaSuggestions = 50
	// minAreaMembers is the smallest community worth suggesting.
	minAreaMembers = 3
	// maxAreaExamples bounds AreaSuggestion.Examples.
	maxAreaExamples = 5
	// maxAreaDirectories bounds the directory graph Louvain runs on; above
	// it no area is suggested and a note says so. gonum's local moving
	// step costs the size of every neighbouring community per node, so it
	// grows faster than the graph.
	maxAreaDirectories = 20_000
)

// areas suggests areas from Louvain communities (Blondel et al. 2008, "Fast
// unfolding of communities in large networks"; gonum community.Modularize,
// resolution 1, seeded with louvainSeed).
//
// Louvain runs on the directory graph, not the module graph: every node of
// the import graph is folded into its directory (a package's own, a
// module's parent), and the import edges between two directories, in
// either direction, become one undirected edge weighted by their count. A
// suggestion is a directory anyway, so the finer clustering bought
// nothing, and gonum's local moving step, which sums over every member of
// each neighbouring community, took 1.8 s on the monorepo corpus's 9,342
// modules and takes 75 ms on their 1,326 directories. gonum drops
// self-loops on input, yet a directory's own imports are what holds it
// together (they add to its degree and to its community's inner weight),
// so a directory with inner imports gets a twin node joined to it by an
// edge of that weight. While the two share a community every modularity
// term equals the self-loop's, and they share one once Louvain converges:
// the twin's only neighbour is its directory, so joining the directory's
// community always raises modularity.
//
// The communities are lifted back to import-graph nodes. One of at least
// minAreaMembers with a positive modularity term (a community holding the
// whole graph has 0: it separates nothing) becomes a suggestion at the
// longest directory its members share, unless that directory is the
// repository root or already an area; its modularity is its term of the
// directed modularity of the module graph. Two communities at one
// directory keep the stronger. The maxAreaSuggestions with the highest
// modularity are kept, sorted by path.
func areas(ig *importGraph, idx *index, notes []snapshot.Coverage) ([]AreaSuggestion, bool, []snapshot.Coverage) {
	if ig.csr.edges() == 0 {
		return nil, false, notes
	}
	dirOf, dirs := directories(ig, idx)
	if len(dirs) > maxAreaDirectories {
		return nil, false, append(notes, snapshot.Coverage{
			Analyzer: analyzer, Scope: "area-suggestions", Status: snapshot.StatusNotAnalyzed,
			Reason: fmt.Sprintf("Area suggestions skipped: the import graph spans %d directories, above the bound of %d", len(dirs), maxAreaDirectories),
		})
	}
	dirComm := louvainDirectories(ig, dirOf, len(dirs))
	nComm := slices.Max(dirComm) + 1
	memberOf := make([]int, len(ig.ids))
	groups := make([][]int32, nComm)
	for v := range ig.ids {
		c := dirComm[dirOf[v]]
		memberOf[v] = c
		groups[c] = append(groups[c], int32(v)) // ascending
	}
	q := communityModularity(ig, memberOf, nComm)

	best := make(map[string]AreaSuggestion)
	for i, members := range groups {
		if len(members) < minAreaMembers || round6(q[i]) <= 0 {
			continue // too small, or no denser inside than chance
		}
		p := commonDir(ig, idx, members)
		if p == "." || p == "" {
			continue
		}
		if e, ok := idx.entity(snapshot.EntityID(snapshot.KindArea, p)); ok && e.Kind == snapshot.KindArea {
			continue
		}
		s := AreaSuggestion{Path: p, Members: len(members), Modularity: round6(q[i])}
		for _, m := range members[:min(len(members), maxAreaExamples)] {
			s.Examples = append(s.Examples, ig.ids[m])
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
	truncated := len(out) > maxAreaSuggestions
	if truncated {
		notes = append(notes, snapshot.Coverage{
			Analyzer: analyzer, Scope: "area-suggestions", Status: snapshot.StatusPartial,
			Reason: fmt.Sprintf("%d area suggestions found; the %d with the highest modularity are kept", len(out), maxAreaSuggestions),
		})
		out = out[:maxAreaSuggestions]
	}
	slices.SortFunc(out, func(a, b AreaSuggestion) int { return strings.Compare(a.Path, b.Path) })
	return out, truncated, notes
}

// directories numbers the directories of the import graph's nodes in path
// order and returns each node's directory number.
func directories(ig *importGraph, idx *index) ([]int32, []string) {
	paths := make([]string, len(ig.ids))
	set := make(map[string]bool)
	for v, id := range ig.ids {
		paths[v] = nodeDir(idx, id)
		set[paths[v]] = true
	}
	num := newNumbering(set)
	dirOf := make([]int32, len(paths))
	for v, p := range paths {
		dirOf[v] = num.index[p]
	}
	return dirOf, num.ids
}

// louvainDirectories runs Louvain on the weighted directory graph (twins
// for inner imports, see areas) and returns each directory's community
// number, numbered in order of each community's smallest directory.
func louvainDirectories(ig *importGraph, dirOf []int32, nDirs int) []int {
	inner := make([]float64, nDirs)
	var edges []weightedEdge
	for u := range int32(ig.csr.nodes()) {
		for _, v := range ig.csr.out(u) {
			a, b := dirOf[u], dirOf[v]
			if a == b {
				inner[a]++
				continue
			}
			edges = append(edges, weightedEdge{a, b, 1}) // summed by the graph
		}
	}
	n := nDirs
	for d, w := range inner {
		if w > 0 {
			edges = append(edges, weightedEdge{int32(d), int32(n), w})
			n++
		}
	}
	g := newWeightedUndirected(n, edges)
	reduced := community.Modularize(g, 1, rand.NewPCG(louvainSeed, louvainSeed))
	raw := make([]int, nDirs)
	for i, c := range reduced.Communities() {
		for _, node := range c {
			if id := node.ID(); id < int64(nDirs) { // twins follow their directory
				raw[id] = i
			}
		}
	}
	// gonum numbers communities in its own order; renumber them by
	// smallest directory so the numbering is a property of the partition.
	renum := make(map[int]int)
	comm := make([]int, nDirs)
	for d, c := range raw {
		k, ok := renum[c]
		if !ok {
			k = len(renum)
			renum[c] = k
		}
		comm[d] = k
	}
	return comm
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
func communityModularity(ig *importGraph, memberOf []int, n int) []float64 {
	inner := make([]float64, n)
	kout := make([]float64, n)
	kin := make([]float64, n)
	var m float64
	for u := range int32(ig.csr.nodes()) {
		for _, v := range ig.csr.out(u) {
			cu, cv := memberOf[u], memberOf[v]
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

// nodeDir is the directory of an import-graph node: a package's own, a
// module's parent.
func nodeDir(idx *index, id string) string {
	e, ok := idx.entity(id)
	if !ok {
		return "."
	}
	if e.Kind == snapshot.KindPackage {
		return snapshot.EntityPath(e)
	}
	return path.Dir(snapshot.EntityPath(e))
}

// commonDir is the longest directory shared by the members' directories.
func commonDir(ig *importGraph, idx *index, members []int32) string {
	var prefix []string
	for i, m := range members {
		d := nodeDir(idx, ig.ids[m])
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
