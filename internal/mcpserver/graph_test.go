package mcpserver

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestGraphProposedRelationsFollowObserved: the overlay's accepted
// proposed relations come after a node's observed ones, in the overlay's
// order, in graph_edges (from, to and unfiltered) and graph_neighbors,
// even where their ids would sort among the observed ones; graph_node
// counts them apart.
func TestGraphProposedRelationsFollowObserved(t *testing.T) {
	rel := func(kind, from, to string) snapshot.Relation {
		return snapshot.Relation{ID: snapshot.RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: snapshot.Observed}
	}
	proposed := func(id, kind, from, to string) snapshot.Relation {
		return snapshot.Relation{ID: "proposed:" + id, Kind: kind, From: from, To: to, Provenance: snapshot.Proposed}
	}
	s := &snapshot.Snapshot{
		Entities: []snapshot.Entity{
			{ID: "document:a.md", Kind: "document", Name: "a.md", Path: "a.md"},
			{ID: "document:b.md", Kind: "document", Name: "b.md", Path: "b.md"},
			{ID: "document:c.md", Kind: "document", Name: "c.md", Path: "c.md"},
			{ID: "document:d.md", Kind: "document", Name: "d.md", Path: "d.md"},
			{ID: "document:e.md", Kind: "document", Name: "e.md", Path: "e.md"},
		},
		Relations: []snapshot.Relation{
			rel("links-to", "document:a.md", "document:c.md"),
			rel("mentions", "document:a.md", "document:e.md"),
			rel("mentions", "document:b.md", "document:a.md"),
		},
	}
	// Their ids sort before and among the observed ones ("p" < "q" and
	// "a" < "l"), and the overlay's order is not theirs.
	g := newGraphIndex(snapshot.NewIndex(s), []snapshot.Relation{
		proposed("z", "mentions", "document:a.md", "document:d.md"),
		proposed("a", "mentions", "document:a.md", "document:b.md"),
		proposed("m", "mentions", "document:d.md", "document:a.md"),
	})
	ids := func(rs []snapshot.Relation) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	for _, tt := range []struct {
		name string
		args edgesArgs
		want []string
	}{
		{"from", edgesArgs{From: "document:a.md"}, []string{
			"links-to:document:a.md->document:c.md", "mentions:document:a.md->document:e.md", "proposed:z", "proposed:a"}},
		{"to", edgesArgs{To: "document:a.md"}, []string{"mentions:document:b.md->document:a.md", "proposed:m"}},
		{"all", edgesArgs{}, []string{
			"links-to:document:a.md->document:c.md", "mentions:document:a.md->document:e.md", "mentions:document:b.md->document:a.md",
			"proposed:z", "proposed:a", "proposed:m"}},
		{"kind", edgesArgs{Kind: "mentions"}, []string{
			"mentions:document:a.md->document:e.md", "mentions:document:b.md->document:a.md", "proposed:z", "proposed:a", "proposed:m"}},
	} {
		ans, err := g.edges(tt.args)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := ids(ans.Relations); !slices.Equal(got, tt.want) || ans.Total != len(tt.want) || ans.Cut != 0 {
			t.Errorf("%s: %v (total %d, cut %d), want %v", tt.name, got, ans.Total, ans.Cut, tt.want)
		}
	}

	// Outgoing (observed, then proposed), then incoming (likewise); b is
	// reached first by the proposed relation out of a, not the observed
	// one into it.
	n := g.neighbors("document:a.md", 1, "")
	var got [][2]string
	for _, x := range n.Nodes {
		got = append(got, [2]string{x.ID, x.Relation + " " + x.Direction + " " + x.Provenance})
	}
	want := [][2]string{
		{"document:c.md", "links-to:document:a.md->document:c.md out "},
		{"document:e.md", "mentions:document:a.md->document:e.md out "},
		{"document:d.md", "proposed:z out proposed"},
		{"document:b.md", "proposed:a out proposed"},
	}
	if !slices.Equal(got, want) || n.Total != len(want) {
		t.Errorf("neighbors: %v (total %d), want %v", got, n.Total, want)
	}
	n = g.neighbors("document:d.md", 1, "")
	if len(n.Nodes) != 1 || n.Nodes[0].ID != "document:a.md" || n.Nodes[0].Relation != "proposed:m" || n.Nodes[0].Direction != "out" {
		t.Errorf("neighbors of d: %+v", n.Nodes)
	}
	n = g.neighbors("document:b.md", 1, "")
	if len(n.Nodes) != 1 || n.Nodes[0].Relation != "mentions:document:b.md->document:a.md" || n.Nodes[0].Provenance != "" {
		t.Errorf("neighbors of b: %+v", n.Nodes)
	}

	if err := g.checkKind("mentions"); err != nil {
		t.Error(err)
	}
	if err := g.checkKind("covers"); err == nil {
		t.Error("checkKind accepted a kind no relation has")
	}
}
