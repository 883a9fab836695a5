package typescript

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/docbridge/docbridge/internal/scan/shapehash"
)

// named is one name a declaration binds.
type named struct {
	name, kind string
	line       int
	shape      shapeRef
}

// exportStatement handles every `export` form. With a `from` clause it is a
// re-export (an import, wherever it is); otherwise, at the top level, it
// exports names the file declares.
func (a *analysis) exportStatement(n *sitter.Node, top bool) {
	if source := n.ChildByFieldName("source"); source != nil {
		a.reExport(n, source)
		return
	}
	if !top {
		return
	}
	var defaultLine, assignLine int
	a.children(n, func(c *sitter.Node, kind string) {
		switch {
		case c.IsNamed():
		case kind == "default":
			defaultLine = lineOf(c)
		case kind == "=":
			assignLine = lineOf(c)
		}
	})
	switch {
	case assignLine > 0:
		a.export(Export{Name: "default", Kind: exportAssign, Line: assignLine}, 0)
		return
	case defaultLine > 0:
		kind := exportValue
		if d := n.ChildByFieldName("declaration"); d != nil {
			// `export default function f() {}` also declares f locally.
			var names []named
			kind, names = a.declaration(d)
			for _, nm := range names {
				a.declare(nm)
			}
		} else if v := n.ChildByFieldName("value"); v != nil {
			kind = a.valueKind(v)
		}
		if kind == "" {
			kind = exportValue
		}
		a.export(Export{Name: "default", Kind: kind, Line: defaultLine}, 0)
		return
	}
	if d := n.ChildByFieldName("declaration"); d != nil {
		_, names := a.declaration(d)
		for _, nm := range names {
			a.declare(nm)
			a.export(Export{Name: nm.name, Kind: nm.kind, Line: nm.line}, nm.shape)
		}
		return
	}
	// `export { a, b as c }`: resolved against the declarations once the
	// whole file is read, since a declaration may follow its export.
	a.children(n, func(c *sitter.Node, kind string) {
		if kind != "export_clause" {
			return
		}
		a.children(c, func(spec *sitter.Node, sk string) {
			if sk != "export_specifier" {
				return
			}
			local := spec.ChildByFieldName("name")
			if local == nil {
				return
			}
			exported := local
			if alias := spec.ChildByFieldName("alias"); alias != nil {
				exported = alias
			}
			a.localExports = append(a.localExports, localExport{
				local:    a.name(local),
				exported: a.name(exported),
				line:     lineOf(exported),
			})
		})
	})
	// What remains, `export as namespace X`, declares a UMD global, not an
	// export of the module.
}

// valueKind is the export kind of `export default <expression>`.
func (a *analysis) valueKind(v *sitter.Node) string {
	switch a.kinds.of(v) {
	case "class":
		return exportClass
	case "function_expression", "generator_function":
		return exportFunction
	}
	return exportValue
}

// declaration returns the kind of a declaration node and the names it binds
// (none for an anonymous `export default class {}`); kind is "" when n is
// not a declaration.
func (a *analysis) declaration(n *sitter.Node) (kind string, names []named) {
	one := func(kind string, name *sitter.Node) (string, []named) {
		if name == nil {
			return kind, nil
		}
		return kind, []named{{name: a.name(name), kind: kind, line: lineOf(name), shape: a.shape(n, kind)}}
	}
	switch a.kinds.of(n) {
	case "function_declaration", "generator_function_declaration", "function_signature":
		return one(exportFunction, n.ChildByFieldName("name"))
	case "class_declaration", "abstract_class_declaration", "class":
		return one(exportClass, n.ChildByFieldName("name"))
	case "interface_declaration":
		return one(ExportInterface, n.ChildByFieldName("name"))
	case "type_alias_declaration":
		return one(ExportType, n.ChildByFieldName("name"))
	case "enum_declaration":
		return one(exportEnum, n.ChildByFieldName("name"))
	case "internal_module", "module":
		// `namespace A.B {}` binds A; `declare module 'x' {}` augments
		// another module and binds nothing here.
		name := n.ChildByFieldName("name")
		for name != nil && a.kinds.of(name) == "nested_identifier" {
			name = name.NamedChild(0)
		}
		if name == nil || a.kinds.of(name) != "identifier" {
			return exportNamespace, nil
		}
		return one(exportNamespace, name)
	case "import_alias":
		return one(exportAlias, n.NamedChild(0))
	case "lexical_declaration", "variable_declaration":
		kind = exportVar
		if k := n.ChildByFieldName("kind"); k != nil {
			switch a.text(k) {
			case "const":
				kind = exportConst
			case "let":
				kind = exportLet
			}
		}
		a.children(n, func(c *sitter.Node, ck string) {
			if ck == "variable_declarator" {
				before := len(names)
				names = a.patternNames(c.ChildByFieldName("name"), kind, names)
				if len(names) == before+1 {
					names[before].shape = a.shape(c, kind)
				}
			}
		})
		return kind, names
	case "ambient_declaration":
		// `declare function f(): void;`, `declare const x: T;`, …
		for i := range n.NamedChildCount() {
			if c := n.NamedChild(i); c != nil {
				if kind, names = a.declaration(c); kind != "" {
					return kind, names
				}
			}
		}
	}
	return "", nil
}

