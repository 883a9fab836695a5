package typescript

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/scan/shapehash"
)

// analysis accumulates what one walk over a syntax tree finds.
type analysis struct {
	src      []byte
	kinds    *kindTable
	commonJS bool

	imports []sourceImport
	exports []export
	issues  []extract.Issue

	// tokens records the file's leaves as the walk passes them, and
	// shapes the declarations to hash from them once it is done (see
	// shapeRef).
	tokens *shapehash.Tokens
	shapes []pendingShape

	// locals are the file's top-level declarations, so `export { a }` can
	// name a's kind and line; imported holds the top-level names bound by
	// imports, which `export { a }` re-exports rather than declares.
	locals       map[string]declared
	imported     map[string]bool
	localExports []localExport

	firstErrorLine int

	// valueUses holds the imported names the file uses as values (outside
	// types and import statements), typeUses those it uses in types;
	// codeStart is the offset of the first
	// top-level statement that is not an import, and decorated is set when
	// the file has a decorator, which may emit a type as a value
	// (emitDecoratorMetadata; File.Decorated).
	// TypeScript removes an import none of whose names is used as a value
	// (unusedAsValue).
	valueUses, typeUses map[string]bool
	codeStart           uint
	decorated           bool
}

// sourceImport remembers where an import starts, to order imports found by
// different handlers in source order.
type sourceImport struct {
	Import
	start uint
	// locals are the names an import statement binds (ESMImports).
	locals []string
}

type declared struct {
	kind  string
	line  int
	shape shapeRef
}

// export is an Export found by the walk, its hashes still to take.
type export struct {
	Export
	shape shapeRef
}

type localExport struct {
	local, exported string
	line            int
}

// analyze walks the tree once, depth first and in source order, and turns
// what it finds into a File.
func analyze(tree *sitter.Tree, src []byte, kinds *kindTable, commonJS, typed bool) File {
	a := walkTree(tree, src, kinds, commonJS)
	if typed {
		a.unusedAsValue()
	}
	return a.file()
}

// unusedAsValue marks the import statements of a TypeScript file that bind
// names the file uses in types and none of which it uses as a value: the
// compiler removes them
// from the JavaScript it emits (unless verbatimModuleSyntax or a like
// option keeps them, or emitDecoratorMetadata in a file with decorators,
// which resolution reads from the file's tsconfig), so they do not run.
// An import after the file's code starts is left as it is; so is one
// whose names the file never uses (the compiler removes it too, but
// nothing shows what it is for).
func (a *analysis) unusedAsValue() {
	for i := range a.imports {
		imp := &a.imports[i]
		// A name list cut at MaxNames may hide a name used as a value.
		if imp.Kind != KindImport || imp.TypeOnly || len(imp.locals) == 0 || len(imp.locals) >= MaxNames || (a.codeStart > 0 && imp.start > a.codeStart) {
			continue
		}
		if slices.ContainsFunc(imp.locals, func(l string) bool { return a.typeUses[l] }) &&
			!slices.ContainsFunc(imp.locals, func(l string) bool { return a.valueUses[l] }) {
			imp.UnusedAsValue = true
		}
	}
}

// walkTree is analyze's walk, before file sorts and bounds its findings.
func walkTree(tree *sitter.Tree, src []byte, kinds *kindTable, commonJS bool) *analysis {
	a := &analysis{
		src:       src,
		kinds:     kinds,
		commonJS:  commonJS,
		locals:    map[string]declared{},
		imported:  map[string]bool{},
		valueUses: map[string]bool{},
		typeUses:  map[string]bool{},
		tokens:    shapehash.NewTokens(src),
	}
	root := tree.RootNode()
	hasError := root.HasError()
	c := tree.Walk()
	defer c.Close()

	// ancestors[i] is the node at depth i on the way to the current node;
	// keeping them here avoids Node.Parent, which searches from the root.
	var ancestors []*sitter.Node
	typeFrom := -1 // depth of the outermost type context around the node
	for {
		n := c.Node()
		depth := len(ancestors)
		kind := a.kinds.of(n)
		if kind == "comment" && n.IsExtra() {
			a.tokens.Comment(n)
		}
		if typeFrom < 0 && typeContexts[kind] {
			typeFrom = depth
		}
		if hasError && a.firstErrorLine == 0 && (n.IsError() || n.IsMissing()) {
			a.firstErrorLine = lineOf(n)
		}
		a.visit(n, kind, ancestors, typeFrom >= 0)
		if c.GotoFirstChild() {
			ancestors = append(ancestors, n)
			continue
		}
		a.tokens.Leaf(n)
		for {
			if typeFrom == len(ancestors) {
				typeFrom = -1
			}
			if c.GotoNextSibling() {
				break
			}
			if !c.GotoParent() {
				return a
			}
			ancestors = ancestors[:len(ancestors)-1]
		}
	}
}

