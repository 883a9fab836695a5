package retrieval

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestApproxTokens(t *testing.T) {
	tests := []struct {
		name string
		v    any
		json string // the canonical JSON the cost is computed over
	}{
		{"null", nil, `null`},
		{"empty string", "", `""`},
		{"exact multiple of 4", "ab", `"ab"`},
		{"one over", "abc", `"abc"`},
		{"runes, not bytes", "ééééé", `"ééééé"`},
		{"no HTML escaping", "<>&", `"<>&"`},
		{"sorted keys, compact", map[string]int{"b": 1, "a": 22}, `{"a":22,"b":1}`},
		{"struct", struct {
			X []string `json:"x"`
		}{[]string{"y"}}, `{"x":["y"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustJSON(t, tc.v); got != tc.json {
				t.Fatalf("canonical JSON %s, want %s", got, tc.json)
			}
			chars := len([]rune(tc.json))
			want := int(math.Ceil(float64(chars)/4)) + 2
			got, err := ApproxTokens(tc.v)
			if err != nil || got != want {
				t.Errorf("ApproxTokens = %d, %v; want %d (%d chars)", got, err, want, chars)
			}
		})
	}
	// Spot values of the formula itself: 4 chars → 1+2, 5 → 2+2, 7 runes of
	// 12 bytes → 2+2.
	for v, want := range map[string]int{"ab": 3, "abc": 4, "ééééé": 4} {
		if got, _ := ApproxTokens(v); got != want {
			t.Errorf("ApproxTokens(%q) = %d, want %d", v, got, want)
		}
	}
}

// fourSections is a payload with every droppable section, listed in an
// order unlike dropOrder, so that the test sees the order is fixed.
func everySection() Payload {
	return Payload{
		Core: map[string]string{"id": "module:x.go"},
		Sections: []Section{
			{SectionSnippets, map[string]string{"module:x.go": strings.Repeat("p", 20)}},
			{SectionSummaries, map[string]string{"module:x.go": strings.Repeat("s", 40)}},
			{SectionNeighbours, []string{strings.Repeat("n", 80)}},
			{SectionRelated, []string{strings.Repeat("r", 120)}},
			{SectionEvidenceExcerpts, []string{strings.Repeat("e", 160)}},
		},
	}
}

func costs(t *testing.T, p Payload) (core int, by map[string]int) {
	t.Helper()
	core, err := ApproxTokens(p.Core)
	if err != nil {
		t.Fatal(err)
	}
	by = map[string]int{}
	for _, s := range p.Sections {
		if by[s.Name], err = ApproxTokens(s.Value); err != nil {
			t.Fatal(err)
		}
	}
	return core, by
}

// Each step of the drop order: with a limit that fits only after k
// sections are gone, exactly the first k of dropOrder are dropped.
func TestFitDropOrder(t *testing.T) {
	p := everySection()
	core, cost := costs(t, p)
	order := dropOrder()
	// The documented drop order, written out, and a search hit's snippets last:
	// the steps below follow dropOrder.
	if want := []string{"evidenceExcerpts", "related", "neighbours", "summaries", "snippets"}; !slices.Equal(order, want) {
		t.Fatalf("drop order %q, want %q", order, want)
	}
	for k := 0; k <= len(order); k++ {
		limit := core
		for _, name := range order[k:] {
			limit += cost[name]
		}
		for _, lim := range []int{limit, limit + 1} {
			got, rep, err := Fit(p, lim)
			if err != nil {
				t.Fatal(err)
			}
			var keptInPayloadOrder []string
			for _, s := range p.Sections {
				if !slices.Contains(order[:k], s.Name) {
					keptInPayloadOrder = append(keptInPayloadOrder, s.Name)
				}
			}
			want := BudgetReport{Limit: lim, Used: limit, Fits: true, Kept: keptInPayloadOrder, Dropped: slices.Clone(order[:k])}
			if want.Kept == nil {
				want.Kept = []string{}
			}
			if !reflect.DeepEqual(rep, want) {
				t.Errorf("k=%d limit %d: report %+v, want %+v", k, lim, rep, want)
			}
			var names []string
			for _, s := range got.Sections {
				names = append(names, s.Name)
			}
			if !slices.Equal(names, keptInPayloadOrder) || !reflect.DeepEqual(got.Core, p.Core) {
				t.Errorf("k=%d: payload sections %q, want %q", k, names, keptInPayloadOrder)
			}
		}
		// One token less needs the next section dropped too.
		if k < len(order) {
			_, rep, _ := Fit(p, limit-1)
			if !slices.Equal(rep.Dropped, order[:k+1]) {
				t.Errorf("k=%d limit %d: dropped %q, want %q", k, limit-1, rep.Dropped, order[:k+1])
			}
		}
	}
}

// A section the payload lacks (not given, or null) is neither kept nor
// dropped, and the core over the limit drops everything and does not fit.
func TestFitAbsentSectionsAndCoreOver(t *testing.T) {
	var nilMap map[string][]Neighbour
	p := Payload{
		Core: strings.Repeat("c", 100),
		Sections: []Section{
			{SectionNeighbours, nilMap},
			{SectionSummaries, map[string]string{"a": "b"}},
			{SectionEvidenceExcerpts, []Excerpt{{Path: "a", Line: 1, Text: "x"}}},
		},
	}
	core, _ := costs(t, p)
	got, rep, err := Fit(p, core-1)
	if err != nil {
		t.Fatal(err)
	}
	want := BudgetReport{Limit: core - 1, Used: core, Fits: false, Kept: []string{},
		Dropped: []string{SectionEvidenceExcerpts, SectionSummaries}}
	if !reflect.DeepEqual(rep, want) {
		t.Errorf("report %+v, want %+v", rep, want)
	}
	if len(got.Sections) != 0 || got.Core != p.Core {
		t.Errorf("payload %+v", got)
	}
	_, rep, _ = Fit(p, 1<<20)
	if !slices.Equal(rep.Kept, []string{SectionSummaries, SectionEvidenceExcerpts}) || len(rep.Dropped) != 0 || !rep.Fits {
		t.Errorf("a null section is reported: %+v", rep)
	}
	if js := mustJSON(t, rep); !strings.Contains(js, `"dropped":[]`) {
		t.Errorf("dropped must be an empty list, not null: %s", js)
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name  string
		p     Payload
		limit int
		msg   string
	}{
		{"zero limit", Payload{Core: 1}, 0, "limit 0"},
		{"unknown section", Payload{Core: 1, Sections: []Section{{"body", "x"}}}, 10, `unknown section "body"`},
		{"section twice", Payload{Core: 1, Sections: []Section{{SectionRelated, 1}, {SectionRelated, 2}}}, 10, "given twice"},
		{"unencodable core", Payload{Core: math.NaN()}, 10, "core"},
		{"unencodable section", Payload{Core: 1, Sections: []Section{{SectionRelated, make(chan int)}}}, 10, "section related"},
	}
	for _, tc := range tests {
		_, _, err := Fit(tc.p, tc.limit)
		if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: error %v, want ErrBudget mentioning %q", tc.name, err, tc.msg)
		}
	}
}

// ApproxTokens is the token cost of one part: ceil(runes/4) + 2 over its
// canonical JSON (compact, map keys sorted, no HTML escaping).
func ApproxTokens(v any) (int, error) {
	b, err := canonicalJSON(v)
	if err != nil {
		return 0, err
	}
	return partTokens(b), nil
}
