package graph

import (
	"maps"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestGoPackageCollapse: Go files import at package level. x.go reaches
// its package through contains, z.go through its directory; the test
// file's import (external test package) is left out, as is the package's
// own import of itself.
func TestGoPackageCollapse(t *testing.T) {
	goMod := map[string]any{"language": "golang"}
	goTest := map[string]any{"language": "golang", "test": true}
	s := snap([]snapshot.Entity{
		ent("package:p/a", nil), ent("package:p/b", nil), ent("package:p/c", nil),
		ent("module:p/a/x.go", goMod), ent("module:p/a/y.go", goMod), ent("module:p/b/z.go", goMod),
		ent("module:p/a/x_test.go", goTest), ent("module:p/c/w.go", goMod),
	}, []snapshot.Relation{
		rel(snapshot.RelContains, "package:p/a", "module:p/a/x.go", 0),
		rel(snapshot.RelContains, "package:p/a", "module:p/a/y.go", 0),
		rel(snapshot.RelImports, "module:p/a/x.go", "package:p/b", 4),
		rel(snapshot.RelImports, "module:p/a/y.go", "package:p/b", 5),
		rel(snapshot.RelImports, "module:p/b/z.go", "package:p/c", 3),
		rel(snapshot.RelImports, "module:p/c/w.go", "external:fmt", 3),
		rel(snapshot.RelImports, "module:p/a/x_test.go", "package:p/c", 6),
		rel(snapshot.RelImports, "module:p/c/w.go", "package:p/a", 7),
		rel(snapshot.RelImports, "module:p/a/y.go", "package:p/a", 8),
	})
	sig := Compute(s, Options{})
	// p/a → p/b → p/c → p/a: each lies on the one pair around it, 1/((3−1)(3−2)).
	wantC := map[string]float64{"package:p/a": 0.5, "package:p/b": 0.5, "package:p/c": 0.5}
	if !maps.Equal(sig.Centrality, wantC) {
		t.Errorf("centrality = %v, want %v", sig.Centrality, wantC)
	}
	if len(sig.Cycles) != 1 {
		t.Fatalf("cycles = %v, want one", cycleNodes(sig.Cycles))
	}
	c := sig.Cycles[0]
	if want := []string{"package:p/a", "package:p/b", "package:p/c"}; !reflect.DeepEqual(c.Nodes, want) {
		t.Errorf("cycle = %v, want %v", c.Nodes, want)
	}
	wantEv := []snapshot.Evidence{
		{Source: "scan", Path: "p/a/x.go", LineStart: 4, LineEnd: 4},
		{Source: "scan", Path: "p/a/y.go", LineStart: 5, LineEnd: 5},
	}
	if !reflect.DeepEqual(c.Edges[0].Evidence, wantEv) {
		t.Errorf("p/a→p/b evidence = %+v, want both files' imports %+v", c.Edges[0].Evidence, wantEv)
	}
}

func TestEdgeEvidenceBounded(t *testing.T) {
	r := rel(snapshot.RelImports, "module:src/a.ts", "module:src/b.ts", 1)
	for i := 2; i <= maxEdgeEvidence+3; i++ {
		r.Evidence = append(r.Evidence, snapshot.Evidence{Source: "scan", Path: "src/a.ts", LineStart: i})
	}
	sig := Compute(snap(nil, append([]snapshot.Relation{r}, imports("b>a")...)), Options{})
	if len(sig.Cycles) != 1 {
		t.Fatalf("cycles = %v", cycleNodes(sig.Cycles))
	}
	e := sig.Cycles[0].Edges[0]
	if len(e.Evidence) != maxEdgeEvidence || !e.EvidenceTruncated || e.Evidence[0].LineStart != 1 {
		t.Errorf("edge a→b: %d evidence, truncated %v; want %d, true", len(e.Evidence), e.EvidenceTruncated, maxEdgeEvidence)
	}
	if e := sig.Cycles[0].Edges[1]; e.EvidenceTruncated {
		t.Error("edge b→a truncated, want not")
	}
}
