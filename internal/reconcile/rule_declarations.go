package reconcile

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/nearmiss"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// declarationSource is the evidence source of a docbridge-block
// declaration; its evidence names the declaring document and line.
const declarationSource = "docbridge-block"

// staleDeclarations reports every declared relation (covers, or any kind a
// docbridge block declares) with an endpoint the scan did not find: the
// scan points it at an unresolved entity that keeps the declared id in
// metadata.declared. One finding per declaring line and stale endpoint.
func staleDeclarations(v *view) []draft {
	var out []draft
	suggest := declarationSuggester(v)
	for i := range v.relations {
		r := &v.relations[i]
		if r.Provenance != snapshot.Declared && !metaBool(r.Metadata["declared"]) {
			continue
		}
		for _, end := range []string{r.From, r.To} {
			e := v.entity(end)
			if e == nil || e.Kind != snapshot.KindUnresolved {
				continue
			}
			declared := metaString(e.Metadata["declared"])
			if declared == "" {
				continue // an observed reference that matched nothing, not a declaration
			}
			out = append(out, declarationFindings(v, r, end, declared, suggest(declared))...)
		}
	}
	return out
}

// declarationFindings reports one stale endpoint at every line that
// declares the relation. A relation whose occurrences all fell past the
// evidence bound is reported on its declaring document, when that is its
// source.
func declarationFindings(v *view, r *snapshot.Relation, end, declared, suggestion string) []draft {
	what := fmt.Sprintf("declares %s %s", r.Kind, declared)
	if end == r.From {
		what = fmt.Sprintf("declares %s from %s", r.Kind, declared)
	}
	var locs []finding.Location
	for _, e := range r.Evidence {
		if e.Source == declarationSource && e.Path != "" {
			locs = append(locs, finding.Location{Path: e.Path, Line: e.LineStart})
		}
	}
	if len(locs) == 0 {
		if kind, d, _ := snapshot.ParseEntityID(r.From); kind == snapshot.KindDocument && v.docByPath[d] != nil {
			locs = []finding.Location{{Path: d}}
		}
	}
	out := make([]draft, 0, len(locs))
	for _, loc := range locs {
		f := draft{
			Code:      catalog.StaleDeclaration,
			Message:   fmt.Sprintf("the docbridge block %s, which does not exist", what),
			Evidence:  []finding.Location{loc},
			EntityIDs: []string{snapshot.EntityID(snapshot.KindDocument, loc.Path), r.From, r.To},
			Key:       declared,
		}
		if suggestion != "" {
			f.Message += fmt.Sprintf("; did you mean %s?", suggestion)
			f.Remediation = fmt.Sprintf("Declare %s instead of %s, or remove the declaration.", suggestion, declared)
		}
		out = append(out, f)
	}
	return out
}

// declarationSuggester returns the near-miss for a declared id among the
// ids of the entities a block may name (documents, modules, packages,
// areas), or "". The index is built on first use.
func declarationSuggester(v *view) func(string) string {
	var ix *nearmiss.Index
	return func(declared string) string {
		if ix == nil {
			var ids []string
			for _, e := range v.entities {
				switch e.Kind {
				case snapshot.KindDocument, snapshot.KindModule, snapshot.KindPackage, snapshot.KindArea:
					ids = append(ids, e.ID)
				}
			}
			ix = nearmiss.NewIndex(ids)
		}
		s, _, ok := ix.Match(declared)
		if !ok {
			return ""
		}
		return s
	}
}
