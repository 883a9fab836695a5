package python

import (
	"fmt"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// maxBoundDepth bounds the nesting of module-level compound statements
// read for bindings, so that a pathological file cannot exhaust the stack.
const maxBoundDepth = 64

// boundScan collects the names module-level statements bind.
type boundScan struct {
	w       *walker
	before  int // only bindings on lines before this one are kept
	out     []Binding
	seen    map[string]bool
	dropped int
	drop    int // line of the first binding over maxBound
}

// bound lists the names the module binds at module level before its last
// load-time import, the first binding of each, in source order. Bindings
// after that import cannot matter to an import cycle: whoever imports the
// module while it is loading sees them unbound whatever the order. Module
// level includes the blocks of if, try, with, for and while statements,
// not function or class bodies nor `if TYPE_CHECKING:` and
// `if __name__ == "__main__":` branches.
func (w *walker) bound() []Binding {
	last := 0
	for _, imp := range w.imports {
		if !imp.TypeOnly && !imp.Deferred {
			last = max(last, imp.Line)
		}
	}
	if last == 0 {
		return nil
	}
	s := boundScan{w: w, before: last, seen: map[string]bool{}}
	s.block(w.root, 0)
	if s.dropped > 0 {
		w.partial(s.drop, fmt.Sprintf("more than %d module-level names; %d are not recorded", maxBound, s.dropped))
	}
	return s.out
}

// block reads the statements of a module or block.
func (s *boundScan) block(n *sitter.Node, depth int) {
	if depth > maxBoundDepth {
		return
	}
	w := s.w
	for _, c := range w.namedChildren(n) {
		if line(&c) >= s.before {
			return
		}
		switch c.Kind() {
		case "function_definition", "class_definition":
			s.name(c.ChildByFieldName("name"))
		case "decorated_definition":
			if d := c.ChildByFieldName("definition"); d != nil {
				s.name(d.ChildByFieldName("name"))
			}
		case "expression_statement":
			for _, e := range w.namedChildren(&c) {
				s.assignment(&e, 0)
			}
		case "import_statement":
			s.importNames(&c, true)
		case "import_from_statement":
			s.importNames(&c, false)
		case "if_statement", "try_statement", "with_statement", "for_statement", "while_statement":
			s.compound(&c, depth)
		}
	}
}

// compound reads the blocks of a compound statement and of its clauses
// (elif, else, except, finally), skipping the body of `if TYPE_CHECKING:`
// and of `if __name__ == "__main__":`.
func (s *boundScan) compound(n *sitter.Node, depth int) {
	w := s.w
	var skip *sitter.Node
	if cond := n.ChildByFieldName("condition"); n.Kind() == "if_statement" && (w.neverRuns(cond) || w.isMainGuard(cond)) {
		skip = n.ChildByFieldName("consequence")
	}
	for _, c := range w.namedChildren(n) {
		switch {
		case c.Kind() == "block":
			if skip == nil || skip.Id() != c.Id() {
				s.block(&c, depth+1)
			}
		case c.Kind() == "elif_clause" || c.Kind() == "else_clause" || c.Kind() == "except_clause" || c.Kind() == "finally_clause":
			for _, b := range w.namedChildren(&c) {
				if b.Kind() == "block" {
					s.block(&b, depth+1)
				}
			}
		}
	}
}

// assignment reads `a = …`, `a, (b, c) = …`, `a: T = …` and `a = b = …`
// (an annotation without a value binds nothing).
func (s *boundScan) assignment(n *sitter.Node, depth int) {
	if n.Kind() != "assignment" || depth > maxBoundDepth {
		return
	}
	right := n.ChildByFieldName("right")
	if right == nil {
		return
	}
	s.target(n.ChildByFieldName("left"), 0)
	s.assignment(right, depth+1)
}

// target reads an assignment target: a name, or a tuple or list of them
// (attributes and subscripts bind no module name).
func (s *boundScan) target(n *sitter.Node, depth int) {
	if n == nil || depth > maxBoundDepth {
		return
	}
	switch n.Kind() {
	case "identifier":
		s.name(n)
	case "pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern":
		for _, c := range s.w.namedChildren(n) {
			s.target(&c, depth+1)
		}
	}
}

// importNames reads the names an import binds: `import a.b` binds a,
// `import a.b as c` and `from m import x as c` bind c, `from m import x`
// binds x. A wildcard binds names this module does not list: none is
// recorded, so a name only it could bind does not count as bound.
func (s *boundScan) importNames(n *sitter.Node, plain bool) {
	for _, c := range s.w.children(n) {
		if c.field != "name" {
			continue
		}
		switch c.node.Kind() {
		case "aliased_import":
			s.name(c.node.ChildByFieldName("alias"))
		case "dotted_name":
			if first := c.node.NamedChild(0); first != nil && (plain || c.node.NamedChildCount() == 1) {
				s.name(first)
			}
		}
	}
}

// name records the binding of id unless its name is already bound.
func (s *boundScan) name(id *sitter.Node) {
	if id == nil || id.Kind() != "identifier" {
		return
	}
	// A statement that begins before the last load-time import may bind
	// on its line or after it (error recovery reads "import\nA" as one
	// statement): such a binding is after the import too.
	if line(id) >= s.before {
		return
	}
	name := s.w.text(id)
	if !isIdentifier(name) || s.seen[name] {
		return
	}
	if len(s.out) >= maxBound {
		if s.dropped == 0 {
			s.drop = line(id)
		}
		s.dropped++
		return
	}
	s.seen[name] = true
	s.out = append(s.out, Binding{Name: name, Line: line(id)})
}
