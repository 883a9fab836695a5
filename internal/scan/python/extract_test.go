package python

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func newTestExtractor(t testing.TB) *Extractor {
	t.Helper()
	e := NewExtractor()
	t.Cleanup(e.Close)
	return e
}

// partial is the Issue an expectation writes most often.
func partial(line int, msg string) extract.Issue {
	return extract.Issue{Line: line, Status: extract.StatusPartial, Message: msg}
}

// assertFile compares an extraction with want, shape hashes left out
// (TestShapeHashes covers them).
func assertFile(t *testing.T, got, want File) {
	t.Helper()
	got.Exports = unhashed(got.Exports)
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
}

func TestExtractImports(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Import
	}{
		{"plain dotted and aliased", "import a.b.c, d as e\nimport f\n", []Import{
			{Module: "a.b.c", Line: 1}, {Module: "d", Line: 1}, {Module: "f", Line: 2}}},
		{"spaces and comments inside a dotted name", "import a . b\n", []Import{{Module: "a.b", Line: 1}}},
		{"from absolute", "\nfrom a.b import c, d as dd\n", []Import{
			{Module: "a.b", Names: []string{"c", "d"}, Line: 2}}},
		{"from relative levels", "from . import x\nfrom ..pkg import *\nfrom ...a.b import c\nfrom .... import y\n", []Import{
			{Level: 1, Names: []string{"x"}, Line: 1},
			{Module: "pkg", Level: 2, Names: []string{"*"}, Line: 2},
			{Module: "a.b", Level: 3, Names: []string{"c"}, Line: 3},
			{Level: 4, Names: []string{"y"}, Line: 4}}},
		{"parenthesised over lines", "from m import (\n    a,\n    b as c,  # comment\n)\n", []Import{
			{Module: "m", Names: []string{"a", "b"}, Line: 1}}},
		{"nested anywhere", `try:
    import ujson as json
except ImportError:
    import json
if TYPE_CHECKING:
    from typing_extensions import Self
def f():
    import lazy.mod
class C:
    from . import helper
`, []Import{
			{Module: "ujson", Line: 2, Guarded: true}, {Module: "json", Line: 4},
			{Module: "typing_extensions", Names: []string{"Self"}, Line: 6, TypeOnly: true},
			{Module: "lazy.mod", Line: 8, Deferred: true}, {Level: 1, Names: []string{"helper"}, Line: 10}}},
		// Imports under `if TYPE_CHECKING:` never run; the twins in
		// elif/else branches, under `if not TYPE_CHECKING:` or another
		// condition do.
		{"TYPE_CHECKING shapes", `from typing import TYPE_CHECKING
import typing
import typing as t
if TYPE_CHECKING:
    from .a import A
    import b
elif x:
    import c
else:
    from .d import D
if typing.TYPE_CHECKING:
    from .e import E
if t.TYPE_CHECKING:
    try:
        import f
    except ImportError:
        pass
if not TYPE_CHECKING:
    import g
if TYPE_CHECKING or x:
    import h
if TYPE_CHECKING:
    pass
else:
    import i
def fn():
    if TYPE_CHECKING:
        import j
    import k
if TYPE_CHECKING:
    m = importlib.import_module("l")
if CHECKING:
    import n
`, []Import{
			{Module: "typing", Names: []string{"TYPE_CHECKING"}, Line: 1},
			{Module: "typing", Line: 2}, {Module: "typing", Line: 3},
			{Module: "a", Level: 1, Names: []string{"A"}, Line: 5, TypeOnly: true},
			{Module: "b", Line: 6, TypeOnly: true},
			{Module: "c", Line: 8},
			{Module: "d", Level: 1, Names: []string{"D"}, Line: 10},
			{Module: "e", Level: 1, Names: []string{"E"}, Line: 12, TypeOnly: true},
			{Module: "f", Line: 15, TypeOnly: true, Guarded: true},
			{Module: "g", Line: 19},
			{Module: "h", Line: 21},
			{Module: "i", Line: 25},
			{Module: "j", Line: 28, TypeOnly: true, Deferred: true},
			{Module: "k", Line: 29, Deferred: true},
			{Module: "l", Line: 31, Dynamic: true, TypeOnly: true},
			{Module: "n", Line: 33}}},
		// `if False:` never runs; a try whose handler catches ImportError
		// (or a class it derives from) and falls back guards its body, not
		// its handlers nor its else; a handler that raises again does not.
		{"if False and guarded imports", `if False:
    import a
try:
    import b
    from .c import C
except (ValueError, ImportError) as e:
    import d
else:
    import e
finally:
    import f
try:
    import g
except ModuleNotFoundError:
    g = None
try:
    import h
except ImportError:
    raise RuntimeError("install h")
try:
    import i
except ValueError:
    pass
try:
    import j
except:
    pass
try:
    import k
except builtins.Exception:
    pass
try:
    import l
except* ImportError:
    pass
try:
    if x:
        import m
except ImportError:
    pass
`, []Import{
			{Module: "a", Line: 2, TypeOnly: true},
			{Module: "b", Line: 4, Guarded: true},
			{Module: "c", Level: 1, Names: []string{"C"}, Line: 5, Guarded: true},
			{Module: "d", Line: 7}, {Module: "e", Line: 9}, {Module: "f", Line: 11},
			{Module: "g", Line: 13, Guarded: true},
			{Module: "h", Line: 17},
			{Module: "i", Line: 21},
			{Module: "j", Line: 25, Guarded: true},
			{Module: "k", Line: 29, Guarded: true},
			{Module: "l", Line: 33},
			{Module: "m", Line: 38, Guarded: true}}},
		// A script's block runs only when the file is executed, never on
		// import.
		{"__main__ guard", `if __name__ == "__main__":
    import a
if '__main__' == __name__:
    import b
if __name__ != "__main__":
    import c
if __name__ == "main":
    import d
if __name__ == "__main__" and x:
    import e
`, []Import{
			{Module: "a", Line: 2, Deferred: true}, {Module: "b", Line: 4, Deferred: true},
			{Module: "c", Line: 6}, {Module: "d", Line: 8}, {Module: "e", Line: 10}}},
		{"future import is not a dependency", "from __future__ import annotations\nimport x\n", []Import{
			{Module: "x", Line: 2}}},
		{"dynamic literals", `import importlib
m = importlib.import_module('x.y')
n = __import__("z")
o = import_module(name="w")
p = importlib.import_module("a" "b")
`, []Import{
			{Module: "importlib", Line: 1},
			{Module: "x.y", Line: 2, Dynamic: true},
			{Module: "z", Line: 3, Dynamic: true},
			{Module: "w", Line: 4, Dynamic: true},
			{Module: "ab", Line: 5, Dynamic: true}}},
		{"other calls are not imports", "load('x')\nobj.import_module('y')\nfoo.importlib.import_module('z')\n", nil},
		{"unicode identifiers", "import café.naïve\n", []Import{{Module: "café.naïve", Line: 1}}},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := e.Extract("m.py", []byte(tt.src))
			if !reflect.DeepEqual(f.Imports, tt.want) {
				t.Errorf("imports\n got %+v\nwant %+v", f.Imports, tt.want)
			}
			if len(f.Issues) != 0 {
				t.Errorf("unexpected issues %+v", f.Issues)
			}
		})
	}
}

