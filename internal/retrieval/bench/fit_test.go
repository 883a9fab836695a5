package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval"
)

// fitEnv asks TestFitNatural to run the fit (it also needs corpusEnv).
const fitEnv = "DOCBRIDGE_RETRIEVAL_FIT"

// tunedSearcher is docbridge's ranker with a natural-language tuning
// other than NaturalTuning.
type tunedSearcher struct {
	ix *retrieval.Index
	t  retrieval.Tuning
}

func (s tunedSearcher) Search(query string, limit int) []Hit {
	t := s.t
	res := s.ix.Search(retrieval.Query{Text: query, Limit: limit, Tuning: &t})
	out := make([]Hit, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = Hit{ID: h.ID, Path: h.Path}
	}
	return out
}

// fitSuite is one external suite ready to run.
type fitSuite struct {
	name      string
	dev, test Suite
	ix        *retrieval.Index
	base      Searcher
}

// fitScore is the objective over the dev halves: mean hit@3 plus mean
// MRR, then mean hit@1.
type fitScore struct{ hit1, hit3, mrr float64 }

func (a fitScore) better(b fitScore) bool {
	if x, y := a.hit3+a.mrr, b.hit3+b.mrr; x != y {
		return x > y+1e-9
	}
	return a.hit1 > b.hit1+1e-9
}

func evalHalves(suites []fitSuite, t retrieval.Tuning, test bool) (fitScore, []Result) {
	var s fitScore
	var rs []Result
	for _, fs := range suites {
		half := fs.dev
		if test {
			half = fs.test
		}
		r := Run(half, tunedSearcher{fs.ix, t})
		rs = append(rs, r)
		s.hit1 += r.Overall.Hit1 / float64(len(suites))
		s.hit3 += r.Overall.Hit3 / float64(len(suites))
		s.mrr += r.Overall.MRR / float64(len(suites))
	}
	return s, rs
}

// fitAxis is one parameter of the grid and the values it tries.
type fitAxis struct {
	name   string
	values []float64
	set    func(*retrieval.Tuning, float64)
}

func fitAxes() []fitAxis {
	field := func(i int) func(*retrieval.Tuning, float64) {
		return func(t *retrieval.Tuning, v float64) { t.Fields[i] = v }
	}
	names := retrieval.FieldNames
	idx := func(name string) int {
		for i, n := range names {
			if n == name {
				return i
			}
		}
		panic(name)
	}
	return []fitAxis{
		{"title", []float64{1, 2, 3, 4, 6, 8, 10}, field(idx("title"))},
		{"headings", []float64{0.5, 1, 2, 3}, field(idx("headings"))},
		{"path", []float64{0, 0.5, 1, 2, 3}, field(idx("path"))},
		{"summary", []float64{0, 0.5, 1, 1.5, 2}, field(idx("summary"))},
		{"body", []float64{0.5, 1, 1.5}, field(idx("body"))},
		{"k1", []float64{0.6, 0.9, 1.2, 1.6, 2.0, 2.5, 3, 4, 5}, func(t *retrieval.Tuning, v float64) { t.K1 = v }},
		{"b", []float64{0.3, 0.5, 0.75, 0.9, 1}, func(t *retrieval.Tuning, v float64) { t.B = v }},
		{"coordination", []float64{0, 0.5, 1, 2}, func(t *retrieval.Tuning, v float64) { t.Coordination = v }},
		{"graph", []float64{0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5}, func(t *retrieval.Tuning, v float64) { t.Graph = v }},
		{"kindHints", []float64{0, 1}, func(t *retrieval.Tuning, v float64) { t.KindHints = v != 0 }},
		{"codeFactor", []float64{0.1, 0.25, 0.5, 0.75, 1}, func(t *retrieval.Tuning, v float64) { t.CodeFactor = v }},
		{"scriptFactor", []float64{0.25, 0.5, 0.75, 1}, func(t *retrieval.Tuning, v float64) { t.ScriptFactor = v }},
		{"queryStopwords", []float64{0, 1}, func(t *retrieval.Tuning, v float64) { t.QueryStopwords = v != 0 }},
		{"historyFactor", []float64{0.1, 0.25, 0.5, 0.75, 1}, func(t *retrieval.Tuning, v float64) { t.HistoryFactor = v }},
	}
}

