// Helpers over yaml.v3 nodes that never expand an alias.

package markdown

import (
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// deref follows an alias to its anchored node. Aliases are followed one step
// at a time by the readers, never expanded, so an alias bomb costs nothing.
func deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// fieldText renders a scalar (strings, numbers, booleans as written) or a
// sequence of scalars (joined with ", "); ok is false for anything else and
// for null.
func fieldText(n *yaml.Node) (string, bool) {
	n = deref(n)
	switch {
	case isNull(n):
		return "", false
	case n.Kind == yaml.ScalarNode:
		return n.Value, true
	case n.Kind == yaml.SequenceNode:
		parts := make([]string, 0, len(n.Content))
		for _, item := range n.Content {
			item = deref(item)
			if item == nil || item.Kind != yaml.ScalarNode {
				return "", false
			}
			if !isNull(item) {
				parts = append(parts, item.Value)
			}
		}
		return strings.Join(parts, ", "), true
	}
	return "", false
}

// truncateRunes cuts s to at most n runes and reports whether it did.
func truncateRunes(s string, n int) (string, bool) {
	if utf8.RuneCountInString(s) <= n {
		return s, false
	}
	i := 0
	for count := 0; count < n; count++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i], true
}

// yamlTypeName names a node's type for messages: "a string", "a number", …
func yamlTypeName(n *yaml.Node) string {
	n = deref(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			return "a string"
		case "!!int", "!!float":
			return "a number"
		case "!!bool":
			return "a boolean"
		case "!!null":
			return "null"
		case "!!timestamp":
			return "a timestamp"
		}
		return "a " + n.ShortTag() + " value"
	}
	return "an unsupported YAML node"
}
