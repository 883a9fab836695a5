package typescript

import sitter "github.com/tree-sitter/go-tree-sitter"

// kindTable caches node kind names by symbol id: Node.Kind allocates a Go
// string per call, and the walk asks for the kind of every node. Symbol
// ids are small and dense (a grammar has a few hundred), so a slice
// indexed by id serves; known says which entries are filled.
type kindTable struct {
	names []string
	known []bool
}

func newKindTable() *kindTable {
	return &kindTable{}
}

func (t *kindTable) of(n *sitter.Node) string {
	id := int(n.KindId())
	if id < len(t.names) && t.known[id] {
		return t.names[id]
	}
	if id >= len(t.names) {
		t.names = append(t.names, make([]string, id+1-len(t.names))...)
		t.known = append(t.known, make([]bool, id+1-len(t.known))...)
	}
	s := n.Kind()
	t.names[id], t.known[id] = s, true
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