// TestFitNatural fits NaturalTuning on the dev halves of the external
// suites by coordinate ascent over a small grid (fitAxes), starting from
// NaturalTuning, and logs the best tuning with its dev figures and, for
// the report only, its test figures. The test halves never choose. It
// runs only when both DOCBRIDGE_RETRIEVAL_CORPUS and
// DOCBRIDGE_RETRIEVAL_FIT are set:
//
//	DOCBRIDGE_RETRIEVAL_CORPUS=/tmp/retrieval/corpus DOCBRIDGE_RETRIEVAL_FIT=1 \
//	  go test -count=1 -run TestFitNatural -v ./internal/retrieval/bench
//
// DOCBRIDGE_RETRIEVAL_FIT=misses also lists the dev cases not answered
// first, with what came instead.
func TestFitNatural(t *testing.T) {
	root := os.Getenv(corpusEnv)
	if root == "" || os.Getenv(fitEnv) == "" {
		t.Skipf("set %s and %s=1 to fit the natural-language tuning", corpusEnv, fitEnv)
	}
	var suites []fitSuite
	for _, r := range loadExternalCorpus(t) {
		slug := strings.Replace(r.Repository, "/", "+", 1)
		s := loadSuiteFile(t, filepath.Join(externalDir, r.Suite))
		p, snap := projectExternal(t, filepath.Join(root, slug))
		dev, _ := s.Half(splitDev)
		test, _ := s.Half(splitTest)
		suites = append(suites, fitSuite{name: r.Suite, dev: dev, test: test, ix: retrieval.NewIndex(p, snap), base: NewBaseline(p)})
	}
	best := retrieval.NaturalTuning
	bestScore, _ := evalHalves(suites, best, false)
	t.Logf("start %+v: dev %+v", best, bestScore)
	axes := fitAxes()
	for round := range 8 {
		changed := false
		for _, ax := range axes {
			for _, v := range ax.values {
				cand := best
				ax.set(&cand, v)
				if cand == best {
					continue
				}
				if s, _ := evalHalves(suites, cand, false); s.better(bestScore) {
					best, bestScore, changed = cand, s, true
					t.Logf("round %d: %s=%g: dev %+v", round, ax.name, v, s)
				}
			}
		}
		if !changed {
			break
		}
	}
	t.Logf("fitted: %s", describeTuning(best))
	_, rs := evalHalves(suites, best, false)
	for i, r := range rs {
		b := Run(suites[i].dev, suites[i].base)
		t.Logf("%s dev: docbridge hit@1 %.3f hit@3 %.3f MRR %.3f | bm25 %.3f %.3f %.3f", suites[i].name,
			r.Overall.Hit1, r.Overall.Hit3, r.Overall.MRR, b.Overall.Hit1, b.Overall.Hit3, b.Overall.MRR)
		if os.Getenv(fitEnv) == "misses" {
			for k, c := range r.Cases {
				if c.Rank == 0 || c.Rank > 1 {
					t.Logf("  %s: rank %d (bm25 %d) %q top %v", c.ID, c.Rank, b.Cases[k].Rank, suites[i].dev.Cases[k].Input, c.Top)
				}
			}
		}
	}
}

func describeTuning(t retrieval.Tuning) string {
	var b strings.Builder
	for i, n := range retrieval.FieldNames {
		fmt.Fprintf(&b, "%s %g, ", n, t.Fields[i])
	}
	fmt.Fprintf(&b, "k1 %g, b %g, coordination %g, graph %g, kindHints %v, codeFactor %g, scriptFactor %g, queryStopwords %v, historyFactor %g",
		t.K1, t.B, t.Coordination, t.Graph, t.KindHints, t.CodeFactor, t.ScriptFactor, t.QueryStopwords, t.HistoryFactor)
	return b.String()
}
