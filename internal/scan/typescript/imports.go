package typescript

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
)

// nonLiteralTarget is the message of the Issue for an import() or require()
// whose target is computed at run time.
const nonLiteralTarget = "dynamic import with a non-literal target"

// importStatement handles `import … from 'x'`, `import 'x'` and
// `import x = require('x')`. At the top level it also records the local
// names the import binds.
func (a *analysis) importStatement(n *sitter.Node, top bool) {
	imp := Import{Line: lineOf(n), Kind: KindImport}
	source := n.ChildByFieldName("source")
	var locals []string
	specifiers, typed := 0, 0
	a.children(n, func(c *sitter.Node, kind string) {
		switch kind {
		case "type":
			imp.TypeOnly = true
		case "import_require_clause":
			source = c.ChildByFieldName("source")
			imp.Names = append(imp.Names, "*")
			a.children(c, func(cc *sitter.Node, ck string) {
				if ck == "identifier" {
					locals = append(locals, a.text(cc))
				}
			})
		case "import_clause":
			a.children(c, func(cc *sitter.Node, ck string) {
				switch ck {
				case "identifier":
					imp.Names = append(imp.Names, "default")
					locals = append(locals, a.text(cc))
				case "namespace_import":
					imp.Names = append(imp.Names, "*")
					a.children(cc, func(id *sitter.Node, ik string) {
						if ik == "identifier" {
							locals = append(locals, a.text(id))
						}
					})
				case "named_imports":
					a.children(cc, func(spec *sitter.Node, sk string) {
						if sk != "import_specifier" {
							return
						}
						specifiers++
						if a.hasToken(spec, "type") {
							typed++
						}
						name := a.name(spec.ChildByFieldName("name"))
						imp.Names = append(imp.Names, name)
						if alias := spec.ChildByFieldName("alias"); alias != nil {
							name = a.name(alias)
						}
						locals = append(locals, name)
					})
				}
			})
		}
	})
	if source == nil {
		return
	}
	spec, ok := a.literal(source)
	if !ok {
		return
	}
	imp.Spec = spec
	// `import { type A, type B } from 'x'` is type-only too; with a default
	// or namespace binding beside them it is not.
	if specifiers > 0 && typed == specifiers && len(imp.Names) == specifiers {
		imp.TypeOnly = true
	}
	a.addImport(n, imp, locals...)
	if top {
		for _, l := range locals {
			a.imported[l] = true
		}
	}
}

// reExport handles `export … from 'x'`; the names are those taken from 'x'.
func (a *analysis) reExport(n, source *sitter.Node) {
	spec, ok := a.literal(source)
	if !ok {
		return
	}
	imp := Import{Spec: spec, Line: lineOf(n), Kind: KindReExport}
	clause := false
	specifiers, typed := 0, 0
	a.children(n, func(c *sitter.Node, kind string) {
		switch kind {
		case "type":
			imp.TypeOnly = true
		case "ERROR":
			// `export type * from 'x'` (TypeScript 5.0) is beyond the
			// grammar, which wraps its `type` in an ERROR node.
			if a.hasToken(c, "type") {
				imp.TypeOnly = true
			}
		case "export_clause":
			clause = true
			a.children(c, func(spec *sitter.Node, sk string) {
				if sk != "export_specifier" {
					return
				}
				specifiers++
				if a.hasToken(spec, "type") {
					typed++
				}
				imp.Names = append(imp.Names, a.name(spec.ChildByFieldName("name")))
			})
		}
	})
	if !clause {
		imp.Names = []string{"*"} // `export * from` and `export * as ns from`
	}
	if specifiers > 0 && typed == specifiers {
		imp.TypeOnly = true
	}
	a.addImport(n, imp)
}

// call handles require('x') and import('x') wherever they occur. A target
// that is not a literal cannot be resolved statically: it becomes an Issue.
func (a *analysis) call(n *sitter.Node, ancestors []*sitter.Node, inType bool) {
	fn := n.ChildByFieldName("function")
	if fn == nil {
		return
	}
	var kind string
	switch a.kinds.of(fn) {
	case "import":
		kind = KindDynamic
	case "identifier":
		if a.text(fn) != "require" {
			return
		}
		kind = kindRequire
	default:
		return
	}
	args := n.ChildByFieldName("arguments")
	if args == nil || a.kinds.of(args) != "arguments" {
		return // a tagged template such as require`x` is no import
	}
	arg := a.firstArgument(args)
	if arg == nil {
		return
	}
	spec, ok := a.literal(arg)
	if !ok {
		a.issue(lineOf(n), nonLiteralTarget)
		return
	}
	a.addImport(n, Import{
		Spec:     spec,
		Line:     lineOf(n),
		Kind:     kind,
		TypeOnly: inType && kind == KindDynamic,
		Deferred: kind == kindRequire && a.inFunction(ancestors),
		Names:    a.destructuredKeys(ancestors),
	})
}

// functionKinds are the nodes whose body runs when called, not when the
// module loads.
var functionKinds = map[string]bool{
	"function_declaration":           true,
	"function_expression":            true,
	"arrow_function":                 true,
	"method_definition":              true,
	"generator_function_declaration": true,
	"generator_function":             true,
}

// inFunction reports whether one of ancestors is a function body.
func (a *analysis) inFunction(ancestors []*sitter.Node) bool {
	for _, n := range ancestors {
		if functionKinds[a.kinds.of(n)] {
			return true
		}
	}
	return false
}

// destructuredKeys lists the keys of `const {a, b: c} = require('x')` (or
// `= await import('x')`): the names taken from the module. ancestors end
// with the call's parent.
func (a *analysis) destructuredKeys(ancestors []*sitter.Node) []string {
	i := len(ancestors) - 1
	if i >= 0 && a.kinds.of(ancestors[i]) == "await_expression" {
		i--
	}
	if i < 0 || a.kinds.of(ancestors[i]) != "variable_declarator" {
		return nil
	}
	pattern := ancestors[i].ChildByFieldName("name")
	if pattern == nil || a.kinds.of(pattern) != "object_pattern" {
		return nil
	}
	var keys []string
	a.children(pattern, func(c *sitter.Node, kind string) {
		switch kind {
		case "shorthand_property_identifier_pattern":
			keys = append(keys, a.text(c))
		case "pair_pattern":
			if k := c.ChildByFieldName("key"); k != nil && a.kinds.of(k) != "computed_property_name" {
				keys = append(keys, a.name(k))
			}
		case "object_assignment_pattern":
			if l := c.ChildByFieldName("left"); l != nil {
				keys = append(keys, a.text(l))
			}
		}
	})
	return keys
}

// hasToken reports whether n has an anonymous child token such as `type`.
func (a *analysis) hasToken(n *sitter.Node, token string) bool {
	found := false
	a.children(n, func(c *sitter.Node, kind string) {
		if kind == token && !c.IsNamed() {
			found = true
		}
	})
	return found
}
