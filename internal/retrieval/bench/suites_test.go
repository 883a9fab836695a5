package bench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/scan"
)

// repoRoot is this repository's root, relative to the package.
const repoRoot = "../../.."

// repoSuite is the committed suite of this repository.
var repoSuite = filepath.Join(repoRoot, "docs", "bench", "retrieval-suite-v1.json")

func loadSuiteFile(t *testing.T, path string) Suite {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Load(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// checkShape: enough cases, and every kind represented.
func checkShape(t *testing.T, s Suite, minCases int) {
	t.Helper()
	if len(s.Cases) < minCases {
		t.Errorf("%d cases, want at least %d", len(s.Cases), minCases)
	}
	byKind := map[string]int{}
	for _, c := range s.Cases {
		byKind[c.Metadata.Kind]++
	}
	for _, k := range kinds {
		if byKind[k] == 0 {
			t.Errorf("no %s case", k)
		}
	}
}

// scanProject scans dir with its own configuration and projects it
// (bodies do not matter for which targets exist).
func scanProject(t *testing.T, dir string) *retrieval.Projection {
	t.Helper()
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return retrieval.Project(res.Snapshot, nil, nil)
}

// TestRepositorySuite: the committed suite loads and every expected
// target exists in a scan of this repository, so the suite cannot rot
// silently when a file moves.
func TestRepositorySuite(t *testing.T) {
	s := loadSuiteFile(t, repoSuite)
	checkShape(t, s, 40)
	missing, more := MissingTargets(s, scanProject(t, repoRoot))
	for _, m := range missing {
		t.Errorf("case %q: target %q is not in a scan of the repository", m.Case, m.Target)
	}
	if more > 0 {
		t.Errorf("and %d more missing targets", more)
	}
}
