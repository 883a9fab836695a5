package python

import (
	"fmt"
	"reflect"
	"testing"
)

func TestRoots(t *testing.T) {
	tests := []struct {
		name       string
		files      []string
		pyprojects map[string]Project
		want       []string
	}{
		{"no python at all", []string{"README.md"}, nil, []string{"."}},
		{"flat layout", []string{"pyproject.toml", "pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/m.py"}, nil,
			[]string{"."}},
		{"src layout", []string{"setup.py", "src/pkg/__init__.py", "tests/test_x.py"}, nil,
			[]string{".", "src"}},
		{"src without a project file is only a package parent", []string{"src/pkg/__init__.py", "src/other/m.py"}, nil,
			[]string{".", "src"}},
		{"src is not invented", []string{"setup.cfg", "pkg/__init__.py"}, nil, []string{"."}},
		{"monorepo", []string{
			"services/api/pyproject.toml", "services/api/src/api/__init__.py",
			"services/worker/setup.py", "services/worker/worker/__init__.py",
			"libs/common/setup.cfg", "libs/common/common/__init__.py",
			"tools/scripts/x.py",
		}, nil, []string{".", "libs/common", "services/api", "services/api/src", "services/worker"}},
		{"only top-most packages", []string{"a/b/pkg/__init__.py", "a/b/pkg/sub/__init__.py", "a/b/pkg/sub/deep/__init__.pyi"}, nil,
			[]string{".", "a/b"}},
		{"a package at the repository root", []string{"__init__.py", "sub/__init__.py"}, nil, []string{"."}},
		{"project dirs and package dirs", []string{"proj/pyproject.toml", "proj/lib/mod.py", "proj/pkgs/mypkg/__init__.py", "proj/pkgs/mypkg/m.py"},
			map[string]Project{"proj/pyproject.toml": {Dir: "proj", PackageDirs: []string{
				"proj/lib",        // a directory of modules: a root
				"proj/pkgs/mypkg", // itself a package (poetry from+include): its parent
				"proj/missing",    // holds no file: ignored
				"../outside",      // leaves the repository: ignored
				"/abs",            // absolute: ignored
			}}},
			[]string{".", "proj", "proj/lib", "proj/pkgs"}},
		{"project without a dir is the root", nil, map[string]Project{"pyproject.toml": {}}, []string{"."}},
		{"paths are cleaned and deduplicated", []string{"./x/setup.py", "x//pyproject.toml", "../y/setup.py"}, nil,
			[]string{".", "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, dropped := collectRoots(tt.files, tt.pyprojects)
			if !reflect.DeepEqual(got, tt.want) || dropped != 0 {
				t.Errorf("got %q (%d dropped), want %q", got, dropped, tt.want)
			}
			if r := Roots(tt.files, tt.pyprojects); !reflect.DeepEqual(r, got) {
				t.Errorf("Roots %q differs from CollectRoots %q", r, got)
			}
		})
	}
}

func TestRootsBound(t *testing.T) {
	var files []string
	for i := range maxRoots + 5 {
		files = append(files, fmt.Sprintf("p%04d/setup.py", i))
	}
	got, dropped := collectRoots(files, nil)
	if len(got) != maxRoots || dropped != 6 { // 5 projects over the bound, plus "."
		t.Fatalf("got %d roots, %d dropped; want %d, 6", len(got), dropped, maxRoots)
	}
	if got[0] != "." || got[maxRoots-1] != fmt.Sprintf("p%04d", maxRoots-2) {
		t.Errorf("kept the wrong roots: first %q, last %q", got[0], got[maxRoots-1])
	}
}

// Roots must not depend on the order of its input.
func TestRootsDeterministic(t *testing.T) {
	files := []string{"b/setup.py", "a/pyproject.toml", "a/src/x.py", "c/pkg/__init__.py"}
	want := Roots(files, nil)
	reversed := []string{files[3], files[2], files[1], files[0]}
	if got := Roots(reversed, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("order-dependent: %q vs %q", got, want)
	}
}
