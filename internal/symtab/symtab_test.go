package symtab

import (
	"slices"
	"testing"
)

func TestAuxiliaryPath(t *testing.T) {
	for p, want := range map[string]bool{
		"src/server.ts": false, "src/__tests__/x.ts": true, "pkg/a.test.ts": true, "examples/basic/main.go": true,
		"internal/scan/scan_test.go": true, "py/test_core.py": true, "py/core.py": false, "testing/api.ts": false,
		"tests.ts": false, "lib/spec.ts": false,
	} {
		if got := AuxiliaryPath(p); got != want {
			t.Errorf("AuxiliaryPath(%q) = %v, want %v", p, got, want)
		}
	}
}

// table declares, by hand: a Go package with a type, a method and a
// function also declared by a second package and by a test helper; a
// Python class; a TypeScript function; a name only tests declare.
func table() *Table {
	b := NewBuilder()
	add := func(id, p, lang, goPkg string, aux bool, kinds map[string]string) {
		m := &Module{Segments: Segments(p, lang), GoPkg: goPkg, Language: lang, Kinds: kinds}
		b.AddModule(id, m)
		for _, name := range []string{"Ranker", "Ranker.Score", "New", "Session", "slugify", "Helper"} {
			if kinds[name] != "" {
				b.Declare(id, name, aux)
			}
		}
	}
	add("module:internal/store/store.go", "internal/store/store.go", Go, "store", false, map[string]string{"New": "func"})
	add("module:internal/rank/rank.go", "internal/rank/rank.go", Go, "rank", false, map[string]string{"Ranker": "type", "Ranker.Score": "method", "New": "func"})
	add("module:testdata/fake.go", "testdata/fake.go", Go, "fake", true, map[string]string{"New": "func", "Helper": "func"})
	add("module:pyclient/_client.py", "pyclient/_client.py", Python, "", false, map[string]string{"Session": "class"})
	add("module:src/util/index.ts", "src/util/index.ts", TypeScript, "", false, map[string]string{"slugify": "function"})
	return b.Table()
}

func TestResolve(t *testing.T) {
	tab := table()
	tests := []struct {
		quals      []string
		name, decl string
		mods       []string
	}{
		{nil, "Ranker", "Ranker", []string{"module:internal/rank/rank.go"}},
		{nil, "New", "New", []string{"module:internal/rank/rank.go", "module:internal/store/store.go"}}, // not the test helper's
		{nil, "Helper", "Helper", []string{"module:testdata/fake.go"}},                                  // only a test declares it
		{[]string{"store"}, "New", "New", []string{"module:internal/store/store.go"}},
		{[]string{"internal", "store"}, "New", "New", []string{"module:internal/store/store.go"}},
		{[]string{"Ranker"}, "Score", "Ranker.Score", []string{"module:internal/rank/rank.go"}},
		{[]string{"rank", "Ranker"}, "Score", "Ranker.Score", []string{"module:internal/rank/rank.go"}},
		{[]string{"pyclient"}, "Session", "Session", []string{"module:pyclient/_client.py"}},
		{[]string{"pyclient", "_client"}, "Session", "Session", []string{"module:pyclient/_client.py"}},
		{[]string{"Session"}, "get", "Session", []string{"module:pyclient/_client.py"}}, // Python records no members
		{[]string{"util"}, "slugify", "slugify", []string{"module:src/util/index.ts"}},
		{[]string{"Ranker"}, "Missing", "", nil}, // Go records its members: no fallback to the type
		{[]string{"internal"}, "New", "", nil},   // a directory above a Go package is no qualifier
		{nil, "Absent", "Absent", nil},
	}
	for _, tt := range tests {
		mods, decl := tab.Resolve(tt.quals, tt.name)
		if !slices.Equal(mods, tt.mods) || (len(tt.mods) > 0 && decl != tt.decl) {
			t.Errorf("Resolve(%q, %q) = %q, %q; want %q, %q", tt.quals, tt.name, mods, decl, tt.mods, tt.decl)
		}
	}
}
