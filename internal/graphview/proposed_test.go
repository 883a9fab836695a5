package graphview

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	goldenfile "github.com/docbridge/docbridge/internal/golden"
)

// sampleProposed are accepted proposed relations: one between drawn
// modules, one to a new node, a repeat, and one with a hostile id.
func sampleProposed() []ProposedRelation {
	return []ProposedRelation{
		{From: "document:docs/arch.md", To: "module:src/a.ts", Kind: "mentions", AcceptedBy: "alice"},
		{From: "module:src/b.ts", To: "module:src/c.ts", Kind: "depends-on", AcceptedBy: "bob"},
		{From: "document:docs/arch.md", To: "module:src/a.ts", Kind: "mentions", AcceptedBy: "alice"},
		{From: "document:docs/we\"ird|<x>.md", To: "package:src/store", Kind: "documents", AcceptedBy: "carol"},
	}
}

func TestGoldenProposed(t *testing.T) {
	opts := Options{Proposed: sampleProposed()}
	cases := []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"graph-proposed.txt.golden", func(b *bytes.Buffer) error { return WriteText(b, sampleSignals(), opts) }},
		{"graph-proposed.mmd.golden", func(b *bytes.Buffer) error { return WriteMermaid(b, sampleSignals(), opts) }},
		{"graph-proposed.dot.golden", func(b *bytes.Buffer) error { return WriteDOT(b, sampleSignals(), opts) }},
		{"graph-proposed-only.mmd.golden", func(b *bytes.Buffer) error { return WriteMermaid(b, nil, opts) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := c.render(&b); err != nil {
				t.Fatal(err)
			}
			goldenfile.Check(t, filepath.Join("testdata", c.name), b.Bytes())
		})
	}
}

// TestNoProposedIsByteIdentical: without proposed relations (none, or an
// empty list) every output is the golden file of the observed graph.
func TestNoProposedIsByteIdentical(t *testing.T) {
	for _, c := range []struct {
		golden string
		write  func(*bytes.Buffer, Options) error
	}{
		{"graph.txt.golden", func(b *bytes.Buffer, o Options) error { return WriteText(b, sampleSignals(), o) }},
		{"graph.mmd.golden", func(b *bytes.Buffer, o Options) error { return WriteMermaid(b, sampleSignals(), o) }},
		{"graph.dot.golden", func(b *bytes.Buffer, o Options) error { return WriteDOT(b, sampleSignals(), o) }},
	} {
		want, err := os.ReadFile(filepath.Join("testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []Options{{}, {Proposed: []ProposedRelation{}}} {
			var b bytes.Buffer
			if err := c.write(&b, o); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("%s: without proposals the output changed:\n%s", c.golden, b.String())
			}
		}
	}
}

// TestProposedAreDashedNeverObserved: a proposed relation is a dashed
// edge, never a solid one, and the text lists it apart.
func TestProposedAreDashedNeverObserved(t *testing.T) {
	opts := Options{Proposed: []ProposedRelation{{From: "document:docs/x.md", To: "module:src/y.ts", Kind: "mentions", AcceptedBy: "alice"}}}
	var mmd, dot, text bytes.Buffer
	if err := WriteMermaid(&mmd, nil, opts); err != nil {
		t.Fatal(err)
	}
	if err := WriteDOT(&dot, nil, opts); err != nil {
		t.Fatal(err)
	}
	if err := WriteText(&text, nil, opts); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(mmd.String(), " --> ") || !strings.Contains(mmd.String(), ` -.->|"proposed mentions"| `) {
		t.Errorf("Mermaid:\n%s", mmd.String())
	}
	if !strings.Contains(dot.String(), `"document:docs/x.md" -> "module:src/y.ts" [style=dashed, label="proposed mentions"];`) ||
		strings.Contains(dot.String(), `"document:docs/x.md" -> "module:src/y.ts";`) {
		t.Errorf("DOT:\n%s", dot.String())
	}
	if !strings.Contains(text.String(), "Proposed relations (1; accepted from the enrichment overlay, not observed)\n  document:docs/x.md ⇢ module:src/y.ts  (mentions, accepted by alice)\n") {
		t.Errorf("text:\n%s", text.String())
	}
}

// TestProposedBounded: past the bound, proposed relations are counted,
// not drawn.
func TestProposedBounded(t *testing.T) {
	var ps []ProposedRelation
	for i := range maxShownProposed + 5 {
		ps = append(ps, ProposedRelation{From: "document:d.md", To: "module:m" + strings.Repeat("x", i) + ".go", Kind: "mentions"})
	}
	var text, mmd bytes.Buffer
	_ = WriteText(&text, nil, Options{Proposed: ps})
	_ = WriteMermaid(&mmd, nil, Options{Proposed: ps})
	if !strings.Contains(text.String(), "… 5 more proposed relations not listed") {
		t.Errorf("text:\n%s", text.String())
	}
	if n := strings.Count(mmd.String(), " -.->"); n > maxDrawnNodes || !strings.Contains(mmd.String(), "more proposed relations not drawn") {
		t.Errorf("Mermaid draws %d:\n%s", n, mmd.String())
	}
}
