package typescript

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var (
	importKinds = []string{KindImport, kindRequire, KindReExport, KindDynamic}
	exportKinds = []string{
		exportFunction, exportClass, exportConst, exportLet, exportVar, ExportInterface, ExportType,
		exportEnum, exportNamespace, exportAlias, exportValue, exportLocal, exportAssign, exportCommonJS,
	}
	targetKinds = []string{TargetModule, TargetFile, TargetPackage, TargetExternal, TargetUnresolved}
)

// FuzzExtract feeds arbitrary bytes to the extractor as TypeScript, TSX and
// CommonJS, and checks the invariants every extraction must keep: lines
// inside the file, bounds respected, exports sorted and unique, kinds from
// the vocabulary, the same result twice, and a JSON round trip that changes
// nothing (extractions are stored as JSON and reused).
func FuzzExtract(f *testing.F) {
	fixtures, _ := filepath.Glob("testdata/extract/*")
	for _, p := range fixtures {
		if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".json") {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"", "import", "export", "import(", "require(", "export {", "export default",
		"import a, { b as c, type D } from './x';\nexport * as ns from 'y';",
		"export const { a, b: [c, ...d] } = e;",
		"const x = require(`a${b}`); import(`c`);",
		"module.exports = { a, b() {}, 'c': 1 }; exports.d = exports.e = 1;",
		"@d export class A<T> { m(): T satisfies U {} }",
		"export { a as 'b' }; import { 'c' as d } from 'e';",
		"const a = <div>{import('./x')}</div>;",
		"import x from '\\u{110000}\\uD800\\x';",
		"\x00\xff\xfe import a from './a';",
	} {
		f.Add([]byte(s))
	}
	e := NewExtractor()
	f.Cleanup(e.Close)
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, p := range []string{"f.ts", "f.tsx", "f.cjs"} {
			got := e.Extract(p, data)
			checkFile(t, p, got, lines)
			if again := e.Extract(p, data); !reflect.DeepEqual(got, again) {
				t.Fatalf("%s: two extractions differ:\n%s\n%s", p, dump(got), dump(again))
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatalf("%s: marshal: %v", p, err)
			}
			var back File
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("%s: unmarshal: %v", p, err)
			}
			if !reflect.DeepEqual(got, back) {
				t.Fatalf("%s: JSON round trip changed the extraction:\n%s\n%s", p, dump(got), dump(back))
			}
		}
	})
}

func checkFile(t *testing.T, p string, f File, lines int) {
	t.Helper()
	inFile := func(line int) bool { return line >= 1 && line <= lines }
	if len(f.Imports) > maxImports || len(f.Exports) > maxExports || len(f.Issues) > maxIssues+1 {
		t.Fatalf("%s: bounds crossed: %d imports, %d exports, %d issues", p, len(f.Imports), len(f.Exports), len(f.Issues))
	}
	for _, imp := range f.Imports {
		if !inFile(imp.Line) || !slices.Contains(importKinds, imp.Kind) || len(imp.Names) > MaxNames {
			t.Fatalf("%s: bad import %+v (file has %d lines)", p, imp, lines)
		}
	}
	seen := map[Export]bool{}
	for i, e := range f.Exports {
		if !inFile(e.Line) || !slices.Contains(exportKinds, e.Kind) {
			t.Fatalf("%s: bad export %+v (file has %d lines)", p, e, lines)
		}
		if i > 0 {
			prev := f.Exports[i-1]
			if prev.Line > e.Line || (prev.Line == e.Line && prev.Name > e.Name) {
				t.Fatalf("%s: exports not sorted: %+v before %+v", p, prev, e)
			}
		}
		key := Export{Name: e.Name, Kind: e.Kind}
		if seen[key] {
			t.Fatalf("%s: duplicate export %+v", p, e)
		}
		seen[key] = true
	}
	for _, is := range f.Issues {
		if (is.Line != 0 && !inFile(is.Line)) || is.Status == "" || is.Message == "" {
			t.Fatalf("%s: bad issue %+v (file has %d lines)", p, is, lines)
		}
	}
}

// FuzzTSConfig feeds arbitrary bytes as a tsconfig (extended by another one)
// and an arbitrary specifier, and checks that resolution stays inside the
// repository, names existing files, and is deterministic.
func FuzzTSConfig(f *testing.F) {
	for _, c := range fixtureConfigs {
		f.Add([]byte(c), "@app/util")
	}
	f.Add([]byte(`{"compilerOptions": {"baseUrl": "..", "paths": {"*": ["../../*", "/abs/*", "src/*"]}}}`), "x")
	f.Add([]byte(`{"extends": ["./tsconfig.json", "../x", "@p/q", ""], "compilerOptions": {"paths": {"a*b": ["*"]}}}`), "a/../../b")
	f.Add([]byte(`{"compilerOptions": {"paths": {"#*": ["./*"]}, "baseUrl": "./src/../.."}}`), "#../../etc")
	f.Add([]byte("\xef\xbb\xbf// c\n{,}"), "")
	fs := newMemFS(fixtureFiles...)
	f.Fuzz(func(t *testing.T, config []byte, spec string) {
		configs := map[string][]byte{
			"tsconfig.base.json":       config,
			"src/tsconfig.json":        []byte(`{"extends": "../tsconfig.base.json"}`),
			"src/sub/tsconfig.json":    config,
			"../outside/tsconfig.json": config,
		}
		r, issues := NewResolver(fs, configs, fixtureWorkspaces)
		_, again := NewResolver(fs, configs, fixtureWorkspaces)
		if !reflect.DeepEqual(issues, again) {
			t.Fatalf("issues differ between two runs:\n%s\n%s", dump(issues), dump(again))
		}
		for _, from := range []string{"src/index.ts", "src/sub/deep/a.ts", "index.ts"} {
			got := r.Resolve(from, spec)
			if got != r.Resolve(from, spec) {
				t.Fatalf("Resolve(%q, %q) is not deterministic", from, spec)
			}
			if !slices.Contains(targetKinds, got.Kind) {
				t.Fatalf("Resolve(%q, %q) = %+v: unknown kind", from, spec, got)
			}
			switch got.Kind {
			case TargetModule, TargetFile:
				if !fs.IsFile(got.Path) {
					t.Fatalf("Resolve(%q, %q) = %+v: no such file", from, spec, got)
				}
			case TargetPackage:
				if !fs.IsDir(got.Path) {
					t.Fatalf("Resolve(%q, %q) = %+v: no such directory", from, spec, got)
				}
			}
		}
	})
}
