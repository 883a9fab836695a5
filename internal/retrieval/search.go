package retrieval

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Search bounds.
const (
	// DefaultLimit is the number of hits a query returns when it asks for
	// none.
	DefaultLimit = 10
	// MaxLimit bounds Query.Limit.
	MaxLimit = 1000
	// maxQueryTerms bounds the distinct terms of a query; the rest are
	// ignored and recorded in Results.Truncated.
	maxQueryTerms = 32
)

// Bound names of Results.Truncated.
const (
	boundQueryTerms     = "queryTerms"
	boundProximityEdges = "proximityEdges"
)

// Query is one search.
type Query struct {
	Text    string
	Kinds   []string // filter applied after ranking
	Limit   int      // 0 = DefaultLimit
	Explain bool     // fill Hit.Components
	// LexicalOnly ranks by plain BM25F over the entries matching any term:
	// no identity boosts, graph, signal or all-terms preference. (The
	// retrieval benchmark's baseline is bench.NewBaseline, not this.)
	LexicalOnly bool
	// Tuning replaces NaturalTuning for a natural-language query (the
	// fitting helper's hook); nil: NaturalTuning.
	Tuning *Tuning
}

// Hit is one ranked entry.
type Hit struct {
	ID    string  `json:"id"`
	Kind  string  `json:"kind"`
	Path  string  `json:"path"`
	Title string  `json:"title"`
	Score float64 `json:"score"`
	// Summary is the entry's summary (a document's first paragraph, a
	// module's or package's doc comment); the first section a token budget
	// drops.
	Summary string `json:"summary,omitempty"`
	// Closest is set when the entry matched only some of the terms.
	Closest bool `json:"closest,omitempty"`
	// Anchor is the heading anchor of the document's section that best
	// matched a natural-language query ("" for the text before the first
	// heading, and on the identifier path).
	Anchor string `json:"anchor,omitempty"`
	// Snippet is that section's words around the query's terms, the
	// terms marked **term**.
	Snippet string `json:"snippet,omitempty"`
	// Modified is the document's modification time (Unix seconds) in an
	// answer of Recent; 0 when unknown.
	Modified int64 `json:"modified,omitempty"`
	// Components are the score's parts (with Explain): bm25, idExact,
	// path, basename, symbol, dirPrefix, proximity, canonicality, signal,
	// superseded. They add up to Score.
	Components map[string]float64 `json:"components,omitempty"`
}

// Results is the answer to a query, capped at its limit.
type Results struct {
	Query string `json:"query"`
	Hits  []Hit  `json:"hits"`
	Total int    `json:"total"` // matches before the limit
	Cut   int    `json:"cut"`   // Total - len(Hits)
	// Closest is set when no entry matched every term: the hits are the
	// entries matching any term.
	Closest bool `json:"closest,omitempty"`
	// Recent is set when the hits are the most recently changed documents
	// (a blank query; see Index.Recent).
	Recent bool `json:"recent,omitempty"`
	// Truncated records the bounds the query crossed.
	Truncated []Truncation `json:"truncated,omitempty"`
	// Class is the path the query took: identifier or natural (see
	// Index.Classify); empty for a lexical-only search.
	Class string `json:"class,omitempty"`
}

// scratch is one query's per-entry working memory, pooled: a query
// touches few entries, and clearing only those keeps a search on a large
// index from paying for the whole index.
type scratch struct {
	lex     []float64
	mask    []uint64
	touched []int32
	// Proximity: near is the distance to the nearest seed (0: not
	// reached), seen marks the current walk's visits by epoch.
	near        []uint8
	nearTouched []int32
	seen        []uint32
	epoch       uint32
	frontier    []int32
	// cands is the candidates' buffer, kept between queries: a query's
	// candidates are a few thousand values of ranked, and growing them
	// anew each time was most of a query's garbage.
	cands []ranked
	// pass is the buffer of the candidates the kinds filter passes, kept
	// between queries like cands.
	pass []*ranked
}

var scratchPool sync.Pool

func (ix *Index) getScratch() *scratch {
	sc, _ := scratchPool.Get().(*scratch)
	if sc == nil || len(sc.lex) < len(ix.entries) {
		n := len(ix.entries)
		sc = &scratch{lex: make([]float64, n), mask: make([]uint64, n), near: make([]uint8, n), seen: make([]uint32, n)}
	}
	return sc
}

