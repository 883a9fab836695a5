package scan

import (
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestPythonLoadTimeCycles: only imports that run, unguarded, while a module
// loads close an import cycle; a submodule's import of its own package's
// __init__.py does when it takes a name the package binds only after
// loading the submodule.
func TestPythonLoadTimeCycles(t *testing.T) {
	const a2b = "from .b import B\nA = 1\n"
	tests := []struct {
		name  string
		files map[string]string
		want  [][]string // members of each component, without "module:pkg/"
	}{
		{"module level", map[string]string{"a.py": a2b, "b.py": "from .a import A\nB = 1\n"}, [][]string{{"a.py", "b.py"}}},
		{"one edge in a function", map[string]string{"a.py": a2b, "b.py": "B = 1\ndef f():\n    from .a import A\n"}, nil},
		{"one edge in a method", map[string]string{"a.py": a2b, "b.py": "class B:\n    def f(self):\n        from .a import A\n"}, nil},
		{"a class body runs at load", map[string]string{"a.py": a2b, "b.py": "class B:\n    from .a import A\n"}, [][]string{{"a.py", "b.py"}}},
		{"TYPE_CHECKING", map[string]string{"a.py": a2b, "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\nB = 1\n"}, nil},
		{"typing.TYPE_CHECKING", map[string]string{"a.py": a2b, "b.py": "import typing\nif typing.TYPE_CHECKING:\n    from .a import A\nB = 1\n"}, nil},
		{"if False", map[string]string{"a.py": a2b, "b.py": "if False:\n    from .a import A\nB = 1\n"}, nil},
		{"a script block", map[string]string{"a.py": a2b, "b.py": "B = 1\nif __name__ == '__main__':\n    from .a import A\n"}, nil},
		{"try except ImportError", map[string]string{"a.py": a2b, "b.py": "try:\n    from .a import A\nexcept ImportError:\n    A = None\nB = 1\n"}, nil},
		{"try except ModuleNotFoundError", map[string]string{"a.py": a2b, "b.py": "try:\n    from .a import A\nexcept ModuleNotFoundError:\n    A = None\nB = 1\n"}, nil},
		{"a handler that raises again", map[string]string{"a.py": a2b, "b.py": "try:\n    from .a import A\nexcept ImportError as e:\n    raise RuntimeError('a') from e\nB = 1\n"}, [][]string{{"a.py", "b.py"}}},
		{"an edge with one load-time import", map[string]string{"a.py": a2b, "b.py": "from .a import A\ndef f():\n    from .a import A\n"}, [][]string{{"a.py", "b.py"}}},
		// The package facade: __init__.py re-exports, the submodule takes
		// back what the package bound before loading it.
		{"facade: name bound before", map[string]string{"__init__.py": "VERSION = '1'\nfrom .sub import y\n", "sub.py": "from pkg import VERSION\ny = 1\n"}, nil},
		{"facade: relative from-import", map[string]string{"__init__.py": "VERSION = '1'\nfrom .sub import y\n", "sub.py": "from . import VERSION\ny = 1\n"}, nil},
		{"facade: plain import", map[string]string{"__init__.py": "from .sub import y\nVERSION = '1'\n", "sub.py": "import pkg\ny = 1\n"}, nil},
		{"facade: re-exported before", map[string]string{
			"__init__.py": "from .shared import helper\nfrom .v2 import Model\n",
			"shared.py":   "def helper(): ...\n",
			"v2.py":       "from pkg import helper, shared\nclass Model: ...\n"}, nil},
		{"facade: name bound after fails", map[string]string{"__init__.py": "from .sub import y\nVERSION = '1'\n", "sub.py": "from pkg import VERSION\ny = 1\n"}, [][]string{{"__init__.py", "sub.py"}}},
		{"facade: through another module, bound after", map[string]string{
			"__init__.py": "from .a import A\nVERSION = '1'\n",
			"a.py":        "from .sub import S\nA = 1\n",
			"sub.py":      "from pkg import VERSION\nS = 1\n"}, [][]string{{"__init__.py", "a.py", "sub.py"}}},
		{"facade: through another module, bound before", map[string]string{
			"__init__.py": "VERSION = '1'\nfrom .a import A\n",
			"a.py":        "from .sub import S\nA = 1\n",
			"sub.py":      "from pkg import VERSION\nS = 1\n"}, nil},
		{"facade: a wildcard", map[string]string{"__init__.py": "VERSION = '1'\nfrom .sub import y\n", "sub.py": "from pkg import *\ny = 1\n"}, [][]string{{"__init__.py", "sub.py"}}},
		// A sibling package is no ancestor: which loads first depends on
		// the entry point.
		{"a sibling package", map[string]string{
			"__init__.py":   "",
			"a/__init__.py": "A = 1\nfrom pkg.b import B\n",
			"b.py":          "from pkg.a import A\nB = 1\n"}, [][]string{{"a/__init__.py", "b.py"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"pkg/__init__.py": ""}
			for p, src := range tt.files {
				files["pkg/"+p] = src
			}
			testtree.Write(t, root, files)
			sig := graph.Compute(scanDir(t, root, nil, Options{}), graph.Options{})
			var got [][]string
			for _, c := range sig.Components {
				var members []string
				for _, m := range c.Members {
					members = append(members, strings.TrimPrefix(m, "module:pkg/"))
				}
				got = append(got, members)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("components = %v, want %v", got, tt.want)
			}
		})
	}
}
