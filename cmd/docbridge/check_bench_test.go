package main

import (
	"context"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/pipeline"
)

// BenchmarkCheckMonorepo measures `docbridge check` from a warm state
// (scan + graph signals + reconciliation + text report) against the warm
// scan alone, on the monorepo corpus, alternating the two in one run so
// the ratio compares like with like on a noisy machine. The ratio is the
// median check time over the median warm-scan time.
//
//	go test -run '^$' -bench BenchmarkCheckMonorepo -benchtime 5x ./cmd/docbridge
func BenchmarkCheckMonorepo(b *testing.B) {
	root := b.TempDir()
	if err := corpus.Write(root, corpus.Monorepo); err != nil {
		b.Fatal(err)
	}
	stateDir := b.TempDir()
	ctx := context.Background()
	// The first run is cold and leaves the state the timed runs reuse.
	if _, _, err := pipeline.ScanWithState(ctx, root, config.Default(), stateDir, 1<<30, nil, ""); err != nil {
		b.Fatal(err)
	}
	o := checkOptions{Options: pipeline.Options{Repo: pipeline.Repo{Dir: root, StateDir: stateDir, MaxStateBytes: 1 << 30}}, format: "text", failOn: "none"}
	var scans, checks []time.Duration
	var stages []time.Duration
	for b.Loop() {
		t0 := time.Now()
		if _, _, err := pipeline.ScanWithState(ctx, root, config.Default(), stateDir, 1<<30, nil, ""); err != nil {
			b.Fatal(err)
		}
		scans = append(scans, time.Since(t0))
		t1 := time.Now()
		res, err := pipeline.Run(ctx, o.Options)
		if err != nil {
			b.Fatal(err)
		}
		if err := writeCheck(io.Discard, io.Discard, o, res, res.Report(version)); err != nil {
			b.Fatal(err)
		}
		checks = append(checks, time.Since(t1))
		stages = append(stages, res.Judge)
	}
	scan, check := median(scans), median(checks)
	b.ReportMetric(scan.Seconds(), "warm-scan-s")
	b.ReportMetric(check.Seconds(), "check-s")
	b.ReportMetric(median(stages).Seconds(), "graph+reconcile-s")
	b.ReportMetric(float64(check)/float64(scan), "check/warm-scan")
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
