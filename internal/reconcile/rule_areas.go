package reconcile

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// maxAreaDepth bounds the walk from an area to the areas that enclose it;
// configured areas nest at most a few levels, and a malformed snapshot
// must not loop.
const maxAreaDepth = 64

// undocumentedAreas reports every area that no document documents (see
// documentedAreas): REQUIRED_DOC_MISSING for an area configured with
// required: true, UNDOCUMENTED_AREA for the others.
func undocumentedAreas(v *view) []draft {
	documented := documentedAreas(v)
	required := map[string]bool{}
	for _, a := range v.cfg.Analysis.Areas {
		if a.Required {
			required[a.Path] = true
		}
	}
	var out []draft
	for _, a := range v.ofKind(snapshot.KindArea) {
		if documented[a.ID] {
			continue
		}
		path := snapshot.EntityPath(a)
		f := draft{
			Code:      catalog.UndocumentedArea,
			Message:   fmt.Sprintf("area %s has no documentation: no document covers, mentions or links into it, and none lies inside it", areaLabel(a, path)),
			Evidence:  []finding.Location{{Path: path}},
			EntityIDs: []string{a.ID},
			Key:       path,
		}
		if required[path] || metaBool(a.Metadata["required"]) {
			f.Code = catalog.RequiredDocMissing
			f.Message = fmt.Sprintf("area %s requires documentation and has none: no document covers, mentions or links into it, and none lies inside it", areaLabel(a, path))
		}
		out = append(out, f)
	}
	return out
}

// documentedAreas returns the ids of the areas some document documents:
// the document lies inside the area, or has a relation (covers, mentions,
// mentions-symbol, links-to or a declared kind) to the area or to anything
// inside it. Inside is transitive, so documenting a nested area documents
// the areas around it too; a package at an area's own directory (which
// the scan places around the area) counts as inside it.
func documentedAreas(v *view) map[string]bool {
	areaAt := areasByPath(v)
	done := map[string]bool{}
	mark := func(id string) {
		a := enclosingArea(v, areaAt, id)
		for n := 0; a != "" && !done[a] && n < maxAreaDepth; n++ {
			done[a] = true
			a = v.areaOf[a]
		}
	}
	for _, d := range v.documents {
		mark(d.ID)
		for _, r := range v.idx.Out(d.ID) {
			if r.Kind != snapshot.RelContains {
				mark(r.To)
			}
		}
	}
	return done
}

// areasByPath maps each area's path to its id.
func areasByPath(v *view) map[string]string {
	out := map[string]string{}
	for _, a := range v.ofKind(snapshot.KindArea) {
		out[snapshot.EntityPath(a)] = a.ID
	}
	return out
}

// enclosingArea is the innermost area an entity belongs to: the entity
// itself when it is an area, the area at a package's own directory, else
// the area that contains it. Empty when there is none.
func enclosingArea(v *view, areaAt map[string]string, id string) string {
	e := v.entity(id)
	if e == nil {
		return ""
	}
	switch e.Kind {
	case snapshot.KindArea:
		return id
	case snapshot.KindPackage:
		if a, ok := areaAt[snapshot.EntityPath(e)]; ok {
			return a
		}
	}
	return v.areaOf[id]
}

// areaLabel names an area by path, with its configured name when it has
// one of its own.
func areaLabel(a *snapshot.Entity, path string) string {
	if a.Name == "" || a.Name == path {
		return path
	}
	return fmt.Sprintf("%s (%s)", path, a.Name)
}
