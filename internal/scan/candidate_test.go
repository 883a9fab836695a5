package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// TestWithDocumentIsTheScanOfTheWrittenTree proves that judging a
// document before it is written gives the snapshot a scan gives after:
// a new document in a new directory, a replaced one, and one whose links
// break.
func TestWithDocumentIsTheScanOfTheWrittenTree(t *testing.T) {
	base := map[string]string{
		"README.md":      "# Demo\n\nSee [the guide](docs/guide.md) and [the decisions](docs/decisions/).\n",
		"docs/guide.md":  "# Guide\n\nRecords live in `store/store.go`.\n",
		"store/store.go": "package store\n\nfunc Open() {}\n",
		"go.mod":         "module example.com/demo\n\ngo 1.26\n",
	}
	for _, tc := range []struct{ name, path, content string }{
		{"new document in a new directory", "docs/decisions/cache.md", "---\nArea: store\n---\n# Cache keyed by hash\n\nSee [the guide](../guide.md) and `store/store.go`.\n"},
		{"replaced document", "docs/guide.md", "# Guide, rewritten\n\nNow [a missing page](missing.md).\n"},
		{"new document at the root", "NOTES.md", "# Notes\n\n[Readme](README.md#demo)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, c := range base {
				writeTestFile(t, dir, p, c)
			}
			cfg := config.Default()
			before, err := Scan(context.Background(), dir, cfg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			judged, err := WithDocument(before.Store, tc.path, []byte(tc.content))
			if err != nil {
				t.Fatal(err)
			}
			snap, err := Rebuild(judged)
			if err != nil {
				t.Fatal(err)
			}
			// What a judgement rebuilds is this snapshot but for its hash.
			unhashed, err := RebuildUnhashed(judged)
			if err != nil {
				t.Fatal(err)
			}
			if h, err := snapshot.ComputeContentHash(unhashed); unhashed.ContentHash != "" || err != nil || h != snap.ContentHash {
				t.Errorf("RebuildUnhashed: hash %q, %s when computed (%v), want none and %s", unhashed.ContentHash, h, err, snap.ContentHash)
			}
			writeTestFile(t, dir, tc.path, tc.content)
			after, err := Scan(context.Background(), dir, cfg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if snap.ContentHash != after.Snapshot.ContentHash {
				t.Errorf("judged snapshot %s, scan after writing %s", snap.ContentHash, after.Snapshot.ContentHash)
			}
			if len(before.Store.Extractions) != len(base) {
				t.Errorf("the store was changed: %d extractions", len(before.Store.Extractions))
			}
		})
	}
	if _, err := WithDocument(&Store{Tree: StoredTree{Config: config.Default()}}, "main.go", nil); err == nil {
		t.Error("a Go file is not a document")
	}
}

func writeTestFile(t *testing.T, dir, p, content string) {
	t.Helper()
	full := filepath.Join(dir, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
