package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// TestErrorNamesTheTarget: a write that fails names the file asked for,
// never the temporary file beside it, and keeps its cause.
func TestErrorNamesTheTarget(t *testing.T) {
	name := filepath.Join(t.TempDir(), "missing", "out.json")
	for _, write := range []func(string, []byte) error{Write, Create} {
		err := write(name, []byte("x"))
		if err == nil || err.Error() != "write "+name+": no such file or directory" || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("error %v, want write %s: no such file or directory", err, name)
		}
	}
	existing := filepath.Join(t.TempDir(), "out.json")
	if err := Create(existing, []byte("a")); err != nil {
		t.Fatal(err)
	}
	if err := Create(existing, []byte("b")); !errors.Is(err, fs.ErrExist) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("second Create: %v, want fs.ErrExist naming %s", err, existing)
	}
}