func putScratch(sc *scratch) {
	for _, i := range sc.touched {
		sc.lex[i], sc.mask[i] = 0, 0
	}
	for _, i := range sc.nearTouched {
		sc.near[i] = 0
	}
	sc.touched, sc.nearTouched = sc.touched[:0], sc.nearTouched[:0]
	if sc.epoch > 1<<31 { // long before it wraps
		clear(sc.seen)
		sc.epoch = 0
	}
	scratchPool.Put(sc)
}

// Search ranks the entries for q: those the whole query names, and every
// entry matching any term — those that miss a term flagged Closest, their
// lexical score scaled by the share of terms they match. The answer is
// capped at q.Limit; Total and Cut say how many matched and were cut.
//
// Cost: O(postings of the query's terms) plus O(k log limit) to pick the
// first hits of the k candidates (topRanked's bounded heap), plus the
// proximity walks (bounded), plus, for a question, the sections of the
// document hits returned (each body split and tokenized once more).
func (ix *Index) Search(q Query) Results {
	text := strings.TrimSpace(q.Text)
	res := Results{Query: text, Hits: []Hit{}}
	terms, cut := queryTerms(text)
	class, _ := ix.Classify(text)
	tun := &identifierTuning
	natural := false
	if !q.LexicalOnly {
		res.Class = class
		if natural = class == classNatural; natural {
			tun = &NaturalTuning
			if q.Tuning != nil {
				tun = q.Tuning
			}
			if tun.QueryStopwords {
				terms = dropQueryStopwords(terms)
			}
		}
	}
	if cut > 0 {
		res.Truncated = append(res.Truncated, Truncation{Bound: boundQueryTerms, Limit: maxQueryTerms, Omitted: cut})
	}
	sc := ix.getScratch()
	defer putScratch(sc)
	for k, t := range terms {
		ps := ix.postings[t]
		idf := ix.idf(len(ps))
		for _, p := range ps {
			s := ix.bm25With(p, idf, tun)
			if s == 0 {
				continue // only in fields the tuning weighs 0
			}
			if sc.mask[p.entry] == 0 {
				sc.touched = append(sc.touched, p.entry)
			}
			sc.lex[p.entry] += s
			sc.mask[p.entry] |= 1 << k
		}
	}
	var cands []ranked
	if q.LexicalOnly {
		cands = ix.lexicalOnly(sc)
	} else {
		cands, res.Closest = ix.candidates(sc, text, len(terms), tun.Coordination)
		if n := ix.score(cands, sc, q, text, tun, natural); n > 0 {
			res.Truncated = append(res.Truncated, Truncation{Bound: boundProximityEdges, Limit: maxProximityEdges, Omitted: n})
		}
	}
	for i := range cands {
		cands[i].score = cands[i].comp.sum()
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	pass := sc.pass[:0]
	for i := range cands {
		if len(q.Kinds) == 0 || slices.Contains(q.Kinds, cands[i].entry.Kind) {
			pass = append(pass, &cands[i])
		}
	}
	sc.pass = pass
	res.Total = len(pass)
	for _, c := range topRanked(pass, limit) {
		h := Hit{ID: c.entry.ID, Kind: c.entry.Kind, Path: c.entry.Path, Title: c.entry.Title, Score: c.score, Summary: c.entry.Summary, Closest: c.closest}
		if natural {
			h.Anchor, h.Snippet = ix.bestSection(c.idx, terms)
		}
		if q.Explain {
			h.Components = c.comp.asMap()
		}
		res.Hits = append(res.Hits, h)
	}
	res.Cut = res.Total - len(res.Hits)
	return res
}

// queryTerms are the query's distinct terms in order, at most
// maxQueryTerms; cut counts the distinct terms left out.
func queryTerms(text string) ([]string, int) {
	var terms []string
	cut := 0
	seen := map[string]bool{}
	for _, t := range tokenize(text) {
		if seen[t] {
			continue
		}
		seen[t] = true
		if len(terms) == maxQueryTerms {
			cut++
			continue
		}
		terms = append(terms, t)
	}
	return terms, cut
}

// lexicalOnly makes every entry matching any term a candidate scored by
// its raw BM25F.
func (ix *Index) lexicalOnly(sc *scratch) []ranked {
	out := make([]ranked, 0, len(sc.touched))
	for _, i := range sc.touched {
		r := ranked{entry: &ix.entries[i], idx: i}
		r.comp[cBM25] = sc.lex[i]
		out = append(out, r)
	}
	return out
}

// candidates picks the entries to rank: every entry matching any term,
// and those the whole query names. An entry that misses a term is flagged
// closest and its lexical score is scaled by the share of terms it matches
// (coordination), so an entry matching every term leads unless a partial
// match is far stronger on the terms it has. closest is true when no entry
// matches every term and the query names none.
func (ix *Index) candidates(sc *scratch, text string, nTerms int, coord float64) ([]ranked, bool) {
	named := ix.identity(text)
	full := uint64(1)<<nTerms - 1
	out := sc.cands[:0]
	defer func() { sc.cands = out[:0] }()
	add := func(i int32, closest bool) {
		r := ranked{entry: &ix.entries[i], idx: i, closest: closest}
		r.comp = named[i]
		out = append(out, r)
	}
	complete := 0
	for _, i := range sc.touched {
		if _, ok := named[i]; ok {
			continue
		}
		if sc.mask[i] == full {
			complete++
		} else if nTerms > 0 {
			sc.lex[i] *= coordination(bits.OnesCount64(sc.mask[i]), nTerms, coord)
		}
		add(i, sc.mask[i] != full)
	}
	// Named entries in index order, so that the candidates' order (and
	// with it every float sum) never depends on map order.
	ids := make([]int32, 0, len(named))
	for i := range named {
		ids = append(ids, i)
	}
	slices.Sort(ids)
	for _, i := range ids {
		add(i, false)
	}
	return out, complete == 0 && len(named) == 0 && len(sc.touched) > 0
}

// score fills every component but the identity boosts (set by
// candidates); it returns how many proximity walks were cut.
func (ix *Index) score(cands []ranked, sc *scratch, q Query, text string, tun *Tuning, natural bool) int {
	maxLex := 0.0
	for i := range cands {
		maxLex = max(maxLex, sc.lex[cands[i].idx])
	}
	dir, isDir := ix.queryDir(text)
	hint := parseHints(text)
	if natural {
		hint.kinds = hint.asked
	}
	if !tun.KindHints {
		hint.kinds = nil
	}
	graph := tun.graphScale(natural)
	queryLatin := mostlyLatin(text, nil, "")
	// Seeds: the best lexical matches, ties by index (id order).
	seeds := make([]int32, 0, len(cands))
	for i := range cands {
		if sc.lex[cands[i].idx] > 0 {
			seeds = append(seeds, cands[i].idx)
		}
	}
	slices.SortFunc(seeds, func(a, b int32) int {
		if c := cmp.Compare(sc.lex[b], sc.lex[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	seeds = seeds[:min(len(seeds), proximitySeeds)]
	cut := ix.proximity(seeds, sc)
	for i := range cands {
		c := &cands[i]
		e := c.entry
		if maxLex > 0 {
			c.comp[cBM25] = lexicalMax * sc.lex[c.idx] / maxLex
		}
		if isDir && strings.HasPrefix(strings.ToLower(e.Path), dir+"/") {
			c.comp[cDirPrefix] = dirPrefixBoost
		}
		if d := sc.near[c.idx]; d > 0 {
			c.comp[cProximity] = graph * proximityBoost(int(d))
		}
		c.comp[cCanonicality] = graph * canonicalityScore(e.Facts.PageRank, ix.pageRankNodes)
		if e.Signal != 0 && sc.lex[c.idx] > 0 {
			// The agent signal reorders what the words found; it never
			// brings in an entry by itself.
			c.comp[cSignal] = signalWeight * clampSignal(e.Signal)
		}
		if e.Status == statusSuperseded {
			c.superseded = true
			c.comp[cSuperseded] = -supersededPenalty
		}
		c.comp[cHint] = hint.boost(e)
		if len(hint.kinds) > 0 && !slices.Contains(hint.kinds, e.Kind) {
			// The question asks for another kind: this entry's words
			// count half.
			c.comp[cBM25] *= otherKindFactor
		} else if natural && len(hint.kinds) == 0 && e.Kind != snapshot.KindDocument {
			// A question in words asks for documentation unless it names
			// a kind.
			c.comp[cBM25] *= tun.CodeFactor
		}
		if natural && ix.latin[c.idx] != queryLatin {
			c.comp[cBM25] *= tun.ScriptFactor
		}
		if natural && ix.history[c.idx] {
			c.comp[cBM25] *= tun.HistoryFactor
		}
	}
	return cut
}

// coordination is the factor of an entry matching matched of n terms:
// (matched/n)^exp, exactly the share when exp is 1.
func coordination(matched, n int, exp float64) float64 {
	share := float64(matched) / float64(n)
	switch exp {
	case 0:
		return 1
	case 1:
		return share
	}
	return math.Pow(share, exp)
}
