package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
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

// A scaled corpus has k times each kind of file.
func TestScaled(t *testing.T) {
	count := func(s Spec) (docs, ts, goMods, py int) {
		for p := range Files(s) {
			switch {
			case strings.HasSuffix(p, ".md") && p != "README.md":
				docs++
			case strings.HasSuffix(p, ".ts") && !strings.HasSuffix(p, "/index.ts"):
				ts++
			case strings.HasSuffix(p, ".go"):
				goMods++
			case strings.HasSuffix(p, ".py"):
				py++
			}
		}
		return
	}
	base := Spec{Seed: 3, Packages: 2, TSModules: 20, Documents: 10, GoModules: 5, PyModules: 4}
	d1, t1, g1, p1 := count(base)
	d3, t3, g3, p3 := count(Scaled(base, 3))
	// (the Python project has one file besides its modules)
	if d3 != 3*d1 || t3 != 3*t1 || g3 != 3*g1 || p3-p1 != 2*base.PyModules || d1 == 0 || t1 == 0 || g1 == 0 {
		t.Errorf("k=1: %d docs, %d ts, %d go, %d py; k=3: %d, %d, %d, %d", d1, t1, g1, p1, d3, t3, g3, p3)
	}
	if Scaled(base, 1) != base {
		t.Error("k=1 changes the spec")
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

// TestWriteHostile: every hostile shape writes, at a small size, the tree
// it documents, and the same bytes twice.
func TestWriteHostile(t *testing.T) {
	want := map[Hostile]int{ // files at n = 25
		emptyFiles: 25, linkChain: 26, importCycle: 27, headings: 1, hugeMarkdown: 2, globConfig: 26,
	}
	for _, h := range Hostiles {
		t.Run(string(h.Shape), func(t *testing.T) {
			n := 25
			if h.Shape == hugeMarkdown {
				n = 1
			}
			a, b := t.TempDir(), t.TempDir()
			for _, dir := range []string{a, b} {
				if err := WriteHostile(dir, h.Shape, n); err != nil {
					t.Fatal(err)
				}
			}
			ta, tb := readTree(t, a), readTree(t, b)
			if len(ta) != want[h.Shape] {
				t.Errorf("%d files, want %d", len(ta), want[h.Shape])
			}
			for p, data := range ta {
				if !bytes.Equal(tb[p], data) {
					t.Errorf("%s differs between two writes", p)
				}
			}
			if h.Shape == hugeMarkdown && len(ta["README.md"]) < 1<<20 {
				t.Errorf("README.md is %d bytes, want at least 1 MiB", len(ta["README.md"]))
			}
		})
	}
	if err := WriteHostile(t.TempDir(), "no-such-shape", 1); err == nil || !strings.Contains(err.Error(), "link-chain") {
		t.Errorf("an unknown shape: %v, want an error that lists the shapes", err)
	}
}

// readTree reads every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
