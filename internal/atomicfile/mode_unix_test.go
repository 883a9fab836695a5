//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAtomicWritersMakeReadableFiles: a report or snapshot docbridge
// writes is read by the steps after it, which in an action run as another
// user than the container: both writers leave a file 0644, not the 0600 of
// their temporary file.
func TestAtomicWritersMakeReadableFiles(t *testing.T) {
	dir := t.TempDir()
	for name, write := range map[string]func(string, []byte) error{"write": Write, "create": Create} {
		p := filepath.Join(dir, name)
		if err := write(p, []byte("{}")); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", name, fi.Mode())
		}
	}
}