func TestExtractDynamicIssues(t *testing.T) {
	const nonLiteral = "dynamic import with a non-literal target"
	tests := []struct {
		name   string
		src    string
		issues []extract.Issue
	}{
		{"variable", "import importlib\n\nimportlib.import_module(name)\n", []extract.Issue{partial(3, nonLiteral)}},
		{"f-string with a field", "__import__(f\"plugins.{n}\")\n", []extract.Issue{partial(1, nonLiteral)}},
		{"bytes", "__import__(b\"x\")\n", []extract.Issue{partial(1, nonLiteral)}},
		{"no argument", "x = 1\n__import__()\n", []extract.Issue{partial(2, nonLiteral)}},
		{"splat", "__import__(*args)\n", []extract.Issue{partial(1, nonLiteral)}},
		{"relative literal", "import_module('.sub', package=__name__)\n",
			[]extract.Issue{partial(1, `dynamic import of the relative name ".sub" is not resolved`)}},
		{"invalid name", "__import__('my-module')\n",
			[]extract.Issue{partial(1, `dynamic import of the invalid module name "my-module" is not recorded`)}},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := e.Extract("m.py", []byte(tt.src))
			for _, imp := range f.Imports {
				if imp.Dynamic {
					t.Errorf("recorded a dynamic import %+v", imp)
				}
			}
			if !reflect.DeepEqual(f.Issues, tt.issues) {
				t.Errorf("issues\n got %+v\nwant %+v", f.Issues, tt.issues)
			}
		})
	}
}

