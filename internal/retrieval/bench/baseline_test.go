package bench

import (
	"math"
	"reflect"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"How do I turn off a rule?", []string{"how", "do", "i", "turn", "off", "a", "rule"}},
		{"internal/report/sarif.go", []string{"internal", "report", "sarif", "go"}},
		{"WriteSARIF", []string{"writesarif"}},        // no identifier splitting
		{"DRIFT_SYMBOL", []string{"drift", "symbol"}}, // _ is not a letter
		{"`graph.Compute`", []string{"graph", "compute"}},
		{"Ünïcode Straße 42", []string{"ünïcode", "straße", "42"}},
		{"  ...  ", nil},
	}
	for _, tt := range tests {
		if got := tokenize(tt.in); (len(got) > 0 || len(tt.want) > 0) && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tokenize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func proj(entries ...retrieval.Entry) *retrieval.Projection {
	return &retrieval.Projection{Entries: entries}
}

func ids(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.ID)
	}
	return out
}

// TestBaselineScore checks the formula on a case with a closed form: with
// equal lengths (dl = avgdl) and tf = 1, BM25 is the idf, and a term in one
// of two entries has idf ln(1 + 1.5/1.5) = ln 2.
func TestBaselineScore(t *testing.T) {
	b := NewBaseline(proj(
		retrieval.Entry{ID: "document:a.md", Title: "alpha beta"},
		retrieval.Entry{ID: "document:b.md", Title: "gamma beta"},
	)).(*baseline)
	// Path is part of the field; both are empty here, so lengths are equal.
	if got := b.score(0, []string{"alpha"}); math.Abs(got-math.Ln2) > 1e-12 {
		t.Errorf("score = %v, want ln 2", got)
	}
	// A term in every entry: idf ln(1 + 0.5/2.5).
	if got, want := b.score(0, []string{"beta"}), math.Log(1.2); math.Abs(got-want) > 1e-12 {
		t.Errorf("score = %v, want %v", got, want)
	}
	if got := b.score(1, []string{"alpha"}); got != 0 {
		t.Errorf("absent term scored %v", got)
	}
}

func TestBaselineRanking(t *testing.T) {
	tests := []struct {
		name    string
		entries []retrieval.Entry
		query   string
		want    []string
	}{
		{"term frequency",
			[]retrieval.Entry{
				{ID: "document:a.md", Body: "cycle word word word"},
				{ID: "document:b.md", Body: "cycle cycle word word"},
				{ID: "document:c.md", Body: "none here at all"},
			}, "cycle", []string{"document:b.md", "document:a.md"}},
		{"length normalization",
			[]retrieval.Entry{
				{ID: "document:long.md", Body: "cycle and many other words in a long body of text"},
				{ID: "document:short.md", Body: "cycle here"},
			}, "cycle", []string{"document:short.md", "document:long.md"}},
		{"rare term outweighs common term",
			[]retrieval.Entry{
				{ID: "document:a.md", Body: "common x"},
				{ID: "document:b.md", Body: "common x"},
				{ID: "document:c.md", Body: "rare x"},
			}, "common rare", []string{"document:c.md", "document:a.md", "document:b.md"}},
		// One field, no boosts: the same term in the title, a symbol, the
		// path or the body scores alike, and ties go to the smaller id.
		{"no field weights",
			[]retrieval.Entry{
				{ID: "module:z.go", Path: "z.go", Symbols: []string{"Compute"}},
				{ID: "document:m.md", Path: "m.md", Body: "compute"},
				{ID: "document:a.md", Path: "a.md", Title: "Compute"},
			}, "compute", []string{"document:a.md", "document:m.md", "module:z.go"}},
		{"no hit", []retrieval.Entry{{ID: "document:a.md", Body: "x"}}, "y", nil},
		{"blank query", []retrieval.Entry{{ID: "document:a.md", Body: "x"}}, " ", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ids(NewBaseline(proj(tt.entries...)).Search(tt.query, 10))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Search(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}

func TestBaselineLimitAndEmpty(t *testing.T) {
	var es []retrieval.Entry
	for _, id := range []string{"document:a.md", "document:b.md", "document:c.md"} {
		es = append(es, retrieval.Entry{ID: id, Path: id[len("document:"):], Body: "x"})
	}
	b := NewBaseline(proj(es...))
	if got := b.Search("x", 2); len(got) != 2 || got[0] != (Hit{ID: "document:a.md", Path: "a.md"}) {
		t.Errorf("limit 2 gave %+v", got)
	}
	if got := b.Search("x", 0); got != nil {
		t.Errorf("limit 0 gave %+v", got)
	}
	if got := NewBaseline(nil).Search("x", 5); got != nil {
		t.Errorf("nil projection gave %+v", got)
	}
	if got := NewBaseline(proj()).Search("x", 5); got != nil {
		t.Errorf("empty projection gave %+v", got)
	}
}