// visit dispatches one node. Exports and declarations count only at the top
// level (inside a namespace they are the namespace's members); imports and
// re-exports count anywhere (`declare module 'x' { import … }` is still a
// dependency of the file).
func (a *analysis) visit(n *sitter.Node, kind string, ancestors []*sitter.Node, inType bool) {
	top := len(ancestors) == 1
	if top && a.codeStart == 0 && kind != "import_statement" && kind != "comment" && !a.directive(n, kind) {
		a.codeStart = n.StartByte() + 1 // 0 means none yet
	}
	switch kind {
	case "import_statement":
		a.importStatement(n, top)
	case "export_statement":
		a.exportStatement(n, top)
	case "call_expression":
		a.call(n, ancestors, inType)
	case "identifier", "shorthand_property_identifier", "type_identifier":
		// A name bound by an import, used outside types and outside the
		// import statements: the import runs; used in a type: the import
		// serves types. (The map lookup of a converted byte slice does not
		// allocate.)
		if len(a.imported) == 0 {
			break
		}
		uses := a.valueUses
		if inType || kind == "type_identifier" {
			uses = a.typeUses
		}
		if name := a.src[n.StartByte():n.EndByte()]; a.imported[string(name)] && !uses[string(name)] &&
			(len(ancestors) < 2 || a.kinds.of(ancestors[1]) != "import_statement") {
			uses[string(name)] = true
		}
	case "decorator":
		a.decorated = true
	case "expression_statement":
		if top && a.commonJS {
			a.commonJSExports(n)
		}
	default:
		if top {
			if declKind, names := a.declaration(n); declKind != "" {
				for _, d := range names {
					a.declare(d)
				}
			}
		}
	}
}

// file sorts, deduplicates and bounds what the walk found.
func (a *analysis) file() File {
	f := File{Decorated: a.decorated}

	slices.SortStableFunc(a.imports, func(x, y sourceImport) int { return cmp.Compare(x.start, y.start) })
	for i, imp := range a.imports {
		if i == maxImports {
			a.issue(imp.Line, fmt.Sprintf("more than %d imports; the rest are not listed", maxImports))
			break
		}
		f.Imports = append(f.Imports, imp.Import)
	}

	for _, le := range a.localExports {
		d, ok := a.locals[le.local]
		switch {
		case ok:
			a.export(Export{Name: le.exported, Kind: d.kind, Line: d.line}, d.shape)
		case a.imported[le.local]:
			// `import { x } from './y'; export { x }` declares nothing here.
		default:
			a.export(Export{Name: le.exported, Kind: exportLocal, Line: le.line}, 0)
		}
	}
	exports := make([]Export, len(a.exports))
	for i, e := range a.exports {
		exports[i] = e.Export
		exports[i].Sig, exports[i].Body = a.sums(e.shape)
	}
	slices.SortFunc(exports, func(x, y Export) int {
		if x.Line != y.Line {
			return x.Line - y.Line
		}
		if c := strings.Compare(x.Name, y.Name); c != 0 {
			return c
		}
		return strings.Compare(x.Kind, y.Kind)
	})
	// Overloads and merged declarations repeat a (name, kind) pair; the
	// first line is the one that declares it.
	seen := map[Export]bool{}
	for _, e := range exports {
		key := Export{Name: e.Name, Kind: e.Kind}
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(f.Exports) == maxExports {
			a.issue(e.Line, fmt.Sprintf("more than %d exports; the rest are not listed", maxExports))
			break
		}
		f.Exports = append(f.Exports, e)
	}

	if a.firstErrorLine > 0 {
		a.issue(a.firstErrorLine, fmt.Sprintf("syntax error at line %d; the module is analyzed partially", a.firstErrorLine))
	}
	slices.SortStableFunc(a.issues, func(x, y extract.Issue) int { return x.Line - y.Line })
	if len(a.issues) > maxIssues {
		rest := len(a.issues) - maxIssues
		a.issues = append(a.issues[:maxIssues], extract.Issue{
			Status:  extract.StatusPartial,
			Message: fmt.Sprintf("%d more issues not listed", rest),
		})
	}
	f.Issues = a.issues
	return f
}

func (a *analysis) issue(line int, msg string) {
	a.issues = append(a.issues, extract.Issue{Line: line, Status: extract.StatusPartial, Message: msg})
}

func (a *analysis) addImport(n *sitter.Node, imp Import, locals ...string) {
	if len(imp.Names) > MaxNames {
		a.issue(imp.Line, fmt.Sprintf("import of %q names more than %d names; the rest are not listed", imp.Spec, MaxNames))
		imp.Names = imp.Names[:MaxNames]
	}
	a.imports = append(a.imports, sourceImport{Import: imp, start: n.StartByte(), locals: locals[:min(len(locals), MaxNames)]})
}

func (a *analysis) declare(d named) {
	if _, ok := a.locals[d.name]; !ok {
		a.locals[d.name] = declared{kind: d.kind, line: d.line, shape: d.shape}
	}
}

func (a *analysis) export(e Export, shape shapeRef) {
	a.exports = append(a.exports, export{Export: e, shape: shape})
}

// directive reports a prologue directive ("use client", "use strict"): an
// expression statement that is only a string.
func (a *analysis) directive(n *sitter.Node, kind string) bool {
	if kind != "expression_statement" || n.NamedChildCount() != 1 {
		return false
	}
	return a.kinds.of(n.NamedChild(0)) == "string"
}
