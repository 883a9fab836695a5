package scan

import (
	"fmt"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestUnclaimedOncePerOccurrence: a span that is no claim, written twice on
// one line and once more on another, is listed once per (line, text) in
// the relation's metadata unclaimed, with its reason.
func TestUnclaimedOncePerOccurrence(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/app/main.go": "package main\n",
		"README.md":       "# R\n\nEdit `src/foo/main.go`, then `src/foo/main.go` again.\n\nStill `src/foo/main.go`.\n",
	})
	s := scanDir(t, root, nil, Options{})
	var got []string
	for _, r := range s.Relations {
		list, _ := r.Metadata["unclaimed"].([]any)
		for _, v := range list {
			m, _ := v.(map[string]any)
			got = append(got, fmt.Sprintf("%s %v %v %v", r.To, m["line"], m["text"], m["reason"]))
		}
	}
	want := []string{"unresolved:src/foo/main.go 3 src/foo/main.go placeholder", "unresolved:src/foo/main.go 5 src/foo/main.go placeholder"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("unclaimed\n got %q\nwant %q", got, want)
	}
}

func TestPathLocation(t *testing.T) {
	tests := []struct {
		text  string
		want  string
		last  int
		items []string
	}{
		{"a/b.go", "a/b.go", 0, nil},
		{"a/b.go:12", "a/b.go", 12, nil},
		{"a/b.go:12:5", "a/b.go", 12, nil},
		{"a/b.go:12-20", "a/b.go", 20, nil},
		{"a/b.ts#L10-L20", "a/b.ts", 20, nil},
		{"b.py#L5", "b.py", 5, nil},
		{"docs/x.md#usage", "docs/x.md", 0, nil},
		{"cli/cli#123", "cli/cli#123", 0, nil},
		{"Array#map", "Array#map", 0, nil},
		{"tests/test_x.py::TestY::test_z", "tests/test_x.py", 0, []string{"TestY", "test_z"}},
		{"tests/test_x.py::test_z[a-1]", "tests/test_x.py", 0, []string{"test_z"}},
		{"crates/x/src/y.rs::tests::name", "crates/x/src/y.rs", 0, []string{"tests", "name"}},
		{"crate::x::y", "crate::x::y", 0, nil},
		{"a/b.py::", "a/b.py::", 0, nil},
		{"a/b.py::x y", "a/b.py::x y", 0, nil},
	}
	for _, tc := range tests {
		got := pathLocation(tc.text)
		if got.path != tc.want || got.last != tc.last || !slices.Equal(got.items, tc.items) {
			t.Errorf("pathLocation(%q) = %+v, want %q %d %v", tc.text, got, tc.want, tc.last, tc.items)
		}
	}
}
