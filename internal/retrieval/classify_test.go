package retrieval

import (
	"strings"
	"testing"
	"unicode"

	"github.com/docbridge/docbridge/internal/snapshot"
)

func TestClassify(t *testing.T) {
	doc := coreDoc("docs/storage.md", "Storage guide", "how records are kept")
	mod := coreModule("internal/store/store.go", "OpenStore", "Store.Put")
	pkg := Entry{ID: "package:internal/store", Kind: snapshot.KindPackage, Path: "internal/store", Aliases: []string{"the store package"}}
	ix := coreIndex(append(coreFiller(5), doc, mod, pkg))
	for _, tc := range []struct {
		query, class, why string
	}{
		// Names an entry exactly.
		{"document:docs/storage.md", classIdentifier, "names an entry"},
		{"docs/storage.md", classIdentifier, "names an entry"},
		{"storage", classIdentifier, "names an entry"},
		{"OpenStore", classIdentifier, "names an entry"},
		{"the store package", classIdentifier, "names an entry"}, // an alias of several words
		// Shaped like code, naming nothing.
		{"`Missing`", classIdentifier, "backticks"},
		{"pkg::Thing", classIdentifier, "::"},
		{"cmd/tool", classIdentifier, "path"},
		{"config.yaml", classIdentifier, "identifier"},
		{"snake_case_name", classIdentifier, "identifier"},
		{"Run()", classIdentifier, "identifier"},
		{"parseConfig", classIdentifier, "camelCase"},
		{"HTTPServer", classIdentifier, "camelCase"},
		// One plain word is ranked as a name.
		{"compaction", classIdentifier, "one word"},
		{"Command", classIdentifier, "one word"},
		{"URLs", classIdentifier, "one word"},
		{"", classIdentifier, "blank"},
		// Several words naming nothing.
		{"how are records kept", classNatural, "several words"},
		{"what does DRIFT_SYMBOL mean", classNatural, "several words"},
		{"  storage   guide ", classNatural, "several words"},
		{"open store", classNatural, "several words"},
	} {
		class, why := ix.Classify(tc.query)
		if class != tc.class || !strings.Contains(why, tc.why) {
			t.Errorf("Classify(%q) = %s (%s), want %s (…%s…)", tc.query, class, why, tc.class, tc.why)
		}
		if r := ix.Search(Query{Text: tc.query}); tc.query != "" && r.Class != tc.class {
			t.Errorf("Search(%q).Class = %q, want %s", tc.query, r.Class, tc.class)
		}
	}
	if r := ix.Search(Query{Text: "how are records kept", LexicalOnly: true}); r.Class != "" {
		t.Errorf("a lexical-only search takes no path: %q", r.Class)
	}
}

// TestNaturalQueriesGetNoIdentityBoost: several words never carry an
// identity boost, and the graph signals stay within the tuning's bound.
func TestNaturalQueriesBoundGraph(t *testing.T) {
	seed := coreDoc("docs/seed.md", "records kept", "records kept on disk")
	near := coreDoc("docs/near.md", "records", "records")
	near.Facts.PageRank = 1
	ix := coreIndex(append(coreFiller(20), seed, near), [3]string{snapshot.RelLinksTo, seed.ID, near.ID})
	r := ix.Search(Query{Text: "records kept", Explain: true, Limit: MaxLimit})
	if r.Class != classNatural {
		t.Fatalf("class %q", r.Class)
	}
	bound := NaturalTuning.Graph * lexicalMax
	for _, h := range r.Hits {
		c := h.Components
		if c[compIDExact]+c[compPath]+c[compBasename]+c[compSymbol] != 0 {
			t.Errorf("%s: identity boost on a natural-language query: %v", h.ID, c)
		}
		if g := c[compProximity] + c[compCanonicality]; g > bound+1e-9 {
			t.Errorf("%s: graph %v over the bound %v", h.ID, g, bound)
		}
	}
	i := rankOf(r, near.ID)
	if i < 0 || r.Hits[i].Components[compCanonicality] == 0 || r.Hits[i].Components[compProximity] == 0 {
		t.Fatalf("the graph still breaks ties: %v", r.Hits)
	}
	// The same entry under the identifier path gets the full components.
	one := ix.Search(Query{Text: "records", Explain: true, Limit: MaxLimit})
	if j := rankOf(one, near.ID); j < 0 || one.Hits[j].Components[compCanonicality] <= r.Hits[i].Components[compCanonicality] {
		t.Errorf("one word keeps the full canonicality: %v vs %v", one.Hits, r.Hits)
	}
}

// FuzzClassify feeds arbitrary queries (user input) to Classify and
// Search: no panic, one of the two classes with a reason, the class Search
// reports, and a query with whitespace inside is natural unless it names
// an entry.
func FuzzClassify(f *testing.F) {
	doc := coreDoc("docs/storage.md", "Storage guide", "how records are kept")
	mod := coreModule("internal/store/store.go", "OpenStore", "Store.Put")
	ix := coreIndex(append(coreFiller(5), doc, mod))
	for _, seed := range []string{"OpenStore", "how are records kept", "`x`", "a::b", "URLs", "HTTPServer", "组合式 函数", "é", "\x00 \t", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		class, why := ix.Classify(q)
		if (class != classIdentifier && class != classNatural) || why == "" {
			t.Fatalf("Classify(%q) = %q, %q", q, class, why)
		}
		trimmed := strings.TrimSpace(q)
		if r := ix.Search(Query{Text: q}); trimmed != "" && r.Class != class {
			t.Fatalf("Search(%q).Class %q, Classify %q", q, r.Class, class)
		}
		if strings.ContainsFunc(trimmed, unicode.IsSpace) && len(ix.identity(trimmed)) == 0 && class != classNatural {
			t.Fatalf("Classify(%q) = %s: several words naming nothing", q, class)
		}
		_ = mostlyLatin(q, []string{q}, q)
	})
}
