package typescript

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

func partial(line int, msg string) extract.Issue {
	return extract.Issue{Line: line, Status: extract.StatusPartial, Message: msg}
}

func syntaxError(line int) extract.Issue {
	return partial(line, fmt.Sprintf("syntax error at line %d; the module is analyzed partially", line))
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		path string // default a.ts
		src  string
		want File
	}{
		{
			name: "empty file",
			src:  "",
			want: File{},
		},
		{
			name: "static imports",
			src: `import a, { b as c, d } from './x';
import * as ns from "y";
import 'side-effect';
import fs = require('fs');
import {
  multi,
} from './multi';
import def, * as all from './both';
import { "string name" as sn } from 'q';
`,
			want: File{Imports: []Import{
				{Spec: "./x", Line: 1, Kind: KindImport, Names: []string{"default", "b", "d"}},
				{Spec: "y", Line: 2, Kind: KindImport, Names: []string{"*"}},
				{Spec: "side-effect", Line: 3, Kind: KindImport},
				{Spec: "fs", Line: 4, Kind: KindImport, Names: []string{"*"}},
				{Spec: "./multi", Line: 5, Kind: KindImport, Names: []string{"multi"}},
				{Spec: "./both", Line: 8, Kind: KindImport, Names: []string{"default", "*"}},
				{Spec: "q", Line: 9, Kind: KindImport, Names: []string{"string name"}},
			}},
		},
		{
			name: "type-only imports and re-exports",
			src: `import type { T } from './t';
import type Def from './def';
import { type A, type B } from './ab';
import C, { type D } from './cd';
import { type E, F } from './ef';
export type { U } from './u';
export { type V } from './v';
export { type W, X } from './wx';
`,
			want: File{Imports: []Import{
				{Spec: "./t", Line: 1, Kind: KindImport, TypeOnly: true, Names: []string{"T"}},
				{Spec: "./def", Line: 2, Kind: KindImport, TypeOnly: true, Names: []string{"default"}},
				{Spec: "./ab", Line: 3, Kind: KindImport, TypeOnly: true, Names: []string{"A", "B"}},
				{Spec: "./cd", Line: 4, Kind: KindImport, Names: []string{"default", "D"}},
				{Spec: "./ef", Line: 5, Kind: KindImport, Names: []string{"E", "F"}},
				{Spec: "./u", Line: 6, Kind: KindReExport, TypeOnly: true, Names: []string{"U"}},
				{Spec: "./v", Line: 7, Kind: KindReExport, TypeOnly: true, Names: []string{"V"}},
				{Spec: "./wx", Line: 8, Kind: KindReExport, Names: []string{"W", "X"}},
			}},
		},
		{
			// TypeScript 5.0's `export type *` is beyond the grammar: its
			// `type` sits in an ERROR node, still read as type-only; the
			// plain twin is not.
			name: "export type star",
			src:  "export type * from './s';\nexport * from './r';\n",
			want: File{
				Imports: []Import{
					{Spec: "./s", Line: 1, Kind: KindReExport, TypeOnly: true, Names: []string{"*"}},
					{Spec: "./r", Line: 2, Kind: KindReExport, Names: []string{"*"}},
				},
				Issues: []extract.Issue{{Line: 1, Status: extract.StatusPartial, Message: "syntax error at line 1; the module is analyzed partially"}},
			},
		},
		{
			name: "re-exports declare nothing",
			src: `export * from './all';
export * as ns from './ns';
export { a, b as c } from './ab';
export { default } from './d';
export { default as D2 } from './d2';
`,
			want: File{Imports: []Import{
				{Spec: "./all", Line: 1, Kind: KindReExport, Names: []string{"*"}},
				{Spec: "./ns", Line: 2, Kind: KindReExport, Names: []string{"*"}},
				{Spec: "./ab", Line: 3, Kind: KindReExport, Names: []string{"a", "b"}},
				{Spec: "./d", Line: 4, Kind: KindReExport, Names: []string{"default"}},
				{Spec: "./d2", Line: 5, Kind: KindReExport, Names: []string{"default"}},
			}},
		},
		{
			name: "require calls anywhere",
			path: "a.js",
			src: "const m = require('m');\n" +
				"const { p, q: qq, r = 1 } = require('./destructured');\n" +
				"function lazy() {\n  return require(`./tmpl`).x;\n}\n" +
				"require.resolve('not-an-import');\n" +
				"require();\n" +
				"require(name);\n" +
				"require('./a' + b);\n" +
				"obj.require('nope');\n" +
				"const f = () => require('./arrow');\n" +
				"class K { m() { return require('./method') } }\n" +
				"if (x) { require('./block') }\n",
			want: File{
				Imports: []Import{
					{Spec: "m", Line: 1, Kind: kindRequire},
					{Spec: "./destructured", Line: 2, Kind: kindRequire, Names: []string{"p", "q", "r"}},
					{Spec: "./tmpl", Line: 4, Kind: kindRequire, Deferred: true},
					{Spec: "./arrow", Line: 11, Kind: kindRequire, Deferred: true},
					{Spec: "./method", Line: 12, Kind: kindRequire, Deferred: true},
					{Spec: "./block", Line: 13, Kind: kindRequire},
				},
				Issues: []extract.Issue{partial(8, nonLiteralTarget), partial(9, nonLiteralTarget)},
			},
		},
		{
			name: "dynamic imports",
			src: "const a = await import('./a');\n" +
				"const b = import(`./b`);\n" +
				"import(/* webpackChunkName: \"c\" */ './c');\n" +
				"import('./d', { with: { type: 'json' } });\n" +
				"const { e } = await import('./e');\n" +
				"import(`./f/${x}`);\n" +
				"import(x);\n" +
				"type T = typeof import('./types');\n" +
				"let v: import('./y').Foo;\n" +
				"const url = import.meta.url;\n",
			want: File{
				Imports: []Import{
					{Spec: "./a", Line: 1, Kind: KindDynamic},
					{Spec: "./b", Line: 2, Kind: KindDynamic},
					{Spec: "./c", Line: 3, Kind: KindDynamic},
					{Spec: "./d", Line: 4, Kind: KindDynamic},
					{Spec: "./e", Line: 5, Kind: KindDynamic, Names: []string{"e"}},
					{Spec: "./types", Line: 8, Kind: KindDynamic, TypeOnly: true},
					{Spec: "./y", Line: 9, Kind: KindDynamic, TypeOnly: true},
				},
				Issues: []extract.Issue{partial(6, nonLiteralTarget), partial(7, nonLiteralTarget)},
			},
		},
		{
			name: "escapes in specifiers are decoded",
			src:  `import a from './a\x2fb\u0063\u{64}'; import e from "./\"q\"";` + "\n",
			want: File{Imports: []Import{
				{Spec: "./a/bcd", Line: 1, Kind: KindImport, Names: []string{"default"}},
				{Spec: `./"q"`, Line: 1, Kind: KindImport, Names: []string{"default"}},
			}},
		},
		{
			name: "declarations",
			src: `export function f() {}
export async function* g() {}
export class C {}
export abstract class AC {}
export const k = 1, k2 = 2;
export let l;
export var v;
export interface I {}
export type T = string;
export enum E { A }
export const enum CE { B }
export namespace NS { export const inner = 1; }
export module M {}
export namespace Outer.Inner {}
export declare function df(): void;
export declare const dc: number;
export import Alias = NS.inner;
`,
			want: File{Exports: []Export{
				{Name: "f", Kind: exportFunction, Line: 1},
				{Name: "g", Kind: exportFunction, Line: 2},
				{Name: "C", Kind: exportClass, Line: 3},
				{Name: "AC", Kind: exportClass, Line: 4},
				{Name: "k", Kind: exportConst, Line: 5},
				{Name: "k2", Kind: exportConst, Line: 5},
				{Name: "l", Kind: exportLet, Line: 6},
				{Name: "v", Kind: exportVar, Line: 7},
				{Name: "I", Kind: ExportInterface, Line: 8},
				{Name: "T", Kind: ExportType, Line: 9},
				{Name: "E", Kind: exportEnum, Line: 10},
				{Name: "CE", Kind: exportEnum, Line: 11},
				{Name: "NS", Kind: exportNamespace, Line: 12},
				{Name: "M", Kind: exportNamespace, Line: 13},
				{Name: "Outer", Kind: exportNamespace, Line: 14},
				{Name: "df", Kind: exportFunction, Line: 15},
				{Name: "dc", Kind: exportConst, Line: 16},
				{Name: "Alias", Kind: exportAlias, Line: 17},
			}},
		},
		{
			name: "destructuring exports every bound name",
			src: `export const { a, b: renamed, c = 1, ...rest } = obj;
export const [x, , y = 2, ...zs] = arr;
export const {
  nested: { deep },
} = obj;
`,
			want: File{Exports: []Export{
				{Name: "a", Kind: exportConst, Line: 1},
				{Name: "c", Kind: exportConst, Line: 1},
				{Name: "renamed", Kind: exportConst, Line: 1},
				{Name: "rest", Kind: exportConst, Line: 1},
				{Name: "x", Kind: exportConst, Line: 2},
				{Name: "y", Kind: exportConst, Line: 2},
				{Name: "zs", Kind: exportConst, Line: 2},
				{Name: "deep", Kind: exportConst, Line: 4},
			}},
		},
		{
			name: "default exports",
			src: `export default function named() {}
`,
			want: File{Exports: []Export{{Name: "default", Kind: exportFunction, Line: 1}}},
		},
		{
			name: "anonymous default class",
			src:  "@decorated\nexport default class {}\n",
			want: File{Exports: []Export{{Name: "default", Kind: exportClass, Line: 2}}, Decorated: true},
		},
		{
			name: "anonymous default function",
			src:  "export default async function () {}\n",
			want: File{Exports: []Export{{Name: "default", Kind: exportFunction, Line: 1}}},
		},
		{
			name: "default arrow function is a value",
			src:  "export default (a: number) => a;\n",
			want: File{Exports: []Export{{Name: "default", Kind: exportValue, Line: 1}}},
		},
		{
			name: "ambient module: its imports count, its exports are not the file's",
			path: "types.d.ts",
			src:  "declare module 'virtual' {\n  import { X } from './x';\n  export const y: X;\n}\nexport as namespace Lib;\n",
			want: File{Imports: []Import{{Spec: "./x", Line: 2, Kind: KindImport, Names: []string{"X"}}}},
		},
		{
			name: "default export of an expression",
			src:  "const x = 1;\nexport default x satisfies number;\n",
			want: File{Exports: []Export{{Name: "default", Kind: exportValue, Line: 2}}},
		},
		{
			name: "default export of an interface",
			src:  "export default interface Props {}\n",
			want: File{Exports: []Export{{Name: "default", Kind: ExportInterface, Line: 1}}},
		},
		{
			name: "export = ",
			src:  "function lib() {}\nexport = lib;\n",
			want: File{Exports: []Export{{Name: "default", Kind: exportAssign, Line: 2}}},
		},
		{
			name: "local export lists take the declaration's kind and line",
			src: `import { imported } from './elsewhere';
import * as nsImported from './ns';
export { local, helper as renamed, imported, nsImported, missing, value as default };
function local() {}
const helper = () => 1;
class value {}
`,
			want: File{
				Imports: []Import{
					{Spec: "./elsewhere", Line: 1, Kind: KindImport, Names: []string{"imported"}},
					{Spec: "./ns", Line: 2, Kind: KindImport, Names: []string{"*"}},
				},
				Exports: []Export{
					{Name: "missing", Kind: exportLocal, Line: 3},
					{Name: "local", Kind: exportFunction, Line: 4},
					{Name: "renamed", Kind: exportConst, Line: 5},
					{Name: "default", Kind: exportClass, Line: 6},
				},
			},
		},
		{
			name: "overloads and repeated declarations are one export",
			src: `export function over(a: string): void;
export function over(a: number): void;
export function over(a: unknown) {}
export interface Merged { a: 1 }
export interface Merged { b: 2 }
export namespace Merged {}
`,
			want: File{Exports: []Export{
				{Name: "over", Kind: exportFunction, Line: 1},
				{Name: "Merged", Kind: ExportInterface, Line: 4},
				{Name: "Merged", Kind: exportNamespace, Line: 6},
			}},
		},
		{
			name: "TypeScript-only syntax",
			src: `import { Injectable } from '@angular/core';
@Injectable({ providedIn: 'root' })
export class Service<T extends object = {}> implements Base<T> {
  constructor(private readonly http: Http) {}
  get<K extends keyof T>(key: K): T[K] { return this.data[key] as T[K]; }
}
export const config = { a: 1 } satisfies Record<string, number>;
export enum Color { Red = 'red', Green = 'green' }
export type Mapped<T> = { [K in keyof T]?: T[K] };
export function assertIsString(v: unknown): asserts v is string {}
`,
			want: File{
				Imports: []Import{{Spec: "@angular/core", Line: 1, Kind: KindImport, Names: []string{"Injectable"}}},
				Exports: []Export{
					{Name: "Service", Kind: exportClass, Line: 3},
					{Name: "config", Kind: exportConst, Line: 7},
					{Name: "Color", Kind: exportEnum, Line: 8},
					{Name: "Mapped", Kind: ExportType, Line: 9},
					{Name: "assertIsString", Kind: exportFunction, Line: 10},
				},
				Decorated: true,
			},
		},
		{
			name: "TSX",
			path: "App.tsx",
			src: `import React from 'react';
import styles from './App.module.css';
export const App = <T,>(props: { items: T[] }) => (
  <div className={styles.app}>{props.items.map((i) => <Item key={String(i)} />)}</div>
);
export default App;
`,
			want: File{
				Imports: []Import{
					{Spec: "react", Line: 1, Kind: KindImport, Names: []string{"default"}},
					{Spec: "./App.module.css", Line: 2, Kind: KindImport, Names: []string{"default"}},
				},
				Exports: []Export{
					{Name: "App", Kind: exportConst, Line: 3},
					{Name: "default", Kind: exportValue, Line: 6},
				},
			},
		},
		{
			name: "JSX in a .js file",
			path: "view.js",
			src:  "import { h } from 'preact';\nexport function View() {\n  return <p>{require('./label')}</p>;\n}\n",
			want: File{
				Imports: []Import{
					{Spec: "preact", Line: 1, Kind: KindImport, Names: []string{"h"}},
					{Spec: "./label", Line: 3, Kind: kindRequire, Deferred: true},
				},
				Exports: []Export{{Name: "View", Kind: exportFunction, Line: 2}},
			},
		},
		{
			name: "CommonJS exports in .cjs",
			path: "lib.cjs",
			src: `'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
exports.__esModule = true;
exports.one = 1;
module.exports.two = 2;
exports['three'] = 3;
exports.four = exports.five = 45;
module.exports = { six, seven: 7, eight() {}, 'nine': 9, [computed]: 0, ...spread };
if (x) { exports.nested = 1; }
`,
			want: File{Exports: []Export{
				{Name: "one", Kind: exportCommonJS, Line: 4},
				{Name: "two", Kind: exportCommonJS, Line: 5},
				{Name: "three", Kind: exportCommonJS, Line: 6},
				{Name: "five", Kind: exportCommonJS, Line: 7},
				{Name: "four", Kind: exportCommonJS, Line: 7},
				{Name: "eight", Kind: exportCommonJS, Line: 8},
				{Name: "nine", Kind: exportCommonJS, Line: 8},
				{Name: "seven", Kind: exportCommonJS, Line: 8},
				{Name: "six", Kind: exportCommonJS, Line: 8},
			},
				// module.exports = { … } is a data module: its literal part is kept.
				SiteConfig: json.RawMessage(`{"nine":9,"seven":7}`),
			},
		},
		{
			name: "module.exports of a value is the default export",
			path: "lib.js",
			src:  "const impl = require('./impl');\nmodule.exports = impl;\n",
			want: File{
				Imports: []Import{{Spec: "./impl", Line: 1, Kind: kindRequire}},
				Exports: []Export{{Name: "default", Kind: exportCommonJS, Line: 2}},
			},
		},
		{
			name: "CommonJS assignments are not exports in ESM or TypeScript",
			path: "lib.mjs",
			src:  "module.exports = { a };\nexports.b = 1;\n",
			want: File{},
		},
		{
			name: "CommonJS assignments are not exports in TypeScript",
			src:  "module.exports = { a };\nexports.b = 1;\n",
			want: File{},
		},
		{
			name: "syntax error keeps what was found",
			src: `import { a } from './a';
export const ok = 1;
export function broken( {
import { b } from './b';
`,
			want: File{
				Imports: []Import{{Spec: "./a", Line: 1, Kind: KindImport, Names: []string{"a"}}},
				Exports: []Export{{Name: "ok", Kind: exportConst, Line: 2}},
				Issues:  []extract.Issue{syntaxError(3)},
			},
		},
		{
			name: "JSX in a .ts file is a syntax error",
			src:  "import x from './x';\nconst el = <div>hi</div>;\n",
			want: File{
				Imports: []Import{{Spec: "./x", Line: 1, Kind: KindImport, Names: []string{"default"}}},
				Issues:  []extract.Issue{syntaxError(2)},
			},
		},
		{
			name: "invalid UTF-8 is replaced, not propagated",
			src:  "import a from './\xff\xfe';\nexport const b\xc3 = 1;\n",
			want: File{
				// The parser reads the invalid bytes as spaces; the names
				// are read from the file, where they are U+FFFD.
				Imports: []Import{{Spec: "./\uFFFD", Line: 1, Kind: KindImport, Names: []string{"default"}}},
				Exports: []Export{{Name: "b", Kind: exportConst, Line: 2}},
			},
		},
		{
			name: "NUL and other control bytes are read as spaces",
			src:  "import a from './a';\x00\nimport b from './b';\x01\n",
			want: File{
				Imports: []Import{
					{Spec: "./a", Line: 1, Kind: KindImport, Names: []string{"default"}},
					{Spec: "./b", Line: 2, Kind: KindImport, Names: []string{"default"}},
				},
			},
		},
		{
			name: "not a source file",
			path: "style.css",
			src:  "a {}",
			want: File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: "style.css is not a TypeScript or JavaScript file"}}},
		},
	}
	e := NewExtractor()
	defer e.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.path
			if p == "" {
				p = "a.ts"
			}
			got := e.Extract(p, []byte(tt.src))
			got.Exports = unhashed(got.Exports) // TestShapeHashes covers them
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Extract(%s):\n got %s\nwant %s", p, dump(got), dump(tt.want))
			}
		})
	}
}

