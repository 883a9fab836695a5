package reconcile

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// scanDir scans a fixture repository with the docbridge.yaml it holds (or
// the defaults) and returns the snapshot and the configuration.
func scanDir(t *testing.T, dir string) (*snapshot.Snapshot, *config.Config) {
	t.Helper()
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatalf("config %s: %v", dir, err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatalf("scan %s: %v", dir, err)
	}
	return res.Snapshot, cfg
}

// check scans testdata/<name> and reconciles it (no base).
func check(t *testing.T, name string) []finding.Diagnostic {
	t.Helper()
	s, cfg := scanDir(t, filepath.Join("testdata", name))
	return Run(Input{Head: s, Signals: graph.Compute(s, SignalOptions(cfg, nil)), Config: cfg})
}

// withCode keeps the diagnostics of one code.
func withCode(ds []finding.Diagnostic, code string) []finding.Diagnostic {
	var out []finding.Diagnostic
	for _, d := range ds {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// where renders diagnostics as "path:line code" for compact comparisons.
func where(ds []finding.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		p := d.Primary()
		out = append(out, p.Path+":"+itoa(p.Line)+" "+d.Code)
	}
	slices.Sort(out)
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
