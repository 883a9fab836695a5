package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestAtomicWriters: Write replaces, Create refuses an
// existing name, and neither leaves its temporary file behind.
func TestAtomicWriters(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := Create(name, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := Create(name, []byte("two")); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("Create over an existing file = %v, want fs.ErrExist", err)
	}
	if data, _ := os.ReadFile(name); string(data) != "one" {
		t.Fatalf("the existing file became %q", data)
	}
	if err := Write(name, []byte("three")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(name); string(data) != "three" {
		t.Fatalf("Write left %q", data)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("the directory holds %d files, want only f: a temporary file was left", len(entries))
	}
}
