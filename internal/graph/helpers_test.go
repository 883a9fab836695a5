package graph

import (
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// ent builds an entity from an id; the path is the id's value.
func ent(id string, meta map[string]any) snapshot.Entity {
	kind, value, _ := snapshot.ParseEntityID(id)
	e := snapshot.Entity{ID: id, Kind: kind, Name: path.Base(value), Provenance: snapshot.Observed, Metadata: meta}
	if kind != snapshot.KindExternal && kind != snapshot.KindUnresolved {
		e.Path = value
	}
	return e
}

// rel builds a relation with one evidence item at the from entity's file.
func rel(kind, from, to string, line int) snapshot.Relation {
	_, p, _ := snapshot.ParseEntityID(from)
	return snapshot.Relation{
		ID: snapshot.RelationID(kind, from, to), Kind: kind, From: from, To: to, Provenance: snapshot.Observed,
		Evidence: []snapshot.Evidence{{Source: "scan", Path: p, LineStart: line, LineEnd: line}},
	}
}

// snap builds a snapshot; entities named in relations but not listed are
// added with no metadata.
func snap(ents []snapshot.Entity, rels []snapshot.Relation) *snapshot.Snapshot {
	have := make(map[string]bool)
	for _, e := range ents {
		have[e.ID] = true
	}
	for _, r := range rels {
		for _, id := range []string{r.From, r.To} {
			if !have[id] {
				have[id] = true
				ents = append(ents, ent(id, nil))
			}
		}
	}
	return &snapshot.Snapshot{Type: snapshot.Type, SchemaVersion: snapshot.SchemaVersion, Entities: ents, Relations: rels}
}

// imports builds module→module import relations from "from>to" pairs of
// TypeScript file names under src/.
func imports(pairs ...string) []snapshot.Relation {
	var out []snapshot.Relation
	for i, p := range pairs {
		f, t, _ := strings.Cut(p, ">")
		out = append(out, rel(snapshot.RelImports, "module:src/"+f+".ts", "module:src/"+t+".ts", i+1))
	}
	return out
}
