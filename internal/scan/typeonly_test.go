package scan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/typescript"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestTypeOnlyImports: each shape of a type-only import marks its relation
// typeOnly, and its runtime twin does not. The target src/t.ts declares
// interfaces, type aliases, a class, a const, an enum and a type that
// merges with a value of the same name.
func TestTypeOnlyImports(t *testing.T) {
	target := `export interface I { a: number }
export type T = string
export class C {}
export const v = 1
export enum E { A }
export interface Merged { x: number }
export const Merged = 1
export default interface D { d: string }
`
	tests := []struct {
		name, src string
		typeOnly  bool
	}{
		{"import type", "import type { C } from './t'\n", true},
		{"import type default", "import type X from './t'\n", true},
		{"import type namespace", "import type * as ns from './t'\n", true},
		{"all specifiers type-qualified", "import { type C, type v } from './t'\n", true},
		{"one specifier not type-qualified", "import { type C, v } from './t'\n", false},
		{"type specifier beside a default interface", "import X, { type I } from './t'\n", true},
		{"type specifier beside a class", "import { C, type I } from './t'\n", false},
		{"export type from", "export type { C } from './t'\n", true},
		{"export type star", "export type * from './t'\n", true},
		{"export type star as", "export type * as ns from './t'\n", true},
		{"export all-type specifiers", "export { type C, type I } from './t'\n", true},
		{"names are interfaces and aliases", "import { I, T } from './t'\n", true},
		{"default is an interface", "import D from './t'\n", true},
		{"re-exported interface", "export { I } from './t'\n", true},
		{"a class is a value", "import { I, C } from './t'\n", false},
		{"a const is a value", "import { v } from './t'\n", false},
		{"an enum is a value", "import { E } from './t'\n", false},
		{"a type merged with a value", "import { Merged } from './t'\n", false},
		{"a name the target does not declare", "import { Missing } from './t'\n", false},
		{"namespace import", "import * as ns from './t'\n", false},
		{"side-effect import", "import './t'\n", false},
		{"export star", "export * from './t'\n", false},
		{"require of interfaces", "const { I } = require('./t')\n", false},
		{"typeof import() in a type", "let x: typeof import('./t')\n", true},
		{"import() at run time", "const m = import('./t')\n", false},
		{"type import then a runtime one", "import type { C } from './t'\nimport { v } from './t'\n", false},
		{"runtime import then a type one", "import { v } from './t'\nimport type { C } from './t'\n", false},
		{"two type-only imports", "import type { C } from './t'\nimport { I } from './t'\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			testtree.Write(t, root, map[string]string{"src/t.ts": target, "src/a.ts": tt.src})
			ix := newIndex(scanDir(t, root, nil, Options{}))
			kind := snapshot.RelImports
			if tt.src[:6] == "export" {
				kind = snapshot.RelReExports
			}
			r := ix.relation(t, kind, "module:src/a.ts", "module:src/t.ts")
			if got, _ := r.Metadata[metaTypeOnly].(bool); got != tt.typeOnly {
				t.Errorf("typeOnly = %v, want %v (metadata %v)", got, tt.typeOnly, r.Metadata)
			}
		})
	}
}