func TestExtractExports(t *testing.T) {
	const fallback = "__all__ is not a literal list of names; exports fall back to public top-level definitions"
	defs := `import os

def public(): pass

async def fetch(): pass

class Model:
    def method(self): pass

@decorator
@other(arg=1)
def decorated(): pass

@dataclass
class Data: pass

def _private(): pass

def outer():
    def inner(): pass

@overload
def public(x: int) -> int: ...

CONSTANT = 1
`
	defExports := []Export{
		{Name: "public", Kind: kindFunction, Line: 3},
		{Name: "fetch", Kind: kindFunction, Line: 5},
		{Name: "Model", Kind: kindClass, Line: 7},
		{Name: "decorated", Kind: kindFunction, Line: 12},
		{Name: "Data", Kind: kindClass, Line: 15},
		{Name: "outer", Kind: kindFunction, Line: 19},
	}
	tests := []struct {
		name string
		src  string
		want File
	}{
		{"public top-level defs", defs, File{
			Imports: []Import{{Module: "os", Line: 1}},
			Exports: defExports,
		}},
		{"__all__ list selects and orders", "def a(): pass\nclass B: pass\ndef _c(): pass\n__all__ = ['B', '_c', 'CONST', \"a\"]\n", File{
			Exports: []Export{{Name: "B", Kind: kindClass, Line: 2}, {Name: "_c", Kind: kindFunction, Line: 3},
				{Name: "CONST", Kind: KindName, Line: 4}, {Name: "a", Kind: kindFunction, Line: 1}},
			All: []string{"B", "_c", "CONST", "a"}, HasAll: true,
		}},
		{"__all__ forms accumulate", `__all__: list[str] = (
    "a",  # comment
    "b",
)
__all__ += ["c"]
`, File{
			Exports: []Export{{Name: "a", Kind: KindName, Line: 2}, {Name: "b", Kind: KindName, Line: 3}, {Name: "c", Kind: KindName, Line: 5}},
			All:     []string{"a", "b", "c"}, HasAll: true,
		}},
		{"assigning __all__ a name falls back", "def f(): pass\n__all__ = names\n", File{
			Exports: []Export{{Name: "f", Kind: kindFunction, Line: 1}},
			Issues:  []extract.Issue{partial(2, fallback)},
		}},
		{"__all__ tuple, +=, +, extend, append, duplicates", `__all__ = ("a",)
__all__ += ["b", "a"] + ["c"]
__all__.extend(("d",))
__all__.append("e")
`, File{
			Exports: []Export{{Name: "a", Kind: KindName, Line: 1}, {Name: "b", Kind: KindName, Line: 2},
				{Name: "c", Kind: KindName, Line: 2}, {Name: "d", Kind: KindName, Line: 3}, {Name: "e", Kind: KindName, Line: 4}},
			All: []string{"a", "b", "c", "d", "e"}, HasAll: true,
		}},
		{"reassignment resets __all__", "__all__ = ['a']\n__all__ = ['b']\n", File{
			Exports: []Export{{Name: "b", Kind: KindName, Line: 2}}, All: []string{"b"}, HasAll: true,
		}},
		{"empty __all__ exports nothing", "def f(): pass\n__all__ = []\n", File{HasAll: true}},
		{"__all__ inside a block is not top level", "def f(): pass\nif True:\n    __all__ = ['g']\n", File{
			Exports: []Export{{Name: "f", Kind: kindFunction, Line: 1}},
		}},
		{"comprehension falls back", "def f(): pass\n__all__ = [n for n in dir()]\n", File{
			Exports: []Export{{Name: "f", Kind: kindFunction, Line: 1}},
			Issues:  []extract.Issue{partial(2, fallback)},
		}},
		{"non-literal += after a literal falls back", "from .x import *\nfrom . import x\ndef f(): pass\n__all__ = ['f']\n__all__ += x.__all__\n", File{
			Imports: []Import{{Level: 1, Module: "x", Names: []string{"*"}, Line: 1}, {Level: 1, Names: []string{"x"}, Line: 2}},
			Exports: []Export{{Name: "f", Kind: kindFunction, Line: 3}},
			Issues:  []extract.Issue{partial(5, fallback)},
		}},
		{"a plain string is not a list of names", "__all__ = 'abc'\n", File{Issues: []extract.Issue{partial(1, fallback)}}},
		{"a parenthesised string is not a tuple", "__all__ = ('abc')\n", File{Issues: []extract.Issue{partial(1, fallback)}}},
		{"a non-identifier entry", "__all__ = ['a-b']\n", File{Issues: []extract.Issue{partial(1, fallback)}}},
		{"other methods are not literal", "__all__ = ['a']\n__all__.remove('a')\n", File{Issues: []extract.Issue{partial(2, fallback)}}},
		{"reading __all__ is not setting it", "print(__all__)\nx = __all__\n", File{}},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertFile(t, e.Extract("m.py", []byte(tt.src)), tt.want)
		})
	}
}

