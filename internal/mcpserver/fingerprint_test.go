package mcpserver

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/dirwatch"
	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestFingerprintWatchSeesWhatAStatSees: after each kind of change, a
// fingerprint with a watch of the scanned directories says changed
// exactly when the one that stats every path does — and what it says is
// right.
func TestFingerprintWatchSeesWhatAStatSees(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the watch is inotify's")
	}
	file := func(dir, p, content string) { testtree.File(t, filepath.Join(dir, filepath.FromSlash(p)), content) }
	for _, tc := range []struct {
		name    string
		change  func(dir string)
		changed bool
	}{
		{"nothing", func(string) {}, false},
		{"a document edited", func(dir string) { file(dir, "docs/storage.md", "# Storage guide\n\nRewritten.\n") }, true},
		{"the same bytes with a new time", func(dir string) {
			later := time.Now().Add(time.Minute)
			if err := os.Chtimes(filepath.Join(dir, "docs", "storage.md"), later, later); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"a new mode, nothing else", func(dir string) {
			if err := os.Chmod(filepath.Join(dir, "docs", "storage.md"), 0o600); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"a file added in a new subdirectory", func(dir string) { file(dir, "docs/new/deep/page.md", "# Deep\n") }, true},
		{"a file removed", func(dir string) {
			if err := os.Remove(filepath.Join(dir, "store", "store.go")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"an ignored file written", func(dir string) { file(dir, "build.log", "more output\n") }, false},
		{"a .gitignore added below", func(dir string) { file(dir, "docs/.gitignore", "old-*.md\n") }, true},
		{"git's exclude file written", func(dir string) { file(dir, ".git/info/exclude", "docs/\n") }, true},
		{"the configuration written", func(dir string) { file(dir, "docbridge.yaml", "scan:\n  exclude: [store]\n") }, true},
		{"the target of a symlinked document edited, in an ignored directory", func(dir string) {
			file(dir, "private/target.md", "# Target\n\nEdited.\n")
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := mcptest.Repo(t)
			file(dir, ".gitignore", "*.log\nprivate/\n")
			file(dir, "build.log", "output\n")
			file(dir, ".git/info/.keep", "")
			file(dir, "private/target.md", "# Target\n")
			if err := os.Symlink("../private/target.md", filepath.Join(dir, "docs", "linked.md")); err != nil {
				t.Fatal(err)
			}
			mcptest.Age(t, dir, time.Hour)
			res, start := scanForFingerprint(t, dir)
			config := filepath.Join(dir, "docbridge.yaml")
			swept := takeFingerprint(dir, config, res.Store, start)
			w, err := dirwatch.New(dir, res.Store.Tree.Dirs)
			if err != nil {
				t.Fatal(err)
			}
			watched := takeFingerprint(dir, config, res.Store, start)
			watched.watchWith(dir, res.Store.Tree.Dirs, w)
			defer watched.close()
			linked := false
			for _, i := range watched.always {
				linked = linked || watched.stamps[i].path == filepath.Join(dir, "docs", "linked.md")
			}
			if !linked || len(watched.always) > 10 {
				t.Fatalf("the symlinked document, and only the few paths no watch hears, are stat'ed every time: %d of %d", len(watched.always), len(watched.stamps))
			}
			if swept.changed() || watched.changed() {
				t.Fatal("nothing changed yet")
			}
			tc.change(dir)
			if got := swept.changed(); got != tc.changed {
				t.Errorf("stat of every path: changed %v, want %v", got, tc.changed)
			}
			if got := watched.changed(); got != tc.changed {
				t.Errorf("watch: changed %v, want %v", got, tc.changed)
			}
			// A change found stays found: the scan it asks for may fail.
			if tc.changed && !watched.changed() {
				t.Error("the change was forgotten")
			}
		})
	}
}
