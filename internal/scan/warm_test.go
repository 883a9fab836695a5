package scan

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func scanResult(t *testing.T, root string, opts Options) *Result {
	t.Helper()
	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Scan(context.Background(), root, cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// withoutRun drops the coverage entry that describes the run, the one
// difference a warm scan may have from a cold one.
func withoutRun(t *testing.T, s *snapshot.Snapshot) []byte {
	t.Helper()
	return marshal(t, snapshot.WithoutRun(s))
}

func reuseEntry(s *snapshot.Snapshot) snapshot.Coverage {
	for _, c := range s.Coverage {
		if c.Scope == snapshot.ScopeReusedEntities {
			return c
		}
	}
	return snapshot.Coverage{}
}

func TestWarmScanEqualsCold(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	cold := scanResult(t, root, Options{})
	if c := reuseEntry(cold.Snapshot); c.Status != snapshot.StatusNotApplicable {
		t.Errorf("a first run is not-applicable: %+v", c)
	}

	warm := scanResult(t, root, Options{Previous: cold.Store})
	if !bytes.Equal(withoutRun(t, warm.Snapshot), withoutRun(t, cold.Snapshot)) {
		t.Fatal("a warm scan of an unchanged tree differs from the cold scan")
	}
	if warm.Snapshot.ContentHash != cold.Snapshot.ContentHash {
		t.Error("the content hash must not see the reuse entry")
	}
	if c := reuseEntry(warm.Snapshot); c.Status != snapshot.StatusComplete || warm.Stats.Parsed != 0 ||
		!strings.Contains(c.Reason, "parsed 0 of") {
		t.Errorf("nothing changed, so nothing is parsed: %+v, parsed %d", c, warm.Stats.Parsed)
	}

	// Edit one document: one file parsed, the rest reused, equal to cold.
	testtree.Write(t, root, map[string]string{"docs/guide.md": "# Guide\n\n## Setup\n\nNow links [the store](../internal/store/store.go).\n"})
	warm2 := scanResult(t, root, Options{Previous: warm.Store})
	cold2 := scanResult(t, root, Options{})
	if !bytes.Equal(withoutRun(t, warm2.Snapshot), withoutRun(t, cold2.Snapshot)) {
		t.Fatal("after an edit the warm scan differs from a cold scan of the same tree")
	}
	if warm2.Stats.Parsed != 1 || warm2.Stats.Reused != warm2.Stats.Files-1 {
		t.Errorf("parsed %d, reused %d of %d; want exactly the edited file parsed", warm2.Stats.Parsed, warm2.Stats.Reused, warm2.Stats.Files)
	}
}

func TestForeignStoresAreRefusedWhole(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	cold := scanResult(t, root, Options{})
	want := withoutRun(t, cold.Snapshot)
	for name, tc := range map[string]struct {
		edit   func(s *Store)
		reason string
	}{
		"analyzer version": {func(s *Store) { s.Header.AnalyzerVersions["markdown"] = "markdown/0" }, "markdown markdown/0 →"},
		"pipeline version": {func(s *Store) { s.Header.PipelineVersion = "scan/0" }, "pipeline scan/0"},
		"configuration":    {func(s *Store) { s.Header.ConfigurationHash = "0000000000000000" }, "configuration changed"},
		"format":           {func(s *Store) { s.Header.Format = 99 }, "format 99"},
		"duplicate path":   {func(s *Store) { s.Extractions = append(s.Extractions, s.Extractions[0]) }, "twice"},
	} {
		prev := copyStore(cold.Store)
		tc.edit(prev)
		warm := scanResult(t, root, Options{Previous: prev})
		c := reuseEntry(warm.Snapshot)
		if c.Status != snapshot.StatusPartial || !strings.Contains(c.Reason, tc.reason) || warm.Stats.Reused != 0 {
			t.Errorf("%s: want refused with %q, got %+v (reused %d)", name, tc.reason, c, warm.Stats.Reused)
		}
		if !bytes.Equal(withoutRun(t, warm.Snapshot), want) {
			t.Errorf("%s: the refused run must give the cold result", name)
		}
	}
	// A store whose extraction was edited by hand for an unchanged hash is
	// not detectable here (the state file's checksum catches it); a store
	// whose hash does not match the file is simply not reused for that file.
	prev := copyStore(cold.Store)
	for i := range prev.Extractions {
		if prev.Extractions[i].Path == "README.md" {
			prev.Extractions[i].Hash = "ffffffffffffffff"
			prev.Extractions[i].Markdown.Title = "Tampered"
		}
	}
	warm := scanResult(t, root, Options{Previous: prev})
	if !bytes.Equal(withoutRun(t, warm.Snapshot), want) || warm.Stats.Parsed != 1 {
		t.Errorf("a stale stored extraction must be re-extracted (parsed %d)", warm.Stats.Parsed)
	}
	refused := scanResult(t, root, Options{PreviousRefused: "checksum mismatch"})
	if c := reuseEntry(refused.Snapshot); c.Status != snapshot.StatusPartial || !strings.Contains(c.Reason, "checksum mismatch") {
		t.Errorf("a caller's refusal must be explained: %+v", c)
	}
}

func copyStore(s *Store) *Store {
	c := &Store{Header: s.Header, Extractions: append([]Extraction(nil), s.Extractions...), Tree: s.Tree}
	c.Header.AnalyzerVersions = map[string]string{}
	for k, v := range s.Header.AnalyzerVersions {
		c.Header.AnalyzerVersions[k] = v
	}
	for i := range c.Extractions {
		if md := c.Extractions[i].Markdown; md != nil {
			cp := *md
			c.Extractions[i].Markdown = &cp
		}
	}
	return c
}

// TestRebuildGivesTheScannedSnapshot: a store rebuilds exactly the snapshot
// of the scan that wrote it, so a state need not carry the snapshot.
func TestRebuildGivesTheScannedSnapshot(t *testing.T) {
	root := copyTree(t, "testdata/fixture", fixtureExtras)
	testtree.Write(t, root, map[string]string{"docbridge.yaml": "version: 1\nanalysis:\n  derive:\n    depth: 2\n"})
	res := scanResult(t, root, Options{SourceRevision: "abc123"})
	got, err := Rebuild(res.Store)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(withoutRun(t, got), withoutRun(t, res.Snapshot)) || got.ContentHash != res.Snapshot.ContentHash {
		t.Fatal("the rebuilt snapshot differs from the scanned one")
	}
	if got.SourceRevision != "abc123" {
		t.Errorf("source revision %q not kept", got.SourceRevision)
	}
	foreign := copyStore(res.Store)
	foreign.Header.AnalyzerVersions["golang"] = "golang/0"
	if _, err := Rebuild(foreign); err == nil || !strings.Contains(err.Error(), "golang golang/0") {
		t.Errorf("a store from another analyzer version must not be rebuilt: %v", err)
	}
}
