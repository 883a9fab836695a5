package reconcile

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
)

// TestRulesListEveryCodeOnce: each code a rule emits is in the catalog and
// belongs to one rule only, so turning a code off skips exactly one rule.
func TestRulesListEveryCodeOnce(t *testing.T) {
	owner := map[string]int{}
	for i, r := range rules {
		if len(r.codes) == 0 || r.run == nil {
			t.Errorf("rule %d has no codes or no run function", i)
		}
		for _, c := range r.codes {
			if _, ok := catalog.Lookup(c); !ok {
				t.Errorf("rule %d emits %s, which the catalog does not know", i, c)
			}
			if j, ok := owner[c]; ok {
				t.Errorf("%s belongs to rules %d and %d", c, j, i)
			}
			owner[c] = i
		}
	}
}

// TestRuleOrderDoesNotReachOutput: the rules run in any order give
// byte-identical diagnostics (finalize sorts, supersede compares sets), so
// the list's order is free to change.
func TestRuleOrderDoesNotReachOutput(t *testing.T) {
	for _, tc := range everyRuleGroup {
		t.Run(tc.head, func(t *testing.T) {
			head, cfg := scanDir(t, filepath.Join("testdata", tc.head))
			in := Input{Head: head, Signals: graph.Compute(head, graph.Options{}), Config: cfg}
			if tc.base != "" {
				in.Base, _ = scanDir(t, filepath.Join("testdata", tc.base))
			}
			encode := func(rs []rule) []byte {
				data, err := json.Marshal(runRules(in, rs))
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			want := encode(rules)
			if !bytes.Contains(want, []byte(`"code"`)) {
				t.Fatalf("fixture %s yields no diagnostics; the test would prove nothing", tc.head)
			}
			reversed := slices.Clone(rules)
			slices.Reverse(reversed)
			orders := [][]rule{reversed}
			for seed := uint64(1); seed <= 3; seed++ {
				rs := slices.Clone(rules)
				r := rand.New(rand.NewPCG(seed, 11))
				r.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
				orders = append(orders, rs)
			}
			for i, rs := range orders {
				if got := encode(rs); !bytes.Equal(got, want) {
					t.Fatalf("order %d: the diagnostics depend on the rules' order\n got %s\nwant %s", i, got, want)
				}
			}
		})
	}
}
