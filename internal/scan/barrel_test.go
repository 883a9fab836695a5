package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestTypeOnlyThroughBarrels: a name imported from a barrel is judged by
// the kind it has in the module that declares it, followed through the
// barrel's named and star re-exports. src/a.ts imports from src/index.ts;
// each case gives the barrels and declaring modules, and the runtime twin
// of each type-only case is beside it.
func TestTypeOnlyThroughBarrels(t *testing.T) {
	types := "export interface I { a: number }\nexport type T = string\n"
	values := "export class C {}\nexport const v = 1\nexport enum E { A }\n"
	tests := []struct {
		name     string
		imp      string
		files    map[string]string
		typeOnly bool
	}{
		{"interface behind export *", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\n", "src/types.ts": types}, true},
		{"alias behind export *", "import { T, I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\n", "src/types.ts": types}, true},
		{"value behind export *", "import { v } from './index'\n",
			map[string]string{"src/index.ts": "export * from './values'\n", "src/values.ts": values}, false},
		{"interface and a value behind export *", "import { I, C } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\nexport * from './values'\n", "src/types.ts": types, "src/values.ts": values}, false},
		{"interface behind export { X } from", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export { I } from './types'\n", "src/types.ts": types}, true},
		{"enum behind export { X } from", "import { E } from './index'\n",
			map[string]string{"src/index.ts": "export { E } from './values'\n", "src/values.ts": values}, false},
		{"class behind export type { X } from", "import { C } from './index'\n",
			map[string]string{"src/index.ts": "export type { C } from './values'\n", "src/values.ts": values}, true},
		{"class behind export type *", "import { C } from './index'\n",
			map[string]string{"src/index.ts": "export type * from './values'\n", "src/values.ts": values}, true},
		{"missing behind export type *", "import { Missing } from './index'\n",
			map[string]string{"src/index.ts": "export type * from './values'\n", "src/values.ts": values}, false},
		{"two levels of barrels", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './model/index'\n", "src/model/index.ts": "export { I, T } from './types'\n", "src/model/types.ts": types}, true},
		{"a value two levels down", "import { C } from './index'\n",
			map[string]string{"src/index.ts": "export * from './model/index'\n", "src/model/index.ts": "export { C } from './values'\n", "src/model/values.ts": values}, false},
		{"barrel also declares it as a value", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\nexport const I = 1\n", "src/types.ts": types}, false},
		{"two stars disagree", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\nexport * from './other'\n", "src/types.ts": types, "src/other.ts": "export const I = 1\n"}, false},
		{"two stars agree", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './types'\nexport * from './other'\n", "src/types.ts": types, "src/other.ts": "export interface I { b: string }\n"}, true},
		{"missing from the chain", "import { Missing } from './index'\n",
			map[string]string{"src/index.ts": "export * from './model/index'\n", "src/model/index.ts": "export * from './types'\n", "src/model/types.ts": types}, false},
		{"named re-export of a name its target lacks", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export { I } from './values'\n", "src/values.ts": values}, false},
		{"named re-export from a package", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export { I } from 'some-package'\n"}, false},
		{"star from a package beside the declaring module", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from 'some-package'\nexport * from './types'\n", "src/types.ts": types}, true},
		{"default does not pass a star", "import D from './index'\n",
			map[string]string{"src/index.ts": "export * from './d'\n", "src/d.ts": "export default interface D { d: string }\n"}, false},
		{"renamed re-export (as) is not followed", "import { D } from './index'\n",
			map[string]string{"src/index.ts": "export { default as D } from './d'\n", "src/d.ts": "export default interface D { d: string }\n"}, false},
		{"re-export cycle, name missing", "import { Missing } from './index'\n",
			map[string]string{"src/index.ts": "export * from './other'\nexport * from './types'\n", "src/other.ts": "export * from './index'\n", "src/types.ts": types}, false},
		{"re-export cycle, name found", "import { I } from './index'\n",
			map[string]string{"src/index.ts": "export * from './other'\nexport * from './types'\n", "src/other.ts": "export * from './index'\n", "src/types.ts": types}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"src/a.ts": tt.imp}
			for p, s := range tt.files {
				files[p] = s
			}
			testtree.Write(t, root, files)
			ix := newIndex(scanDir(t, root, nil, Options{}))
			r := ix.relation(t, snapshot.RelImports, "module:src/a.ts", "module:src/index.ts")
			if got, _ := r.Metadata[metaTypeOnly].(bool); got != tt.typeOnly {
				t.Errorf("typeOnly = %v, want %v (metadata %v)", got, tt.typeOnly, r.Metadata)
			}
		})
	}
}

// TestTypeOnlyBarrelBounds: a chain of barrels deeper than
// maxReExportDepth leaves the name runtime; one within it does not.
func TestTypeOnlyBarrelBounds(t *testing.T) {
	for _, depth := range []int{maxReExportDepth - 1, maxReExportDepth} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"src/a.ts": "import { I } from './b0'\n"}
			for i := 0; i < depth; i++ {
				files[fmt.Sprintf("src/b%d.ts", i)] = fmt.Sprintf("export * from './b%d'\n", i+1)
			}
			files[fmt.Sprintf("src/b%d.ts", depth)] = "export interface I { a: number }\n"
			testtree.Write(t, root, files)
			ix := newIndex(scanDir(t, root, nil, Options{}))
			r := ix.relation(t, snapshot.RelImports, "module:src/a.ts", "module:src/b0.ts")
			want := depth < maxReExportDepth
			if got, _ := r.Metadata[metaTypeOnly].(bool); got != want {
				t.Errorf("depth %d: typeOnly = %v, want %v", depth, got, want)
			}
		})
	}
}

// TestTypeOnlyBarrelMesh: barrels that all star-re-export each other end
// (every path exhausts maxReExportDepth before it reaches the declaring
// module, so the name stays runtime: never a guess), and the answers do
// not depend on the number of workers asking in parallel.
func TestTypeOnlyBarrelMesh(t *testing.T) {
	root := t.TempDir()
	const n = 12
	files := map[string]string{"src/types.ts": "export interface I { a: number }\n"}
	var imports strings.Builder
	for i := 0; i < n; i++ {
		var b strings.Builder
		for j := 0; j < n; j++ {
			if j != i {
				fmt.Fprintf(&b, "export * from './m%d'\n", j)
			}
		}
		b.WriteString("export * from './types'\n")
		files[fmt.Sprintf("src/m%d.ts", i)] = b.String()
		// Each module also imports I from the next: the barrels' own
		// look-ups run in parallel with a.ts's.
		fmt.Fprintf(&b, "import { I } from './m%d'\n", (i+1)%n)
		files[fmt.Sprintf("src/m%d.ts", i)] = b.String()
		fmt.Fprintf(&imports, "import { I as I%d } from './m%d'\n", i, i)
	}
	files["src/a.ts"] = imports.String()
	testtree.Write(t, root, files)
	for _, workers := range []int{1, 4} {
		ix := newIndex(scanDir(t, root, nil, Options{Workers: workers}))
		for i := 0; i < n; i++ {
			r := ix.relation(t, snapshot.RelImports, "module:src/a.ts", fmt.Sprintf("module:src/m%d.ts", i))
			if got, _ := r.Metadata[metaTypeOnly].(bool); got {
				t.Errorf("workers %d, m%d: typeOnly through a mesh deeper than the bound", workers, i)
			}
		}
	}
}
