package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// The body reader stays inside the repository, reads at most its limit
// and names the documents it could not read.
func TestBodyReaderStaysInsideAndNamesFailures(t *testing.T) {
	outside := testtree.New(t, map[string]string{"secret.md": "secret\n"})
	dir := testtree.New(t, map[string]string{"docs/a.md": "0123456789"})
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(dir, "link.md")); err != nil {
		t.Skip("no symlinks:", err)
	}
	r, err := NewBodyReader(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := string(r.Read("docs/a.md")); got != "0123" {
		t.Errorf("read(docs/a.md) = %q, want the first 4 bytes", got)
	}
	bad := []string{"link.md", "../" + filepath.Base(outside) + "/secret.md", "missing.md"}
	for _, p := range bad {
		if got := r.Read(p); got != nil {
			t.Errorf("read(%s) = %q, want nil", p, got)
		}
	}
	if !slices.Equal(r.Failed, bad) || r.More != 0 {
		t.Errorf("failed %v (+%d), want %v", r.Failed, r.More, bad)
	}
	for range maxUnreadableBodies {
		r.Read("missing.md")
	}
	if len(r.Failed) != maxUnreadableBodies || r.More != len(bad) {
		t.Errorf("failed %d (+%d), want %d (+%d)", len(r.Failed), r.More, maxUnreadableBodies, len(bad))
	}
}
