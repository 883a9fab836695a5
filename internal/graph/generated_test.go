package graph

import (
	"fmt"
	"math/rand/v2"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// generated builds a TypeScript-like snapshot: groups of n modules under
// src/g<i>/, each importing about k modules mostly of its own group (so
// Louvain has communities to find), a few back edges (so there are
// cycles), and documents linking to each other and mentioning modules.
func generated(n, k int) *snapshot.Snapshot {
	const groups = 4
	rng := rand.New(rand.NewPCG(1, 2))
	var rels []snapshot.Relation
	mod := func(g, i int) string { return fmt.Sprintf("module:src/g%d/m%d.ts", g, i) }
	for g := range groups {
		for i := range n {
			for j := range k {
				tg, ti := g, rng.IntN(n)
				if rng.IntN(10) == 0 {
					tg = rng.IntN(groups)
				}
				if ti > i && rng.IntN(8) != 0 { // mostly downward, like layered code
					ti = rng.IntN(i + 1)
				}
				if tg == g && ti == i {
					continue
				}
				rels = append(rels, rel(snapshot.RelImports, mod(g, i), mod(tg, ti), j+1))
			}
		}
	}
	for d := range n / 2 {
		doc := fmt.Sprintf("document:docs/d%d.md", d)
		rels = append(rels,
			rel(snapshot.RelLinksTo, doc, fmt.Sprintf("document:docs/d%d.md", (d*7+1)%(n/2)), 1),
			rel(snapshot.RelMentions, doc, mod(d%groups, d%n), 2),
			rel(snapshot.RelCovers, doc, mod((d+1)%groups, (d*3)%n), 3))
	}
	// Relations are unique per id, as in a real snapshot.
	seen := map[string]bool{}
	uniq := rels[:0]
	for _, r := range rels {
		if r.From != r.To && !seen[r.ID] {
			seen[r.ID] = true
			uniq = append(uniq, r)
		}
	}
	return snap(nil, uniq)
}

// tangled builds n TypeScript modules under src/t/ on one ring (m0 → m1 →
// … → m0), each importing k more random modules: one strongly connected
// component with a vast number of overlapping elementary cycles.
func tangled(n, k int) *snapshot.Snapshot {
	rng := rand.New(rand.NewPCG(3, 4))
	mod := func(i int) string { return fmt.Sprintf("module:src/t/m%05d.ts", i) }
	seen := map[string]bool{}
	var rels []snapshot.Relation
	add := func(i, j, line int) {
		if r := rel(snapshot.RelImports, mod(i), mod(j), line); i != j && !seen[r.ID] {
			seen[r.ID] = true
			rels = append(rels, r)
		}
	}
	for i := range n {
		add(i, (i+1)%n, 1)
		for j := range k {
			add(i, rng.IntN(n), j+2)
		}
	}
	return snap(nil, rels)
}

// goPackages builds n Go packages under g/, each of three files that all
// import the next package (the last imports the first): package-level
// edges made of several relations each, and one package cycle.
func goPackages(n int) ([]snapshot.Entity, []snapshot.Relation) {
	meta := map[string]any{"language": "golang"}
	var ents []snapshot.Entity
	var rels []snapshot.Relation
	for p := range n {
		pkg := fmt.Sprintf("package:g/p%d", p)
		ents = append(ents, ent(pkg, nil))
		for f := range 3 {
			file := fmt.Sprintf("module:g/p%d/f%d.go", p, f)
			ents = append(ents, ent(file, meta))
			rels = append(rels,
				rel(snapshot.RelContains, pkg, file, 0),
				rel(snapshot.RelImports, file, fmt.Sprintf("package:g/p%d", (p+1)%n), 3+f))
		}
	}
	return ents, rels
}
