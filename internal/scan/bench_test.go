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

// BenchmarkReadAndHash is the floor under any scan: listing, reading and
// hashing every file the scan reads, with the scan's number of workers.
func BenchmarkReadAndHash(b *testing.B) {
	root := monorepo(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		paths := make(chan string)
		var wg sync.WaitGroup
		for w := 0; w < runtime.GOMAXPROCS(0); w++ { // as many as the scan's workers
			wg.Add(1)
			go func() {
				defer wg.Done()
				for p := range paths {
					data, err := os.ReadFile(p)
					if err != nil {
						b.Error(err)
						return
					}
					_ = xxhash.Sum64(data)
				}
			}()
		}
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				paths <- p
			}
			return err
		})
		close(paths)
		wg.Wait()
		if err != nil {
			b.Fatal(err)
		}
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
