package retrieval

import (
	"math"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestMostlyLatin(t *testing.T) {
	for _, tc := range []struct {
		title, body string
		want        bool
	}{
		{"Storage guide", "how records are kept", true},
		{"", "", true},
		{"123", "--- !!", true},
		{"Café déjà vu", "", true},
		// A translation: its quoted code is Latin, its prose is not.
		{"组合式函数", "在 `defineStore()` 中使用 `useLocalStorage` 保存状态，每次变化时写入。", false},
		{"Состояние", "хранилище состояния", false},
		// An English page quoting a few Han characters stays Latin.
		{"Translations", "the Chinese title 状态 means state, and the page explains it in English words", true},
	} {
		if got := mostlyLatin(tc.title, nil, tc.body); got != tc.want {
			t.Errorf("mostlyLatin(%q, %q) = %v, want %v", tc.title, tc.body, got, tc.want)
		}
	}
}

func TestDropQueryStopwords(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"should every piece of state go in a store", tokenize("piece state go store")},
		{"want need", tokenize("want need")}, // nothing else left: keep them
		{"storage guide", tokenize("storage guide")},
	} {
		terms, _ := queryTerms(tc.query)
		if got := dropQueryStopwords(terms); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.query, got, tc.want)
		}
	}
	for _, w := range questionStopwords {
		for _, term := range tokenize(w) {
			if !questionStopTerms[term] {
				t.Errorf("%q tokenizes to %q, not a stop term", w, term)
			}
		}
	}
}

func TestCoordination(t *testing.T) {
	for _, tc := range []struct {
		m, n int
		exp  float64
		want float64
	}{
		{1, 2, 1, 0.5},
		{1, 2, 0, 1},
		{1, 4, 0.5, 0.5},
		{3, 3, 0.5, 1},
		{1, 2, 2, 0.25},
	} {
		if got := coordination(tc.m, tc.n, tc.exp); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("coordination(%d, %d, %g) = %v, want %v", tc.m, tc.n, tc.exp, got, tc.want)
		}
	}
}

// TestTuningFieldWeights: the tuning's field weights decide between a
// title match and a body match, and a zero weight ignores the field.
func TestTuningFieldWeights(t *testing.T) {
	inTitle := coreDoc("docs/a.md", "compaction policy", "unrelated words here")
	inBody := coreDoc("docs/b.md", "unrelated page", "compaction policy compaction policy")
	ix := coreIndex(append(coreFiller(20), inTitle, inBody))
	first := func(tun Tuning) string {
		r := ix.Search(Query{Text: "compaction policy", Tuning: &tun})
		if len(r.Hits) == 0 {
			return ""
		}
		return r.Hits[0].ID
	}
	titleHeavy := NaturalTuning
	titleHeavy.Fields = [numFields]float64{fieldTitle: 10, fieldBody: 0.1}
	bodyHeavy := NaturalTuning
	bodyHeavy.Fields = [numFields]float64{fieldTitle: 0.1, fieldBody: 10}
	if got := first(titleHeavy); got != inTitle.ID {
		t.Errorf("title-heavy weights: first %s, want %s", got, inTitle.ID)
	}
	if got := first(bodyHeavy); got != inBody.ID {
		t.Errorf("body-heavy weights: first %s, want %s", got, inBody.ID)
	}
	noBody := NaturalTuning
	noBody.Fields[fieldBody] = 0
	r := ix.Search(Query{Text: "compaction policy", Tuning: &noBody, Limit: MaxLimit})
	if rankOf(r, inBody.ID) >= 0 {
		t.Errorf("a zero body weight still scores a body match: %v", hitIDs(r))
	}
}

