package typescript

import sitter "github.com/tree-sitter/go-tree-sitter"

// kindTable caches node kind names by symbol id: Node.Kind allocates a Go
// string per call, and the walk asks for the kind of every node.
type kindTable struct {
	names map[uint16]string
}

func newKindTable() *kindTable {
	return &kindTable{names: map[uint16]string{}}
}

func (t *kindTable) of(n *sitter.Node) string {
	id := n.KindId()
	if s, ok := t.names[id]; ok {
		return s
	}
	s := n.Kind()
	t.names[id] = s
	return s
}

// typeContexts are the node kinds below which an expression is a type:
// import() there is `typeof import('x')` or `import('x').T`, a type-only
// dependency.
var typeContexts = map[string]bool{
	"type_annotation":        true,
	"type_query":             true,
	"type_alias_declaration": true,
	"interface_declaration":  true,
	"type_arguments":         true,
	"type_parameters":        true,
	"implements_clause":      true,
	"extends_type_clause":    true,
}
