package scan

import (
	"fmt"
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
