package bench

import "github.com/docbridge/docbridge/internal/retrieval"

// docbridgeSearcher adapts docbridge's ranker to Searcher.
type docbridgeSearcher struct{ ix *retrieval.Index }

// Docbridge is docbridge's ranker (retrieval.Index.Search with every
// component on and no agent signal) as a Searcher.
func Docbridge(ix *retrieval.Index) Searcher { return docbridgeSearcher{ix} }

// Search asks the index for at most limit hits.
func (d docbridgeSearcher) Search(query string, limit int) []Hit {
	if limit <= 0 || d.ix == nil {
		return nil
	}
	res := d.ix.Search(retrieval.Query{Text: query, Limit: limit})
	out := make([]Hit, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = Hit{ID: h.ID, Path: h.Path}
	}
	return out
}
