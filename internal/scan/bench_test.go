package scan

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"

	"github.com/cespare/xxhash/v2"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/parallel"
	"github.com/docbridge/docbridge/internal/scan/walk"
)

// The monorepo corpus is generated once per test binary: writing 13,000
// files is not what the benchmarks measure.
var (
	monorepoOnce sync.Once
	monorepoDir  string
	monorepoErr  error
)

func monorepo(b *testing.B) string {
	b.Helper()
	monorepoOnce.Do(func() {
		monorepoDir, monorepoErr = os.MkdirTemp("", "docbridge-monorepo-")
		if monorepoErr == nil {
			monorepoErr = corpus.Write(monorepoDir, corpus.Monorepo)
		}
	})
	if monorepoErr != nil {
		b.Fatal(monorepoErr)
	}
	return monorepoDir
}

// BenchmarkScanMonorepo is the cold scan at the scale of the performance
// budget: 4,100 documents, 9,240 TypeScript modules, 102 packages.
//
//	go test -run '^$' -bench 'ScanMonorepo|ReadAndHash' -benchtime 5x -count 5 ./internal/scan
func BenchmarkScanMonorepo(b *testing.B) {
	root := monorepo(b)
	cfg := config.Default()
	var files int
	var bytes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Scan(context.Background(), root, cfg, Options{})
		if err != nil {
			b.Fatal(err)
		}
		files, bytes = res.Stats.Files, res.Stats.Bytes
	}
	b.StopTimer()
	perOp := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(files)/perOp, "files/s")
	b.ReportMetric(float64(bytes)/1e6/perOp, "MB/s")
	b.ReportMetric(peakRSSMB(), "peak-RSS-MB")
}

// BenchmarkReadAndHash is the floor under any scan, warm or cold: the
// scan's own walk of the tree, then reading and hashing every file the way
// the scan does, on the scan's number of workers.
func BenchmarkReadAndHash(b *testing.B) {
	root := monorepo(b)
	cfg := config.Default()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w, err := walk.Walk(ctx, root, walk.Options{Exclude: cfg.Scan.Exclude, MaxFileBytes: int64(cfg.Scan.MaxFileBytes), MaxFiles: cfg.Scan.MaxFiles})
		if err != nil {
			b.Fatal(err)
		}
		parallel.Each(len(w.Files), runtime.GOMAXPROCS(0), func(i int) {
			f := w.Files[i]
			data, err := readRegular(filepath.Join(root, filepath.FromSlash(f.Path)), f.Size, int64(cfg.Scan.MaxFileBytes))
			if err != nil {
				b.Error(err)
				return
			}
			_ = xxhash.Sum64(data)
		})
	}
}

// peakRSSMB is the process's peak resident set size so far.
func peakRSSMB() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Maxrss) / 1024 // Linux reports KiB
}
