package python

import (
	"cmp"
	"fmt"
	"slices"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// walker holds the state of one extraction. Nodes it touches point into the
// tree, so nothing of them may outlive Extract: only strings and ints are
// copied into the File.
type walker struct {
	src    []byte
	root   *sitter.Node
	query  *sitter.Query
	cursor *sitter.QueryCursor
	// scratch lists a node's children in linear time (Node.Child(i) is
	// linear in i, which would make a long import list quadratic).
	scratch *sitter.TreeCursor

	imports        []Import
	typeChecking   bool // the import being read is under `if TYPE_CHECKING:`
	deferred       bool // the import being read is in a function body
	guarded        bool // the import being read is in a try that catches ImportError
	importsDropped int
	firstDropped   int // line of the first import over maxImports
	issues         []extract.Issue
	issuesDropped  int
}

// child is one child node with the field name it fills in its parent.
type child struct {
	node  sitter.Node
	field string
}

func newWalker(src []byte, root *sitter.Node, q *sitter.Query, qc *sitter.QueryCursor) *walker {
	return &walker{src: src, root: root, query: q, cursor: qc, scratch: root.Walk()}
}

func (w *walker) close() { w.scratch.Close() }

// run collects imports and exports, then assembles the File.
func (w *walker) run() File {
	w.collectImports()
	exports, all, hasAll := w.exports()
	f := File{Doc: w.moduleDoc(), Imports: w.imports, Exports: exports, All: all, HasAll: hasAll, Bound: w.bound()}
	if l := w.firstErrorLine(); l > 0 {
		f.Issues = append(f.Issues, extract.Issue{Line: l, Status: extract.StatusPartial,
			Message: fmt.Sprintf("syntax error at line %d; the module is analyzed partially", l)})
	}
	if w.importsDropped > 0 {
		f.Issues = append(f.Issues, extract.Issue{Line: w.firstDropped, Status: extract.StatusPartial,
			Message: fmt.Sprintf("more than %d imports; %d are not recorded", maxImports, w.importsDropped)})
	}
	f.Issues = append(f.Issues, w.issues...)
	if w.issuesDropped > 0 {
		f.Issues = append(f.Issues, extract.Issue{Status: extract.StatusPartial,
			Message: fmt.Sprintf("more than %d issues; %d are not recorded", maxIssues, w.issuesDropped)})
	}
	return f
}

// collectImports handles every import statement and call of the file, at
// any depth, in source order. __future__ imports have a node kind of their
// own and are not matched: they are compiler directives, not dependencies.
func (w *walker) collectImports() {
	var nodes []sitter.Node
	matches := w.cursor.Matches(w.query, w.root, w.src)
	for m := matches.Next(); m != nil; m = matches.Next() {
		for _, c := range m.Captures {
			nodes = append(nodes, c.Node)
		}
	}
	// The cursor yields matches in about source order; sorting makes it
	// exact, so the maxImports cut is the same whatever the query engine does.
	slices.SortStableFunc(nodes, func(a, b sitter.Node) int { return cmp.Compare(a.StartByte(), b.StartByte()) })
	for i := range nodes {
		n := &nodes[i]
		w.typeChecking, w.deferred, w.guarded = w.placement(n)
		switch n.Kind() {
		case "import_statement":
			w.importStatement(n)
		case "import_from_statement":
			w.importFrom(n)
		case "call":
			w.dynamicImport(n)
		}
	}
}

// placement reports whether n lies in the body of an `if TYPE_CHECKING:`
// or `if False:` (not in its elif or else branches), whether it lies in a
// function or lambda body or under `if __name__ == "__main__":`, and whether it lies in the body of a try one of
// whose handlers falls back on ImportError (see fallsBack), at any depth.
func (w *walker) placement(n *sitter.Node) (typeChecking, deferred, guarded bool) {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Kind() {
		case "function_definition", "lambda":
			deferred = true
		case "block":
			stmt := p.Parent()
			if stmt == nil {
				continue
			}
			switch stmt.Kind() {
			case "if_statement":
				body := stmt.ChildByFieldName("consequence")
				if body == nil || body.Id() != p.Id() {
					continue
				}
				cond := stmt.ChildByFieldName("condition")
				typeChecking = typeChecking || w.neverRuns(cond)
				deferred = deferred || w.isMainGuard(cond)
			case "try_statement":
				if body := stmt.ChildByFieldName("body"); body != nil && body.Id() == p.Id() && w.fallsBack(stmt) {
					guarded = true
				}
			}
		}
	}
	return typeChecking, deferred, guarded
}

// isMainGuard reports whether cond is `__name__ == "__main__"` (either
// way round): its body runs only when the file is executed as a script,
// never while the module is imported, so its imports close no import
// cycle (a script is a module of its own, `__main__`).
func (w *walker) isMainGuard(cond *sitter.Node) bool {
	if cond == nil || cond.Kind() != "comparison_operator" || cond.NamedChildCount() != 2 {
		return false
	}
	if op := cond.ChildByFieldName("operators"); op == nil || w.text(op) != "==" {
		return false
	}
	a, b := cond.NamedChild(0), cond.NamedChild(1)
	if a == nil || b == nil {
		return false
	}
	if a.Kind() != "identifier" {
		a, b = b, a
	}
	if a.Kind() != "identifier" || w.text(a) != "__name__" {
		return false
	}
	s, ok := w.stringLiteral(b)
	return ok && s == "__main__"
}

