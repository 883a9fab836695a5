package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/scan"
)

// cobraEnv names the checkout of github.com/spf13/cobra the cobra suite
// was written for (commit adbc8813901bba65827259daa8e22ff94ec1f30e).
const cobraEnv = "DOCBRIDGE_BENCH_COBRA"

// TestCobraSuite runs the cobra suite with docbridge's ranker and the
// baseline on a real repository: every target must exist there, and
// docbridge must beat the baseline on hit@3 (issue 5's bar).
func TestCobraSuite(t *testing.T) {
	dir := os.Getenv(cobraEnv)
	if dir == "" {
		t.Skipf("set %s to a checkout of github.com/spf13/cobra to run it (git clone https://github.com/spf13/cobra /tmp/real/cobra; %s=/tmp/real/cobra go test -run TestCobraSuite -v ./internal/retrieval/bench)", cobraEnv, cobraEnv)
	}
	s := loadSuiteFile(t, cobraSuite)
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	snap := res.Snapshot
	p := retrieval.Project(snap, graph.Compute(snap, graph.Options{}), func(path string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
		if err != nil {
			t.Errorf("body of %s: %v", path, err)
		}
		return data
	})
	missing, _ := MissingTargets(s, p)
	for _, m := range missing {
		t.Errorf("case %q: target %q is not in %s", m.Case, m.Target, dir)
	}
	ours := Run(s, Docbridge(retrieval.NewIndex(p, snap)))
	base := Run(s, NewBaseline(p))
	t.Logf("cobra suite, %d cases, %d entries\n%s", len(s.Cases), len(p.Entries), compareTable(ours, base))
	for _, m := range ours.Misses() {
		t.Logf("docbridge missed %-28s rank %d, top %v", m.ID, m.Rank, m.Top)
	}
	if ours.Overall.Hit3 <= base.Overall.Hit3 {
		t.Errorf("docbridge hit@3 %.3f does not beat the baseline's %.3f", ours.Overall.Hit3, base.Overall.Hit3)
	}
}

// compareTable lays two results side by side for the test log.
func compareTable(a, b Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-10s %5s | %-27s | %-27s\n", "kind", "cases", "docbridge hit@1 hit@3 MRR", "baseline hit@1 hit@3 MRR")
	line := func(k string, x, y Metrics) {
		fmt.Fprintf(&sb, "%-10s %5d | %9.3f %5.3f %5.3f zero %.2f | %8.3f %5.3f %5.3f zero %.2f\n", k, x.Cases, x.Hit1, x.Hit3, x.MRR, x.ZeroRate, y.Hit1, y.Hit3, y.MRR, y.ZeroRate)
	}
	line("overall", a.Overall, b.Overall)
	for i := range a.ByKind {
		line(a.ByKind[i].Kind, a.ByKind[i].Metrics, b.ByKind[i].Metrics)
	}
	return sb.String()
}