// TestTypeOnlyUse: TypeScript removes an import whose names the file uses
// only in types, so it runs at no time; a use as a value anywhere keeps
// it, as do a tsconfig that keeps such imports, a JavaScript file, an
// import after the code starts and, in a file with decorators,
// emitDecoratorMetadata (which emits a decorated signature's types as
// values; decorators alone do not). An import the file never names counts
// as run time.
func TestTypeOnlyUse(t *testing.T) {
	target := "export class C {}\nexport const v = 1\n"
	tests := []struct {
		name, file, src, tsconfig string
		typeOnly                  bool
	}{
		{"a class used as a parameter type", "a.ts", "import { C } from './t'\nexport function f(c: C) {}\n", "", true},
		{"in a return type and a generic", "a.ts", "import { C } from './t'\nexport const f = (): Array<C> => []\n", "", true},
		{"typeof in a type", "a.ts", "import { v } from './t'\nexport type V = typeof v\n", "", true},
		{"a namespace used in types", "a.ts", "import * as t from './t'\nlet c: t.C\n", "", true},
		{"imported and never used", "a.ts", "import { C } from './t'\n", "", false},
		{"after a directive", "a.tsx", "'use client'\nimport { C } from './t'\nlet c: C\n", "", true},
		{"new", "a.ts", "import { C } from './t'\nexport const c = new C()\n", "", false},
		{"extends", "a.ts", "import { C } from './t'\nexport class D extends C {}\n", "", false},
		{"a shorthand property", "a.ts", "import { v } from './t'\nexport const o = { v }\n", "", false},
		{"re-exported", "a.ts", "import { C } from './t'\nexport { C }\n", "", false},
		{"JSX", "a.tsx", "import { C } from './t'\nexport const e = <C />\n", "", false},
		{"one of two names a value", "a.ts", "import { C, v } from './t'\nlet c: C = f(v)\n", "", false},
		{"verbatimModuleSyntax", "a.ts", "import { C } from './t'\nlet c: C\n", `{"compilerOptions": {"verbatimModuleSyntax": true}}`, false},
		{"importsNotUsedAsValues preserve", "a.ts", "import { C } from './t'\nlet c: C\n", `{"compilerOptions": {"importsNotUsedAsValues": "preserve"}}`, false},
		{"verbatimModuleSyntax false", "a.ts", "import { C } from './t'\nlet c: C\n", `{"compilerOptions": {"verbatimModuleSyntax": false}}`, true},
		{"JavaScript keeps its imports", "a.js", "import { C } from './t'\n", "", false},
		{"an import after code", "a.ts", "f(C)\nimport { C } from './t'\n", "", false},
		{"decorators", "a.ts", "import { C } from './t'\nclass D { @dec() m(c: C) {} }\n", "", true},
		{"decorators with emitDecoratorMetadata", "a.ts", "import { C } from './t'\nclass D { @dec() m(c: C) {} }\n",
			`{"compilerOptions": {"experimentalDecorators": true, "emitDecoratorMetadata": true}}`, false},
		{"emitDecoratorMetadata without decorators", "a.ts", "import { C } from './t'\nlet c: C\n",
			`{"compilerOptions": {"emitDecoratorMetadata": true}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{"src/t.ts": target, "src/" + tt.file: tt.src}
			if tt.tsconfig != "" {
				files["tsconfig.json"] = tt.tsconfig
			}
			testtree.Write(t, root, files)
			ix := newIndex(scanDir(t, root, nil, Options{}))
			r := ix.relation(t, snapshot.RelImports, "module:src/"+tt.file, "module:src/t.ts")
			if got, _ := r.Metadata[metaTypeOnly].(bool); got != tt.typeOnly {
				t.Errorf("typeOnly = %v, want %v (metadata %v)", got, tt.typeOnly, r.Metadata)
			}
		})
	}
}

// TestTypeOnlyDeclarationFile: a .d.ts file never runs, so its imports are
// type-only whatever they name; the same import in a .ts file is not.
func TestTypeOnlyDeclarationFile(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"src/t.ts":          "export const v = 1\n",
		"src/a.d.ts":        "import { v } from './t'\nexport declare const w: typeof v\n",
		"src/b.ts":          "import { v } from './t'\n",
		"src/c.d.mts":       "import { v } from './t'\n",
		"src/tsconfig.json": "{}\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	for from, want := range map[string]bool{"module:src/a.d.ts": true, "module:src/b.ts": false} {
		r := ix.relation(t, snapshot.RelImports, from, "module:src/t.ts")
		if got, _ := r.Metadata[metaTypeOnly].(bool); got != want {
			t.Errorf("%s: typeOnly = %v, want %v", from, got, want)
		}
	}
}

// TestTypeOnlyPython: imports under `if TYPE_CHECKING:` make a typeOnly
// relation; the same module imported at run time elsewhere in the file
// clears it.
func TestTypeOnlyPython(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"pkg/__init__.py": "",
		"pkg/t.py":        "class T: ...\n",
		"pkg/u.py":        "class U: ...\n",
		"pkg/a.py": `from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from .t import T
    from .u import U
    from .v import V
from .u import U
def f():
    from .v import V
`,
		"pkg/v.py": "class V: ...\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	// v is imported under TYPE_CHECKING and in a function: not type-only,
	// but nothing of it runs while a.py loads.
	for to, want := range map[string][2]bool{"module:pkg/t.py": {true, true}, "module:pkg/u.py": {false, false}, "module:pkg/v.py": {false, true}} {
		r := ix.relation(t, snapshot.RelImports, "module:pkg/a.py", to)
		typeOnly, _ := r.Metadata[metaTypeOnly].(bool)
		deferred, _ := r.Metadata[metaDeferred].(bool)
		if typeOnly != want[0] || deferred != want[1] {
			t.Errorf("→ %s: typeOnly, deferred = %v, %v, want %v", to, typeOnly, deferred, want)
		}
	}
}

// TestTypeOnlyNameBound: an import whose name list reaches
// typescript.MaxNames may have been cut (the names past the bound are not
// listed, and one of them may be a value), so it counts as run time; one
// name fewer, all interfaces, is type-only.
func TestTypeOnlyNameBound(t *testing.T) {
	var target, names []string
	for i := range typescript.MaxNames + 1 {
		target = append(target, fmt.Sprintf("export interface I%d { a: number }\n", i))
		names = append(names, fmt.Sprintf("I%d", i))
	}
	target = append(target, "export class C {}\n")
	tests := []struct {
		name     string
		names    []string
		typeOnly bool
	}{
		{"below the bound", names[:typescript.MaxNames-1], true},
		{"a value past the bound", append(slices.Clone(names[:typescript.MaxNames]), "C"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			src := "import { " + strings.Join(tt.names, ", ") + " } from './t'\n"
			testtree.Write(t, root, map[string]string{"src/t.ts": strings.Join(target, ""), "src/a.ts": src})
			r := newIndex(scanDir(t, root, nil, Options{})).relation(t, snapshot.RelImports, "module:src/a.ts", "module:src/t.ts")
			if got, _ := r.Metadata[metaTypeOnly].(bool); got != tt.typeOnly {
				t.Errorf("typeOnly = %v, want %v", got, tt.typeOnly)
			}
		})
	}
}