func TestExtractDamagedInput(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want File
	}{
		{"empty", "", File{}},
		{"only comments", "# nothing\n\n", File{}},
		{"byte order mark", "\xef\xbb\xbfimport a\n", File{Imports: []Import{{Module: "a", Line: 1}}}},
		{"syntax error keeps what was found", "import a\n\ndef f(:\n    pass\n\nimport b\ndef g(): pass\n", File{
			Imports: []Import{{Module: "a", Line: 1}, {Module: "b", Line: 6}},
			Exports: []Export{{Name: "f", Kind: kindFunction, Line: 3}, {Name: "g", Kind: kindFunction, Line: 7}},
			Bound:   []Binding{{Name: "a", Line: 1}, {Name: "f", Line: 3}},
			Issues:  []extract.Issue{partial(3, "syntax error at line 3; the module is analyzed partially")},
		}},
		{"the first of several errors", "import a\nx = = 1\ny = (\nimport b\n", File{
			Imports: []Import{{Module: "a", Line: 1}},
			Issues:  []extract.Issue{partial(2, "syntax error at line 2; the module is analyzed partially")},
		}},
		{"NUL bytes", "import a\x00b\nimport c\n", File{
			Imports: []Import{{Module: "b", Line: 1}, {Module: "c", Line: 2}},
			Bound:   []Binding{{Name: "b", Line: 1}},
			Issues:  []extract.Issue{partial(1, "syntax error at line 1; the module is analyzed partially")},
		}},
		{"invalid UTF-8", "import \xff\xfe\nimport c\n", File{
			Imports: []Import{{Module: "c", Line: 2}},
			Issues:  []extract.Issue{partial(1, "syntax error at line 1; the module is analyzed partially")},
		}},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertFile(t, e.Extract("m.py", []byte(tt.src)), tt.want)
		})
	}
}

func TestExtractorLifecycle(t *testing.T) {
	e := NewExtractor()
	if got := e.Extract("m.py", []byte("import a\n")); len(got.Imports) != 1 {
		t.Fatalf("before Close: %+v", got)
	}
	e.Close()
	e.Close() // idempotent
	got := e.Extract("m.py", []byte("import a\n"))
	want := File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: "the python extractor is closed"}}}
	assertFile(t, got, want)
}

func TestIsSource(t *testing.T) {
	for p, want := range map[string]bool{
		"a.py": true, "pkg/stub.pyi": true, "a.pyc": false, "a.py.txt": false, "py": false, "README.md": false,
	} {
		if got := IsSource(p); got != want {
			t.Errorf("IsSource(%q) = %v, want %v", p, got, want)
		}
	}
}

