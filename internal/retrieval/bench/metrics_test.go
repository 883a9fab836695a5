package bench

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval"
)

// fixedSearcher answers each query from a table.
type fixedSearcher map[string][]Hit

func (f fixedSearcher) Search(q string, limit int) []Hit {
	h := f[q]
	if len(h) > limit {
		// Deliberately ignores the limit when told to, to test Run's cut.
		if f["_overflow"] != nil {
			return h
		}
		h = h[:limit]
	}
	return h
}

// hitsWithTargetAt returns n filler hits with the target at 1-based rank
// (0: absent).
func hitsWithTargetAt(rank, n int, target Hit) []Hit {
	out := make([]Hit, n)
	for i := range out {
		out[i] = Hit{ID: fmt.Sprintf("module:filler%d.go", i), Path: fmt.Sprintf("filler%d.go", i)}
	}
	if rank > 0 {
		out[rank-1] = target
	}
	return out
}

func mkCase(id, kind string, targets ...string) Case {
	return Case{ID: id, Input: "q-" + id, Metadata: Metadata{ExpectedTargets: targets, Kind: kind}}
}

func TestRunMetrics(t *testing.T) {
	doc := Hit{ID: "document:docs/a.md", Path: "docs/a.md"}
	mod := Hit{ID: "module:x.go", Path: "x.go"}
	s := Suite{Name: "t", Cases: []Case{
		mkCase("r1", kindSymbol, "module:x.go"),            // rank 1 by id
		mkCase("r2", kindSymbol, "x.go"),                   // rank 2 by path
		mkCase("r4", kindQuestion, "docs/a.md", "nope.md"), // rank 4: no hit@3
		mkCase("miss", kindQuestion, "docs/a.md"),          // hits, none matching
		mkCase("zero", kindQuestion, "docs/a.md"),          // no hits at all
	}}
	sr := fixedSearcher{
		"q-r1":   hitsWithTargetAt(1, 5, mod),
		"q-r2":   hitsWithTargetAt(2, 5, mod),
		"q-r4":   hitsWithTargetAt(4, 5, doc),
		"q-miss": hitsWithTargetAt(0, 5, doc),
	}
	res := Run(s, sr)
	var ranks []int
	for _, c := range res.Cases {
		ranks = append(ranks, c.Rank)
	}
	if want := []int{1, 2, 4, 0, 0}; !reflect.DeepEqual(ranks, want) {
		t.Fatalf("ranks %v, want %v", ranks, want)
	}
	// Expected values follow from the ranks above by the definitions.
	wantOverall := Metrics{Cases: 5, Hit1: 1.0 / 5, Hit3: 2.0 / 5, MRR: (1 + 0.5 + 0.25) / 5, ZeroRate: 1.0 / 5}
	assertMetrics(t, "overall", res.Overall, wantOverall)
	if len(res.ByKind) != 2 || res.ByKind[0].Kind != kindSymbol || res.ByKind[1].Kind != kindQuestion {
		t.Fatalf("by kind %+v, want symbol then question only", res.ByKind)
	}
	assertMetrics(t, "symbol", res.ByKind[0].Metrics, Metrics{Cases: 2, Hit1: 0.5, Hit3: 1, MRR: 0.75})
	assertMetrics(t, "question", res.ByKind[1].Metrics, Metrics{Cases: 3, MRR: 0.25 / 3, ZeroRate: 1.0 / 3})
	var misses []string
	for _, m := range res.Misses() {
		misses = append(misses, m.ID)
	}
	if want := []string{"r4", "miss", "zero"}; !reflect.DeepEqual(misses, want) {
		t.Errorf("misses %v, want %v", misses, want)
	}
	if got := res.Cases[3].Top; len(got) != maxTopHits || got[0] != "module:filler0.go" {
		t.Errorf("top of a miss %v, want the first %d hits", got, maxTopHits)
	}
	if !reflect.DeepEqual(res, Run(s, sr)) {
		t.Error("two runs differ")
	}
}

// TestRunCutsAtLimit: a searcher that returns more than searchLimit hits
// gains nothing from a match past the limit.
func TestRunCutsAtLimit(t *testing.T) {
	mod := Hit{ID: "module:x.go"}
	sr := fixedSearcher{
		"_overflow": {},
		"q-at":      hitsWithTargetAt(searchLimit, searchLimit+5, mod),
		"q-past":    hitsWithTargetAt(searchLimit+1, searchLimit+5, mod),
	}
	res := Run(Suite{Cases: []Case{mkCase("at", kindPath, "module:x.go"), mkCase("past", kindPath, "module:x.go")}}, sr)
	if res.Cases[0].Rank != searchLimit || res.Cases[1].Rank != 0 || res.Cases[1].Hits != searchLimit {
		t.Errorf("cases %+v: want rank %d, then a miss with %d hits", res.Cases, searchLimit, searchLimit)
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		hit     Hit
		targets []string
		want    bool
	}{
		{Hit{ID: "module:a/b.go", Path: "a/b.go"}, []string{"module:a/b.go"}, true},
		{Hit{ID: "module:a/b.go", Path: "a/b.go"}, []string{"a/b.go"}, true},
		{Hit{ID: "package:a", Path: "a"}, []string{"a"}, true},
		{Hit{ID: "area:a", Path: "a"}, []string{"package:a"}, false},
		{Hit{ID: "module:a/b.go", Path: "a/b.go"}, []string{"a"}, false},
		{Hit{ID: "module:x"}, []string{""}, false},
	}
	for _, tt := range tests {
		if got := matches(tt.hit, tt.targets); got != tt.want {
			t.Errorf("matches(%+v, %q) = %v, want %v", tt.hit, tt.targets, got, tt.want)
		}
	}
}

func assertMetrics(t *testing.T, name string, got, want Metrics) {
	t.Helper()
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if got.Cases != want.Cases || !near(got.Hit1, want.Hit1) || !near(got.Hit3, want.Hit3) || !near(got.MRR, want.MRR) || !near(got.ZeroRate, want.ZeroRate) {
		t.Errorf("%s: got %+v, want %+v", name, got, want)
	}
}

func TestMissingTargets(t *testing.T) {
	p := proj(
		retrieval.Entry{ID: "document:docs/a.md", Path: "docs/a.md"},
		retrieval.Entry{ID: "package:internal/x", Path: "internal/x"},
	)
	s := Suite{Cases: []Case{
		mkCase("ok", kindPath, "docs/a.md", "package:internal/x", "internal/x", "document:docs/a.md"),
		mkCase("gone", kindPath, "docs/b.md", "docs/a.md", "module:internal/x/y.go"),
	}}
	got, more := MissingTargets(s, p)
	want := []MissingTarget{{"gone", "docs/b.md"}, {"gone", "module:internal/x/y.go"}}
	if !reflect.DeepEqual(got, want) || more != 0 {
		t.Errorf("got %v (+%d), want %v", got, more, want)
	}
	var many []string
	for i := 0; i < maxTargets; i++ {
		many = append(many, fmt.Sprintf("gone%d.md", i))
	}
	var cases []Case
	for i := 0; i*maxTargets <= maxMissingTargets; i++ {
		cases = append(cases, mkCase(fmt.Sprint(i), kindPath, many...))
	}
	got, more = MissingTargets(Suite{Cases: cases}, p)
	if len(got) != maxMissingTargets || more != len(cases)*maxTargets-maxMissingTargets {
		t.Errorf("listed %d and counted %d more of %d", len(got), more, len(cases)*maxTargets)
	}
}
