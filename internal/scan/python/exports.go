package python

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/scan/shapehash"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// allEntry is one string of a literal __all__.
type allEntry struct {
	name string
	line int
}

// maxLiteralDepth bounds the nesting of `[...] + (...)` read as __all__, so
// that a pathological expression cannot exhaust the stack.
const maxLiteralDepth = 64

// exportScan is what the top-level statements say about exports.
type exportScan struct {
	defs       map[string]Export // first top-level def or class of each name
	public     []Export          // public defs and classes, first of each name
	all        []allEntry        // the literal __all__ so far, without duplicates
	allSeen    map[string]bool
	allDropped int  // entries past maxExports
	dropLine   int  // line of the first of them
	hasAll     bool // some top-level statement sets __all__ literally
	dynamic    bool // some top-level __all__ statement is not literal
}

// exports returns the module's exports and its literal __all__: exactly
// the __all__ names when __all__ is literal, else the public top-level
// defs and classes.
func (w *walker) exports() ([]Export, []string, bool) {
	s := exportScan{defs: map[string]Export{}}
	for _, c := range w.namedChildren(w.root) {
		switch c.Kind() {
		case "function_definition", "class_definition", "decorated_definition":
			s.addDef(w, &c)
		case "expression_statement":
			w.allStatement(&s, &c)
		}
	}
	if !s.hasAll || s.dynamic {
		return w.boundExports(s.public), nil, false
	}
	// Slices stay nil when empty so that a JSON round trip (how a stored
	// extraction comes back) gives an identical File.
	var exports []Export
	var all []string
	for _, e := range s.all {
		all = append(all, e.name)
		if d, ok := s.defs[e.name]; ok {
			exports = append(exports, d)
		} else {
			exports = append(exports, Export{Name: e.name, Kind: KindName, Line: e.line})
		}
	}
	if s.allDropped > 0 {
		w.partial(s.dropLine, fmt.Sprintf("more than %d names in __all__; %d are not recorded", maxExports, s.allDropped))
	}
	return exports, all, true
}

// boundExports applies maxExports, recording what it cuts.
func (w *walker) boundExports(exports []Export) []Export {
	if len(exports) <= maxExports {
		return exports
	}
	cut := exports[maxExports]
	w.partial(cut.Line, fmt.Sprintf("more than %d exports; %d are not recorded", maxExports, len(exports)-maxExports))
	return exports[:maxExports]
}

// addDef records a top-level def, async def or class, decorated or not.
func (s *exportScan) addDef(w *walker, n *sitter.Node) {
	if n.Kind() == "decorated_definition" {
		if n = n.ChildByFieldName("definition"); n == nil {
			return
		}
	}
	kind := kindFunction
	if n.Kind() == "class_definition" {
		kind = kindClass
	}
	id := n.ChildByFieldName("name")
	if id == nil || !isIdentifier(w.text(id)) {
		return
	}
	e := Export{Name: w.text(id), Kind: kind, Line: line(n)}
	e.Sig, e.Body = w.shape(n, kind)
	if _, dup := s.defs[e.Name]; dup {
		return // an overload or redefinition: the first one documents it
	}
	s.defs[e.Name] = e
	if e.Name[0] != '_' {
		s.public = append(s.public, e)
	}
}

