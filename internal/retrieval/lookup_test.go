package retrieval

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

const storeGo = "module:internal/store/store.go"

// At depth 1 the neighbours are exactly the relations the fixture's files
// make with store.go: its area contains it, it imports model, api.md links
// to it and guide.md names its path and its symbol Open.
func TestLookupNeighboursDepth1(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	res, err := Lookup(s, sig, diags, storeGo, LookupOptions{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Neighbour{
		"contains":        {{ID: "area:internal/store", Direction: "in", Distance: 1}},
		"imports":         {{ID: "package:internal/model", Direction: "out", Distance: 1}},
		"links-to":        {{ID: "document:docs/api.md", Direction: "in", Distance: 1}},
		"mentions":        {{ID: "document:docs/guide.md", Direction: "in", Distance: 1}},
		"mentions-symbol": {{ID: "document:docs/guide.md", Direction: "in", Distance: 1}},
	}
	if !reflect.DeepEqual(res.Neighbours, want) {
		t.Errorf("neighbours:\n got %s\nwant %s", mustJSON(t, res.Neighbours), mustJSON(t, want))
	}
	if res.Truncated != nil {
		t.Errorf("no bound crossed, got %v", res.Truncated)
	}
}

// Deeper neighbours carry the relation that reached them, its direction and
// the entity one step nearer.
func TestLookupNeighboursDeeper(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	tests := []struct {
		depth   int
		kind    string
		want    Neighbour
		present bool
	}{
		{2, "contains", Neighbour{ID: "package:internal/store", Direction: "in", Distance: 2, Via: "area:internal/store"}, true},
		// guide.md (distance 1) covers the package: out from guide.md.
		{2, "covers", Neighbour{ID: "package:internal/store", Direction: "out", Distance: 2, Via: "document:docs/guide.md"}, true},
		// api.md and guide.md both sit in the root package; Via is the smaller.
		{2, "contains", Neighbour{ID: "package:.", Direction: "in", Distance: 2, Via: "document:docs/api.md"}, true},
		{2, "links-to", Neighbour{ID: "unresolved:docs/old.md", Direction: "out", Distance: 2, Via: "document:docs/api.md"}, true},
		{2, "contains", Neighbour{ID: "area:internal/model", Direction: "out", Distance: 2, Via: "package:internal/model"}, true},
		{2, "imports", Neighbour{ID: "module:cmd/lk/main.go", Direction: "in", Distance: 3, Via: "package:internal/store"}, false},
		{3, "imports", Neighbour{ID: "module:cmd/lk/main.go", Direction: "in", Distance: 3, Via: "package:internal/store"}, true},
		{3, "contains", Neighbour{ID: "module:internal/model/model.go", Direction: "out", Distance: 3, Via: "area:internal/model"}, true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d/%s/%s", tc.depth, tc.kind, tc.want.ID), func(t *testing.T) {
			res, err := Lookup(s, sig, diags, storeGo, LookupOptions{Depth: tc.depth})
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(res.Neighbours[tc.kind], tc.want); got != tc.present {
				t.Errorf("%+v listed = %v, want %v; %s: %s", tc.want, got, tc.present, tc.kind, mustJSON(t, res.Neighbours[tc.kind]))
			}
		})
	}
}

// At every depth each entity is listed at its shortest distance, as an
// independent breadth-first search over the snapshot computes it, and
// nothing within reach is missing.
func TestLookupNeighboursMatchBFS(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	for _, target := range []string{storeGo, "document:README.md", "package:internal/store", "external:fmt"} {
		for depth := 1; depth <= MaxLookupDepth; depth++ {
			res, err := Lookup(s, sig, diags, target, LookupOptions{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			want := referenceBFS(s, target, depth)
			got := map[string]int{}
			for kind, l := range res.Neighbours {
				if !slices.IsSortedFunc(l, func(a, b Neighbour) int { return cmp.Compare(a.Distance, b.Distance) }) {
					t.Errorf("%s depth %d: %s not nearest first", target, depth, kind)
				}
				for _, n := range l {
					if d, ok := got[n.ID]; ok && d != n.Distance {
						t.Errorf("%s listed at distances %d and %d", n.ID, d, n.Distance)
					}
					got[n.ID] = n.Distance
					if (n.Distance == 1) != (n.Via == "") {
						t.Errorf("%+v: Via must be set exactly beyond distance 1", n)
					}
					if n.Distance > 1 && want[n.Via] != n.Distance-1 {
						t.Errorf("%+v: via an entity at distance %d", n, want[n.Via])
					}
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s depth %d: distances\n got %v\nwant %v", target, depth, got, want)
			}
		}
	}
}

// referenceBFS is the plain undirected shortest-path distance within
// depth, not expanding external or unresolved entities.
func referenceBFS(s *snapshot.Snapshot, start string, depth int) map[string]int {
	dist := map[string]int{start: 0}
	for d := 1; d <= depth; d++ {
		for _, r := range s.Relations {
			for _, pair := range [][2]string{{r.From, r.To}, {r.To, r.From}} {
				u, v := pair[0], pair[1]
				du, ok := dist[u]
				if !ok || du != d-1 || (d > 1 && (strings.HasPrefix(u, "external:") || strings.HasPrefix(u, "unresolved:"))) {
					continue
				}
				if _, seen := dist[v]; !seen {
					dist[v] = d
				}
			}
		}
	}
	delete(dist, start)
	return dist
}

// External and unresolved entities are listed, never expanded: two modules
// sharing "fmt" are not neighbours through it.
func TestLookupDoesNotExpandThroughExternals(t *testing.T) {
	s := synth([]string{"module:a.go", "module:b.go", "module:c.go", "external:fmt", "unresolved:gone"},
		[3]string{"imports", "module:a.go", "external:fmt"},
		[3]string{"imports", "module:b.go", "external:fmt"},
		[3]string{"imports", "module:a.go", "unresolved:gone"},
		[3]string{"imports", "module:c.go", "unresolved:gone"})
	res, err := Lookup(s, nil, nil, "module:a.go", LookupOptions{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Neighbour{"imports": {
		{ID: "external:fmt", Direction: "out", Distance: 1},
		{ID: "unresolved:gone", Direction: "out", Distance: 1},
	}}
	if !reflect.DeepEqual(res.Neighbours, want) {
		t.Errorf("got %s", mustJSON(t, res.Neighbours))
	}
	// Looked up itself, an external lists who imports it.
	res, err = Lookup(s, nil, nil, "external:fmt", LookupOptions{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(res.Neighbours["imports"]); got != 2 {
		t.Errorf("external:fmt has %d importers listed, want 2", got)
	}
}

// Two relations between the same entities in opposite directions are two
// entries; an entity reached through two parents keeps the smaller as Via.
func TestLookupDirectionsAndVia(t *testing.T) {
	s := synth([]string{"document:a.md", "document:b.md", "document:c.md", "document:d.md"},
		[3]string{"links-to", "document:a.md", "document:b.md"},
		[3]string{"links-to", "document:b.md", "document:a.md"},
		[3]string{"links-to", "document:a.md", "document:c.md"},
		[3]string{"links-to", "document:c.md", "document:d.md"},
		[3]string{"links-to", "document:b.md", "document:d.md"})
	res, err := Lookup(s, nil, nil, "a.md", LookupOptions{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := []Neighbour{
		{ID: "document:b.md", Direction: "in", Distance: 1},
		{ID: "document:b.md", Direction: "out", Distance: 1},
		{ID: "document:c.md", Direction: "out", Distance: 1},
		{ID: "document:d.md", Direction: "out", Distance: 2, Via: "document:b.md"},
	}
	if got := res.Neighbours["links-to"]; !reflect.DeepEqual(got, want) {
		t.Errorf("got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
}

func TestLookupDepthValidation(t *testing.T) {
	s := synth([]string{"document:a.md"})
	for _, d := range []int{-1, MaxLookupDepth + 1} {
		if _, err := Lookup(s, nil, nil, "a.md", LookupOptions{Depth: d}); err == nil || !strings.Contains(err.Error(), "depth") {
			t.Errorf("depth %d: error %v", d, err)
		}
	}
	if _, err := Lookup(nil, nil, nil, "a.md", LookupOptions{}); err == nil {
		t.Error("a nil snapshot must be an error")
	}
	res, err := Lookup(s, nil, nil, "a.md", LookupOptions{})
	if err != nil || res.Neighbours != nil || res.Documents != nil || res.Summaries != nil || res.EvidenceExcerpts != nil {
		t.Errorf("a lone entity has no sections: %+v, %v", res, err)
	}
	if res.Diagnostics == nil {
		t.Error("diagnostics are always a list (core)")
	}
}

// Documents come most canonical first, by the graph's PageRank; the
// fixture's order differs from id order, so the test can tell them apart.
func TestLookupDocumentsCanonicalFirst(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	res, err := Lookup(s, sig, diags, "package:internal/store", LookupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range res.Documents {
		ids = append(ids, d.ID)
		if d.Canonicality != sig.Canonicality[d.ID] {
			t.Errorf("%s canonicality %v, graph says %v", d.ID, d.Canonicality, sig.Canonicality[d.ID])
		}
	}
	if want := []string{"document:README.md", "document:docs/guide.md"}; !slices.Equal(slices.Sorted(slices.Values(ids)), want) {
		t.Fatalf("documents %q, want those of %q", ids, want)
	}
	if !slices.IsSortedFunc(res.Documents, func(a, b RelatedDocument) int { return cmp.Compare(b.Canonicality, a.Canonicality) }) {
		t.Errorf("not most canonical first: %s", mustJSON(t, res.Documents))
	}
	if slices.IsSorted(ids) {
		t.Errorf("fixture no longer tells canonical order from id order: %q", ids)
	}
	guide := res.Documents[slices.IndexFunc(res.Documents, func(d RelatedDocument) bool { return d.ID == "document:docs/guide.md" })]
	if guide.Title != "Store guide" || guide.Path != "docs/guide.md" || !slices.Equal(guide.Relations, []string{"covers"}) {
		t.Errorf("guide entry %+v", guide)
	}
	if res.Summaries["document:docs/guide.md"] != "How to open the store and keep records in it." {
		t.Errorf("summaries %v", res.Summaries)
	}

	// Ties go by id, and relation kinds strongest first.
	syn := synth([]string{"document:b.md", "document:a.md", "module:m.go"},
		[3]string{"links-to", "document:b.md", "module:m.go"},
		[3]string{"mentions", "document:b.md", "module:m.go"},
		[3]string{"explains", "document:b.md", "module:m.go"},
		[3]string{"mentions", "document:a.md", "module:m.go"})
	sig2 := &graph.Signals{Canonicality: map[string]float64{"document:a.md": 0.5, "document:b.md": 0.5}}
	res, err = Lookup(syn, sig2, nil, "m.go", LookupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []RelatedDocument{
		{ID: "document:a.md", Path: "a.md", Title: "a.md", Relations: []string{"mentions"}, Canonicality: 0.5},
		{ID: "document:b.md", Path: "b.md", Title: "b.md", Relations: []string{"mentions", "links-to", "explains"}, Canonicality: 0.5},
	}
	if !reflect.DeepEqual(res.Documents, want) {
		t.Errorf("got %s\nwant %s", mustJSON(t, res.Documents), mustJSON(t, want))
	}
}

func TestLookupDiagnosticsAttached(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	codes := func(target string) []string {
		res, err := Lookup(s, sig, diags, target, LookupOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range res.Diagnostics {
			out = append(out, d.Code)
		}
		return out
	}
	// Named by the diagnostic's entity ids.
	if got := codes("docs/api.md"); !slices.Equal(got, []string{"BROKEN_LINK"}) {
		t.Errorf("api.md diagnostics %q", got)
	}
	if got := codes("unresolved:docs/old.md"); !slices.Equal(got, []string{"BROKEN_LINK"}) {
		t.Errorf("old.md diagnostics %q", got)
	}
	// package:internal/model is not named, but the finding is at its path.
	if got := codes("internal/model"); !slices.Equal(got, []string{"UNDOCUMENTED_AREA"}) {
		t.Errorf("package internal/model diagnostics %q", got)
	}
	if got := codes(storeGo); len(got) != 0 {
		t.Errorf("store.go has no findings, got %q", got)
	}
}

func TestLookupBounds(t *testing.T) {
	n := maxLookupVisited + 7
	ids := []string{"package:p"}
	var rels [][3]string
	for i := range n {
		id := fmt.Sprintf("module:p/m%04d.go", i)
		ids = append(ids, id)
		rels = append(rels, [3]string{"contains", "package:p", id})
	}
	for i := range maxRelatedDocuments + 3 {
		id := fmt.Sprintf("document:d%03d.md", i)
		ids = append(ids, id)
		rels = append(rels, [3]string{"links-to", id, "package:p"})
	}
	s := synth(ids, rels...)
	var diags []finding.Diagnostic
	for i := range maxLookupDiagnostics + 4 {
		diags = append(diags, finding.Diagnostic{ID: fmt.Sprintf("%03d", i), Code: "X", EntityIDs: []string{"package:p"}})
	}
	res, err := Lookup(s, nil, diags, "package:p", LookupOptions{})
	if err != nil {
		t.Fatal(err)
	}
	visitedOmitted := n + maxRelatedDocuments + 3 - maxLookupVisited
	want := []Truncation{
		{Bound: boundVisited, Limit: maxLookupVisited, Omitted: visitedOmitted},
		{Bound: boundNeighboursPerKind, Kind: "contains", Limit: maxNeighboursPerKind, Omitted: maxLookupVisited - maxNeighboursPerKind},
		{Bound: boundRelatedDocuments, Limit: maxRelatedDocuments, Omitted: 3},
		{Bound: boundDiagnostics, Limit: maxLookupDiagnostics, Omitted: 4},
	}
	if !reflect.DeepEqual(res.Truncated, want) {
		t.Errorf("truncated\n got %+v\nwant %+v", res.Truncated, want)
	}
	if len(res.Neighbours["contains"]) != maxNeighboursPerKind || len(res.Documents) != maxRelatedDocuments ||
		len(res.Diagnostics) != maxLookupDiagnostics {
		t.Errorf("lists not cut at their bounds: %d %d %d", len(res.Neighbours["contains"]), len(res.Documents), len(res.Diagnostics))
	}
	// Out relations are followed before in relations, so the documents'
	// links were not followed; they are still the related documents.
	if got := len(res.Neighbours["links-to"]); got != 0 {
		t.Errorf("links-to has %d entries past the visited bound", got)
	}
	if res.Neighbours["contains"][0].ID != "module:p/m0000.go" {
		t.Errorf("the nearest and smallest come first: %v", res.Neighbours["contains"][0])
	}
}

// Shuffling the snapshot's lists and the diagnostics changes no byte.
func TestLookupDeterministic(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	targets := []string{storeGo, "document:README.md", "package:internal/store", "docs/api.md", "internal/model"}
	render := func(s *snapshot.Snapshot, diags []finding.Diagnostic) string {
		var b strings.Builder
		for _, target := range targets {
			res, err := Lookup(s, sig, diags, target, LookupOptions{Depth: MaxLookupDepth, Excerpt: fixtureReader(t)})
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(mustJSON(t, res))
		}
		return b.String()
	}
	want := render(s, diags)
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 7))
		c := *s
		c.Entities = slices.Clone(s.Entities)
		c.Relations = slices.Clone(s.Relations)
		d := slices.Clone(diags)
		rng.Shuffle(len(c.Entities), func(i, j int) { c.Entities[i], c.Entities[j] = c.Entities[j], c.Entities[i] })
		rng.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
		rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		if got := render(&c, d); got != want {
			t.Fatalf("seed %d: shuffled input changed the answer", seed)
		}
	}
}

// TestLookupSummaryFromDocComment: a module or package without a Markdown
// summary is summarised by its doc comment.
func TestLookupSummaryFromDocComment(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	for _, target := range []string{"internal/store", storeGo} {
		res, err := Lookup(s, sig, diags, target, LookupOptions{Depth: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Summaries[res.Entity.ID]; got != "Package store keeps records." {
			t.Errorf("%s: summary %q, want the package comment", target, got)
		}
	}
}
