package scan

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestBuilderSortsRelationsByID checks the grouped sort against a plain sort
// of the ids, including entity ids holding "->" (a group prefix that is a
// prefix of another, where grouping alone would misorder) and kinds that
// are prefixes of each other.
func TestBuilderSortsRelationsByID(t *testing.T) {
	for _, tc := range []struct {
		name  string
		froms []string
	}{
		{"plain", []string{"document:a.md", "document:a.md.bak", "document:a", "module:z.ts"}},
		{"arrow inside an id", []string{"document:a", "document:a->b", "document:a-", "document:a->"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want []string
			build := func() *builder { // snapshot consumes its builder
				b := newBuilder(0, 0)
				want = want[:0]
				for i, from := range tc.froms {
					for _, kind := range []string{snapshot.RelMentions, snapshot.RelMentionsSymbol, "m"} {
						for _, to := range []string{"module:b.ts", "module:a.ts", "b->x", fmt.Sprint("module:", i)} {
							b.relate(kind, from, to, snapshot.Observed, snapshot.Evidence{Path: from})
							want = append(want, snapshot.RelationID(kind, from, to))
						}
					}
				}
				slices.Sort(want)
				want = slices.Compact(want)
				return b
			}
			for _, workers := range []int{1, 2, 5} {
				b := build()
				var got []string
				for _, r := range b.snapshot(workers).Relations {
					got = append(got, r.ID)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%d workers: relations in order\n%s\nwant\n%s", workers, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		})
	}
}

// TestBuilderEvidenceDoesNotShareSlabs: relations take their first evidence
// from a shared slab; a second occurrence must not overwrite a neighbour's.
func TestBuilderEvidenceDoesNotShareSlabs(t *testing.T) {
	b := newBuilder(0, 0)
	a := b.relate(snapshot.RelMentions, "document:a", "module:x", snapshot.Observed, snapshot.Evidence{Path: "a", LineStart: 1})
	c := b.relate(snapshot.RelMentions, "document:c", "module:x", snapshot.Observed, snapshot.Evidence{Path: "c", LineStart: 1})
	b.relate(snapshot.RelMentions, "document:a", "module:x", snapshot.Observed, snapshot.Evidence{Path: "a", LineStart: 2})
	if len(a.Evidence) != 2 || a.Evidence[1].LineStart != 2 {
		t.Fatalf("a's evidence %+v, want lines 1 and 2", a.Evidence)
	}
	if len(c.Evidence) != 1 || c.Evidence[0].Path != "c" || c.Evidence[0].LineStart != 1 {
		t.Fatalf("c's evidence %+v was overwritten", c.Evidence)
	}
}

// TestBuilderGroupsPastTheScannedBound: a group finds its relations by
// target whether it scans its members or keeps a map (past maxScanned),
// and the relations come out the same, in id order, however the
// occurrences were shuffled.
func TestBuilderGroupsPastTheScannedBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 2))
	for _, n := range []int{1, maxScanned, maxScanned + 1, 3 * maxScanned} {
		var tos []string
		for i := range n {
			tos = append(tos, fmt.Sprintf("module:m%d.ts", i), fmt.Sprintf("module:m%d.ts", i)) // each twice
		}
		var first []snapshot.Relation
		for round := range 4 {
			rng.Shuffle(len(tos), func(i, j int) { tos[i], tos[j] = tos[j], tos[i] })
			b := newBuilder(0, 0)
			for _, to := range tos {
				b.relate(snapshot.RelImports, "module:a.ts", to, snapshot.Observed, snapshot.Evidence{Path: "a.ts", LineStart: 1})
			}
			for i := range n {
				to := fmt.Sprintf("module:m%d.ts", i)
				if r := b.lookup(snapshot.RelImports, "module:a.ts", to); r == nil || r.To != to || len(r.Evidence) != 2 {
					t.Fatalf("%d targets: lookup(%s) = %+v, want it with two occurrences", n, to, r)
				}
			}
			if b.lookup(snapshot.RelImports, "module:a.ts", "module:absent.ts") != nil {
				t.Fatalf("%d targets: an absent target found", n)
			}
			if b.relations != n {
				t.Fatalf("%d targets: %d relations recorded", n, b.relations)
			}
			got := b.snapshot(1 + round%3).Relations
			if !slices.IsSortedFunc(got, func(x, y snapshot.Relation) int { return strings.Compare(x.ID, y.ID) }) || len(got) != n {
				t.Fatalf("%d targets: %d relations, sorted %v", n, len(got), slices.IsSortedFunc(got, func(x, y snapshot.Relation) int { return strings.Compare(x.ID, y.ID) }))
			}
			if first == nil {
				first = got
			} else if !reflect.DeepEqual(got, first) {
				t.Fatalf("%d targets: round %d differs", n, round)
			}
		}
	}
}
