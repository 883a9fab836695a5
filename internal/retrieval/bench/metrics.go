package bench

import "slices"

// searchLimit is how many hits Run asks for per case: ranks past it count
// as misses, so MRR is MRR@searchLimit.
const searchLimit = 10

// maxTopHits bounds the hits a CaseResult keeps to show what came instead.
const maxTopHits = 3

// Hit is one search result: its entity id and its path.
type Hit struct {
	ID   string `json:"id"`
	Path string `json:"path,omitempty"`
}

// Searcher is a ranker under test. It returns at most limit hits, best
// first, and must be deterministic.
type Searcher interface {
	Search(query string, limit int) []Hit
}

// CaseResult is how one case fared.
type CaseResult struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Rank is the 1-based position of the first hit matching an expected
	// target, 0 when none is in the first searchLimit hits.
	Rank int `json:"rank"`
	// Hits is how many hits the searcher returned (0 is a zero result).
	Hits int `json:"hits"`
	// Top are the first hits' ids (at most maxTopHits), to show a miss.
	Top []string `json:"top,omitempty"`
}

// Metrics aggregate a set of cases.
type Metrics struct {
	Cases int `json:"cases"`
	// Hit1 and Hit3 are the shares of cases answered at rank 1 and
	// within the first 3.
	Hit1 float64 `json:"hit1"`
	Hit3 float64 `json:"hit3"`
	// MRR is the mean reciprocal rank (a miss counts 0).
	MRR float64 `json:"mrr"`
	// ZeroRate is the share of cases with no hit at all.
	ZeroRate float64 `json:"zeroRate"`
}

// KindMetrics are the metrics of one case kind.
type KindMetrics struct {
	Kind string `json:"kind"`
	Metrics
}

// Result is a suite run.
type Result struct {
	Suite   string  `json:"suite"`
	Overall Metrics `json:"overall"`
	// ByKind lists the kinds present in the suite, in kinds order.
	ByKind []KindMetrics `json:"byKind"`
	// Cases are in suite order.
	Cases []CaseResult `json:"cases"`
}

// Run searches every case of s with sr and aggregates the ranks. It is
// deterministic when sr is.
func Run(s Suite, sr Searcher) Result {
	res := Result{Suite: s.Name, Cases: make([]CaseResult, 0, len(s.Cases))}
	for _, c := range s.Cases {
		hits := sr.Search(c.Input, searchLimit)
		if len(hits) > searchLimit {
			hits = hits[:searchLimit]
		}
		cr := CaseResult{ID: c.ID, Kind: c.Metadata.Kind, Hits: len(hits), Rank: rankOf(hits, c.Metadata.ExpectedTargets)}
		for i := 0; i < len(hits) && i < maxTopHits; i++ {
			cr.Top = append(cr.Top, hits[i].ID)
		}
		res.Cases = append(res.Cases, cr)
	}
	res.Overall = aggregate(res.Cases)
	for _, k := range kinds {
		var sub []CaseResult
		for _, cr := range res.Cases {
			if cr.Kind == k {
				sub = append(sub, cr)
			}
		}
		if len(sub) > 0 {
			res.ByKind = append(res.ByKind, KindMetrics{Kind: k, Metrics: aggregate(sub)})
		}
	}
	return res
}

// Misses returns the cases not answered within the first 3 hits, in
// suite order.
func (r Result) Misses() []CaseResult {
	var out []CaseResult
	for _, c := range r.Cases {
		if c.Rank == 0 || c.Rank > 3 {
			out = append(out, c)
		}
	}
	return out
}

// matches reports whether a hit is one of the targets, by id or by path.
func matches(h Hit, targets []string) bool {
	return slices.Contains(targets, h.ID) || (h.Path != "" && slices.Contains(targets, h.Path))
}

// rankOf is the 1-based position of the first matching hit, 0 for none.
func rankOf(hits []Hit, targets []string) int {
	for i, h := range hits {
		if matches(h, targets) {
			return i + 1
		}
	}
	return 0
}

// aggregate computes the metrics of cases; sums run in case order so the
// floats are reproducible.
func aggregate(cases []CaseResult) Metrics {
	m := Metrics{Cases: len(cases)}
	if len(cases) == 0 {
		return m
	}
	var h1, h3, zero int
	var rr float64
	for _, c := range cases {
		if c.Rank == 1 {
			h1++
		}
		if c.Rank >= 1 && c.Rank <= 3 {
			h3++
		}
		if c.Rank > 0 {
			rr += 1 / float64(c.Rank)
		}
		if c.Hits == 0 {
			zero++
		}
	}
	n := float64(len(cases))
	m.Hit1, m.Hit3, m.MRR, m.ZeroRate = float64(h1)/n, float64(h3)/n, rr/n, float64(zero)/n
	return m
}
