package markdown

import (
	"os"
	"reflect"
	"slices"
	"testing"
)

// A realistic document, checked field by field.
func TestFixtureGuide(t *testing.T) {
	data, err := os.ReadFile("testdata/guide.md")
	if err != nil {
		t.Fatal(err)
	}
	d := Extract("docs/guide.md", data)
	checkInvariants(t, string(data), d)

	if d.Title != "Rules engine guide" || d.TitleSource != TitleFromFrontMatter {
		t.Errorf("title %q (%s)", d.Title, d.TitleSource)
	}
	fm := d.FrontMatter
	if !fm.Present || fm.LineEnd != 14 || fm.Type != "guide" || fm.Audience != "contributors, maintainers" ||
		fm.Owner != "team-rules" || fm.Lifecycle != "stable" || fm.Tier != "1" || len(fm.Fields) != 6 {
		t.Errorf("front matter %+v", fm)
	}
	wantBlock := &Block{
		Covers: []Ref{{"area:src/rules", 9}, {"module:src/rules/engine.ts", 9}},
		Relations: []DeclaredRelation{
			{From: "package:web", To: "module:src/index.ts", Kind: "imports", Detection: "static", Line: 11},
			{From: "document:docs/guide.md", To: "area:src/cli", Kind: "documents", Line: 12},
		},
	}
	if !reflect.DeepEqual(d.Block, wantBlock) {
		t.Errorf("block %+v", d.Block)
	}
	wantHeadings := []Heading{
		{1, "Rules engine", "rules-engine", 16},
		{2, "Usage", "usage", 21},
		{2, "Configuration", "configuration", 29},
		{2, "Usage", "usage-1", 37},
		{3, "Further reading", "further-reading", 47},
	}
	if !reflect.DeepEqual(d.Headings, wantHeadings) {
		t.Errorf("headings %+v", d.Headings)
	}
	if want := []string{"configuration", "further-reading", "rules-engine", "usage", "usage-1"}; !slices.Equal(d.Anchors, want) {
		t.Errorf("anchors %q", d.Anchors)
	}
	if want := "The rules engine evaluates every rule in src/rules against the snapshot and reports findings. See the design for the background."; d.Summary != want {
		t.Errorf("summary %q", d.Summary)
	}
	var links []string
	for _, l := range d.Links {
		links = append(links, l.Kind+" "+l.Target+"#"+l.Anchor)
	}
	wantLinks := []string{"relative DESIGN.md#rules", "relative docs/config.md#rules-section", "relative src/rules/engine.ts#",
		"external #", "anchor #rules-engine"}
	if !slices.Equal(links, wantLinks) {
		t.Errorf("links %q, want %q", links, wantLinks)
	}
	var spans []string
	for _, c := range d.CodeSpans {
		spans = append(spans, c.Text)
	}
	if want := []string{"src/rules", "docbridge check", "rules.enabled", "usage-1"}; !slices.Equal(spans, want) {
		t.Errorf("code spans %q, want %q (none from the generated table)", spans, want)
	}
	if len(d.Generated) != 1 || d.Generated[0].LineStart != 41 || d.Generated[0].LineEnd != 45 || !d.Generated[0].Closed ||
		d.Generated[0].DeclaredHash != "0000000000000000" || d.Generated[0].ActualHash == d.Generated[0].DeclaredHash {
		t.Errorf("generated %+v", d.Generated)
	}
	if d.ReferenceCount != 9 || d.EvidenceTruncated || len(d.Issues) != 0 {
		t.Errorf("references %d truncated %v issues %q", d.ReferenceCount, d.EvidenceTruncated, issueStrings(d.Issues))
	}
}