// TestNaturalKindAndScriptFactors: code entries and translations keep a
// share of their bm25 on the natural path; "which package" lifts the
// factor for packages.
func TestNaturalKindAndScriptFactors(t *testing.T) {
	doc := coreDoc("docs/store.md", "record store", "the record store keeps records")
	pkg := Entry{ID: "package:internal/record", Kind: snapshot.KindPackage, Path: "internal/record", Title: "record store", Summary: "record store keeps records"}
	zh := coreDoc("docs/zh/store.md", "记录存储", "记录存储保存记录。使用 record store 保存。存储记录的方式很多。")
	ix := coreIndex(append(coreFiller(20), doc, pkg, zh))
	bm25 := func(query, id string, tun Tuning) float64 {
		r := ix.Search(Query{Text: query, Explain: true, Limit: MaxLimit, Tuning: &tun})
		i := rankOf(r, id)
		if i < 0 {
			t.Fatalf("%q: %s not found", query, id)
		}
		return r.Hits[i].Components[compBM25]
	}
	plain := NaturalTuning
	plain.CodeFactor, plain.ScriptFactor = 1, 1
	tun := plain
	tun.CodeFactor, tun.ScriptFactor = 0.25, 0.5
	if a, b := bm25("record store", pkg.ID, plain), bm25("record store", pkg.ID, tun); math.Abs(b-0.25*a) > 1e-6 {
		t.Errorf("code factor: %v, want a quarter of %v", b, a)
	}
	if a, b := bm25("record store", zh.ID, plain), bm25("record store", zh.ID, tun); math.Abs(b-0.5*a) > 1e-6 {
		t.Errorf("script factor: %v, want half of %v", b, a)
	}
	if a, b := bm25("record store", doc.ID, plain), bm25("record store", doc.ID, tun); a != b {
		t.Errorf("an English document is not scaled: %v vs %v", a, b)
	}
	// Asked for by kind: no code factor, and documents count half.
	if a, b := bm25("which package stores records", pkg.ID, plain), bm25("which package stores records", pkg.ID, tun); a != b {
		t.Errorf("which package: the package is scaled: %v vs %v", a, b)
	}
	// A kind word that is no request ("the package") asks for nothing.
	if h := parseHints("install the package from a file"); len(h.asked) != 0 || len(h.kinds) != 2 {
		t.Errorf("hints %+v: no kind asked", h)
	}
	if h := parseHints("Which package reads files"); !slices.Equal(h.asked, []string{snapshot.KindPackage}) {
		t.Errorf("hints %+v: want package asked", h)
	}
}

// A page that records the past keeps HistoryFactor of its words on the
// natural path: the guide outranks the release post that repeats it, and
// the page about the change-log feature is no log. A name still finds the
// post.
func TestHistoryPagesRankBelowTheDocumentation(t *testing.T) {
	post := coreDoc("www/content/blog/v1-4.md", "Build snapshot releases locally, without publishing",
		"v1.4 builds a snapshot release locally without publishing: a snapshot build, locally, publishing nothing.")
	guide := coreDoc("www/content/customization/snapshots.md", "Snapshots", "Build a snapshot release locally, without publishing.")
	feature := coreDoc("www/content/customization/changelog.md", "Changelog", "Exclude commits from the changelog with filters.")
	feature.Headings = []string{"Changelog", "Filters"}
	log := coreDoc("CHANGELOG.md", "Changelog", "Exclude commits from the changelog: filters added.")
	ix := NewIndex(&Projection{Entries: append([]Entry{post, guide, feature, log}, coreFiller(20)...)}, nil)
	if got := hitIDs(ix.Search(Query{Text: "build a snapshot release locally without publishing"})); len(got) < 2 || got[0] != guide.ID {
		t.Errorf("question: %v, want the guide first", got)
	}
	if got := hitIDs(ix.Search(Query{Text: "exclude commits from the changelog"})); len(got) < 2 || got[0] != feature.ID || got[1] != log.ID {
		t.Errorf("feature question: %v, want the feature page, then the log", got)
	}
	if got := hitIDs(ix.Search(Query{Text: "www/content/blog/v1-4.md"})); len(got) == 0 || got[0] != post.ID {
		t.Errorf("a name: %v, want the post", got)
	}
	tun := NaturalTuning
	tun.HistoryFactor = 1
	if got := hitIDs(ix.Search(Query{Text: "build a snapshot release locally without publishing", Tuning: &tun})); len(got) < 2 || got[0] != post.ID {
		t.Errorf("without the factor: %v, want the post first (the test's premise)", got)
	}
}
