package scan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
)

// oracleTable is what testdata/siteslugs/oracle.py or oracle.rb recorded:
// the ids the real implementation gives headings.txt, by configuration.
type oracleTable struct {
	Headings []string            `json:"headings"`
	IDs      map[string][]string `json:"ids"`
	// IAL holds kramdown's ids for ial.md (block attribute lists).
	IAL map[string][]string `json:"ial"`
	// Footnotes holds every id rendered for footnotes.md, sorted.
	Footnotes []string `json:"footnotes"`
}

func readOracle(t *testing.T, name string) (oracleTable, []markdown.SiteHeading) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "siteslugs", name))
	if err != nil {
		t.Fatal(err)
	}
	var o oracleTable
	if err := json.Unmarshal(data, &o); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "siteslugs", "headings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i, h := range strings.Split(strings.TrimRight(string(src), "\n"), "\n") {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString("## " + h)
	}
	doc := markdown.Extract("a.md", []byte(b.String()+"\n"))
	if len(doc.SiteHeadings) != len(o.Headings) {
		t.Fatalf("%d site headings extracted, the oracle has %d", len(doc.SiteHeadings), len(o.Headings))
	}
	return o, doc.SiteHeadings
}

func compareIDs(t *testing.T, config string, headings []string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d ids, want %d", config, len(got), len(want))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: heading %q: id %q, the oracle says %q", config, headings[i], got[i], want[i])
		}
	}
}

// TestMkDocsSlugsMatchPythonMarkdown compares mkdocsAnchors with
// Python-Markdown's toc and pymdownx.slugs on the same headings.
func TestMkDocsSlugsMatchPythonMarkdown(t *testing.T) {
	o, hs := readOracle(t, "pymarkdown.json")
	configs := map[string]mkdocsOptions{
		"toc.slugify":                                            {slugify: slugifyPyDefault},
		"toc.slugify_unicode":                                    {slugify: slugifyPyUnicode},
		"pymdownx.slugs.slugify":                                 {slugify: slugifyPymdownx, slugCase: "none", normalize: "NFC"},
		"pymdownx.slugs.slugify(case=lower)":                     {slugify: slugifyPymdownx, slugCase: "lower", normalize: "NFC"},
		"pymdownx.slugs.slugify(case=lower-ascii)":               {slugify: slugifyPymdownx, slugCase: "lower-ascii", normalize: "NFC"},
		"pymdownx.slugs.slugify(case=fold)":                      {slugify: slugifyPymdownx, slugCase: "fold", normalize: "NFC"},
		"pymdownx.slugs.slugify(case=lower,percent_encode=true)": {slugify: slugifyPymdownx, slugCase: "lower", normalize: "NFC", percent: true},
	}
	if len(o.IDs) != 2*len(configs) {
		t.Fatalf("the oracle has %d configurations, the test %d", len(o.IDs), 2*len(configs))
	}
	for name, opts := range configs {
		for _, attr := range []bool{true, false} {
			key := name
			if !attr {
				key += " without attr_list"
			}
			opts.attrList = attr
			got := mkdocsAnchors(hs, &opts)
			compareIDs(t, key, o.Headings, got, o.IDs[key])
		}
	}
}

// TestJekyllSlugsMatchKramdown compares kramdown's ids (Jekyll's default
// GFM input, and kramdown's own parser) with ours.
func TestJekyllSlugsMatchKramdown(t *testing.T) {
	o, hs := readOracle(t, "kramdown.json")
	compareIDs(t, "GFM", o.Headings, kramdownGFMAnchors(hs, ""), o.IDs["GFM"])
	compareIDs(t, "kramdown", o.Headings, kramdownAnchors(hs, ""), o.IDs["kramdown"])

	src, err := os.ReadFile(filepath.Join("testdata", "siteslugs", "ial.md"))
	if err != nil {
		t.Fatal(err)
	}
	ial := markdown.Extract("ial.md", src).SiteHeadings
	names := make([]string, len(ial))
	for i, h := range ial {
		names[i] = h.Text
	}
	compareIDs(t, "GFM, ial.md", names, kramdownGFMAnchors(ial, ""), o.IAL["GFM"])
	compareIDs(t, "kramdown, ial.md", names, kramdownAnchors(ial, ""), o.IAL["kramdown"])
}

// TestMdBookSlugs checks the examples mdBook's sources document (0.5's
// id_from_content and unique_id, 0.4's normalize_id).
func TestMdBookSlugs(t *testing.T) {
	tests := []struct {
		headings string
		want     []string // 0.5 ids, then the 0.4 ids that differ
	}{
		{"## Hello, World!\n", []string{"hello-world", "hello-world"}},
		{"## Upgrade / Downgrade\n", []string{"upgrade--downgrade", "upgrade--downgrade"}},
		{"## `--passes`: add more rustdoc passes\n", []string{"--passes-add-more-rustdoc-passes", "--passes-add-more-rustdoc-passes"}},
		{"## Äpfel & Birnen\n", []string{"äpfel--birnen", "Äpfel--birnen"}},
		{"## Foo -- Bar\n", []string{"foo--bar", "foo----bar"}},
		{"## ::\n", []string{"section"}},
		{"## Intro\n\n## Intro\n\n## Intro-1\n\n## Intro\n", []string{"intro", "intro-1", "intro-1-1", "intro-2", "intro", "intro-1", "intro-1", "intro-2"}},
		{"# Heading { #first .class1 .class2 }\n", []string{"first"}},
	}
	for _, tt := range tests {
		doc := markdown.Extract("a.md", []byte(tt.headings))
		got := mdBookAnchors(doc.SiteHeadings)
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("mdBook ids of %q = %q, want %q", tt.headings, got, tt.want)
		}
	}
}

// TestFootnoteAnchors compares footnoteAnchors with the ids
// Python-Markdown's footnotes extension and kramdown render.
func TestFootnoteAnchors(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "siteslugs", "footnotes.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := markdown.Extract("footnotes.md", src)
	got := footnoteAnchors(&doc)
	sort.Strings(got)
	for _, oracle := range []string{"pymarkdown.json", "kramdown.json"} {
		o, _ := readOracle(t, oracle)
		if !slices.Equal(got, o.Footnotes) {
			t.Errorf("%s: footnote anchors %q, the oracle says %q", oracle, got, o.Footnotes)
		}
	}
}

// mkdocsAnchors is every run of mkdocsAnchorRuns in one list.
func mkdocsAnchors(hs []markdown.SiteHeading, o *mkdocsOptions) []string {
	return slices.Concat(mkdocsAnchorRuns(hs, o)...)
}
