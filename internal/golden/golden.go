// Package golden compares what a test produced with a file checked into
// testdata, or rewrites the file when the test binary runs with -update
// (go test ./internal/report -update), after which git diff shows what
// changed.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// maxShown bounds the output a failure prints; longer output is best read
// as a git diff after -update.
const maxShown = 16 << 10

// Check compares got with the file at path, or writes got there under
// -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; run the test with -update and read git diff%s", path, shown(got))
	}
}

func shown(got []byte) string {
	if len(got) > maxShown {
		return fmt.Sprintf(" (%d bytes, too long to print)", len(got))
	}
	return "\n--- got ---\n" + string(got)
}

// CheckStable renders twice: the first rendering is Checked against the
// file at path, and the second must equal it byte for byte (a renderer
// whose output depends on map order or time fails here).
func CheckStable(t testing.TB, path string, render func() ([]byte, error)) {
	t.Helper()
	got, err := render()
	if err != nil {
		t.Fatal(err)
	}
	Check(t, path, got)
	again, err := render()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, again) {
		t.Errorf("%s: a second rendering differs", path)
	}
}
