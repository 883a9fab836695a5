package state

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/scan"
)

var (
	monoOnce sync.Once
	monoRes  *scan.Result
)

func monorepoState(b *testing.B) *State {
	b.Helper()
	monoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "docbridge-state-bench-")
		if err != nil {
			b.Fatal(err)
		}
		if err := corpus.Write(dir, corpus.Monorepo); err != nil {
			b.Fatal(err)
		}
		monoRes, err = scan.Scan(context.Background(), dir, config.Default(), scan.Options{})
		if err != nil {
			b.Fatal(err)
		}
	})
	return &State{Store: monoRes.Store}
}

// BenchmarkEncode and BenchmarkDecode measure the state of the monorepo
// corpus (see docs/performance.md).
func BenchmarkEncode(b *testing.B) {
	st := monorepoState(b)
	b.ResetTimer()
	var n int
	for i := 0; i < b.N; i++ {
		data, err := Encode(st)
		if err != nil {
			b.Fatal(err)
		}
		n = len(data)
	}
	b.ReportMetric(float64(n)/1e6, "state-MB")
}

func BenchmarkDecode(b *testing.B) {
	data, err := Encode(monorepoState(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
