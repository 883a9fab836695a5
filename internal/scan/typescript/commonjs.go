package typescript

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// commonJSExports handles a top-level statement `module.exports = …`,
// `exports.x = …`, `module.exports.x = …` or `exports['x'] = …`, including
// chains (`exports.a = exports.b = …`). `module.exports = {a, b}` exports a
// and b; any other value is the module's default export.
func (a *analysis) commonJSExports(stmt *sitter.Node) {
	var expr *sitter.Node
	for i := range stmt.NamedChildCount() {
		if c := stmt.NamedChild(i); c != nil && a.kinds.of(c) != "comment" {
			expr = c
			break
		}
	}
	for expr != nil && a.kinds.of(expr) == "assignment_expression" {
		left, right := expr.ChildByFieldName("left"), expr.ChildByFieldName("right")
		if left == nil {
			return
		}
		name, whole, ok := a.commonJSTarget(left)
		switch {
		case !ok:
		case whole && right != nil && a.kinds.of(right) == "object":
			a.objectKeys(right)
		case whole:
			a.export(Export{Name: "default", Kind: exportCommonJS, Line: lineOf(left)}, 0)
		case name != "__esModule": // the marker compilers emit, not an API
			a.export(Export{Name: name, Kind: exportCommonJS, Line: lineOf(left)}, 0)
		}
		expr = right
	}
}

// commonJSTarget recognises an assignment target: module.exports (whole),
// or a property of exports / module.exports (name).
func (a *analysis) commonJSTarget(left *sitter.Node) (name string, whole, ok bool) {
	object := left.ChildByFieldName("object")
	if object == nil {
		return "", false, false
	}
	switch a.kinds.of(left) {
	case "member_expression":
		prop := left.ChildByFieldName("property")
		if prop == nil {
			return "", false, false
		}
		if a.isIdent(object, "module") && a.text(prop) == "exports" {
			return "", true, true
		}
		if a.isExportsObject(object) {
			return a.text(prop), false, true
		}
	case "subscript_expression":
		index := left.ChildByFieldName("index")
		if index == nil || !a.isExportsObject(object) {
			return "", false, false
		}
		if s, isLiteral := a.literal(index); isLiteral {
			return s, false, true
		}
	}
	return "", false, false
}

// isExportsObject reports whether n is `exports` or `module.exports`.
func (a *analysis) isExportsObject(n *sitter.Node) bool {
	if a.isIdent(n, "exports") {
		return true
	}
	if a.kinds.of(n) != "member_expression" {
		return false
	}
	object, prop := n.ChildByFieldName("object"), n.ChildByFieldName("property")
	return object != nil && prop != nil && a.isIdent(object, "module") && a.text(prop) == "exports"
}

func (a *analysis) isIdent(n *sitter.Node, name string) bool {
	return a.kinds.of(n) == "identifier" && a.text(n) == name
}

// objectKeys exports the static keys of `module.exports = { … }`; computed
// keys and spreads name nothing statically.
func (a *analysis) objectKeys(obj *sitter.Node) {
	add := func(key *sitter.Node) {
		if key == nil {
			return
		}
		switch a.kinds.of(key) {
		case "property_identifier", "shorthand_property_identifier", "string", "number":
			a.export(Export{Name: a.name(key), Kind: exportCommonJS, Line: lineOf(key)}, 0)
		}
	}
	a.children(obj, func(c *sitter.Node, kind string) {
		switch kind {
		case "shorthand_property_identifier":
			add(c)
		case "pair":
			add(c.ChildByFieldName("key"))
		case "method_definition":
			add(c.ChildByFieldName("name"))
		}
	})
}
