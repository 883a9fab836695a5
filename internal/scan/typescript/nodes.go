package typescript

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// lineOf is the 1-based line where n starts.
func lineOf(n *sitter.Node) int {
	return int(n.StartPosition().Row) + 1
}

// text is n's source text, made valid UTF-8 so that a stored (JSON)
// extraction decodes to exactly what a fresh one returns.
func (a *analysis) text(n *sitter.Node) string {
	start, end := n.ByteRange()
	if end > uint(len(a.src)) || start > end {
		return ""
	}
	return strings.ToValidUTF8(string(a.src[start:end]), "\uFFFD")
}

// children calls fn with every child of n (anonymous tokens included) and
// its kind, in source order.
func (a *analysis) children(n *sitter.Node, fn func(c *sitter.Node, kind string)) {
	for i := range n.ChildCount() {
		if c := n.Child(i); c != nil {
			fn(c, a.kinds.of(c))
		}
	}
}

// firstArgument is the first argument of an `arguments` node, skipping
// comments such as webpack's `import(/* webpackChunkName: "x" */ './x')`.
func (a *analysis) firstArgument(args *sitter.Node) *sitter.Node {
	for i := range args.NamedChildCount() {
		if c := args.NamedChild(i); c != nil && a.kinds.of(c) != "comment" {
			return c
		}
	}
	return nil
}

// literal is the value of a string literal, or of a template literal without
// substitutions, with escapes decoded; ok is false for anything else.
func (a *analysis) literal(n *sitter.Node) (value string, ok bool) {
	return a.stringText(n, func(*sitter.Node) (string, bool) { return "", false })
}

// stringText is the text of a string or template literal, escapes decoded
// and each substitution's text given by sub; ok is false for another node or
// when sub refuses a substitution.
func (a *analysis) stringText(n *sitter.Node, sub func(expr *sitter.Node) (string, bool)) (value string, ok bool) {
	if n == nil {
		return "", false
	}
	kind := a.kinds.of(n)
	if kind != "string" && kind != "template_string" {
		return "", false
	}
	var b strings.Builder
	ok = true
	a.children(n, func(c *sitter.Node, ck string) {
		switch ck {
		case "string_fragment":
			b.WriteString(a.text(c))
		case "escape_sequence":
			b.WriteString(decodeEscape(a.text(c)))
		case "template_substitution":
			s, subOK := sub(c.NamedChild(0))
			ok = ok && subOK
			b.WriteString(s)
		}
	})
	if !ok {
		return "", false
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD"), true
}

// name is the text of an identifier-like node, or the value of a string used
// as a name (`import { "a-b" as c }`).
func (a *analysis) name(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if s, ok := a.literal(n); ok {
		return s
	}
	return a.text(n)
}
