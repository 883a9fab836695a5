package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/community"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestComputeShuffleDeterministic: the same snapshot in any entity and
// relation order gives byte-identical signals — with exact and sampled
// centrality, a tangled component whose cycles are sampled, and Go
// package edges gathered from several files' imports.
func TestComputeShuffleDeterministic(t *testing.T) {
	base := generated(40, 3)
	goEnts, goRels := goPackages(4)
	s := snap(append(slices.Clone(base.Entities), goEnts...),
		slices.Concat(base.Relations, tangled(80, 2).Relations, goRels))
	for _, o := range []Options{{}, {MaxExactBetweennessWork: 1, BetweennessPivots: 25}} {
		want, err := json.Marshal(Compute(s, o))
		if err != nil {
			t.Fatal(err)
		}
		sig := Compute(s, o)
		if len(sig.Cycles) == 0 || !sig.CyclesTruncated || len(sig.Areas) == 0 || len(sig.Centrality) == 0 ||
			len(sig.Canonicality) == 0 || sig.CentralitySampled != (o.BetweennessPivots > 0) {
			t.Fatalf("fixture too weak: %d cycles (truncated %v), %d areas, %d centrality (sampled %v), %d canonicality",
				len(sig.Cycles), sig.CyclesTruncated, len(sig.Areas), len(sig.Centrality), sig.CentralitySampled, len(sig.Canonicality))
		}
		for _, seed := range []uint64{1, 7, 42, 1 << 40} {
			rng := rand.New(rand.NewPCG(seed, seed))
			for i := range 3 {
				c := *s
				c.Entities, c.Relations = slices.Clone(s.Entities), slices.Clone(s.Relations)
				rng.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
				rng.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
				got, err := json.Marshal(Compute(&c, o))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("options %+v, seed %d, shuffle %d: signals differ", o, seed, i)
				}
			}
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
	if len(sig.Areas) != 2 || sig.Areas[0].Path != "src/x" || sig.Areas[1].Path != "src/y" {
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
	for i, id := range ig.ids {
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

// TestAreasNeedStructure: modules of one directory, however they import
// each other, are one community holding the whole graph — modularity 0, no
// suggestion.
func TestAreasNeedStructure(t *testing.T) {
	sig := Compute(snap(nil, imports("a>b", "b>c", "c>a", "a>d", "d>e", "e>b")), Options{})
	if len(sig.Areas) != 0 {
		t.Errorf("areas = %+v, want none", sig.Areas)
	}
}

// TestAreasBounded: above maxAreaDirectories directories Louvain does not
// run, and a note says so.
func TestAreasBounded(t *testing.T) {
	var rels []snapshot.Relation
	for i := range maxAreaDirectories {
		rels = append(rels, rel(snapshot.RelImports, fmt.Sprintf("module:d%05d/x.ts", i), fmt.Sprintf("module:d%05d/x.ts", i+1), 1))
	}
	idx := newIndex(snap(nil, rels))
	got, truncated, notes := areas(buildImportGraph(idx), idx, nil)
	if len(got) != 0 || truncated || len(notes) != 1 || notes[0].Scope != "area-suggestions" || notes[0].Status != snapshot.StatusNotAnalyzed ||
		!strings.Contains(notes[0].Reason, fmt.Sprint(maxAreaDirectories+1)) {
		t.Errorf("areas %+v, truncated %v, notes %+v; want none and a not-analyzed note", got, truncated, notes)
	}
}

func TestComputeNil(t *testing.T) {
	sig := Compute(nil, Options{})
	if sig == nil || sig.Canonicality != nil || sig.Cycles != nil || len(sig.Coverage()) != 0 {
		t.Errorf("Compute(nil) = %+v", sig)
	}
}
