package reconcile

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// centralityRisks reports, among the checks.centralityTopN most central
// nodes of the import graph (highest normalized betweenness first, ties by
// id, zero scores never ranked), those no document covers, mentions or
// links to. A Go package also counts as documented through any of its
// files, or through the area at its directory; any node counts as
// documented by a README in its directory or in its area's.
func centralityRisks(v *view) []draft {
	n := v.cfg.Checks.CentralityTopN
	if v.signals == nil || n <= 0 {
		return nil
	}
	top := topCentral(v, n)
	if len(top) == 0 {
		return nil
	}
	areaAt := areasByPath(v)
	readmes := readmeDirs(v)
	filesIn := map[string][]string{}
	for _, m := range v.ofKind(snapshot.KindModule) {
		dir := path.Dir(snapshot.EntityPath(m))
		filesIn[dir] = append(filesIn[dir], m.ID)
	}
	var out []draft
	for i, e := range top {
		p := snapshot.EntityPath(e)
		ids := []string{e.ID}
		if e.Kind == snapshot.KindPackage {
			ids = append(ids, filesIn[p]...)
			if a, ok := areaAt[p]; ok {
				ids = append(ids, a)
			}
		}
		if slices.ContainsFunc(ids, func(id string) bool { return documentedByAny(v, id) }) || readmeDocuments(v, readmes, e) {
			continue
		}
		score := v.signals.Centrality[e.ID]
		measure := "normalized betweenness"
		if v.signals.CentralitySampled {
			measure = fmt.Sprintf("normalized betweenness estimated from %d pivots", v.signals.CentralityPivots)
		}
		out = append(out, draft{
			Code: catalog.CentralityRisk,
			Message: fmt.Sprintf("%s %s ranks #%d of the import graph by centrality (%s %s), and no document covers or mentions it",
				e.Kind, p, i+1, measure, strconv.FormatFloat(score, 'f', -1, 64)),
			Evidence:  []finding.Location{{Path: p}},
			EntityIDs: []string{e.ID},
			Key:       e.ID,
		})
	}
	return out
}

// readmeDocuments reports whether a README documents the entity: one in
// the directory of the package (or of the module's file), or in the
// directory of the area the entity sits in.
func readmeDocuments(v *view, readmes map[string]string, e *snapshot.Entity) bool {
	dir := snapshot.EntityPath(e)
	if e.Kind == snapshot.KindModule {
		dir = path.Dir(dir)
	}
	if _, ok := readmes[dir]; ok {
		return true
	}
	if a := v.entity(v.areaOf[e.ID]); a != nil {
		_, ok := readmes[snapshot.EntityPath(a)]
		return ok
	}
	return false
}

// topCentral returns the entities of the n highest non-zero centrality
// scores, highest first, ties by id.
func topCentral(v *view, n int) []*snapshot.Entity {
	type scored struct {
		id    string
		score float64
	}
	var all []scored
	for id, s := range v.signals.Centrality {
		if s > 0 && v.entity(id) != nil {
			all = append(all, scored{id, s})
		}
	}
	slices.SortFunc(all, func(a, b scored) int {
		return cmp.Or(cmp.Compare(b.score, a.score), strings.Compare(a.id, b.id))
	})
	out := make([]*snapshot.Entity, 0, min(n, len(all)))
	for _, s := range all[:min(n, len(all))] {
		out = append(out, v.entity(s.id))
	}
	return out
}

// documentedByAny reports whether some document has a relation of its own
// (covers, a mention, a symbol mention, a link, a declared kind) to id.
func documentedByAny(v *view, id string) bool {
	for _, r := range v.idx.In(id) {
		if r.Kind == snapshot.RelContains {
			continue
		}
		if e := v.entity(r.From); e != nil && e.Kind == snapshot.KindDocument {
			return true
		}
	}
	return false
}
