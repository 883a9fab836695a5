// Package graph derives graph signals from a snapshot: canonicality
// (PageRank over documentation links), centrality (betweenness over
// imports), import cycles, proximity (bounded breadth-first search) and
// area suggestions (Louvain communities).
//
// It is a pure stage: a snapshot in, signals out, no IO. Every algorithm
// comes from gonum (gonum.org/v1/gonum/graph). Graphs are built from the
// sorted entity list, so node ids follow entity-id order, and they are
// traversed through a view that yields nodes and neighbours in id order, so
// gonum's traversals (which otherwise iterate Go maps) visit the graph the
// same way on every run. Scores are rounded to 6 decimals and every list is
// sorted: the same snapshot, in any entity or relation order, gives
// byte-identical signals.
//
// External and unresolved entities are left out of every graph: they are
// not part of the repository's structure, and a shared third-party hub
// would otherwise dominate every score.
package graph