// patternNames appends the names a binding pattern binds: `a`, `{a, b: c,
// ...d}` (a, c, d), `[a, , b = 1]`. It walks with an explicit stack, as
// patterns nest as deep as the input likes.
func (a *analysis) patternNames(p *sitter.Node, kind string, out []named) []named {
	stack := []*sitter.Node{p}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		var next []*sitter.Node
		switch a.kinds.of(n) {
		case "identifier", "shorthand_property_identifier_pattern":
			out = append(out, named{name: a.text(n), kind: kind, line: lineOf(n)})
		case "object_pattern", "array_pattern", "rest_pattern":
			for i := range n.NamedChildCount() {
				next = append(next, n.NamedChild(i))
			}
		case "pair_pattern":
			next = append(next, n.ChildByFieldName("value"))
		case "object_assignment_pattern", "assignment_pattern":
			next = append(next, n.ChildByFieldName("left"))
		}
		// Push in reverse so that names come out in source order.
		for i := len(next) - 1; i >= 0; i-- {
			stack = append(stack, next[i])
		}
	}
	return out
}

// shapeRef names a declaration's shape to hash once the walk is done
// (pendingShape), 1-based; 0 is none.
type shapeRef int

// pendingShape is what a declaration's hashes are taken over: its kind,
// the parts of its signature, its body.
type pendingShape struct {
	kind string
	sig  []shapehash.Part
	body shapehash.Part
}

// shape records the parts of a declaration's shape (see shapehash), hashed
// from the walk's tokens when it is done: a function's type parameters,
// parameters and return type are its signature and its block its body; a
// class's heritage, an interface's or enum's members, a type alias's type;
// a variable's type and value, or the function it holds.
func (a *analysis) shape(n *sitter.Node, kind string) shapeRef {
	field := func(name string) shapehash.Part { return shapehash.PartOf(n.ChildByFieldName(name)) }
	child := func(k string) shapehash.Part {
		for i := range n.ChildCount() {
			if c := n.Child(i); c != nil && a.kinds.of(c) == k {
				return shapehash.PartOf(c)
			}
		}
		return shapehash.Part{}
	}
	var p pendingShape
	switch a.kinds.of(n) {
	case "function_declaration", "generator_function_declaration", "function_signature":
		p = pendingShape{sig: []shapehash.Part{field("type_parameters"), field("parameters"), field("return_type")}, body: field("body")}
	case "class_declaration", "abstract_class_declaration", "class":
		p = pendingShape{sig: []shapehash.Part{field("type_parameters"), child("class_heritage")}, body: field("body")}
	case "interface_declaration":
		p = pendingShape{sig: []shapehash.Part{field("type_parameters"), child("extends_type_clause"), field("body")}, body: field("body")}
	case "type_alias_declaration":
		p = pendingShape{sig: []shapehash.Part{field("type_parameters"), field("value")}, body: field("value")}
	case "enum_declaration":
		p = pendingShape{sig: []shapehash.Part{field("body")}, body: field("body")}
	case "variable_declarator":
		v := n.ChildByFieldName("value")
		p = pendingShape{sig: []shapehash.Part{field("type"), shapehash.PartOf(v)}, body: shapehash.PartOf(v)}
		if v != nil {
			switch a.kinds.of(v) {
			case "arrow_function", "function_expression", "function", "generator_function":
				params := v.ChildByFieldName("parameters")
				if params == nil {
					params = v.ChildByFieldName("parameter")
				}
				p = pendingShape{sig: []shapehash.Part{shapehash.PartOf(v.ChildByFieldName("type_parameters")), shapehash.PartOf(params),
					shapehash.PartOf(v.ChildByFieldName("return_type"))}, body: shapehash.PartOf(v.ChildByFieldName("body"))}
			}
		}
	default:
		return 0
	}
	p.kind = kind
	a.shapes = append(a.shapes, p)
	return shapeRef(len(a.shapes))
}

// sums hashes a recorded shape (after the walk): its signature and body
// hashes, "" for none.
func (a *analysis) sums(r shapeRef) (sig, body string) {
	if r <= 0 || int(r) > len(a.shapes) {
		return "", ""
	}
	p := a.shapes[r-1]
	return a.tokens.Sum(p.kind, p.sig...), a.tokens.SumBody(p.kind, p.body)
}
