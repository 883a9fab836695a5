package python

import (
	"fmt"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// importStatement handles `import a.b, c as d`: one Import per dotted name.
func (w *walker) importStatement(n *sitter.Node) {
	for _, c := range w.children(n) {
		if c.field != "name" {
			continue
		}
		name, ok := w.importedModule(&c.node)
		if !ok {
			w.invalidName(&c.node)
			continue
		}
		w.addImport(Import{Module: name, Line: line(n)})
	}
}

// importFrom handles `from [.]*[a.b] import x, y as z` and `import *`.
func (w *walker) importFrom(n *sitter.Node) {
	imp := Import{Line: line(n)}
	dropped := 0
	for _, c := range w.children(n) {
		var name string
		switch {
		case c.field == "module_name":
			if !w.fromModule(&c.node, &imp) {
				w.invalidName(&c.node)
				return
			}
			continue
		case c.field == "name":
			var ok bool
			if name, ok = w.importedModule(&c.node); !ok {
				w.invalidName(&c.node)
				continue
			}
		case c.node.Kind() == "wildcard_import":
			name = "*"
		default:
			continue
		}
		if len(imp.Names) >= maxImportNames {
			dropped++
			continue
		}
		imp.Names = append(imp.Names, name)
	}
	if dropped > 0 {
		w.partial(imp.Line, fmt.Sprintf("more than %d names in one import; %d are not recorded", maxImportNames, dropped))
	}
	w.addImport(imp)
}

// fromModule fills imp.Module and imp.Level from a from-import's module_name.
func (w *walker) fromModule(n *sitter.Node, imp *Import) bool {
	if n.Kind() == "dotted_name" {
		name, ok := w.dotted(n)
		imp.Module = name
		return ok
	}
	if n.Kind() != "relative_import" {
		return false
	}
	for _, c := range w.namedChildren(n) {
		switch c.Kind() {
		case "import_prefix":
			imp.Level = strings.Count(w.text(&c), ".")
		case "dotted_name":
			name, ok := w.dotted(&c)
			if !ok {
				return false
			}
			imp.Module = name
		default:
			return false
		}
	}
	return imp.Level > 0
}

// importedModule is the dotted name of an `import` list entry, without
// its alias.
func (w *walker) importedModule(n *sitter.Node) (string, bool) {
	if n.Kind() == "aliased_import" {
		name := n.ChildByFieldName("name")
		if name == nil {
			return "", false
		}
		return w.dotted(name)
	}
	return w.dotted(n)
}

// dotted joins a dotted_name's identifiers; spacing and comments between
// the dots (legal Python) do not leak into the name.
func (w *walker) dotted(n *sitter.Node) (string, bool) {
	if n.Kind() != "dotted_name" {
		return "", false
	}
	var parts []string
	for _, c := range w.namedChildren(n) {
		id := w.text(&c)
		if c.Kind() != "identifier" || !isIdentifier(id) {
			return "", false
		}
		parts = append(parts, id)
	}
	return strings.Join(parts, "."), len(parts) > 0
}

// invalidName reports an import entry that could not be read. Inside a
// syntax error the syntax-error Issue already says the file is partial.
func (w *walker) invalidName(n *sitter.Node) {
	if n.HasError() || n.IsMissing() {
		return
	}
	w.partial(line(n), "an import with an unreadable module name is not recorded")
}

// dynamicImport records importlib.import_module("x"), import_module("x")
// and __import__("x") calls.
func (w *walker) dynamicImport(n *sitter.Node) {
	fn := n.ChildByFieldName("function")
	if fn == nil || !w.isImportFunction(fn) {
		return
	}
	arg := w.firstArgument(n.ChildByFieldName("arguments"))
	if arg == nil {
		w.partial(line(n), "dynamic import with a non-literal target")
		return
	}
	name, ok := w.stringLiteral(arg)
	switch {
	case !ok:
		w.partial(line(n), "dynamic import with a non-literal target")
	case strings.HasPrefix(name, "."):
		w.partial(line(n), fmt.Sprintf("dynamic import of the relative name %q is not resolved", name))
	case !isDottedName(name):
		w.partial(line(n), fmt.Sprintf("dynamic import of the invalid module name %q is not recorded", name))
	default:
		w.addImport(Import{Module: name, Line: line(n), Dynamic: true})
	}
}

// isImportFunction matches __import__, import_module and
// importlib.import_module.
func (w *walker) isImportFunction(fn *sitter.Node) bool {
	switch fn.Kind() {
	case "identifier":
		name := w.text(fn)
		return name == "__import__" || name == "import_module"
	case "attribute":
		obj, attr := fn.ChildByFieldName("object"), fn.ChildByFieldName("attribute")
		return obj != nil && attr != nil && obj.Kind() == "identifier" &&
			w.text(obj) == "importlib" && w.text(attr) == "import_module"
	}
	return false
}

// firstArgument is the module argument of an import call: the first
// positional argument, or the keyword argument name=.
func (w *walker) firstArgument(args *sitter.Node) *sitter.Node {
	if args == nil || args.Kind() != "argument_list" {
		return nil
	}
	for _, c := range w.namedChildren(args) {
		if c.Kind() != "keyword_argument" {
			return &c
		}
		if k := c.ChildByFieldName("name"); k != nil && w.text(k) == "name" {
			return c.ChildByFieldName("value")
		}
	}
	return nil
}
