package typescript

import (
	"path"
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// A documentation site's configuration is a module (docusaurus.config.ts,
// .vitepress/config.mts) whose exported object the generator reads. The
// scan needs a few of its options (a docs plugin's routeBasePath, VitePress'
// srcDir), so the extractor records the exported value as far as it is a
// literal: objects, arrays, strings, numbers, booleans and null, through
// `export default`, `module.exports =`, a call wrapping it
// (`defineConfig({…})`), `satisfies`/`as`, a function or arrow function
// returning it, and top-level const bindings of the module. Anything else
// (a require call, a variable computed at run time) is left out, so the
// reader falls back to the generator's default for it. Nothing is ever
// executed.

// isSiteConfig reports whether p is a documentation site's configuration
// module: docusaurus.config.* and a Docusaurus sidebars.* module,
// astro.config.*, .vitepress/config.* or a module of a .vitepress/config/
// directory (config/index.ts and the parts it imports), .vuepress/config.*.
func isSiteConfig(p string) bool {
	base, dir := path.Base(p), path.Dir(p)
	if strings.HasPrefix(base, "docusaurus.config.") || strings.HasPrefix(base, "astro.config.") || strings.HasPrefix(base, "sidebars.") {
		return true
	}
	if strings.HasPrefix(base, "config.") && (path.Base(dir) == ".vitepress" || path.Base(dir) == ".vuepress") {
		return true
	}
	return path.Base(dir) == "config" && path.Base(path.Dir(dir)) == ".vitepress"
}

// Bounds on the literal evaluation of a configuration module.
const (
	maxConfigDepth = 48
	maxConfigNodes = 1 << 16
)

type configEval struct {
	a      *analysis
	consts map[string]*sitter.Node
	// imports maps a default import of a relative module to the module
	// as written ("./redirects.js"): its value is that module's, which
	// resolution reads from the module's own extraction (ImportKey).
	imports map[string]string
	// active guards against a const referring to itself.
	active map[string]bool
	nodes  int
}

// ImportKeyPrefix starts the key a default import of a relative module
// stands for in a configuration's value ("$import:./redirects.js": true):
// spread into an object (redirects: { ...generated }) or as its value.
// Resolution replaces it with the module's literal default export.
const ImportKeyPrefix = "$import:"

// siteConfig returns the literal value the module exports, or nil;
// objectOnly keeps only a default export written as an object literal (a
// data module a configuration may import).
func siteConfig(tree *sitter.Tree, src []byte, kinds *kindTable, objectOnly bool) map[string]any {
	a := &analysis{src: src, kinds: kinds}
	root := tree.RootNode()
	exported := defaultExport(a, root)
	if objectOnly && (exported == nil || kinds.of(exported) != "object") {
		// Most modules: nothing to evaluate, so no constants or imports
		// to collect.
		return nil
	}
	e := &configEval{a: a, consts: map[string]*sitter.Node{}, imports: map[string]string{}, active: map[string]bool{}}
	// Without a default export, a part of a configuration split over
	// modules: its exported consts.
	var named []*sitter.Node
	for i := range root.NamedChildCount() {
		c := root.NamedChild(i)
		if c == nil {
			continue
		}
		switch kinds.of(c) {
		case "lexical_declaration", "variable_declaration":
			e.declarators(c)
		case "import_statement":
			e.defaultImport(c)
		case "export_statement":
			if d := c.ChildByFieldName("declaration"); d != nil && !a.hasToken(c, "default") {
				e.declarators(d)
				named = append(named, d)
			}
		}
	}
	if exported != nil {
		m, _ := e.value(exported, 0).(map[string]any)
		return m
	}
	out := map[string]any{}
	for _, d := range named {
		for i := range d.NamedChildCount() {
			v := d.NamedChild(i)
			if v == nil || kinds.of(v) != "variable_declarator" {
				continue
			}
			if m, ok := e.value(v.ChildByFieldName("value"), 0).(map[string]any); ok {
				for k, x := range m {
					if _, seen := out[k]; !seen {
						out[k] = x
					}
				}
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// defaultExport is what a module exports as its default, at the top
// level: the value of `export default …` (or the declaration of `export
// default function f() {}`), or the right side of `module.exports = …`;
// the last one wins, as it does when the module runs. Nil without one.
func defaultExport(a *analysis, root *sitter.Node) *sitter.Node {
	var exported *sitter.Node
	for i := range root.NamedChildCount() {
		c := root.NamedChild(i)
		if c == nil {
			continue
		}
		switch a.kinds.of(c) {
		case "export_statement":
			if !a.hasToken(c, "default") {
				continue
			}
			if v := c.ChildByFieldName("value"); v != nil {
				exported = v
			} else if d := c.ChildByFieldName("declaration"); d != nil {
				exported = d // export default function createConfig() {…}
			}
		case "expression_statement":
			if x := c.NamedChild(0); x != nil && a.kinds.of(x) == "assignment_expression" {
				if l := x.ChildByFieldName("left"); l != nil && strings.ReplaceAll(a.text(l), " ", "") == "module.exports" {
					exported = x.ChildByFieldName("right")
				}
			}
		}
	}
	return exported
}

// defaultImport records the default import of a relative module
// (import generated from './redirects.js').
func (e *configEval) defaultImport(n *sitter.Node) {
	a := e.a
	src, ok := a.literal(n.ChildByFieldName("source"))
	if !ok || !strings.HasPrefix(src, "./") && !strings.HasPrefix(src, "../") {
		return
	}
	for i := range n.NamedChildCount() {
		c := n.NamedChild(i)
		if c == nil || a.kinds.of(c) != "import_clause" {
			continue
		}
		if id := c.NamedChild(0); id != nil && a.kinds.of(id) == "identifier" {
			e.imports[a.text(id)] = src
		}
	}
}

// declarators records the const (and let/var) bindings of a declaration
// whose name is an identifier.
func (e *configEval) declarators(decl *sitter.Node) {
	for i := range decl.NamedChildCount() {
		d := decl.NamedChild(i)
		if d == nil || e.a.kinds.of(d) != "variable_declarator" {
			continue
		}
		name, v := d.ChildByFieldName("name"), d.ChildByFieldName("value")
		if name != nil && v != nil && e.a.kinds.of(name) == "identifier" {
			e.consts[e.a.text(name)] = v
		}
	}
}

// value evaluates n as a literal; nil when it is not one.
func (e *configEval) value(n *sitter.Node, depth int) any {
	if n == nil || depth > maxConfigDepth || e.nodes > maxConfigNodes {
		return nil
	}
	e.nodes++
	a := e.a
	switch kind := a.kinds.of(n); kind {
	case "string", "template_string":
		if s, ok := a.literal(n); ok {
			return s
		}
	case "number":
		if f, err := strconv.ParseFloat(strings.ReplaceAll(a.text(n), "_", ""), 64); err == nil {
			return f
		}
	case "true":
		return true
	case "false":
		return false
	case "object":
		return e.object(n, depth)
	case "array":
		out := []any{}
		for i := range n.NamedChildCount() {
			c := n.NamedChild(i)
			if c == nil || a.kinds.of(c) == "comment" {
				continue
			}
			if a.kinds.of(c) == "spread_element" {
				if arr, ok := e.value(c.NamedChild(0), depth+1).([]any); ok {
					out = append(out, arr...)
				}
				continue
			}
			out = append(out, e.value(c, depth+1))
		}
		return out
	case "identifier", "shorthand_property_identifier":
		return e.binding(a.text(n), depth)
	case "parenthesized_expression", "satisfies_expression", "as_expression", "non_null_expression", "await_expression":
		return e.value(n.NamedChild(0), depth+1)
	case "call_expression":
		// defineConfig({…}), withMermaid(defineConfig({…})): the wrapped
		// object is the configuration.
		if args := n.ChildByFieldName("arguments"); args != nil {
			// Only an object passes through: require.resolve('./x')
			// is not the string it is given.
			if m, ok := e.value(a.firstArgument(args), depth+1).(map[string]any); ok {
				return m
			}
		}
	case "arrow_function", "function_expression", "function_declaration", "function":
		body := n.ChildByFieldName("body")
		if body == nil {
			return nil
		}
		if a.kinds.of(body) != "statement_block" {
			return e.value(body, depth+1)
		}
		for i := range body.NamedChildCount() {
			c := body.NamedChild(i)
			switch {
			case c == nil:
			case a.kinds.of(c) == "lexical_declaration" || a.kinds.of(c) == "variable_declaration":
				e.declarators(c)
			case a.kinds.of(c) == "return_statement":
				return e.value(c.NamedChild(0), depth+1)
			}
		}
	}
	return nil
}

// binding evaluates the module-level const a name refers to.
func (e *configEval) binding(name string, depth int) any {
	v, ok := e.consts[name]
	if !ok {
		if src, imported := e.imports[name]; imported {
			return map[string]any{ImportKeyPrefix + src: true}
		}
		return nil
	}
	if e.active[name] {
		return nil
	}
	e.active[name] = true
	defer delete(e.active, name)
	return e.value(v, depth+1)
}

// computedKey is the key a computed property name ([expr]: …) gives: a
// string, or a template string whose substitutions are read as their
// values where those are literal, else each as one path parameter (":name",
// named after the expression): the value is chosen when the configuration
// runs (a channel read from the environment), so a key that is a route
// pattern (VitePress' rewrites: [`${channel}/:path*`]) matches every value.
func (e *configEval) computedKey(n *sitter.Node, depth int) (string, bool) {
	if n == nil {
		return "", false
	}
	a := e.a
	if a.kinds.of(n) != "template_string" {
		// A string, or a const bound to one.
		s, ok := e.value(n, depth).(string)
		return s, ok
	}
	return a.stringText(n, func(x *sitter.Node) (string, bool) {
		if s, lit := e.value(x, depth+1).(string); lit {
			return s, true
		}
		if x != nil && a.kinds.of(x) == "identifier" {
			return ":" + a.text(x), true
		}
		return ":param", true
	})
}

// object evaluates an object literal: its pairs with a literal key, and
// shorthand properties bound by a const; spreads of literal objects are
// merged in source order.
func (e *configEval) object(n *sitter.Node, depth int) map[string]any {
	a := e.a
	out := map[string]any{}
	for i := range n.NamedChildCount() {
		c := n.NamedChild(i)
		if c == nil {
			continue
		}
		switch a.kinds.of(c) {
		case "pair":
			k := c.ChildByFieldName("key")
			if k == nil {
				continue
			}
			var key string
			switch a.kinds.of(k) {
			case "property_identifier", "number":
				key = a.text(k)
			case "string":
				s, ok := a.literal(k)
				if !ok {
					continue
				}
				key = s
			case "computed_property_name":
				s, ok := e.computedKey(k.NamedChild(0), depth+1)
				if !ok {
					continue
				}
				key = s
			default:
				continue
			}
			if v := e.value(c.ChildByFieldName("value"), depth+1); v != nil {
				out[key] = v
			} else {
				delete(out, key)
			}
		case "shorthand_property_identifier":
			if v := e.value(c, depth+1); v != nil {
				out[a.text(c)] = v
			}
		case "spread_element":
			if m, ok := e.value(c.NamedChild(0), depth+1).(map[string]any); ok {
				for k, v := range m {
					out[k] = v
				}
			}
		}
	}
	return out
}
