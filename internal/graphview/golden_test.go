package graphview

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	goldenfile "github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestGolden(t *testing.T) {
	cases := []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"graph.txt.golden", func(b *bytes.Buffer) error { return WriteText(b, sampleSignals(), Options{}) }},
		{"graph.mmd.golden", func(b *bytes.Buffer) error { return WriteMermaid(b, sampleSignals(), Options{}) }},
		{"graph.dot.golden", func(b *bytes.Buffer) error { return WriteDOT(b, sampleSignals(), Options{}) }},
		{"graph-top2.mmd.golden", func(b *bytes.Buffer) error {
			return WriteMermaid(b, sampleSignals(), Options{TopCentral: 2})
		}},
		{"graph-empty.txt.golden", func(b *bytes.Buffer) error { return WriteText(b, nil, Options{}) }},
		{"graph-empty.mmd.golden", func(b *bytes.Buffer) error { return WriteMermaid(b, nil, Options{}) }},
		{"graph-empty.dot.golden", func(b *bytes.Buffer) error { return WriteDOT(b, nil, Options{}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b, again bytes.Buffer
			if err := c.render(&b); err != nil {
				t.Fatal(err)
			}
			goldenfile.Check(t, filepath.Join("testdata", c.name), b.Bytes())
			if err := c.render(&again); err != nil || !bytes.Equal(b.Bytes(), again.Bytes()) {
				t.Errorf("second rendering differs (%v)", err)
			}
		})
	}
}

// sampleSignals are hand-made graph signals: two overlapping cycles and a
// third with hostile ids, centrality with ties and a zero, area
// suggestions and a note.
func sampleSignals() *graph.Signals {
	weird := "module:src/we\"ird|<x>`.ts"
	nl := "module:src/new\nline\\.ts"
	ev := func(path string, line int) []snapshot.Evidence {
		return []snapshot.Evidence{{Source: "import", Path: path, LineStart: line}}
	}
	return &graph.Signals{
		Centrality: map[string]float64{
			"module:src/a.ts": 0.5, "module:src/b.ts": 0.25, "module:src/c.ts": 0.25,
			weird: 0.125, "module:src/leaf.ts": 0, "module:src/ünï.ts": 0.0625,
		},
		Cycles: []graph.Cycle{
			{Nodes: []string{"module:src/b.ts", "module:src/c.ts"}, Edges: []graph.CycleEdge{
				{From: "module:src/b.ts", To: "module:src/c.ts", Evidence: ev("src/b.ts", 5)},
				{From: "module:src/c.ts", To: "module:src/b.ts", Evidence: []snapshot.Evidence{
					{Path: "src/c.ts", LineStart: 1}, {Path: "src/c.ts", LineStart: 2}, {Path: "src/c.ts", LineStart: 3}, {Path: "src/c.ts", LineStart: 9},
				}, EvidenceTruncated: true},
			}},
			{Nodes: []string{"module:src/a.ts", "module:src/b.ts"}, Edges: []graph.CycleEdge{
				{From: "module:src/a.ts", To: "module:src/b.ts", Evidence: ev("src/a.ts", 2)},
				{From: "module:src/b.ts", To: "module:src/a.ts", Evidence: ev("src/b.ts", 1)},
			}},
			{Nodes: []string{nl, weird}, Edges: []graph.CycleEdge{
				{From: nl, To: weird, Evidence: ev("src/new\nline\\.ts", 0)},
				{From: weird, To: nl, Evidence: ev("src/we\"ird|<x>`.ts", 7)},
			}},
		},
		CyclesTruncated: true,
		Areas: []graph.AreaSuggestion{
			{Path: "src/store", Members: 4, Modularity: 0.123456, Examples: []string{"module:src/store/a.ts", "module:src/store/b.ts"}},
			{Path: "src/api", Members: 3, Modularity: 0.05},
		},
		Notes: []snapshot.Coverage{
			{Analyzer: "graph", Scope: "cycles", Status: "partial", Reason: "a component of 40 modules was sampled"},
		},
	}
}

// scannedSignals are the graph signals of the report's pipeline fixture
// (a repository with one import cycle, src/a.ts ↔ src/b.ts).
func scannedSignals(t *testing.T) *graph.Signals {
	t.Helper()
	dir := filepath.Join("..", "report", "testdata", "repo")
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return graph.Compute(res.Snapshot, graph.Options{})
}

// TestPipelineGraph renders the signals of the scanned repository: the
// a ↔ b import cycle with the import lines the graph stage found.
func TestPipelineGraph(t *testing.T) {
	sig := scannedSignals(t)
	if len(sig.Cycles) != 1 {
		t.Fatalf("the fixture has one import cycle (src/a.ts ↔ src/b.ts); graph found %d", len(sig.Cycles))
	}
	var text, mmd, dot bytes.Buffer
	if err := WriteText(&text, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteMermaid(&mmd, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteDOT(&dot, sig, Options{}); err != nil {
		t.Fatal(err)
	}
	c := sig.Cycles[0]
	for _, e := range c.Edges {
		if !strings.Contains(text.String(), e.From+" → "+e.To) {
			t.Errorf("text lacks the edge %s → %s:\n%s", e.From, e.To, text.String())
		}
		for _, ev := range e.Evidence {
			if !strings.Contains(text.String(), evidenceLabel(ev)) {
				t.Errorf("text lacks the import at %s:\n%s", evidenceLabel(ev), text.String())
			}
		}
		if !strings.Contains(dot.String(), dotQuote(e.From)+" -> "+dotQuote(e.To)+";") {
			t.Errorf("DOT lacks the edge %s -> %s:\n%s", e.From, e.To, dot.String())
		}
	}
	if got := strings.Count(mmd.String(), " --> "); got != len(c.Edges) {
		t.Errorf("Mermaid draws %d edges, the cycle has %d:\n%s", got, len(c.Edges), mmd.String())
	}
}
