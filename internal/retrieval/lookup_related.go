package retrieval

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// lookupRelationRank orders a document's relation kinds to an entity by
// how much they say: a declaration first, a bare link last; declared kinds
// after these, by name.
var lookupRelationRank = map[string]int{
	snapshot.RelCovers:         0,
	snapshot.RelMentionsSymbol: 1,
	snapshot.RelMentions:       2,
	snapshot.RelLinksTo:        3,
}

func lookupCompareRelations(a, b string) int {
	ra, oka := lookupRelationRank[a]
	rb, okb := lookupRelationRank[b]
	if !oka {
		ra = len(lookupRelationRank)
	}
	if !okb {
		rb = len(lookupRelationRank)
	}
	return cmp.Or(cmp.Compare(ra, rb), strings.Compare(a, b))
}

// relatedDocuments lists the documents with a relation to id, most
// canonical first, ties by id.
func (g *lookupGraph) relatedDocuments(id string, sig *graph.Signals, trunc *[]Truncation) []RelatedDocument {
	byDoc := map[string]*RelatedDocument{}
	var docs []*RelatedDocument
	for _, r := range g.inOf(id) {
		e, ok := g.entity(r.From)
		if !ok || e.Kind != snapshot.KindDocument || r.From == id {
			continue
		}
		d := byDoc[r.From]
		if d == nil {
			d = &RelatedDocument{ID: e.ID, Path: e.Path, Title: documentTitle(e, newHeadingIDs(e))}
			if sig != nil {
				d.Canonicality = sig.Canonicality[e.ID]
			}
			byDoc[r.From] = d
			docs = append(docs, d)
		}
		if !slices.Contains(d.Relations, r.Kind) {
			d.Relations = append(d.Relations, r.Kind)
		}
	}
	if len(docs) == 0 {
		return nil
	}
	slices.SortFunc(docs, func(a, b *RelatedDocument) int {
		return cmp.Or(cmp.Compare(b.Canonicality, a.Canonicality), strings.Compare(a.ID, b.ID))
	})
	if n := len(docs); n > maxRelatedDocuments {
		*trunc = append(*trunc, Truncation{Bound: boundRelatedDocuments, Limit: maxRelatedDocuments, Omitted: n - maxRelatedDocuments})
		docs = docs[:maxRelatedDocuments]
	}
	out := make([]RelatedDocument, len(docs))
	for i, d := range docs {
		slices.SortFunc(d.Relations, lookupCompareRelations)
		out[i] = *d
	}
	return out
}

// summaries maps the entity and each listed document to its summary (a
// document's metadata summary, a module's or package's doc comment),
// bounded; nil when none has one.
func (g *lookupGraph) summaries(id string, docs []RelatedDocument) map[string]string {
	out := map[string]string{}
	add := func(id string) {
		e, ok := g.entity(id)
		if !ok {
			return
		}
		s, _ := e.Metadata["summary"].(string)
		if strings.TrimSpace(s) == "" {
			s, _ = e.Metadata["doc"].(string)
		}
		if s = strings.TrimSpace(s); s != "" {
			out[id] = lookupClip(s, maxSummaryRunes)
		}
	}
	add(id)
	for _, d := range docs {
		add(d.ID)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// lookupClip shortens s to at most n runes, the last one an ellipsis when
// it was cut.
func lookupClip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
