package reconcile_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// The monorepo corpus is generated and scanned once per test binary: the
// benchmarks time the stages after the scan.
var (
	monorepoOnce sync.Once
	monorepoSnap *snapshot.Snapshot
	monorepoErr  error
)

func monorepo(b *testing.B) *snapshot.Snapshot {
	b.Helper()
	monorepoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "docbridge-reconcile-monorepo-")
		if err != nil {
			monorepoErr = err
			return
		}
		defer os.RemoveAll(dir)
		if monorepoErr = corpus.Write(dir, corpus.Monorepo); monorepoErr != nil {
			return
		}
		res, err := scan.Scan(context.Background(), dir, config.Default(), scan.Options{})
		if err != nil {
			monorepoErr = err
			return
		}
		monorepoSnap = res.Snapshot
	})
	if monorepoErr != nil {
		b.Fatal(monorepoErr)
	}
	return monorepoSnap
}

// BenchmarkRun is reconcile.Run on the monorepo corpus's snapshot, its
// signals computed once:
//
//	go test -run '^$' -bench 'Run|Check' -benchtime 20x -count 5 ./internal/reconcile
func BenchmarkRun(b *testing.B) {
	s := monorepo(b)
	cfg := config.Default()
	sig := graph.Compute(s, reconcile.SignalOptions(cfg, nil))
	var diags []reconcile.Diagnostic
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		diags = reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: cfg})
	}
	b.StopTimer()
	if len(diags) == 0 {
		b.Fatal("no diagnostics on the monorepo corpus")
	}
}

// BenchmarkCheckStages is what a check does after the scan: the graph
// signals, then the rules, on one snapshot.
func BenchmarkCheckStages(b *testing.B) {
	s := monorepo(b)
	cfg := config.Default()
	var diags []reconcile.Diagnostic
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sig := graph.Compute(s, reconcile.SignalOptions(cfg, nil))
		diags = reconcile.Run(reconcile.Input{Head: s, Signals: sig, Config: cfg})
	}
	b.StopTimer()
	if len(diags) == 0 {
		b.Fatal("no diagnostics on the monorepo corpus")
	}
}