// allStatement interprets a top-level statement that changes __all__:
// `__all__ = [...]`, `__all__: list[str] = (...)`, `__all__ += [...]`,
// `__all__.extend([...])` and `__all__.append("x")`. Anything else that
// assigns or extends __all__ makes it dynamic.
func (w *walker) allStatement(s *exportScan, stmt *sitter.Node) {
	if stmt.NamedChildCount() != 1 {
		return
	}
	n := stmt.NamedChild(0)
	var entries []allEntry
	ok, reset := false, false
	switch n.Kind() {
	case "assignment":
		if !w.isAll(n.ChildByFieldName("left")) {
			return
		}
		entries, ok = w.literalNames(n.ChildByFieldName("right"), 0)
		reset = true
	case "augmented_assignment":
		if !w.isAll(n.ChildByFieldName("left")) {
			return
		}
		if op := n.ChildByFieldName("operator"); op != nil && w.text(op) == "+=" {
			entries, ok = w.literalNames(n.ChildByFieldName("right"), 0)
		}
	case "call":
		fn := n.ChildByFieldName("function")
		if fn == nil || fn.Kind() != "attribute" || !w.isAll(fn.ChildByFieldName("object")) {
			return
		}
		entries, ok = w.allMethod(fn, n.ChildByFieldName("arguments"))
	default:
		return
	}
	if !ok {
		if !s.dynamic {
			w.partial(line(stmt), "__all__ is not a literal list of names; exports fall back to public top-level definitions")
		}
		s.dynamic = true
		return
	}
	if reset || s.allSeen == nil {
		s.all, s.allSeen, s.allDropped = nil, map[string]bool{}, 0
	}
	s.hasAll = true
	for _, e := range entries {
		switch {
		case s.allSeen[e.name]:
			// A duplicate adds nothing.
		case len(s.all) >= maxExports:
			if s.allDropped == 0 {
				s.dropLine = e.line
			}
			s.allDropped++
		default:
			s.allSeen[e.name] = true
			s.all = append(s.all, e)
		}
	}
}

// allMethod reads __all__.extend(<literal sequence>) and
// __all__.append(<string>); any other call on __all__ is not literal.
func (w *walker) allMethod(fn, args *sitter.Node) ([]allEntry, bool) {
	attr := fn.ChildByFieldName("attribute")
	if attr == nil || args == nil || args.Kind() != "argument_list" || args.NamedChildCount() != 1 {
		return nil, false
	}
	arg := args.NamedChild(0)
	switch w.text(attr) {
	case "extend":
		return w.literalNames(arg, 0)
	case "append":
		if e, ok := w.literalName(arg); ok {
			return []allEntry{e}, true
		}
	}
	return nil, false
}

func (w *walker) isAll(n *sitter.Node) bool {
	return n != nil && n.Kind() == "identifier" && w.text(n) == "__all__"
}

// literalName reads one identifier string.
func (w *walker) literalName(n *sitter.Node) (allEntry, bool) {
	s, ok := w.stringLiteral(n)
	if !ok || !isIdentifier(s) {
		return allEntry{}, false
	}
	return allEntry{name: s, line: line(n)}, true
}

// literalNames reads a list or tuple of identifier strings, or a
// concatenation of such with +.
func (w *walker) literalNames(n *sitter.Node, depth int) ([]allEntry, bool) {
	if n == nil || n.HasError() || depth > maxLiteralDepth {
		return nil, false
	}
	switch n.Kind() {
	case "list", "tuple":
		var out []allEntry
		for _, c := range w.namedChildren(n) {
			e, ok := w.literalName(&c)
			if !ok {
				return nil, false
			}
			out = append(out, e)
		}
		return out, true
	case "parenthesized_expression":
		// ("a") is a str, not a tuple, and literalNames rejects strings.
		if n.NamedChildCount() != 1 {
			return nil, false
		}
		return w.literalNames(n.NamedChild(0), depth+1)
	case "binary_operator":
		op := n.ChildByFieldName("operator")
		if op == nil || w.text(op) != "+" {
			return nil, false
		}
		left, ok := w.literalNames(n.ChildByFieldName("left"), depth+1)
		if !ok {
			return nil, false
		}
		right, ok := w.literalNames(n.ChildByFieldName("right"), depth+1)
		if !ok {
			return nil, false
		}
		return append(left, right...), true
	}
	return nil, false
}

// shape returns the hashes of a def's or class's shape: the parameters
// and return annotation (a class: its bases) are its signature; its block
// is its body (see shapehash).
func (w *walker) shape(n *sitter.Node, kind string) (sig, body string) {
	h := shapehash.New(w.src, kind)
	if kind == kindClass {
		h.Add(n.ChildByFieldName("superclasses"))
	} else {
		h.Add(n.ChildByFieldName("type_parameters")).Add(n.ChildByFieldName("parameters")).Add(n.ChildByFieldName("return_type"))
	}
	return h.Sum(), shapehash.Body(w.src, kind, n.ChildByFieldName("body"))
}
