package python

import (
	"fmt"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// walker holds the state of one extraction. Nodes it touches point into the
// tree, so nothing of them may outlive Extract: only strings and ints are
// copied into the File.
type walker struct {
	src  []byte
	root *sitter.Node
	// scratch lists a node's children in linear time (Node.Child(i) is
	// linear in i, which would make a long import list quadratic).
	scratch *sitter.TreeCursor

	imports        []Import
	importsDropped int
	firstDropped   int // line of the first import over MaxImports
	issues         []extract.Issue
	issuesDropped  int
	errorLine      int // line of the first ERROR or MISSING node; 0 if none
}

// child is one child node with the field name it fills in its parent.
type child struct {
	node  sitter.Node
	field string
}

func newWalker(src []byte, root *sitter.Node) *walker {
	return &walker{src: src, root: root, scratch: root.Walk()}
}

func (w *walker) close() { w.scratch.Close() }

// run walks the whole tree for imports and syntax errors, then the
// top-level statements for exports, and assembles the File.
func (w *walker) run() File {
	w.walkTree()
	exports, all, hasAll := w.exports()
	f := File{Imports: w.imports, Exports: exports, All: all, HasAll: hasAll}
	if w.errorLine > 0 {
		f.Issues = append(f.Issues, extract.Issue{Line: w.errorLine, Status: extract.StatusPartial,
			Message: fmt.Sprintf("syntax error at line %d; the module is analyzed partially", w.errorLine)})
	}
	if w.importsDropped > 0 {
		f.Issues = append(f.Issues, extract.Issue{Line: w.firstDropped, Status: extract.StatusPartial,
			Message: fmt.Sprintf("more than %d imports; %d are not recorded", MaxImports, w.importsDropped)})
	}
	f.Issues = append(f.Issues, w.issues...)
	if w.issuesDropped > 0 {
		f.Issues = append(f.Issues, extract.Issue{Status: extract.StatusPartial,
			Message: fmt.Sprintf("more than %d issues; %d are not recorded", MaxIssues, w.issuesDropped)})
	}
	return f
}

// walkTree visits every node in source order without recursion, so deeply
// nested input cannot exhaust the stack.
func (w *walker) walkTree() {
	c := w.root.Walk()
	defer c.Close()
	for {
		w.visit(c.Node())
		if c.GotoFirstChild() {
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return
			}
		}
	}
}

func (w *walker) visit(n *sitter.Node) {
	if n.IsError() || n.IsMissing() {
		if l := line(n); w.errorLine == 0 || l < w.errorLine {
			w.errorLine = l
		}
		return
	}
	switch n.Kind() {
	case "import_statement":
		w.importStatement(n)
	case "import_from_statement":
		w.importFrom(n)
	case "call":
		w.dynamicImport(n)
	}
	// future_import_statement is deliberately ignored: __future__ is a
	// compiler directive, not a dependency.
}

// addImport records imp unless MaxImports is reached.
func (w *walker) addImport(imp Import) {
	if len(w.imports) >= MaxImports {
		if w.importsDropped == 0 {
			w.firstDropped = imp.Line
		}
		w.importsDropped++
		return
	}
	w.imports = append(w.imports, imp)
}

// partial records a partial-analysis Issue unless MaxIssues is reached.
func (w *walker) partial(line int, msg string) {
	if len(w.issues) >= MaxIssues {
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
