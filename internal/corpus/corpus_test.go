package corpus

import (
	"bytes"
	"strings"
	"testing"
)

// TestDeterministic: the same spec always produces the same repository.
func TestDeterministic(t *testing.T) {
	s := Spec{Seed: 7, Packages: 3, TSModules: 40, Documents: 30, GoModules: 25, PyModules: 12}
	a, b := Files(s), Files(s)
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("file counts differ or are zero: %d, %d", len(a), len(b))
	}
	for p, content := range a {
		if !bytes.Equal(content, b[p]) {
			t.Fatalf("%s differs between two generations", p)
		}
	}
	s.Seed = 8
	c := Files(s)
	same := true
	for p, content := range a {
		if !bytes.Equal(content, c[p]) {
			same = false
		}
	}
	if same {
		t.Error("another seed must change the content")
	}
}

// TestMonorepoShape checks the generated monorepo has the sizes the
// performance budget is stated for.
func TestMonorepoShape(t *testing.T) {
	files := Files(Monorepo)
	var docs, ts, pkgs int
	for p := range files {
		switch {
		case strings.HasSuffix(p, ".md") && p != "README.md":
			docs++
		case strings.HasSuffix(p, ".ts") && !strings.HasSuffix(p, "/index.ts"):
			ts++
		case strings.HasPrefix(p, "packages/") && strings.HasSuffix(p, "/package.json"):
			pkgs++
		}
	}
	if docs != 4100 || ts != 9240 || pkgs != 102 {
		t.Errorf("documents %d, modules %d, packages %d; want 4100, 9240, 102", docs, ts, pkgs)
	}
}
