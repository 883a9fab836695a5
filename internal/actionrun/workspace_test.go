package actionrun

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScannedDir: the working directory enters the repository's
// coordinates once, as the directory it really is: a symlink in the
// checkout is resolved, because GitHub names the files under its target.
func TestScannedDir(t *testing.T) {
	ws := t.TempDir()
	for _, d := range []string{"site", "web/site"} {
		if err := os.MkdirAll(filepath.Join(ws, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join("web", "site"), filepath.Join(ws, "docs")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	for written, want := range map[string]string{".": "", "": "", "site": "site", "./site/": "site", "web/site": "web/site", "docs": "web/site"} {
		got, err := scannedDir(ws, filepath.Join(ws, filepath.FromSlash(written)), written)
		if err != nil || got.String() != want {
			t.Errorf("working-directory %q: %q, %v; want %q", written, got, err, want)
		}
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(ws, "out")); err != nil {
		t.Fatal(err)
	}
	if _, err := scannedDir(ws, filepath.Join(ws, "out"), "out"); err == nil {
		t.Error("a working directory that leads out of the workspace was taken")
	}
}
