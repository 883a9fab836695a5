package graph

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// The monorepo corpus is generated and scanned once per test binary: the
// benchmarks time the graph stage only.
var (
	monorepoOnce sync.Once
	monorepoSnap *snapshot.Snapshot
	monorepoErr  error
)

func monorepo(b *testing.B) *snapshot.Snapshot {
	b.Helper()
	monorepoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "docbridge-graph-monorepo-")
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
			monorepoErr = fmt.Errorf("scan monorepo: %w", err)
			return
		}
		monorepoSnap = res.Snapshot
	})
	if monorepoErr != nil {
		b.Fatal(monorepoErr)
	}
	return monorepoSnap
}

// BenchmarkCompute is graph.Compute on the snapshot of the monorepo corpus
// (4,100 documents, 9,240 TypeScript modules, 102 packages):
//
//	go test -run '^$' -bench 'Compute|Signal' -benchtime 20x -count 5 ./internal/graph
func BenchmarkCompute(b *testing.B) {
	s := monorepo(b)
	var sig *Signals
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		sig = Compute(s, Options{})
	}
	b.StopTimer()
	if len(sig.Centrality) == 0 || !sig.CentralitySampled || len(sig.Areas) == 0 {
		b.Fatalf("monorepo signals: %d centrality (sampled %v), %d areas", len(sig.Centrality), sig.CentralitySampled, len(sig.Areas))
	}
}

// BenchmarkSignal times each stage of Compute on the monorepo snapshot.
func BenchmarkSignal(b *testing.B) {
	s := monorepo(b)
	idx := newIndex(s)
	ig := buildImportGraph(idx)
	b.Logf("import graph: %d nodes, %d edges", ig.csr.nodes(), ig.csr.edges())
	o := Options{}.withDefaults()
	for _, bench := range []struct {
		name string
		run  func()
	}{
		{"index", func() { newIndex(s) }},
		{"canonicality", func() { canonicality(idx) }},
		{"import-graph", func() { buildImportGraph(idx) }},
		{"centrality", func() { centrality(ig, o, &Signals{}) }},
		{"centrality-exact", func() { exactBetweenness(ig.csr) }},
		{"cycles", func() { cycles(ig, newCycleGraph(ig, Options{}), nil) }},
		{"areas", func() { areas(ig, idx, nil) }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			for b.Loop() {
				bench.run()
			}
		})
	}
}

// BenchmarkCyclesTangled is cycle detection on one strongly connected
// component of 9,000 modules and 45,000 imports, the shape a barrel-file
// codebase can take: the cost stays at MaxComponentCycles+2 searches.
func BenchmarkCyclesTangled(b *testing.B) {
	ig := buildImportGraph(newIndex(tangled(9000, 4)))
	b.ResetTimer()
	for b.Loop() {
		cycles(ig, newCycleGraph(ig, Options{}), nil)
	}
}

// BenchmarkExactBetweenness is exact Brandes on its worst case, a strongly
// connected graph where every search reaches every node, at sizes around
// defaultMaxExactBetweennessWork (V·E).
func BenchmarkExactBetweenness(b *testing.B) {
	for _, n := range []int{500, 1000, 2000} {
		g := buildImportGraph(newIndex(tangled(n, 4))).csr
		b.Run(fmt.Sprintf("V=%d,E=%d", g.nodes(), g.edges()), func(b *testing.B) {
			for b.Loop() {
				exactBetweenness(g)
			}
		})
	}
}

// BenchmarkCentralitySampling times Brandes–Pich sampling on the monorepo
// for several k and reports its error against exact betweenness: the
// median and 90th-percentile relative error over the 100 most central
// nodes, and the worst exact rank among the sampled top 10.
//
//	go test -run '^$' -bench CentralitySampling -benchtime 10x ./internal/graph
func BenchmarkCentralitySampling(b *testing.B) {
	ig := buildImportGraph(newIndex(monorepo(b)))
	exact := exactBetweenness(ig.csr)
	byScore := func(x []float64) []int {
		order := make([]int, len(x))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(x[j], x[i]) })
		return order
	}
	exactOrder := byScore(exact)
	rank := make([]int, len(exact))
	for r, i := range exactOrder {
		rank[i] = r
	}
	for _, k := range []int{128, 256, 512, 1024, 2048} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			var est []float64
			for b.Loop() {
				est = sampledBetweenness(ig.csr, ig.ids, k, pivotSeed)
			}
			var errs []float64
			for _, i := range exactOrder[:100] {
				errs = append(errs, math.Abs(est[i]-exact[i])/exact[i])
			}
			slices.Sort(errs)
			worst := 0
			for _, i := range byScore(est)[:10] {
				worst = max(worst, rank[i])
			}
			b.ReportMetric(errs[50], "median-rel-err")
			b.ReportMetric(errs[90], "p90-rel-err")
			b.ReportMetric(float64(worst+1), "worst-exact-rank-of-top10")
		})
	}
}
