package reconcile_test

import (
	"context"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
)

// BenchmarkRun is what a check does after the scan, on the monorepo
// corpus's snapshot (scanned once): the rules alone, their signals
// computed once ("rules"), and the signals then the rules ("check"):
//
//	go test -run '^$' -bench Run -benchmem -benchtime 10x -count 5 ./internal/reconcile
func BenchmarkRun(b *testing.B) {
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
	sig := graph.Compute(s, reconcile.SignalOptions(cfg, nil))
	for _, tc := range []struct {
		name string
		run  func() []finding.Diagnostic
	}{
		{"rules", func() []finding.Diagnostic {
			return reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: cfg})
		}},
		{"check", func() []finding.Diagnostic {
			sig := graph.Compute(s, reconcile.SignalOptions(cfg, nil))
			return reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: cfg})
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var diags []finding.Diagnostic
			b.ReportAllocs()
			for b.Loop() {
				diags = tc.run()
			}
			if len(diags) == 0 {
				b.Fatal("no diagnostics on the monorepo corpus")
			}
		})
	}
}
