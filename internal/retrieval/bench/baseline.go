package bench

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/docbridge/docbridge/internal/retrieval"
)

// BM25 parameters of the baseline, the textbook values the ranker uses too.
const (
	baselineK1 = 1.2
	baselineB  = 0.75
)

// baseline is plain BM25 over one concatenated field per entry: no field
// weights, no identity boosts, no graph, no identifier splitting. It is the
// yardstick docbridge's ranker has to beat.
type baseline struct {
	entries []retrieval.Entry
	// tf[i] counts entry i's terms; dl[i] is its length in terms.
	tf    []map[string]int
	dl    []float64
	df    map[string]int
	avgdl float64
}

// NewBaseline indexes the projection's entries for plain BM25.
func NewBaseline(p *retrieval.Projection) Searcher {
	b := &baseline{df: map[string]int{}}
	if p == nil {
		return b
	}
	b.entries = p.Entries
	b.tf = make([]map[string]int, len(p.Entries))
	b.dl = make([]float64, len(p.Entries))
	var total float64
	for i, e := range p.Entries {
		tf := map[string]int{}
		n := 0
		for _, t := range tokenize(baselineText(e)) {
			tf[t]++
			n++
		}
		for t := range tf {
			b.df[t]++
		}
		b.tf[i], b.dl[i] = tf, float64(n)
		total += float64(n)
	}
	if len(p.Entries) > 0 {
		b.avgdl = total / float64(len(p.Entries))
	}
	return b
}

// baselineText is the one field: every text field concatenated.
func baselineText(e retrieval.Entry) string {
	parts := make([]string, 0, 4+len(e.Headings)+len(e.Symbols))
	parts = append(parts, e.Title)
	parts = append(parts, e.Headings...)
	parts = append(parts, e.Path)
	parts = append(parts, e.Symbols...)
	parts = append(parts, e.Summary, e.Body)
	return strings.Join(parts, "\n")
}

// Search scores every entry holding a query term, best first; ties go to
// the smaller id, so the order is total.
func (b *baseline) Search(query string, limit int) []Hit {
	if limit <= 0 || len(b.entries) == 0 {
		return nil
	}
	terms := uniqueTerms(tokenize(query))
	type scored struct {
		i     int
		score float64
	}
	var found []scored
	for i := range b.entries {
		if s := b.score(i, terms); s > 0 {
			found = append(found, scored{i, s})
		}
	}
	sort.Slice(found, func(x, y int) bool {
		if found[x].score != found[y].score {
			return found[x].score > found[y].score
		}
		return b.entries[found[x].i].ID < b.entries[found[y].i].ID
	})
	if len(found) > limit {
		found = found[:limit]
	}
	out := make([]Hit, len(found))
	for k, f := range found {
		e := b.entries[f.i]
		out[k] = Hit{ID: e.ID, Path: e.Path}
	}
	return out
}

// score is entry i's BM25 score for the query terms (Lucene's idf, which
// is never negative). Terms are summed in query order, so the float is
// reproducible.
func (b *baseline) score(i int, terms []string) float64 {
	n := float64(len(b.entries))
	var s float64
	for _, t := range terms {
		f := float64(b.tf[i][t])
		if f == 0 {
			continue
		}
		df := float64(b.df[t])
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		s += idf * f * (baselineK1 + 1) / (f + baselineK1*(1-baselineB+baselineB*b.dl[i]/b.avgdl))
	}
	return s
}

// tokenize is the baseline's tokenizer: maximal runs of letters and digits,
// lower-cased. Deliberately simple — no identifier splitting, no stemming,
// no stopwords — so the baseline measures what plain BM25 gets for free.
func tokenize(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// uniqueTerms keeps each term once, in first-occurrence order. A query's
// length is bounded by the suite (maxInputBytes), so its terms are too.
func uniqueTerms(ts []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range ts {
		if seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}