func dump(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// TestExtractBounds crosses every per-file bound and checks that what is
// kept is the first part, in order, and that the crossing is an Issue.
func TestExtractBounds(t *testing.T) {
	e := NewExtractor()
	defer e.Close()

	t.Run("imports", func(t *testing.T) {
		var b strings.Builder
		for i := range maxImports + 3 {
			fmt.Fprintf(&b, "import './m%d';\n", i)
		}
		f := e.Extract("a.ts", []byte(b.String()))
		if len(f.Imports) != maxImports || f.Imports[maxImports-1].Spec != fmt.Sprintf("./m%d", maxImports-1) {
			t.Fatalf("got %d imports, last %+v", len(f.Imports), f.Imports[len(f.Imports)-1])
		}
		want := []extract.Issue{partial(maxImports+1, fmt.Sprintf("more than %d imports; the rest are not listed", maxImports))}
		if !reflect.DeepEqual(f.Issues, want) {
			t.Errorf("issues = %v, want %v", f.Issues, want)
		}
	})

	t.Run("exports", func(t *testing.T) {
		var b strings.Builder
		for i := range maxExports + 2 {
			fmt.Fprintf(&b, "export const e%d = %d;\n", i, i)
		}
		f := e.Extract("a.ts", []byte(b.String()))
		if len(f.Exports) != maxExports || f.Exports[maxExports-1].Name != fmt.Sprintf("e%d", maxExports-1) {
			t.Fatalf("got %d exports", len(f.Exports))
		}
		want := []extract.Issue{partial(maxExports+1, fmt.Sprintf("more than %d exports; the rest are not listed", maxExports))}
		if !reflect.DeepEqual(f.Issues, want) {
			t.Errorf("issues = %v, want %v", f.Issues, want)
		}
	})

	t.Run("names", func(t *testing.T) {
		names := make([]string, MaxNames+5)
		for i := range names {
			names[i] = fmt.Sprintf("n%d", i)
		}
		src := "import {\n" + strings.Join(names, ",\n") + "\n} from './many';\n"
		f := e.Extract("a.ts", []byte(src))
		if len(f.Imports) != 1 || !reflect.DeepEqual(f.Imports[0].Names, names[:MaxNames]) {
			t.Fatalf("imports = %+v", f.Imports)
		}
		want := []extract.Issue{partial(1, fmt.Sprintf("import of %q names more than %d names; the rest are not listed", "./many", MaxNames))}
		if !reflect.DeepEqual(f.Issues, want) {
			t.Errorf("issues = %v, want %v", f.Issues, want)
		}
	})

	t.Run("issues", func(t *testing.T) {
		var b strings.Builder
		for range maxIssues + 6 {
			b.WriteString("require(x);\n")
		}
		f := e.Extract("a.js", []byte(b.String()))
		if len(f.Issues) != maxIssues+1 {
			t.Fatalf("got %d issues", len(f.Issues))
		}
		if f.Issues[maxIssues-1] != partial(maxIssues, nonLiteralTarget) {
			t.Errorf("last listed issue = %+v", f.Issues[maxIssues-1])
		}
		if got := f.Issues[maxIssues]; got != (extract.Issue{Status: extract.StatusPartial, Message: "6 more issues not listed"}) {
			t.Errorf("summary issue = %+v", got)
		}
	})

	t.Run("file size", func(t *testing.T) {
		f := e.Extract("big.ts", make([]byte, maxFileBytes+1))
		want := []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: fmt.Sprintf("file is %d bytes, more than the %d analyzed", maxFileBytes+1, maxFileBytes)}}
		if !reflect.DeepEqual(f, File{Issues: want}) {
			t.Errorf("got %+v", f)
		}
	})
}

