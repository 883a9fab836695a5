package graph

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// typed marks the relations of imports(pairs...) type-only.
func typed(rels []snapshot.Relation) []snapshot.Relation {
	for i := range rels {
		rels[i].Metadata = map[string]any{MetaTypeOnly: true}
	}
	return rels
}

// marked sets the metadata key on the relations of imports(pairs...).
func marked(key string, rels []snapshot.Relation) []snapshot.Relation {
	for i := range rels {
		rels[i].Metadata = map[string]any{key: true}
	}
	return rels
}

func TestCycleGraph(t *testing.T) {
	tests := []struct {
		name string
		rels []snapshot.Relation
		opts Options
		want [][]string
	}{
		{"runtime cycle", imports("a>b", "b>a"), Options{}, [][]string{m("a", "b")}},
		{"one edge type-only", append(imports("a>b"), typed(imports("b>a"))...), Options{}, [][]string{}},
		{"type-only counted", append(imports("a>b"), typed(imports("b>a"))...), Options{TypeImports: true}, [][]string{m("a", "b")}},
		{
			// An edge made of a type-only relation and a runtime one (an
			// import and a re-export between the same files) is runtime.
			name: "mixed edge",
			rels: append(imports("a>b"), typed(imports("b>a"))[0],
				rel(snapshot.RelReExports, "module:src/b.ts", "module:src/a.ts", 9)),
			want: [][]string{m("a", "b")},
		},
		// Deferred, guarded and facade edges close no cycle that fails at
		// load, with or without type imports counted.
		{"one edge deferred", append(imports("a>b"), marked(MetaDeferred, imports("b>a"))...), Options{}, [][]string{}},
		{"one edge guarded", append(imports("a>b"), marked(MetaGuarded, imports("b>a"))...), Options{}, [][]string{}},
		{"one edge facade", append(imports("a>b"), marked(MetaFacade, imports("b>a"))...), Options{TypeImports: true}, [][]string{}},
		{"facade and runtime relations", append(imports("a>b", "b>a"), marked(MetaFacade, imports("b>a"))...), Options{}, [][]string{m("a", "b")}},
		{"excluded node", imports("a>test/t", "test/t>a", "a>b", "b>a"), Options{CycleExclude: []string{"test/"}}, [][]string{m("a", "b")}},
		{"excluded file pattern", imports("a>a.test", "a.test>a"), Options{CycleExclude: []string{"*.test.*"}}, [][]string{}},
		{"re-included", imports("a>test/t", "test/t>a"), Options{CycleExclude: []string{"test/", "!src/test/t.ts"}}, [][]string{m("a", "test/t")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sig := Compute(snap(nil, tt.rels), tt.opts)
			if got := cycleNodes(sig.Cycles); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("cycles = %v, want %v", got, tt.want)
			}
			if len(sig.Components) != len(tt.want) {
				t.Errorf("components = %d, want %d", len(sig.Components), len(tt.want))
			}
		})
	}
	sig := Compute(snap(nil, append(imports("a>b"), typed(imports("b>a"))...)), Options{TypeImports: true})
	if e := sig.Cycles[0].Edges; e[0].TypeOnly || !e[1].TypeOnly {
		t.Errorf("type-only marks = %v, %v; want false, true", e[0].TypeOnly, e[1].TypeOnly)
	}
}

// With a base, a component lists the edges the head added and is anchored
// at the first; its first cycle runs through it. Without one, the anchor
// is the smallest member's edge to its smallest successor.
func TestComponentAnchor(t *testing.T) {
	base := snap(nil, imports("a>b", "b>c", "c>a"))
	head := snap(nil, imports("a>b", "b>c", "c>a", "c>b", "x>y"))
	sig := Compute(head, Options{})
	c := sig.Components[0]
	if c.Anchor.From != m("a")[0] || c.Anchor.To != m("b")[0] || c.Added != nil {
		t.Errorf("anchor without base = %s → %s, added %v", c.Anchor.From, c.Anchor.To, c.Added)
	}
	sig = Compute(head, Options{Base: base})
	c = sig.Components[0]
	if c.Anchor.From != m("c")[0] || c.Anchor.To != m("b")[0] || len(c.Added) != 1 {
		t.Fatalf("anchor with base = %s → %s, added %+v", c.Anchor.From, c.Anchor.To, c.Added)
	}
	if got := c.Cycles[0].Nodes; !reflect.DeepEqual(got, m("b", "c")) {
		t.Errorf("first cycle = %v, want the one through c → b", got)
	}
	if len(c.Anchor.Evidence) == 0 || c.Anchor.Evidence[0].LineStart != 4 {
		t.Errorf("anchor evidence = %+v, want the import at line 4", c.Anchor.Evidence)
	}
	// A type-only edge turned runtime is added at run time.
	typedBase := snap(nil, append(imports("a>b"), typed(imports("b>a"))...))
	sig = Compute(snap(nil, imports("a>b", "b>a")), Options{Base: typedBase})
	if c := sig.Components[0]; len(c.Added) != 1 || c.Anchor.From != m("b")[0] {
		t.Errorf("added = %+v", c.Added)
	}
}

// Excluding a tree from cycle detection finds the cycles of the graph
// without that tree's imports, though only the nodes on a cycle are
// matched (withoutExcluded): random graphs over paths in and out of
// test/ and *.spec.* files, with a base, compared component by component.
func TestCycleExcludeMatchesRemovedImports(t *testing.T) {
	names := []string{"a", "b", "c", "d", "test/t", "test/u", "x/y.spec", "x/z", "e", "f"}
	excluded := func(n string) bool { return strings.HasPrefix(n, "test/") || strings.Contains(n, ".spec") }
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 300 {
		var pairs, kept []string
		for range 4 + rng.IntN(14) {
			f, to := names[rng.IntN(len(names))], names[rng.IntN(len(names))]
			if f == to {
				continue
			}
			p := f + ">" + to
			if slices.Contains(pairs, p) {
				continue
			}
			pairs = append(pairs, p)
			if !excluded(f) && !excluded(to) {
				kept = append(kept, p)
			}
		}
		base := snap(nil, imports(pairs[:len(pairs)/2]...))
		got := Compute(snap(nil, imports(pairs...)), Options{CycleExclude: []string{"test/", "*.spec.*"}, Base: base})
		want := Compute(snap(nil, imports(kept...)), Options{Base: base})
		if !reflect.DeepEqual(cycleNodes(got.Cycles), cycleNodes(want.Cycles)) || len(got.Components) != len(want.Components) {
			t.Fatalf("round %d, imports %v: cycles %v, want %v", round, pairs, cycleNodes(got.Cycles), cycleNodes(want.Cycles))
		}
		ends := func(es []CycleEdge) (out []string) {
			for _, e := range es {
				out = append(out, e.From+">"+e.To) // (lines differ: the helper numbers imports by position)
			}
			return out
		}
		for i := range got.Components {
			if g, w := ends(got.Components[i].Added), ends(want.Components[i].Added); !reflect.DeepEqual(g, w) {
				t.Fatalf("round %d, imports %v: component %d added %v, want %v", round, pairs, i, g, w)
			}
		}
	}
}
