package retrieval

import (
	"math"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/history"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// BM25 parameters (Robertson & Zaragoza, "The Probabilistic Relevance
// Framework: BM25 and Beyond", 2009; BM25F for the fields).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Field weights of BM25F: a term in an entry's title says more about it
// than the same term in its body.
const (
	weightTitle    = 3.0
	weightHeadings = 2.0
	weightPath     = 2.0
	weightSymbols  = 2.0
	weightAliases  = 2.0
	weightSummary  = 1.5
	weightBody     = 1.0
)

// Index fields, in the order of fieldWeights and fieldNames.
const (
	fieldTitle = iota
	fieldHeadings
	fieldPath
	fieldSymbols
	fieldAliases
	fieldSummary
	fieldBody
	numFields
)

var (
	fieldWeights = [numFields]float64{weightTitle, weightHeadings, weightPath, weightSymbols, weightAliases, weightSummary, weightBody}
	fieldNames   = [numFields]string{"title", "headings", "path", "symbols", "aliases", "summary", "body"}
)

// posting is one entry's term frequencies of one term, per field.
type posting struct {
	entry int32
	tf    [numFields]uint16
}

// Index is the searchable form of a projection: BM25F postings, the
// identity tables the boosts look up, and the relation graph proximity
// walks. It is read-only after NewIndex; Search and Recent are safe for
// concurrent use.
type Index struct {
	entries  []Entry
	postings map[string][]posting
	lens     [][numFields]uint16
	// latin is whether most letters of an entry's title, headings and
	// body are Latin: a page in another script (a translation) matches a
	// question in English only through the code it quotes.
	latin []bool
	// history is whether an entry is a document that records the past
	// (history.Document): a change log, release notes, a blog post.
	history []bool
	avgLen  [numFields]float64
	// pageRankNodes is N of canonicality's 4·ln(1+pagerank·N): the
	// entries PageRank ranked (pagerank·N is 1 for an average one).
	pageRankNodes int
	// Identity tables: folded key → entry indices, ascending.
	byID, byPath, byBase, bySymbol map[string][]int32
	// dirs holds every directory that contains an entry's path.
	dirs map[string]bool
	// adj is the proximity graph over entries (CSR: adj[off[i]:off[i+1]]).
	off []int32
	adj []int32
	// build is NewIndex's working memory, dropped when it returns.
	build *indexBuild
}

// indexBuild is the per-entry working memory of NewIndex.
type indexBuild struct {
	tf    map[string]int32 // term → position in terms
	terms []posting
	names []string
}

// proximityRelations are the relations proximity walks, in both
// directions: the ones that say two things are about each other.
// contains is left out — being in the same directory is no relation.
var proximityRelations = map[string]bool{
	snapshot.RelLinksTo: true, snapshot.RelMentions: true, snapshot.RelMentionsSymbol: true,
	snapshot.RelCovers: true, snapshot.RelImports: true, snapshot.RelReExports: true,
}

// NewIndex indexes p; s supplies the relations for proximity (nil: no
// proximity).
//
// Cost: O(tokens of every field) plus O(R) over the relations.
func NewIndex(p *Projection, s *snapshot.Snapshot) *Index {
	ix := &Index{
		postings: map[string][]posting{},
		byID:     map[string][]int32{}, byPath: map[string][]int32{},
		byBase: map[string][]int32{}, bySymbol: map[string][]int32{},
		dirs: map[string]bool{},
	}
	if p == nil {
		return ix
	}
	ix.entries = p.Entries
	ix.build = &indexBuild{tf: map[string]int32{}}
	defer func() { ix.build = nil }()
	ix.lens = make([][numFields]uint16, len(ix.entries))
	ix.latin = make([]bool, len(ix.entries))
	ix.history = make([]bool, len(ix.entries))
	var total, have [numFields]float64
	for i := range ix.entries {
		e := &ix.entries[i]
		ix.addEntry(int32(i), e)
		ix.latin[i] = mostlyLatin(e.Title, e.Headings, e.Body)
		ix.history[i] = e.Kind == snapshot.KindDocument && history.Document(e.Path, e.Headings)
		for f := range numFields {
			if n := ix.lens[i][f]; n > 0 {
				total[f] += float64(n)
				have[f]++
			}
		}
		if e.Facts.PageRank > 0 {
			ix.pageRankNodes++
		}
	}
	// The average is over the entries that have the field: code has no
	// body, and counting it would make every document look long.
	for f := range numFields {
		if have[f] > 0 {
			ix.avgLen[f] = total[f] / have[f]
		}
	}
	ix.buildGraph(s)
	return ix
}

// addEntry tokenizes one entry's fields into the postings and fills the
// identity tables.
func (ix *Index) addEntry(i int32, e *Entry) {
	texts := [numFields][]string{
		fieldTitle:    {e.Title},
		fieldHeadings: intentPhrases(e),
		fieldPath:     {e.Path},
		fieldSymbols:  e.Symbols,
		fieldAliases:  e.Aliases,
		fieldSummary:  {e.Summary},
		fieldBody:     {e.Body},
	}
	// tf and terms are reused from entry to entry; terms keeps the
	// first-seen order, so the postings do not depend on map order.
	clear(ix.build.tf)
	terms := ix.build.terms[:0]
	for f, parts := range texts {
		n := 0
		for _, part := range parts {
			toks, cut := tokenizeN(part, maxFieldTokens-n)
			for _, t := range toks {
				k, ok := ix.build.tf[t]
				if !ok {
					k = int32(len(terms))
					ix.build.tf[t] = k
					terms = append(terms, posting{entry: i})
					ix.build.names = append(ix.build.names[:k], t)
				}
				terms[k].tf[f]++
			}
			n += len(toks)
			if cut {
				break
			}
		}
		ix.lens[i][f] = uint16(n)
	}
	for k, p := range terms {
		t := ix.build.names[k]
		ix.postings[t] = append(ix.postings[t], p)
	}
	ix.build.terms = terms
	add := func(m map[string][]int32, key string) {
		if key == "" {
			return
		}
		if l := m[key]; len(l) == 0 || l[len(l)-1] != i {
			m[key] = append(l, i)
		}
	}
	add(ix.byID, strings.ToLower(e.ID))
	for _, a := range e.Aliases {
		add(ix.byID, strings.ToLower(a))
	}
	if e.Path != "" && e.Path != "." {
		add(ix.byPath, strings.ToLower(e.Path))
		base := strings.ToLower(path.Base(e.Path))
		add(ix.byBase, base)
		if ext := path.Ext(base); ext != "" && ext != base {
			add(ix.byBase, strings.TrimSuffix(base, ext))
		}
		for d := strings.ToLower(path.Dir(e.Path)); d != "." && d != "/" && !ix.dirs[d]; d = path.Dir(d) {
			ix.dirs[d] = true
		}
	}
	if e.Kind == snapshot.KindModule {
		for _, sym := range e.Symbols {
			add(ix.bySymbol, sym)
			if _, method, ok := strings.Cut(sym, "."); ok {
				add(ix.bySymbol, method) // Type.Method answers to Method
			}
			if qual := path.Base(path.Dir(e.Path)); qual != "." && qual != "/" {
				add(ix.bySymbol, qual+"."+sym) // Go-style package.Symbol
			}
		}
	}
}

// buildGraph maps the proximity relations of s onto entry indices.
func (ix *Index) buildGraph(s *snapshot.Snapshot) {
	ix.off = make([]int32, len(ix.entries)+1)
	if s == nil {
		return
	}
	pos := make(map[string]int32, len(ix.entries))
	for i := range ix.entries {
		pos[ix.entries[i].ID] = int32(i)
	}
	var edges [][2]int32
	for i := range s.Relations {
		r := &s.Relations[i]
		if !proximityRelations[r.Kind] {
			continue
		}
		f, okf := pos[r.From]
		t, okt := pos[r.To]
		if !okf || !okt || f == t {
			continue
		}
		edges = append(edges, [2]int32{f, t}, [2]int32{t, f})
	}
	// Sorted adjacency: the walk's order, and so its cut at the visit
	// bound, does not depend on the relations' order.
	slices.SortFunc(edges, func(a, b [2]int32) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	edges = slices.Compact(edges)
	ix.adj = make([]int32, len(edges))
	for k, e := range edges {
		ix.off[e[0]+1]++
		ix.adj[k] = e[1]
	}
	for i := 1; i < len(ix.off); i++ {
		ix.off[i] += ix.off[i-1]
	}
}

// Len is the number of indexed entries.
func (ix *Index) Len() int { return len(ix.entries) }

// idf is BM25's inverse document frequency, never negative.
func (ix *Index) idf(df int) float64 {
	n := float64(len(ix.entries))
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// bm25With scores one posting of a term with inverse document frequency
// idf: BM25F, the field-weighted, length-normalised frequencies summed
// before the k1 saturation, with t's field weights, k1 and b.
func (ix *Index) bm25With(p posting, idf float64, t *Tuning) float64 {
	var tf float64
	for f := range numFields {
		if p.tf[f] == 0 || t.Fields[f] == 0 {
			continue
		}
		norm := 1.0
		if ix.avgLen[f] > 0 {
			norm = 1 - t.B + t.B*float64(ix.lens[p.entry][f])/ix.avgLen[f]
		}
		tf += t.Fields[f] * float64(p.tf[f]) / norm
	}
	if tf == 0 {
		return 0
	}
	return idf * tf * (t.K1 + 1) / (t.K1 + tf)
}
