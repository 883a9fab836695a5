package python

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzExtract(f *testing.F) {
	if src, err := os.ReadFile("testdata/sample.py"); err == nil {
		f.Add(src)
	}
	for _, seed := range []string{
		"",
		"import a.b.c, d as e\nfrom . import x\nfrom ..pkg import *\n",
		"__all__ = ['a'] + ['b']\n__all__ += ('c',)\n__all__.extend(['d'])\n__all__.append('e')\n",
		"@d\nasync def f(): pass\nclass C: pass\n",
		"importlib.import_module(name)\n__import__('x')\n",
		"def f(:\n  import a\n",
		"import \xff\x00\n",
		"if __name__ == '__main__':\n import a\n x = 1\nif '__main__' == __name__ == y:\n import b\n",
		"if False:\n import a\ntry:\n import b\nexcept (ValueError, ImportError) as e:\n raise\nexcept:\n b = None\n",
		"try:\n from . import c\nexcept* ImportError:\n pass\nelse:\n import d\nfinally:\n import e\n",
		"a, (b, [c, *d]) = e = f()\ng: int = 1\nh: int\nfor i in r:\n with x:\n  j = 1\nif TYPE_CHECKING:\n k = 1\nimport l.m as n\n",
		"__all__ = (((((['a'])))))\n",
		"#!/usr/bin/env python\n'''\n  Doc \\n \xff string.\n\n  More.\n'''\n",
	} {
		f.Add([]byte(seed))
	}
	e := NewExtractor()
	defer e.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		got := e.Extract("f.py", data)
		if again := e.Extract("f.py", data); !reflect.DeepEqual(got, again) {
			t.Fatalf("not deterministic:\n%+v\n%+v", got, again)
		}
		checkInvariants(t, got, bytes.Count(data, []byte("\n"))+1)
		raw, err := json.Marshal(got)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back File
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatalf("unmarshal: %v", err)
		}
		if !reflect.DeepEqual(back, got) {
			t.Fatalf("JSON round trip changed the extraction:\n%+v\n%+v", got, back)
		}
	})
}

// checkInvariants asserts what must hold of any extraction.
func checkInvariants(t *testing.T, f File, lines int) {
	t.Helper()
	inFile := func(what string, l int) {
		if l < 1 || l > lines {
			t.Fatalf("%s line %d outside 1..%d", what, l, lines)
		}
	}
	if n := utf8.RuneCountInString(f.Doc); n > maxDocRunes || !utf8.ValidString(f.Doc) || strings.ContainsAny(f.Doc, "\n\t") {
		t.Fatalf("doc of %d runes (bound %d), valid UTF-8 %v: %q", n, maxDocRunes, utf8.ValidString(f.Doc), f.Doc)
	}
	if len(f.Imports) > maxImports || len(f.Exports) > maxExports || len(f.All) > maxExports {
		t.Fatalf("bound crossed: %d imports, %d exports, %d __all__", len(f.Imports), len(f.Exports), len(f.All))
	}
	// maxIssues, plus the syntax error, the import overflow and the summary.
	if len(f.Issues) > maxIssues+3 {
		t.Fatalf("%d issues", len(f.Issues))
	}
	for _, imp := range f.Imports {
		inFile("import", imp.Line)
		if len(imp.Names) > maxImportNames {
			t.Fatalf("%d names", len(imp.Names))
		}
		if imp.Module == "" && imp.Level == 0 || imp.Module != "" && !isDottedName(imp.Module) || imp.Level < 0 {
			t.Fatalf("bad import %+v", imp)
		}
		for _, n := range imp.Names {
			if n != "*" && !isDottedName(n) {
				t.Fatalf("bad name %q", n)
			}
		}
	}
	// Bound: identifiers, each once, in source order, before the last
	// import that runs at load.
	last := 0
	for _, imp := range f.Imports {
		if !imp.TypeOnly && !imp.Deferred {
			last = max(last, imp.Line)
		}
	}
	if len(f.Bound) > maxBound {
		t.Fatalf("%d bound names", len(f.Bound))
	}
	bound := map[string]bool{}
	for i, b := range f.Bound {
		inFile("binding", b.Line)
		if !isIdentifier(b.Name) || bound[b.Name] || b.Line >= last || i > 0 && b.Line < f.Bound[i-1].Line {
			t.Fatalf("bad binding %+v (last load-time import on line %d)", b, last)
		}
		bound[b.Name] = true
	}
	seen := map[string]bool{}
	for _, e := range f.Exports {
		inFile("export", e.Line)
		if !isIdentifier(e.Name) || seen[e.Name] {
			t.Fatalf("bad or duplicate export %+v", e)
		}
		seen[e.Name] = true
		if e.Kind != kindFunction && e.Kind != kindClass && e.Kind != KindName {
			t.Fatalf("bad kind %+v", e)
		}
	}
	if !f.HasAll && len(f.All) > 0 {
		t.Fatalf("All without HasAll: %q", f.All)
	}
	if f.HasAll && len(f.All) != len(f.Exports) {
		t.Fatalf("__all__ %q but exports %+v", f.All, f.Exports)
	}
	for _, is := range f.Issues {
		if is.Line != 0 {
			inFile("issue", is.Line)
		}
		if is.Status != "partial" || is.Message == "" || !utf8.ValidString(is.Message) {
			t.Fatalf("bad issue %+v", is)
		}
	}
}
