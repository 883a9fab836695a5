package markdown

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// relationKeys are the keys a docbridge.relations entry may have.
var relationKeys = []string{"from", "to", "kind", "detection", "confidence"}

// blockReader checks a docbridge block, already parsed by yaml.v3, against
// its schema. Every violation is an Issue naming the field path
// (docbridge.relations.0.to) at the line of the offending node; valid
// entries are kept whatever their siblings look like.
type blockReader struct {
	docPath string
	// lineOffset turns a YAML line into a file line.
	lineOffset int
	is         *issues
}

func (r *blockReader) line(n *yaml.Node) int { return n.Line + r.lineOffset }

func (r *blockReader) read(val *yaml.Node) *Block {
	b := &Block{}
	v := deref(val)
	if v.Kind != yaml.MappingNode {
		r.is.add(r.line(v), codeDocbridgeNotMapping,
			"docbridge: expected a mapping with covers and relations, found %s", yamlTypeName(v))
		return b
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		key, item := deref(v.Content[i]), v.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			r.is.add(r.line(key), codeDocbridgeType, "docbridge: expected a key name, found %s", yamlTypeName(key))
			continue
		}
		switch key.Value {
		case "covers":
			b.Covers = r.covers(item)
		case "relations":
			b.Relations = r.relations(item)
		default:
			r.is.add(r.line(key), codeDocbridgeUnknownKey,
				"docbridge: unknown key %s", key.Value)
		}
	}
	return b
}

func (r *blockReader) covers(val *yaml.Node) []Ref {
	v := deref(val)
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		r.is.add(r.line(v), codeDocbridgeType, "docbridge.covers: expected a list of ids, found %s", yamlTypeName(v))
		return nil
	}
	var refs []Ref
	first := map[string]int{}
	for i, item := range v.Content {
		path := fmt.Sprintf("docbridge.covers.%d", i)
		if i == maxCovers {
			r.is.add(r.line(item), codeDocbridgeLimit,
				"%s: more than %d covers; this one and the %d after it are ignored", path, maxCovers, len(v.Content)-i-1)
			break
		}
		id, ok := r.idString(path, item)
		if !ok {
			continue
		}
		line := r.line(item)
		if at, dup := first[id]; dup {
			r.is.add(line, codeDocbridgeDuplicate, "%s: duplicate cover %s (first at line %d)", path, id, at)
			continue
		}
		first[id] = line
		refs = append(refs, Ref{ID: id, Line: line})
	}
	return refs
}

// idString checks that n is a string holding a valid entity id.
func (r *blockReader) idString(path string, n *yaml.Node) (string, bool) {
	s, ok := r.str(path, n)
	if !ok {
		return "", false
	}
	if why := checkID(s); why != "" {
		r.is.add(r.line(deref(n)), codeDocbridgeInvalidID, "%s: invalid id %q: %s", path, s, why)
		return "", false
	}
	return s, true
}

// str checks that n is a string scalar.
func (r *blockReader) str(path string, n *yaml.Node) (string, bool) {
	v := deref(n)
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str" {
		r.is.add(r.line(v), codeDocbridgeType, "%s: expected a string, found %s", path, yamlTypeName(v))
		return "", false
	}
	return v.Value, true
}

func (r *blockReader) relations(val *yaml.Node) []DeclaredRelation {
	v := deref(val)
	if isNull(v) {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		r.is.add(r.line(v), codeDocbridgeType, "docbridge.relations: expected a list of relations, found %s", yamlTypeName(v))
		return nil
	}
	var rels []DeclaredRelation
	first := map[string]int{}
	for i, item := range v.Content {
		path := fmt.Sprintf("docbridge.relations.%d", i)
		if i == maxRelations {
			r.is.add(r.line(item), codeDocbridgeLimit,
				"%s: more than %d relations; this one and the %d after it are ignored", path, maxRelations, len(v.Content)-i-1)
			break
		}
		rel, ok := r.relation(path, deref(item), r.line(item))
		if !ok {
			continue
		}
		key := rel.From + "\x00" + rel.Kind + "\x00" + rel.To
		if at, dup := first[key]; dup {
			r.is.add(rel.Line, codeDocbridgeDuplicate, "%s: duplicate relation %s %s %s (first at line %d)",
				path, rel.From, rel.Kind, rel.To, at)
			continue
		}
		first[key] = rel.Line
		rels = append(rels, rel)
	}
	return rels
}

// relation checks one relations entry, listed at line (an alias's line, not
// its anchor's). Unknown keys are reported but do not make the relation
// invalid: from, to and kind alone define it.
func (r *blockReader) relation(path string, m *yaml.Node, line int) (DeclaredRelation, bool) {
	rel := DeclaredRelation{Line: line}
	if m.Kind != yaml.MappingNode {
		r.is.add(rel.Line, codeDocbridgeType, "%s: expected a mapping with from, to and kind, found %s", path, yamlTypeName(m))
		return rel, false
	}
	ok := true
	present := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, val := deref(m.Content[i]), m.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			r.is.add(r.line(key), codeDocbridgeType, "%s: expected a key name, found %s", path, yamlTypeName(key))
			continue
		}
		name := key.Value
		if !slices.Contains(relationKeys, name) {
			r.is.add(r.line(key), codeDocbridgeUnknownKey, "%s: unknown key %s", path, name)
			continue
		}
		if isNull(deref(val)) {
			continue // reported below when the field is required
		}
		present[name] = true
		s, good := r.str(path+"."+name, val)
		if !good {
			ok = false
			continue
		}
		switch name {
		case "from":
			rel.From = s
		case "to":
			rel.To = s
		case "kind":
			rel.Kind = s
		case "detection":
			rel.Detection = s
		case "confidence":
			rel.Confidence = s
		}
	}
	for _, req := range []string{"to", "kind"} {
		if !present[req] {
			r.is.add(rel.Line, codeDocbridgeMissingField, "%s: missing field %s", path, req)
			ok = false
		}
	}
	if !ok {
		return rel, false
	}
	if !present["from"] {
		rel.From = snapshot.EntityID(snapshot.KindDocument, r.docPath)
	} else if why := checkID(rel.From); why != "" {
		r.is.add(r.fieldLine(m, "from"), codeDocbridgeInvalidID, "%s.from: invalid id %q: %s", path, rel.From, why)
		ok = false
	}
	if why := checkID(rel.To); why != "" {
		r.is.add(r.fieldLine(m, "to"), codeDocbridgeInvalidID, "%s.to: invalid id %q: %s", path, rel.To, why)
		ok = false
	}
	if why := checkRelationKind(rel.Kind); why != "" {
		r.is.add(r.fieldLine(m, "kind"), codeDocbridgeInvalidKind, "%s.kind: invalid relation kind %q: %s", path, rel.Kind, why)
		ok = false
	}
	return rel, ok
}

// fieldLine is the file line of the value of key name in mapping m.
func (r *blockReader) fieldLine(m *yaml.Node, name string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := deref(m.Content[i]); k.Kind == yaml.ScalarNode && k.Value == name {
			return r.line(deref(m.Content[i+1]))
		}
	}
	return r.line(m)
}
