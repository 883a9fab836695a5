package snapshot

import (
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

func indexSample() *Snapshot {
	rel := func(kind, from, to string) Relation {
		return Relation{ID: RelationID(kind, from, to), Kind: kind, From: from, To: to}
	}
	return &Snapshot{
		Entities: []Entity{
			{ID: "area:a", Kind: KindArea},
			{ID: "document:a/x.md", Kind: KindDocument, Path: "a/x.md"},
			{ID: "document:y.md", Kind: KindDocument, Path: "y.md"},
			{ID: "module:a/m.go", Kind: KindModule, Path: "a/m.go"},
		},
		Relations: []Relation{
			rel(RelContains, "area:a", "document:a/x.md"),
			rel(RelContains, "area:a", "module:a/m.go"),
			rel(RelLinksTo, "document:a/x.md", "document:y.md"),
			rel(RelLinksTo, "document:y.md", "unresolved:gone.md"),
			rel(RelMentions, "document:a/x.md", "module:a/m.go"),
			rel(RelMentions, "document:y.md", "module:a/m.go"),
		},
	}
}

func relationIDs(rs []*Relation) []string {
	var ids []string
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	return ids
}

func TestIndex(t *testing.T) {
	s := indexSample()
	x := NewIndex(s)
	if &x.Entities()[0] != &s.Entities[0] {
		t.Error("a sorted snapshot's entities are copied; want them shared")
	}
	if e := x.Entity("module:a/m.go"); e == nil || e.Path != "a/m.go" {
		t.Errorf("Entity(module:a/m.go) = %v", e)
	}
	if x.Entity("module:none") != nil || x.Position("module:none") != -1 || x.Position("document:y.md") != 2 {
		t.Error("Entity and Position of a missing or present id")
	}
	for _, tc := range []struct {
		name string
		got  []*Relation
		want []string
	}{
		{"out area:a", x.Out("area:a"), []string{"contains:area:a->document:a/x.md", "contains:area:a->module:a/m.go"}},
		{"out document:a/x.md", x.Out("document:a/x.md"), []string{"links-to:document:a/x.md->document:y.md", "mentions:document:a/x.md->module:a/m.go"}},
		{"in module:a/m.go", x.In("module:a/m.go"), []string{"contains:area:a->module:a/m.go", "mentions:document:a/x.md->module:a/m.go", "mentions:document:y.md->module:a/m.go"}},
		// A dangling endpoint is a node too.
		{"in unresolved:gone.md", x.In("unresolved:gone.md"), []string{"links-to:document:y.md->unresolved:gone.md"}},
		{"out module:a/m.go", x.Out("module:a/m.go"), nil},
		{"out unknown", x.Out("module:none"), nil},
	} {
		if got := relationIDs(tc.got); !slices.Equal(got, tc.want) {
			t.Errorf("%s = %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		got  iter.Seq[*Relation]
		want []string
	}{
		{"mentions out of document:a/x.md", x.OutOfKind("document:a/x.md", RelMentions), []string{"mentions:document:a/x.md->module:a/m.go"}},
		{"mentions into module:a/m.go", x.InOfKind("module:a/m.go", RelMentions), []string{"mentions:document:a/x.md->module:a/m.go", "mentions:document:y.md->module:a/m.go"}},
		{"every kind into module:a/m.go", x.InOfKind("module:a/m.go", ""), relationIDs(x.In("module:a/m.go"))},
		{"imports out of document:a/x.md", x.OutOfKind("document:a/x.md", RelImports), nil},
	} {
		if got := relationIDs(slices.Collect(tc.got)); !slices.Equal(got, tc.want) {
			t.Errorf("%s = %q, want %q", tc.name, got, tc.want)
		}
	}
	// A loop that breaks ends the walk: a walk that went on would panic.
	for range x.InOfKind("module:a/m.go", "") {
		break
	}
	if len(x.Out("area:a")) != cap(x.Out("area:a")) {
		t.Error("an adjacency view has room to append into its neighbour's run")
	}
}

// TestIndexOrderIndependent holds the index to the same answers whatever
// the order of the snapshot's lists, with duplicates resolved to the first.
func TestIndexOrderIndependent(t *testing.T) {
	want := NewIndex(indexSample())
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		s := indexSample()
		s.Entities = append(s.Entities, Entity{ID: "area:a", Kind: KindArea, Name: "second"})
		r.Shuffle(len(s.Entities), func(i, j int) { s.Entities[i], s.Entities[j] = s.Entities[j], s.Entities[i] })
		r.Shuffle(len(s.Relations), func(i, j int) { s.Relations[i], s.Relations[j] = s.Relations[j], s.Relations[i] })
		x := NewIndex(s)
		var ids []string
		for _, e := range x.Entities() {
			ids = append(ids, e.ID)
		}
		var wantIDs []string
		for _, e := range want.Entities() {
			wantIDs = append(wantIDs, e.ID)
		}
		if !slices.Equal(ids, wantIDs) {
			t.Fatalf("entities %q, want %q", ids, wantIDs)
		}
		first := slices.IndexFunc(s.Entities, func(e Entity) bool { return e.ID == "area:a" })
		if x.Entity("area:a").Name != s.Entities[first].Name {
			t.Error("a duplicate id resolves to a later entity; want the first")
		}
		for _, e := range want.Entities() {
			if !slices.Equal(relationIDs(x.Out(e.ID)), relationIDs(want.Out(e.ID))) || !slices.Equal(relationIDs(x.In(e.ID)), relationIDs(want.In(e.ID))) {
				t.Fatalf("adjacency of %s depends on the snapshot's order", e.ID)
			}
		}
	}
}
