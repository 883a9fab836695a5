package golang

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan/extract/extracttest"
)

func FuzzExtract(f *testing.F) {
	extracttest.AddFixtures(f, "src")
	f.Add([]byte("package p\nfunc (T[P]) M() {}\n"))
	f.Add([]byte("package p\n//line x.go:9\nvar A, B = 1\n"))
	f.Add([]byte("package p\x00\xff"))
	f.Add([]byte("// Package p \xff is\n//\tdocumented.\n\n// More.\npackage p\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := Extract("f.go", data)
		lines := bytes.Count(data, []byte{'\n'}) + 1
		if len(got.Imports) > maxImports || len(got.Exports) > maxExports {
			t.Fatalf("bounds: %d imports, %d exports", len(got.Imports), len(got.Exports))
		}
		for _, im := range got.Imports {
			if im.Line < 1 || im.Line > lines || im.Path == "" || im.Path == "C" {
				t.Errorf("bad import %+v", im)
			}
		}
		for i, ex := range got.Exports {
			if ex.Line < 1 || ex.Line > lines || ex.Name == "" {
				t.Errorf("bad export %+v", ex)
			}
			if i > 0 && (ex.Line < got.Exports[i-1].Line ||
				ex.Line == got.Exports[i-1].Line && ex.Name < got.Exports[i-1].Name) {
				t.Errorf("exports not sorted at %d: %v", i, got.Exports)
			}
		}
		if n := utf8.RuneCountInString(got.Doc); n > maxDocRunes || !utf8.ValidString(got.Doc) || strings.Contains(got.Doc, "\n") {
			t.Errorf("doc of %d runes (bound %d), valid UTF-8 %v: %q", n, maxDocRunes, utf8.ValidString(got.Doc), got.Doc)
		}
		extracttest.CheckIssues(t, data, got.Issues)
		if again := Extract("f.go", data); !reflect.DeepEqual(got, again) {
			t.Errorf("not deterministic:\n%+v\n%+v", got, again)
		}
		extracttest.CheckRoundTrip(t, got)
	})
}

func FuzzParseGoMod(f *testing.F) {
	extracttest.AddFixtures(f, "gomod")
	f.Add([]byte("module m\nrequire (\n\ta v1\n"))
	f.Add([]byte("module m\nreplace a => ..\\..\\b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got := ParseGoMod("x/go.mod", data)
		lines := bytes.Count(data, []byte{'\n'}) + 1
		if got.Dir != "x" {
			t.Errorf("dir %q", got.Dir)
		}
		if len(got.Requires) > maxRequires || len(got.Replaces) > maxReplaces || len(got.Issues) > maxModIssues+1 {
			t.Fatalf("bounds: %d requires, %d replaces, %d issues", len(got.Requires), len(got.Replaces), len(got.Issues))
		}
		for _, r := range got.Requires {
			if r.Line < 1 || r.Line > lines {
				t.Errorf("require line %d outside 1..%d", r.Line, lines)
			}
		}
		for _, r := range got.Replaces {
			if r.Line < 1 || r.Line > lines {
				t.Errorf("replace line %d outside 1..%d", r.Line, lines)
			}
			if r.Local && (filepath.IsAbs(r.New) || r.New == ".." || bytes.HasPrefix([]byte(r.New), []byte("../"))) {
				t.Errorf("local replacement escapes the repository: %+v", r)
			}
		}
		extracttest.CheckIssues(t, data, got.Issues)
		if again := ParseGoMod("x/go.mod", data); !reflect.DeepEqual(got, again) {
			t.Errorf("not deterministic:\n%+v\n%+v", got, again)
		}
		extracttest.CheckRoundTrip(t, got)
	})
}

// FuzzShapeStreams: on any input, the hasher feeds each node the stream a
// scan of the node's own source gives.
func FuzzShapeStreams(f *testing.F) {
	extracttest.AddFixtures(f, "src")
	f.Add([]byte("package p\nfunc F() { x := `a\r\nb`; _ = x }\n"))
	f.Add([]byte("package p\ntype T[A B, interface{}] int\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sameStreams(t, "f.go", data)
	})
}
