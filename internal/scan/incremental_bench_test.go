package scan_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

// BenchmarkIncremental measures warm scans of the monorepo corpus as ratios
// to a cold scan timed in the same iteration, and where a warm scan spends
// its time. A warm scan here is what a CI run does: decode the previous
// state, scan with it, encode the new state.
//
//	go test -run '^$' -bench Incremental -benchtime 5x ./internal/scan
func BenchmarkIncremental(b *testing.B) {
	root := b.TempDir()
	if err := corpus.Write(root, corpus.Monorepo); err != nil {
		b.Fatal(err)
	}
	cfg := config.Default()
	ctx := context.Background()
	doc := filepath.Join(root, "docs", "guide-1.md")
	mod := filepath.Join(root, "packages", "pkg-5", "src", "feature0", "mod5.ts")
	docOrig, _ := os.ReadFile(doc)
	modOrig, _ := os.ReadFile(mod)

	// warm runs one incremental scan from the state in data and returns its
	// duration, the next state and the phase times.
	warm := func(data []byte) (time.Duration, []byte, map[string]time.Duration) {
		t0 := time.Now()
		st, err := state.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		decode := time.Since(t0)
		res, err := scan.Scan(ctx, root, cfg, scan.Options{Previous: st.Store})
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		data, err = state.Encode(&state.State{Store: res.Store})
		if err != nil {
			b.Fatal(err)
		}
		phases := map[string]time.Duration{
			"decode": decode, "walk": res.Stats.Walk, "hash+extract": res.Stats.Extract,
			"resolve": res.Stats.Resolve, "canonical": res.Stats.Canonical, "encode": time.Since(t1),
		}
		return time.Since(t0), data, phases
	}
	var cold, noChange, oneDoc, oneMod []float64
	share := map[string]time.Duration{}
	var shareTotal time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		res, err := scan.Scan(ctx, root, cfg, scan.Options{})
		if err != nil {
			b.Fatal(err)
		}
		cold = append(cold, time.Since(t0).Seconds())
		data, err := state.Encode(&state.State{Store: res.Store})
		must(b, err)

		d, data, phases := warm(data)
		noChange = append(noChange, d.Seconds())
		for k, v := range phases {
			share[k] += v
			shareTotal += v
		}

		must(b, os.WriteFile(doc, append(append([]byte{}, docOrig...), []byte("\nOne more line, [a link](guide-2.md#section-1).\n")...), 0o644))
		d, data, _ = warm(data)
		oneDoc = append(oneDoc, d.Seconds())
		must(b, os.WriteFile(doc, docOrig, 0o644))

		must(b, os.WriteFile(mod, []byte(strings.Replace(string(modOrig), "export const value5", "export const renamedValue5", 1)), 0o644))
		d, _, _ = warm(data)
		oneMod = append(oneMod, d.Seconds())
		must(b, os.WriteFile(mod, modOrig, 0o644))
	}
	c := median(cold)
	b.ReportMetric(c, "cold-s")
	b.ReportMetric(100*median(noChange)/c, "warm-no-change-%")
	b.ReportMetric(100*median(oneDoc)/c, "warm-one-doc-%")
	b.ReportMetric(100*median(oneMod)/c, "warm-one-module-%")
	for k, v := range share {
		b.ReportMetric(100*float64(v)/float64(shareTotal), "share-"+k+"-%")
	}
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
