package graph

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/community"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestComputeShuffleDeterministic: the same snapshot in any entity and
// relation order gives byte-identical signals.
func TestComputeShuffleDeterministic(t *testing.T) {
	s := generated(40, 3)
	want, err := json.Marshal(Compute(s, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	sig := Compute(s, Options{})
	if len(sig.Cycles) == 0 || len(sig.Areas) == 0 || len(sig.Centrality) == 0 || len(sig.Canonicality) == 0 {
		t.Fatalf("fixture too weak: %d cycles, %d areas, %d centrality, %d canonicality",
			len(sig.Cycles), len(sig.Areas), len(sig.Centrality), len(sig.Canonicality))
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 10 {
		c := *s
		c.Entities, c.Relations = slices.Clone(s.Entities), slices.Clone(s.Relations)
		rng.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
		rng.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
		got, err := json.Marshal(Compute(&c, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("shuffle %d: signals differ", i)
		}
	}
}

// TestAreas: two groups of modules that import within themselves, joined by
// one edge, are suggested as their directories; an existing area is not
// suggested again.
func TestAreas(t *testing.T) {
	rels := imports(
		"x/a>x/b", "x/b>x/c", "x/c>x/a", "x/a>x/d", "x/d>x/b",
		"y/a>y/b", "y/b>y/c", "y/c>y/a", "y/a>y/d", "y/d>y/c",
		"x/a>y/a")
	sig := Compute(snap(nil, rels), Options{})
	if got := []string{sig.Areas[0].Path, sig.Areas[1].Path}; len(sig.Areas) != 2 || !slices.Equal(got, []string{"src/x", "src/y"}) {
		t.Fatalf("areas = %+v, want src/x and src/y", sig.Areas)
	}
	for _, a := range sig.Areas {
		if a.Members != 4 || len(a.Examples) != 4 || !strings.HasPrefix(a.Examples[0], "module:"+a.Path+"/") {
			t.Errorf("area %+v, want 4 members of %s", a, a.Path)
		}
	}
	// The per-community term must match gonum's Q for that community.
	ig := buildImportGraph(newIndex(snap(nil, rels)))
	var xs []graph.Node
	for i, id := range ig.num.ids {
		if strings.HasPrefix(id, "module:src/x/") {
			xs = append(xs, ig.g.Node(int64(i)))
		}
	}
	if want := round6(community.Q(ig.g, [][]graph.Node{xs}, 1)); sig.Areas[0].Modularity != want || want <= 0 {
		t.Errorf("modularity of src/x = %v, want gonum's %v (> 0)", sig.Areas[0].Modularity, want)
	}
	cov := sig.Coverage()
	if len(cov) != 2 || cov[0].Scope != "area-suggestion:src/x" || cov[0].Status != snapshot.StatusNotAnalyzed ||
		!strings.Contains(cov[0].Reason, "4 members") || !strings.Contains(cov[0].Reason, "module:src/x/a.ts") {
		t.Errorf("coverage = %+v", cov)
	}

	withArea := snap([]snapshot.Entity{ent("area:src/x", nil)}, rels)
	if got := Compute(withArea, Options{}).Areas; len(got) != 1 || got[0].Path != "src/y" {
		t.Errorf("with area:src/x configured, areas = %+v, want only src/y", got)
	}
}

func TestComputeNil(t *testing.T) {
	sig := Compute(nil, Options{})
	if sig == nil || sig.Canonicality != nil || sig.Cycles != nil || len(sig.Coverage()) != 0 {
		t.Errorf("Compute(nil) = %+v", sig)
	}
	if got := Proximity(nil, "document:a.md", 3); len(got) != 0 {
		t.Errorf("Proximity(nil) = %v", got)
	}
}

func BenchmarkCompute(b *testing.B) {
	s := generated(2500, 5) // 4 groups × 2,500 modules, ~45,000 imports
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Compute(s, Options{})
	}
}
