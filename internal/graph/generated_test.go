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