// Extractors on different goroutines share no state (run with -race).
func TestExtractorsInParallel(t *testing.T) {
	src := []byte("import a\nfrom .b import c\ndef f(): pass\n__import__(x)\n")
	want := newTestExtractor(t).Extract("m.py", src)
	const workers = 4
	results := make([]File, workers)
	done := make(chan struct{})
	for i := range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			e := NewExtractor()
			defer e.Close()
			for range 20 {
				results[i] = e.Extract("m.py", src)
			}
		}()
	}
	for range workers {
		<-done
	}
	for i, got := range results {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("worker %d: got %+v, want %+v", i, got, want)
		}
	}
}

func unhashed(es []Export) []Export {
	if es == nil {
		return nil
	}
	out := make([]Export, len(es))
	for i, e := range es {
		out[i] = Export{Name: e.Name, Kind: e.Kind, Line: e.Line}
	}
	return out
}

// A rename keeps a def's and a class's shape hashes; layout and comments
// do not count; a changed parameter list or body does.
func TestShapeHashes(t *testing.T) {
	e := newTestExtractor(t)
	body := "    total = 0\n    for d in docs:\n        total += len(d)\n    return total\n"
	byName := func(src string) map[string]Export {
		out := map[string]Export{}
		for _, x := range e.Extract("m.py", []byte(src)).Exports {
			out[x.Name] = x
		}
		return out
	}
	base := byName("def rank(docs, q=None):\n" + body + "\nclass Ranker(Base):\n    limit = 10\n    def score(self, q):\n        return len(q) * self.limit\n")
	renamed := byName("def rank_all(docs, q = None):  # renamed\n" + strings.ReplaceAll(body, "total += len(d)", "total += len( d )  # count") +
		"\nclass Scorer(Base):\n    limit = 10\n\n    def score(self, q):\n        return len(q) * self.limit\n")
	changed := byName("def rank(docs):\n    return docs\n\nclass Ranker(Other):\n    pass\n")
	for _, c := range [][2]string{{"rank", "rank_all"}, {"Ranker", "Scorer"}} {
		a, b := base[c[0]], renamed[c[1]]
		if a.Sig == "" || a.Body == "" || a.Sig != b.Sig || a.Body != b.Body {
			t.Errorf("%s → %s: %+v / %+v, want equal hashes", c[0], c[1], a, b)
		}
		if x := changed[c[0]]; x.Sig == a.Sig || x.Body == a.Body {
			t.Errorf("changed %s keeps a hash: %+v / %+v", c[0], x, a)
		}
	}
}

// TestExtractBound pins the module-level names bound before the last
// load-time import, the first binding of each.
func TestExtractBound(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Binding
	}{
		{"no import binds nothing", "x = 1\ndef f(): pass\n", nil},
		{"every kind of binding", `"""Doc."""
__version__ = "1.0"
a, (b, [c, *d]) = e = f()
g: int = 1
h: int
obj.attr = 1
seq[0] = 1
i += 1
import j.k, l.m as n
from .o import p, q as r
from .w import *
from . import s
def t(): pass
@deco
class U: pass
from .last import z
def after(): pass
`, []Binding{{"__version__", 2}, {"a", 3}, {"b", 3}, {"c", 3}, {"d", 3}, {"e", 3}, {"g", 4},
			{"j", 9}, {"n", 9}, {"p", 10}, {"r", 10}, {"s", 12}, {"t", 13}, {"U", 15}}},
		{"compound statements, not bodies nor TYPE_CHECKING", `if x:
    a = 1
elif y:
    b = 1
else:
    c = 1
try:
    d = 1
except ImportError:
    e = 1
finally:
    f = 1
for i in r:
    g = 1
with ctx():
    h = 1
def fn():
    inner = 1
class C:
    attr = 1
if TYPE_CHECKING:
    hidden = 1
if __name__ == "__main__":
    script = 1
a = 2
import last
`, []Binding{{"a", 2}, {"b", 4}, {"c", 6}, {"d", 8}, {"e", 10}, {"f", 12}, {"g", 14}, {"h", 16},
			{"fn", 17}, {"C", 19}}},
		{"deferred and type-only imports are not the last", "import a\nb = 1\ndef f():\n    import c\nif TYPE_CHECKING:\n    import d\n", nil},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := e.Extract("m.py", []byte(tt.src)).Bound; !reflect.DeepEqual(got, tt.want) {
				t.Errorf("bound\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
