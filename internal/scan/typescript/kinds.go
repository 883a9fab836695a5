package typescript

import sitter "github.com/tree-sitter/go-tree-sitter"

// kindTable caches node kind names by symbol id: Node.Kind allocates a Go
// string per call, and the walk asks for the kind of every node. Symbol
// ids are small and dense (a grammar has a few hundred), so a slice
// indexed by id serves; "" marks an id not seen yet (every kind has a
// name: ERROR, ";", identifier).
type kindTable struct {
	names []string
}

func newKindTable() *kindTable {
	return &kindTable{}
}

func (t *kindTable) of(n *sitter.Node) string {
	id := int(n.KindId())
	if id < len(t.names) && t.names[id] != "" {
		return t.names[id]
	}
	if id >= len(t.names) {
		t.names = append(t.names, make([]string, id+1-len(t.names))...)
	}
	t.names[id] = n.Kind()
	return t.names[id]
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
