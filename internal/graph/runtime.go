package graph

import (
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"gonum.org/v1/gonum/graph/topo"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// MetaTypeOnly is the relation metadata key the scan sets on an imports or
// re-exports relation every import of which is type-only (TypeScript
// `import type`, an import of interfaces and type aliases only, Python
// imports under `if TYPE_CHECKING:`): it holds at compile time only, so it
// closes no cycle that matters at run time.
const MetaTypeOnly = "typeOnly"

// MetaDeferred is the relation metadata key the scan sets on an imports
// relation every import of which runs only after the importing module has
// loaded (a Python import in a function body, a dynamic import()): it
// cannot take part in a circular-import failure, so it closes no cycle
// either.
const MetaDeferred = "deferred"

// MetaGuarded is the relation metadata key the scan sets on an imports
// relation none of whose imports can fail the load (a Python import in a
// try that falls back on ImportError, or a deferred or type-only one): an
// optional dependency closes no cycle that breaks the load.
const MetaGuarded = "guarded"

// MetaFacade is the relation metadata key the scan sets on an imports
// relation none of whose imports can close a cycle that fails at load: a
// Python submodule's import of its own package's __init__.py that only
// reads what the package bound before loading the submodule (or a guarded,
// deferred or type-only import).
const MetaFacade = "facade"

// cycleGraph is the import graph cycle detection reads: the import graph's
// nodes, without the edges made only of type-only imports (unless
// Options.TypeImports) or of imports that cannot close a cycle failing at
// load (deferred, guarded, facade or type-only), and without every edge touching a node on a cycle whose path
// Options.CycleExclude matches (withoutExcluded).
type cycleGraph struct {
	csr      *csr
	typeEdge map[[2]int32]bool // import-graph edges made only of type-only imports
	// base holds the cycle-graph edges of the base snapshot by entity id;
	// nil without a base.
	base map[[2]string]bool
	ids  []string
}

// newCycleGraph derives the cycle graph of ig under opts.
func newCycleGraph(ig *importGraph, opts Options) *cycleGraph {
	cg := &cycleGraph{typeEdge: map[[2]int32]bool{}, ids: ig.ids}
	var edges [][2]int32
	for e, list := range ig.relations {
		typeOnly, harmless := true, true
		for _, ri := range list {
			m := ig.idx.relations[ri].Metadata
			t, _ := m[MetaTypeOnly].(bool)
			typeOnly = typeOnly && t
			mark := t
			for _, k := range []string{MetaDeferred, MetaGuarded, MetaFacade} {
				b, _ := m[k].(bool)
				mark = mark || b
			}
			harmless = harmless && mark
		}
		if typeOnly {
			cg.typeEdge[e] = true
		}
		if harmless && !(typeOnly && opts.TypeImports) {
			continue // no cycle failing at load and (unless asked) none in types
		}
		edges = append(edges, e)
	}
	if len(opts.CycleExclude) > 0 {
		edges = withoutExcluded(ig, edges, opts.CycleExclude)
	}
	cg.csr = newCSR(len(ig.ids), edges)
	if opts.Base != nil {
		bo := opts
		bo.Base = nil
		b := newCycleGraph(buildImportGraph(newIndex(opts.Base)), bo)
		cg.base = make(map[[2]string]bool, b.csr.edges())
		for u := range int32(b.csr.nodes()) {
			for _, v := range b.csr.out(u) {
				cg.base[[2]string{b.ids[u], b.ids[v]}] = true
			}
		}
	}
	return cg
}

// withoutExcluded drops the edges touching a node whose path one of the
// gitignore-syntax patterns matches. Only the nodes on a cycle of the graph
// the edges make are matched: an edge off every cycle closes none with or
// without its nodes, and no one reads the cycle graph but cycle detection
// (the base's edges are asked about only inside a component of the head,
// whose nodes no pattern matches). Matching every node's path took a
// fifth of the graph signals' time.
func withoutExcluded(ig *importGraph, edges [][2]int32, exclude []string) [][2]int32 {
	var onCycle []int32
	for _, c := range topo.TarjanSCC(newOrdered(newCSR(len(ig.ids), edges))) {
		if len(c) >= 2 {
			for _, n := range c {
				onCycle = append(onCycle, int32(n.ID()))
			}
		}
	}
	if len(onCycle) == 0 {
		return edges
	}
	patterns := make([]gitignore.Pattern, 0, len(exclude))
	for _, p := range exclude {
		patterns = append(patterns, gitignore.ParsePattern(p, nil))
	}
	m := gitignore.NewMatcher(patterns)
	excluded := map[int32]bool{}
	for _, i := range onCycle {
		e, ok := ig.idx.entity(ig.ids[i])
		if !ok {
			continue
		}
		if p := snapshot.EntityPath(e); p != "" && p != "." && m.Match(strings.Split(p, "/"), e.Kind == snapshot.KindPackage) {
			excluded[i] = true
		}
	}
	if len(excluded) == 0 {
		return edges
	}
	kept := edges[:0:0]
	for _, e := range edges {
		if !excluded[e[0]] && !excluded[e[1]] {
			kept = append(kept, e)
		}
	}
	return kept
}

// typeOnly reports whether the import-graph edge u→v is made only of
// type-only imports.
func (cg *cycleGraph) typeOnly(u, v int32) bool { return cg.typeEdge[[2]int32{u, v}] }

// added lists, in local ids and sorted, the edges of the component (sub is
// its induced cycle graph over members) that the base's cycle graph does
// not hold; nil without a base.
func (cg *cycleGraph) added(members []int32, sub *csr) [][2]int32 {
	if cg.base == nil {
		return nil
	}
	var out [][2]int32
	for u := range int32(sub.nodes()) {
		for _, v := range sub.out(u) {
			if !cg.base[[2]string{cg.ids[members[u]], cg.ids[members[v]]}] {
				out = append(out, [2]int32{u, v})
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int32) int { return slices.Compare(a[:], b[:]) })
	return out
}
