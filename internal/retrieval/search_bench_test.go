package retrieval

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// benchSpec generates a repository that projects into a little over
// 10,000 entries (documents, TypeScript/Go/Python modules, packages).
var benchSpec = corpus.Spec{Seed: 5, Packages: 40, TSModules: 6000, Documents: 3000, GoModules: 600, PyModules: 300}

// The corpus is generated and scanned once per test binary: the
// benchmarks time retrieval only.
var (
	benchOnce  sync.Once
	benchSnap  *snapshot.Snapshot
	benchSig   *graph.Signals
	benchFiles map[string][]byte
	benchErr   error
)

func benchCorpus(b *testing.B) (*snapshot.Snapshot, *graph.Signals, func(string) []byte) {
	b.Helper()
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "docbridge-retrieval-bench-")
		if err != nil {
			benchErr = err
			return
		}
		defer os.RemoveAll(dir)
		if benchErr = corpus.Write(dir, benchSpec); benchErr != nil {
			return
		}
		res, err := scan.Scan(context.Background(), dir, config.Default(), scan.Options{})
		if err != nil {
			benchErr = fmt.Errorf("scan: %w", err)
			return
		}
		benchSnap, benchFiles = res.Snapshot, corpus.Files(benchSpec)
		benchSig = graph.Compute(benchSnap, graph.Options{})
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchSnap, benchSig, func(p string) []byte { return benchFiles[p] }
}

// BenchmarkProject builds the projection of the 10,000-entry corpus:
//
//	go test -run '^$' -bench 'Project|NewIndex|Search' -benchtime 20x -count 5 ./internal/retrieval
func BenchmarkProject(b *testing.B) {
	s, sig, body := benchCorpus(b)
	var p *Projection
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p = Project(s, sig, body)
	}
	b.StopTimer()
	if len(p.Entries) < 10_000 {
		b.Fatalf("%d entries, want ≥ 10,000", len(p.Entries))
	}
	b.ReportMetric(float64(len(p.Entries)), "entries")
}

// BenchmarkNewIndex indexes the projection (tokenizing every field).
func BenchmarkNewIndex(b *testing.B) {
	s, sig, body := benchCorpus(b)
	p := Project(s, sig, body)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		NewIndex(p, s)
	}
}

// BenchmarkSearch runs a fixed set of queries — symbols, paths, title
// words, two-word and question-like text — one per iteration, and reports
// the p50 and p99 latency of a query besides the mean (ns/op).
func BenchmarkSearch(b *testing.B) {
	s, sig, body := benchCorpus(b)
	p := Project(s, sig, body)
	ix := NewIndex(p, s)
	queries := benchQueries(p)
	durations := make([]time.Duration, 0, b.N)
	runtime.GC() // the scan's garbage is not the queries'
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		t0 := time.Now()
		ix.Search(Query{Text: queries[i%len(queries)]})
		durations = append(durations, time.Since(t0))
		i++
	}
	b.StopTimer()
	slices.Sort(durations)
	pct := func(q float64) float64 { return float64(durations[int(q*float64(len(durations)-1))].Nanoseconds()) }
	b.ReportMetric(pct(0.50), "p50-ns/query")
	b.ReportMetric(pct(0.99), "p99-ns/query")
	b.ReportMetric(float64(len(p.Entries)), "entries")
}

// benchQueries derives up to five queries from each of 40 entries spread
// over the projection — its path, a symbol or title, two of its words, a
// question, its file name — in a fixed order (147 on benchSpec).
func benchQueries(p *Projection) []string {
	var out []string
	step := max(1, len(p.Entries)/40)
	for i := 0; i < len(p.Entries) && len(out) < 200; i += step {
		e := p.Entries[i]
		words := tokenize(e.Title + " " + e.Summary + " " + e.Body)
		out = append(out, e.Path)
		if len(e.Symbols) > 0 {
			out = append(out, e.Symbols[0])
		} else {
			out = append(out, e.Title)
		}
		if len(words) >= 4 {
			out = append(out, words[1]+" "+words[3])
			out = append(out, "how does "+strings.Join(words[:4], " ")+" work")
		}
		out = append(out, baseOf(e.Path))
	}
	return out
}

func baseOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
