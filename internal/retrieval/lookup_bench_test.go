package retrieval

import (
	"context"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
)

// BenchmarkLookupMonorepo measures Lookup alone (the scan, signals and
// diagnostics are computed once) on the generated monorepo: a hub package
// at the deepest depth, a document, and an unknown target whose
// did-you-mean compares against every id and path.
func BenchmarkLookupMonorepo(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.Write(dir, corpus.Monorepo); err != nil {
		b.Fatal(err)
	}
	cfg := config.Default()
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		b.Fatal(err)
	}
	s := res.Snapshot
	sig := graph.Compute(s, graph.Options{})
	diags := reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: cfg})
	b.Logf("%d entities, %d relations, %d diagnostics", len(s.Entities), len(s.Relations), len(diags))
	for _, tc := range []struct {
		name, target string
		depth        int
	}{
		{"package-depth3", "packages/pkg-0", 3},
		{"document-depth1", "docs/guide-10.md", 1},
		{"unknown", "packages/pkg-0/src/nothing-here.ts", 1},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				_, err := Lookup(s, sig, diags, tc.target, LookupOptions{Depth: tc.depth})
				if (err != nil) != (tc.name == "unknown") {
					b.Fatal(err)
				}
			}
		})
	}
}
