package typescript

import (
	"encoding/json"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// Version identifies the extraction logic; a stored extraction made by another
// version is not reused.
const Version = "typescript/9"

// Bounds on what one file contributes; crossing one is recorded as an Issue.
const (
	// maxImports bounds the imports kept per file (in source order).
	maxImports = 1024
	// maxExports bounds the exports kept per file (in (Line, Name) order).
	maxExports = 1024
	// MaxNames bounds Import.Names.
	MaxNames = 64
	// maxIssues bounds the issues listed per file; one more issue counts
	// the rest.
	maxIssues = 64
	// maxFileBytes is the largest file parsed. tree-sitter addresses bytes
	// with 32 bits, and a generated bundle this large says nothing useful
	// about the architecture.
	maxFileBytes = 4 << 20
)

// Import kinds.
const (
	// KindImport is a static import: `import … from 'x'`, `import 'x'`,
	// `import x = require('x')`.
	KindImport = "import"
	// kindRequire is a CommonJS `require('x')` call.
	kindRequire = "require"
	// KindReExport is `export … from 'x'`.
	KindReExport = "re-export"
	// KindDynamic is `import('x')`, also in type positions
	// (`typeof import('x')`, which are then TypeOnly).
	KindDynamic = "dynamic"
)

// Export kinds: the kind of declaration behind an exported name.
const (
	exportFunction  = "function"  // function, generator, overload signature
	exportClass     = "class"     // class, abstract class
	exportConst     = "const"     // const binding
	exportLet       = "let"       // let binding
	exportVar       = "var"       // var binding
	ExportInterface = "interface" // interface
	ExportType      = "type"      // type alias
	exportEnum      = "enum"      // enum, const enum
	exportNamespace = "namespace" // namespace / module with an identifier name
	exportAlias     = "alias"     // `export import A = N.B`
	exportValue     = "value"     // `export default <expression>`
	exportLocal     = "local"     // `export { a }` where a is not declared at top level
	exportAssign    = "export="   // `export = x`
	exportCommonJS  = "commonjs"  // module.exports / exports.x assignment
)

// File is the extraction of one TypeScript or JavaScript file.
type File struct {
	// Imports in source order.
	Imports []Import `json:"imports,omitempty"`
	// Exports sorted by (Line, Name).
	Exports []Export `json:"exports,omitempty"`
	// Issues sorted by line.
	Issues []extract.Issue `json:"issues,omitempty"`
	// SiteConfig is the literal part of the value a documentation site's
	// configuration module exports (isSiteConfig; siteconfig.go), or of a
	// default export written as an object literal in another module (at
	// most 1 MiB), as JSON:
	// objects, arrays, strings, numbers and booleans. It is stored as
	// encoding/json writes it (object keys sorted), so an extraction
	// encodes to the same bytes every time; SiteConfigValue decodes it.
	SiteConfig json.RawMessage `json:"siteConfig,omitempty"`
	// Decorated is set on a TypeScript file with decorators: under
	// emitDecoratorMetadata its imports used only in types may be kept
	// (Resolver.KeepsImports).
	Decorated bool `json:"decorated,omitempty"`
}

// SiteConfigValue is SiteConfig decoded: nil when the file is no site
// configuration or its value is not an object.
func (f *File) SiteConfigValue() map[string]any {
	if f == nil || len(f.SiteConfig) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(f.SiteConfig, &m); err != nil {
		return nil
	}
	return m
}

// Import is one module specifier the file depends on.
type Import struct {
	// Spec is the specifier as written, with escapes decoded.
	Spec string `json:"spec"`
	// Line is the 1-based line where the statement or call starts.
	Line int `json:"line"`
	// Kind is KindImport, kindRequire, KindReExport or KindDynamic.
	Kind string `json:"kind"`
	// TypeOnly is set for `import type`/`export type`, for statements whose
	// every named specifier is `type`-qualified, and for import() in types.
	TypeOnly bool `json:"typeOnly,omitempty"`
	// UnusedAsValue is set, in a TypeScript file, on an import statement
	// whose names the file uses only in types: the
	// compiler removes it from the JavaScript it emits, unless the file's
	// tsconfig keeps such imports (Resolver.KeepsImports).
	UnusedAsValue bool `json:"unusedAsValue,omitempty"`
	// Deferred is set for a require() inside a function body: it runs when
	// the function is called, not when the module loads. (An import() is
	// always deferred; its Kind says so.)
	Deferred bool `json:"deferred,omitempty"`
	// Names are the names taken from the target module, at most MaxNames:
	// "default", "*" (the namespace, also for `import x = require()` and
	// `export *`), or the imported identifier (before any `as`). Destructured
	// requires (`const {a} = require('x')`) list their keys.
	Names []string `json:"names,omitempty"`
}

// Export is one name this file declares and exports.
type Export struct {
	Name string `json:"name"`
	// Kind is one of the Export* constants.
	Kind string `json:"kind"`
	// Line is the 1-based line of the declaring name (of the statement for
	// `export default <expression>` and `export =`).
	Line int `json:"line"`
	// Sig and Body hash the declaration's shape (see shapehash and
	// analysis.shape), comments and layout left out: drift recognises a
	// rename by them. A body under 12 tokens is not hashed.
	Sig  string `json:"sig,omitempty"`
	Body string `json:"body,omitempty"`
}
