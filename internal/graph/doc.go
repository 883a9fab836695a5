// Package graph derives graph signals from a snapshot: canonicality
// (PageRank over documentation links), centrality (betweenness over
// imports), import cycles and area suggestions (Louvain communities).
//
// It is a pure stage: a snapshot in, signals out, no IO. PageRank, Tarjan's
// and Johnson's algorithms, and Louvain come from gonum
// (gonum.org/v1/gonum/graph); betweenness and the shortest-cycle searches
// run on a compact int32 adjacency (csr) of their own, because they are the
// hot loops and gonum's betweenness has no sampling mode. Node ids follow
// entity-id order, and the gonum views yield nodes and neighbours in id
// order, so gonum's traversals (which otherwise iterate Go maps) visit the
// graph the same way on every run. Scores are rounded to 6 decimals and
// every list is sorted: the same snapshot, in any entity or relation order,
// gives byte-identical signals.
//
// Every cost is bounded: betweenness is exact up to a V·E bound and sampled
// above it, cycle listing stops at MaxComponentCycles per component, Louvain runs on directories
// and stops at maxAreaDirectories; what a bound cuts is a note in
// Signals.Notes. At the scale of the monorepo corpus (9,342 import-graph
// nodes) Compute takes under 0.2 s; see docs/graph.md.
//
// External and unresolved entities are left out of every graph: they are
// not part of the repository's structure, and a shared third-party hub
// would otherwise dominate every score.
package graph
