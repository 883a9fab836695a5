package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// lookupFixtureDir is a small Go repository with documents that cover,
// mention and link to its code.
const lookupFixtureDir = "testdata/lookup/repo"

// lookupFixture scans the fixture and judges it as the CLI does.
func lookupFixture(t testing.TB) (*snapshot.Snapshot, *graph.Signals, []finding.Diagnostic) {
	t.Helper()
	cfg := config.Default()
	// UNDOCUMENTED_AREA is off by default; on, it gives a finding at a
	// package's path for TestLookupDiagnosticsAttached.
	cfg.Checks.Severity["UNDOCUMENTED_AREA"] = "info"
	res, err := scan.Scan(context.Background(), lookupFixtureDir, cfg, scan.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sig := graph.Compute(res.Snapshot, graph.Options{})
	return res.Snapshot, sig, reconcile.Run(reconcile.Input{Head: res.Snapshot, Signals: sig, Config: cfg})
}

// synth builds a normalized snapshot from entity ids and relations written
// "kind from to". An entity's path is its id's value for kinds with paths.
func synth(ids []string, rels ...[3]string) *snapshot.Snapshot {
	s := &snapshot.Snapshot{}
	for _, id := range ids {
		kind, value, _ := snapshot.ParseEntityID(id)
		e := snapshot.Entity{ID: id, Kind: kind, Name: value, Provenance: snapshot.Observed}
		if lookupHasPath(kind) {
			e.Path = value
		}
		s.Entities = append(s.Entities, e)
	}
	for _, r := range rels {
		s.Relations = append(s.Relations, snapshot.Relation{ID: snapshot.RelationID(r[0], r[1], r[2]),
			Kind: r[0], From: r[1], To: r[2], Provenance: snapshot.Observed})
	}
	s.Normalize()
	return s
}

// entity returns the entity with id, for tests that edit one.
func entity(t testing.TB, s *snapshot.Snapshot, id string) *snapshot.Entity {
	t.Helper()
	for i := range s.Entities {
		if s.Entities[i].ID == id {
			return &s.Entities[i]
		}
	}
	t.Fatalf("no entity %s", id)
	return nil
}

// lineOf reads line n (1-based) of a fixture file, independently of the
// CLI's reader.
func lineOf(t testing.TB, path string, n int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(lookupFixtureDir, path))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		t.Fatalf("%s has no line %d", path, n)
	}
	return lines[n-1]
}

// fixtureReader reads fixture lines for LookupOptions.Excerpt.
func fixtureReader(t testing.TB) func(string, int) (string, bool) {
	return func(path string, n int) (string, bool) {
		data, err := os.ReadFile(filepath.Join(lookupFixtureDir, path))
		if err != nil {
			return "", false
		}
		lines := strings.Split(string(data), "\n")
		if n > len(lines) {
			return "", false
		}
		return lines[n-1], true
	}
}

// mustJSON is the canonical JSON of v.
func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := canonicalJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
