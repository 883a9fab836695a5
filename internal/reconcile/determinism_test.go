package reconcile

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// shuffled returns a copy of s with entities, relations and coverage in a
// random order: a snapshot read from elsewhere need not be sorted.
func shuffled(s *snapshot.Snapshot, r *rand.Rand) *snapshot.Snapshot {
	c := *s
	c.Entities = append([]snapshot.Entity(nil), s.Entities...)
	c.Relations = append([]snapshot.Relation(nil), s.Relations...)
	c.Coverage = append([]snapshot.Coverage(nil), s.Coverage...)
	r.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
	r.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
	r.Shuffle(len(c.Coverage), func(i, j int) { c.Coverage[i], c.Coverage[j] = c.Coverage[j], c.Coverage[i] })
	return &c
}

// everyRuleGroup are fixtures (a base, "" for none, and a head under
// testdata) that together exercise every rule group: links, anchors, paths,
// cycles, areas, drift.
var everyRuleGroup = []struct{ base, head string }{
	{filepath.Join("drift", "symbol_rename", "base"), filepath.Join("drift", "symbol_rename", "head")},
	{filepath.Join("drift", "renamed_heading", "base"), filepath.Join("drift", "renamed_heading", "head")},
	{"", "cycles"},
	{"", "areas"},
	{"", "linkpeer"},
}

// TestCheckIsDeterministic: the same head and base, in any order, give
// byte-identical diagnostics and comparison. The fixtures together
// exercise every rule group (links, anchors, paths, cycles, areas, drift).
func TestCheckIsDeterministic(t *testing.T) {
	for _, tc := range everyRuleGroup {
		t.Run(tc.head, func(t *testing.T) {
			head, cfg := scanDir(t, filepath.Join("testdata", tc.head))
			var base *snapshot.Snapshot
			if tc.base != "" {
				base, _ = scanDir(t, filepath.Join("testdata", tc.base))
			}
			encode := func(h, b *snapshot.Snapshot) []byte {
				res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg})
				data, err := json.Marshal(res)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			before, err := snapshot.Marshal(head)
			if err != nil {
				t.Fatal(err)
			}
			want := encode(head, base)
			// A sorted snapshot's lists are shared with the view, not
			// copied: reconciling must leave them as they were.
			if after, _ := snapshot.Marshal(head); !bytes.Equal(after, before) {
				t.Fatal("Check changed the head snapshot it was given")
			}
			if !bytes.Contains(want, []byte(`"code"`)) {
				t.Fatalf("fixture %s yields no diagnostics; the test would prove nothing", tc.head)
			}
			for seed := uint64(1); seed <= 5; seed++ {
				r := rand.New(rand.NewPCG(seed, 7))
				var b *snapshot.Snapshot
				if base != nil {
					b = shuffled(base, r)
				}
				if got := encode(shuffled(head, r), b); !bytes.Equal(got, want) {
					t.Fatalf("seed %d: output depends on input order\n got %s\nwant %s", seed, got, want)
				}
			}
		})
	}
}