// TestExtractAfterClose: a closed Extractor reports instead of crashing.
func TestExtractAfterClose(t *testing.T) {
	e := NewExtractor()
	e.Close()
	e.Close()
	f := e.Extract("a.ts", []byte("import './x';"))
	want := File{Issues: []extract.Issue{{Status: extract.StatusNotAnalyzed, Message: "the extractor is closed"}}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got %+v", f)
	}
}

func TestIsSource(t *testing.T) {
	for p, want := range map[string]bool{
		"a.ts": true, "a.tsx": true, "a.mts": true, "a.cts": true, "a.d.ts": true,
		"a.js": true, "a.jsx": true, "a.mjs": true, "a.cjs": true,
		"a.json": false, "a.css": false, "ts": false, "a.ts.map": false, "Makefile": false,
	} {
		if got := IsSource(p); got != want {
			t.Errorf("IsSource(%q) = %v, want %v", p, got, want)
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

// A rename keeps a declaration's shape hashes, whatever its form; layout
// and comments do not count; a changed parameter list or body does.
func TestShapeHashes(t *testing.T) {
	e := NewExtractor()
	defer e.Close()
	byName := func(src string) map[string]Export {
		out := map[string]Export{}
		for _, x := range e.Extract("a.ts", []byte(src)).Exports {
			out[x.Name] = x
		}
		return out
	}
	body := "{\n  let total = 0;\n  for (const d of docs) {\n    total += d.length;\n  }\n  return total;\n}\n"
	base := byName("export function rank(docs: string[], q?: string): number " + body +
		"export const score = (docs: string[]): number => " + body +
		"export class Ranker extends Base {\n  limit = 10;\n  run(q: string) { return q.length * this.limit; }\n}\n" +
		"export interface Options { limit: number; query: string; docs: string[] }\n" +
		"function local(docs: string[]) " + body + "export { local as exported };\n")
	renamed := byName("export function rankAll(docs: string[], q?: string): number /* renamed */ " + strings.ReplaceAll(body, "\n", "\n\n") +
		"export const weigh = (docs: string[]): number =>" + body +
		"export class Scorer extends Base { limit = 10; run(q: string) { return q.length * this.limit; } }\n" +
		"export interface Settings {\n  limit: number;\n  query: string;\n  docs: string[];\n}\n" +
		"function other(docs: string[]) " + body + "export { other as renamed };\n")
	changed := byName("export function rank(docs: string[]): number { return 0; }\nexport class Ranker extends Other {}\n")
	for _, c := range [][2]string{{"rank", "rankAll"}, {"score", "weigh"}, {"Ranker", "Scorer"}, {"Options", "Settings"}, {"exported", "renamed"}} {
		a, b := base[c[0]], renamed[c[1]]
		if a.Sig == "" || a.Body == "" || a.Sig != b.Sig || a.Body != b.Body {
			t.Errorf("%s → %s: %+v / %+v, want equal hashes", c[0], c[1], a, b)
		}
	}
	for _, n := range []string{"rank", "Ranker"} {
		if x, a := changed[n], base[n]; x.Sig == a.Sig || x.Body == a.Body {
			t.Errorf("changed %s keeps a hash: %+v / %+v", n, x, a)
		}
	}
}
