package scan

import (
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

func TestPackageDocMetadata(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		// doc.go wins over a file earlier in path order.
		"a/a.go":   "// Package a from a.go.\npackage a\n",
		"a/doc.go": "// Package a from doc.go.\n//\n// Details.\npackage a\n",
		// Without doc.go: the first non-test file in path order with a doc.
		"b/a_test.go": "// Package b_test from a test.\npackage b_test\n",
		"b/b1.go":     "package b\n",
		"b/b2.go":     "// Package b from b2.go.\npackage b\n",
		"b/b3.go":     "// Package b from b3.go.\npackage b\n",
		// Only a test file documents c: c has no doc.
		"c/c.go":      "package c\n",
		"c/c_test.go": "// Package c from a test.\npackage c\n",
		// Python: the package's doc is its __init__.py's docstring.
		"py/pkg/__init__.py": "\"\"\"Load plugins.\"\"\"\n",
		"py/pkg/mod.py":      "\"\"\"Plugin registry.\n\nMore.\n\"\"\"\nX = 1\n",
		"py/pkg/bare.py":     "X = 1\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	tests := []struct {
		id, want string
	}{
		{"package:a", "Package a from doc.go."},
		{"package:b", "Package b from b2.go."},
		{"package:c", ""},
		{"package:py/pkg", "Load plugins."},
		{"module:a/a.go", "Package a from a.go."},
		{"module:b/a_test.go", "Package b_test from a test."},
		{"module:b/b1.go", ""},
		{"module:py/pkg/mod.py", "Plugin registry."},
		{"module:py/pkg/bare.py", ""},
	}
	for _, tt := range tests {
		e := ix.entity(t, tt.id)
		got, present := e.Metadata["doc"]
		if tt.want == "" && present || tt.want != "" && got != tt.want {
			t.Errorf("%s: doc %v (present %v), want %q", tt.id, got, present, tt.want)
		}
	}
}
