package reconcile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// near_twins: in internal/scan the README's title (scan, pipeline) is all
// in pipeline.md's; limits.md and the one-word topic.md are not twins. In
// internal/graph signals.md's title and list keywords are all headings of
// ranking.md, while cycles.md's scalar Keywords (tarjan, johnson) keep it
// apart although its title equals signals.md's. The same title in another
// area (internal/graph/pipeline.md) or outside any area (docs/) is no
// twin.
func TestNearTwins(t *testing.T) {
	ds := withCode(runOn(t, filepath.Join("testdata", "near_twins"), catalog.NearTwinDocument), catalog.NearTwinDocument)
	want := []string{"internal/graph/signals.md:0 NEAR_TWIN_DOCUMENT", "internal/scan/pipeline.md:0 NEAR_TWIN_DOCUMENT"}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	messages := []string{
		"near twin of internal/graph/ranking.md in area internal/graph: every term of the title and keywords of internal/graph/signals.md (centrality, pagerank, signals) appears in internal/graph/ranking.md",
		"near twin of internal/scan/README.md in area internal/scan: every term of the title and keywords of internal/scan/README.md (order, pipeline) appears in internal/scan/pipeline.md",
	}
	others := []string{"internal/graph/ranking.md", "internal/scan/README.md"}
	for i, d := range ds {
		if d.Severity != catalog.Info || d.Message != messages[i] || len(d.Evidence) != 2 || d.Evidence[1].Path != others[i] {
			t.Errorf("got %+v", d)
		}
	}
}

func runDir(t *testing.T, dir string) []finding.Diagnostic {
	t.Helper()
	s, cfg := scanDir(t, dir)
	cfg.Checks.Severity[catalog.NearTwinDocument] = catalog.Info // off by default
	return Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg})
}

// Five documents of one area share a title: each is reported against at
// most maxTwinsPerDocument earlier ones, and the last finding counts the
// rest.
func TestNearTwinsPerDocumentBound(t *testing.T) {
	files := map[string]string{}
	for i := range maxTwinsPerDocument + 2 {
		files[fmt.Sprintf("internal/dup/d%d.md", i)] = "# Scan pipeline\n"
	}
	ds := withCode(runDir(t, testtree.New(t, files)), catalog.NearTwinDocument)
	perDoc := map[string]int{}
	for _, d := range ds {
		perDoc[d.Primary().Path]++
	}
	last := fmt.Sprintf("internal/dup/d%d.md", maxTwinsPerDocument+1)
	if perDoc["internal/dup/d0.md"] != 0 || perDoc["internal/dup/d1.md"] != 1 || perDoc[last] != maxTwinsPerDocument {
		t.Fatalf("findings per document %v", perDoc)
	}
	var counted []string
	for _, d := range ds {
		if strings.Contains(d.Message, "more near twins") {
			counted = append(counted, d.Primary().Path+": "+d.Message[strings.LastIndex(d.Message, "("):])
		}
	}
	if want := []string{last + ": (and 1 more near twins of " + last + " in the area)"}; !slices.Equal(counted, want) {
		t.Fatalf("got %q, want %q", counted, want)
	}
}

// An area with more than maxTwinDocsPerArea documents is compared on its
// first documents only, and one finding says so.
func TestNearTwinsAreaBound(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and scans maxTwinDocsPerArea documents")
	}
	files := map[string]string{}
	for i := range maxTwinDocsPerArea + 1 {
		files[fmt.Sprintf("internal/big/d%04d.md", i)] = fmt.Sprintf("# Subject %04d handbook\n", i)
	}
	ds := withCode(runDir(t, testtree.New(t, files)), catalog.NearTwinDocument)
	want := fmt.Sprintf("area internal/big holds %d documents; near twins were looked for among the first %d by path only",
		maxTwinDocsPerArea+1, maxTwinDocsPerArea)
	if len(ds) != 1 || ds[0].Message != want || ds[0].Primary() != (finding.Location{Path: "internal/big"}) {
		t.Fatalf("got %v", ds)
	}
}

func TestAddTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"The Scan pipeline", []string{"pipeline", "scan"}},
		{"Go UI: an overview of HTTP/2", []string{"http"}},
		{"Über-Käse, 2024 notes", []string{"2024", "käse", "über"}},
		{"", []string{}},
	}
	for _, tt := range tests {
		set := map[string]bool{}
		addTerms(set, tt.in)
		got := []string{}
		for k := range set {
			got = append(got, k)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("addTerms(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// The keywords come from the front-matter key in any case, or from the
// snapshot's kept subset when the scan recorded no fields.
func TestDocKeywords(t *testing.T) {
	tests := []struct {
		doc  document
		want string
	}{
		{document{FrontMatterFields: map[string]string{"Keywords": "a, b"}}, "a, b"},
		{document{FrontMatter: map[string]string{"keywords": "c"}}, "c"},
		{document{}, ""},
	}
	for i, tt := range tests {
		if got := docKeywords(&tt.doc); got != tt.want {
			t.Errorf("%d: got %q, want %q", i, got, tt.want)
		}
	}
}