// neverRuns reports whether cond is `TYPE_CHECKING`, `X.TYPE_CHECKING`
// (typing, typing_extensions or an alias of them) or `False`: the
// interpreter skips the branch, type checkers read it (`if False:` is the
// idiom that predates TYPE_CHECKING).
func (w *walker) neverRuns(cond *sitter.Node) bool {
	if cond == nil {
		return false
	}
	switch cond.Kind() {
	case "false":
		return true
	case "identifier":
		return w.text(cond) == "TYPE_CHECKING"
	case "attribute":
		obj, attr := cond.ChildByFieldName("object"), cond.ChildByFieldName("attribute")
		return obj != nil && attr != nil && obj.Kind() == "identifier" && w.text(attr) == "TYPE_CHECKING"
	}
	return false
}

// fallsBack reports whether some except clause of the try catches
// ImportError (bare, or naming ImportError, ModuleNotFoundError, Exception
// or BaseException, alone or in a tuple) and does not raise again at its
// top level: an import in its body is optional, and its failure — a
// partially initialised module in a cycle included — cannot break the load.
// `except ImportError: raise RuntimeError(...)` makes the import required.
func (w *walker) fallsBack(try *sitter.Node) bool {
	for _, c := range w.namedChildren(try) {
		if c.Kind() != "except_clause" {
			continue
		}
		var body *sitter.Node
		catches := true // a bare except catches everything
		for _, cc := range w.namedChildren(&c) {
			if cc.Kind() == "block" {
				body = &cc
			}
		}
		if v := c.ChildByFieldName("value"); v != nil {
			catches = w.catchesImportError(v)
		}
		if catches && body != nil && !w.reraises(body) {
			return true
		}
	}
	return false
}

// catchesImportError reads an except clause's value: a name, an attribute
// (builtins.ImportError), a tuple of them, any of them with `as e`.
func (w *walker) catchesImportError(v *sitter.Node) bool {
	switch v.Kind() {
	case "as_pattern":
		if v.NamedChildCount() == 0 {
			return false
		}
		inner := v.NamedChild(0)
		return inner != nil && w.catchesImportError(inner)
	case "tuple", "parenthesized_expression":
		for _, c := range w.namedChildren(v) {
			if w.catchesImportError(&c) {
				return true
			}
		}
	case "identifier":
		return catchesImport[w.text(v)]
	case "attribute":
		attr := v.ChildByFieldName("attribute")
		return attr != nil && catchesImport[w.text(attr)]
	}
	return false
}

// catchesImport are the exception classes an ImportError is an instance of.
var catchesImport = map[string]bool{"ImportError": true, "ModuleNotFoundError": true, "Exception": true, "BaseException": true}

// reraises reports whether a handler's block raises at its top level.
func (w *walker) reraises(body *sitter.Node) bool {
	for _, s := range w.namedChildren(body) {
		if s.Kind() == "raise_statement" {
			return true
		}
	}
	return false
}

// firstErrorLine is the line of the first ERROR or MISSING node, 0 when the
// tree has none. It follows the first child holding an error at each level
// instead of visiting the whole tree.
func (w *walker) firstErrorLine() int {
	if !w.root.HasError() {
		return 0
	}
	c := w.root.Walk()
	defer c.Close()
	for {
		n := c.Node()
		if n.IsError() || n.IsMissing() || !c.GotoFirstChild() {
			return line(n)
		}
		for !c.Node().HasError() {
			if !c.GotoNextSibling() {
				return line(n) // the flag is on n itself
			}
		}
	}
}

// addImport records imp unless maxImports is reached.
func (w *walker) addImport(imp Import) {
	imp.TypeOnly, imp.Deferred, imp.Guarded = w.typeChecking, w.deferred, w.guarded
	if len(w.imports) >= maxImports {
		if w.importsDropped == 0 {
			w.firstDropped = imp.Line
		}
		w.importsDropped++
		return
	}
	w.imports = append(w.imports, imp)
}

// partial records a partial-analysis Issue unless maxIssues is reached.
func (w *walker) partial(line int, msg string) {
	if len(w.issues) >= maxIssues {
		w.issuesDropped++
		return
	}
	w.issues = append(w.issues, extract.Issue{Line: line, Status: extract.StatusPartial, Message: msg})
}

// children lists n's children (extras such as comments excluded) with
// their field names.
func (w *walker) children(n *sitter.Node) []child {
	var out []child
	w.scratch.Reset(*n)
	if !w.scratch.GotoFirstChild() {
		return nil
	}
	for {
		c := w.scratch.Node()
		if !c.IsExtra() {
			out = append(out, child{node: *c, field: w.scratch.FieldName()})
		}
		if !w.scratch.GotoNextSibling() {
			return out
		}
	}
}

// namedChildren lists n's named, non-extra children.
func (w *walker) namedChildren(n *sitter.Node) []sitter.Node {
	var out []sitter.Node
	for _, c := range w.children(n) {
		if c.node.IsNamed() {
			out = append(out, c.node)
		}
	}
	return out
}

func (w *walker) text(n *sitter.Node) string { return n.Utf8Text(w.src) }

// line is n's 1-based start line.
func line(n *sitter.Node) int { return int(n.StartPosition().Row) + 1 }
