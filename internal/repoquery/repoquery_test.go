package repoquery

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// The excerpt reader stays inside the repository: no "..", no symlink out.
func TestLookupLineReaderStaysInside(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := testtree.New(t, map[string]string{"a.md": "\uFEFFfirst\r\nsecond\n"})
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Skip("no symlinks:", err)
	}
	r, err := newLineReader(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, tc := range []struct {
		path string
		line int
		want string
		ok   bool
	}{
		{"a.md", 1, "first", true}, // BOM and CR stripped
		{"a.md", 2, "second", true},
		{"a.md", 4, "", false},
		{"a.md", 0, "", false},
		{"link.txt", 1, "", false},
		{"../" + filepath.Base(outside) + "/secret.txt", 1, "", false},
		{"missing.md", 1, "", false},
	} {
		if got, ok := r.line(tc.path, tc.line); got != tc.want || ok != tc.ok {
			t.Errorf("line(%s, %d) = %q, %v; want %q, %v", tc.path, tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
