package retrieval

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestLookupExcerpts(t *testing.T) {
	s, sig, diags := lookupFixture(t)
	read := fixtureReader(t)
	tests := []struct {
		target string
		// locations, in order: diagnostics, related documents (most
		// canonical first), then the entity's other relations.
		want []Excerpt
	}{
		{storeGo, []Excerpt{{Path: "docs/api.md", Line: 5}, {Path: "docs/guide.md", Line: 11}, {Path: "internal/store/store.go", Line: 4}}},
		// The broken link's line comes first (a diagnostic) and only once.
		{"docs/api.md", []Excerpt{{Path: "docs/api.md", Line: 5}, {Path: "docs/guide.md", Line: 11}, {Path: "README.md", Line: 3}}},
	}
	for _, tc := range tests {
		res, err := Lookup(s, sig, diags, tc.target, LookupOptions{Excerpt: read})
		if err != nil {
			t.Fatal(err)
		}
		for i := range tc.want {
			tc.want[i].Text = strings.TrimSpace(lineOf(t, tc.want[i].Path, tc.want[i].Line))
		}
		if !reflect.DeepEqual(res.EvidenceExcerpts, tc.want) {
			t.Errorf("%s excerpts\n got %s\nwant %s", tc.target, mustJSON(t, res.EvidenceExcerpts), mustJSON(t, tc.want))
		}
	}
}

func TestLookupExcerptBounds(t *testing.T) {
	ids := []string{"module:m.go"}
	var rels []snapshot.Relation
	for i := range maxExcerpts + 5 {
		doc := fmt.Sprintf("document:d%02d.md", i)
		ids = append(ids, doc)
		rels = append(rels, snapshot.Relation{ID: snapshot.RelationID("mentions", doc, "module:m.go"), Kind: "mentions",
			From: doc, To: "module:m.go", Evidence: []snapshot.Evidence{{Path: doc[len("document:"):], LineStart: 2}}})
	}
	s := synth(ids)
	s.Relations = rels
	long := strings.Repeat("é", maxExcerptRunes+10)
	read := func(path string, line int) (string, bool) {
		if path == "d01.md" {
			return "", false // unreadable: skipped, not an excerpt
		}
		if path == "d00.md" {
			return "  " + long + "  ", true
		}
		return path, true
	}
	res, err := Lookup(s, nil, nil, "m.go", LookupOptions{Excerpt: read})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.EvidenceExcerpts) != maxExcerpts {
		t.Fatalf("%d excerpts, want %d", len(res.EvidenceExcerpts), maxExcerpts)
	}
	first := res.EvidenceExcerpts[0].Text
	if utf8.RuneCountInString(first) != maxExcerptRunes || !strings.HasSuffix(first, "…") || !strings.HasPrefix(first, "é") {
		t.Errorf("long line not clipped to %d runes: %d %q…", maxExcerptRunes, utf8.RuneCountInString(first), first[:8])
	}
	if res.EvidenceExcerpts[1].Path != "d02.md" {
		t.Errorf("the unreadable d01.md must be skipped: %v", res.EvidenceExcerpts[1])
	}
	// 25 locations; 21 were tried (one unreadable) to fill 20; 4 remain.
	want := []Truncation{{Bound: boundExcerpts, Limit: maxExcerpts, Omitted: 4}}
	if !reflect.DeepEqual(res.Truncated, want) {
		t.Errorf("truncated %+v, want %+v", res.Truncated, want)
	}
}
