package graph

import (
	"slices"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Reuse returns the signals of s under opts: prev's values when s holds
// the graph prev was computed over — everything Compute reads of a
// snapshot — under the same options, else Compute(s, opts). Either way
// the signals carry the index of s, for the stages after. A judgement of
// edited documents gets the head's signals this way when an edit changes
// no relation the signals walk (a link's #fragment), instead of computing
// them all again.
//
// Cost: one pass over the entities and relations of both snapshots, and
// the index of s that the rules build anyway; Compute's when they differ.
func Reuse(prev *Signals, s *snapshot.Snapshot, opts Options) *Signals {
	opts = opts.withDefaults()
	if prev == nil || prev.index == nil || s == nil || !sameOptions(prev.opts, opts) {
		return Compute(s, opts)
	}
	idx := newIndex(s)
	if !sameGraph(wrap(prev.index), idx) {
		return compute(idx, opts)
	}
	out := *prev
	out.index = idx.Index
	return &out
}

// sameOptions reports whether Compute gives the same signals under a and
// b, both with their defaults: the same bounds, exclusions and base (the
// same snapshot, by identity).
func sameOptions(a, b Options) bool {
	return a.MaxBetweennessNodes == b.MaxBetweennessNodes && a.MaxExactBetweennessWork == b.MaxExactBetweennessWork &&
		a.BetweennessPivots == b.BetweennessPivots && a.TypeImports == b.TypeImports && a.Base == b.Base &&
		slices.Equal(a.CycleExclude, b.CycleExclude)
}

// sameGraph reports whether Compute reads the same of a and b: the
// entities in id order with their kinds, paths and the module metadata
// the import graph reads (isGo, isTest), and, in snapshot order, the
// relations of the kinds it walks (walked) with their ends, an import's
// evidence (the cycles' edges carry it) and its marks (runtime.go). A
// field Compute comes to read must be compared here too; the test that
// changes each field of a snapshot in turn holds it to that.
func sameGraph(a, b *index) bool {
	if len(a.entities) != len(b.entities) {
		return false
	}
	for i := range a.entities {
		x, y := &a.entities[i], &b.entities[i]
		if x.ID != y.ID || x.Kind != y.Kind || x.Path != y.Path || isGo(x) != isGo(y) || isTest(x) != isTest(y) {
			return false
		}
	}
	i, j := 0, 0
	for {
		for i < len(a.relations) && !walked[a.relations[i].Kind] {
			i++
		}
		for j < len(b.relations) && !walked[b.relations[j].Kind] {
			j++
		}
		if i == len(a.relations) || j == len(b.relations) {
			return i == len(a.relations) && j == len(b.relations)
		}
		if !sameRelation(&a.relations[i], &b.relations[j]) {
			return false
		}
		i, j = i+1, j+1
	}
}

// walked are the relation kinds Compute reads: links and coverage
// (canonicality), containment (a Go module's package) and imports.
var walked = map[string]bool{
	snapshot.RelLinksTo: true, snapshot.RelCovers: true, snapshot.RelContains: true,
	snapshot.RelImports: true, snapshot.RelReExports: true,
}

// sameRelation compares two relations of a walked kind as Compute reads
// them.
func sameRelation(x, y *snapshot.Relation) bool {
	if x.Kind != y.Kind || x.From != y.From || x.To != y.To {
		return false
	}
	if x.Kind != snapshot.RelImports && x.Kind != snapshot.RelReExports {
		return true
	}
	if !slices.Equal(x.Evidence, y.Evidence) {
		return false
	}
	for _, k := range importMarks {
		a, _ := x.Metadata[k].(bool)
		b, _ := y.Metadata[k].(bool)
		if a != b {
			return false
		}
	}
	return true
}

// importMarks are the metadata keys of an import the cycle graph reads.
var importMarks = []string{MetaTypeOnly, MetaDeferred, MetaGuarded, MetaFacade}
