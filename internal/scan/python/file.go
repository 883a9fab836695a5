package python

import "github.com/docbridge/docbridge/internal/scan/extract"

// Version identifies the extraction logic; a stored extraction written by
// another version is not reused.
const Version = "python/6"

// Bounds on what one file may contribute. Crossing one is recorded as an
// Issue; the file is still analyzed.
const (
	// maxImports bounds File.Imports (static and dynamic together).
	maxImports = 1024
	// maxExports bounds File.Exports and File.All.
	maxExports = 1024
	// maxImportNames bounds Import.Names of one from-import.
	maxImportNames = 256
	// maxBound bounds File.Bound.
	maxBound = 1024
	// maxIssues bounds File.Issues; one more Issue says how many were dropped.
	maxIssues = 64
)

// Export kinds.
const (
	kindFunction = "function" // def or async def
	kindClass    = "class"
	KindName     = "name" // listed in __all__ without a top-level def or class
)

// File is the extraction of one Python source file.
type File struct {
	// Doc is the first paragraph of the module docstring, whitespace
	// collapsed, at most maxDocRunes runes with a trailing "…" when cut.
	Doc     string   `json:"doc,omitempty"`
	Imports []Import `json:"imports,omitempty"`
	Exports []Export `json:"exports,omitempty"`
	// All is the literal __all__, in source order without duplicates; set
	// only when HasAll is true.
	All    []string `json:"all,omitempty"`
	HasAll bool     `json:"hasAll,omitempty"`
	// Bound lists the names bound at module level before the last import
	// that runs at load (see walker.bound), the first binding of each in
	// source order: an import cycle through a package's __init__ reads
	// them to tell which names a submodule can take from the package
	// while it is still loading.
	Bound  []Binding       `json:"bound,omitempty"`
	Issues []extract.Issue `json:"issues,omitempty"`
}

// Import is one imported module.
//
// `import a.b as c` is {Module: "a.b"}; `from ..pkg import x, y` is
// {Module: "pkg", Level: 2, Names: [x y]}; `from . import *` is
// {Level: 1, Names: ["*"]}.
type Import struct {
	// Module is the dotted module name as written, without leading dots.
	Module string `json:"module,omitempty"`
	// Level is the number of leading dots of a relative import; 0 when
	// absolute.
	Level int `json:"level,omitempty"`
	// Names are the names imported by a from-import ("*" for a wildcard);
	// nil for a plain import.
	Names []string `json:"names,omitempty"`
	// Line is the 1-based line of the statement or call.
	Line int `json:"line"`
	// Dynamic marks importlib.import_module("x") and __import__("x").
	Dynamic bool `json:"dynamic,omitempty"`
	// TypeOnly marks an import in the body of `if TYPE_CHECKING:` (or
	// `if typing.TYPE_CHECKING:`, any `X.TYPE_CHECKING`, `if False:`): type
	// checkers read it, the interpreter never runs it.
	TypeOnly bool `json:"typeOnly,omitempty"`
	// Deferred marks an import in a function (or lambda) body: it runs
	// when the function is called, not when the module loads.
	Deferred bool `json:"deferred,omitempty"`
	// Guarded marks an import in the body of a try with a handler that
	// catches ImportError (or ModuleNotFoundError, Exception, a bare
	// except) without raising again: an optional dependency, whose failure
	// the module survives.
	Guarded bool `json:"guarded,omitempty"`
}

// Binding is one module-level name and the line that first binds it.
type Binding struct {
	Name string `json:"name"`
	Line int    `json:"line"`
}

// Export is one name the module offers to its importers.
type Export struct {
	Name string `json:"name"`
	// Kind is kindFunction, kindClass or KindName.
	Kind string `json:"kind"`
	// Line is the 1-based line of the def or class keyword, else of the
	// __all__ entry.
	Line int `json:"line"`
	// Sig and Body hash a def's or class's shape (parameters and return
	// annotation, or bases; its block of 12 tokens or more), comments and
	// layout left out: drift recognises a rename by them.
	Sig  string `json:"sig,omitempty"`
	Body string `json:"body,omitempty"`
}
