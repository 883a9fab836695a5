package markdown

import (
	"slices"
	"testing"
)

// Slugs VitePress gives these headings: @mdit-vue/shared slugify, whose
// steps the cases exercise one by one.
func TestVitePressSlug(t *testing.T) {
	tests := []struct{ text, want string }{
		{"build.assetsInlineLimit", "build-assetsinlinelimit"},
		{"1st step", "_1st-step"},
		{"What's new?", "what-s-new"},
		{"API (v2) & CLI", "api-v2-cli"},
		{"  --leading and trailing--  ", "leading-and-trailing"},
		{"snake_case_name", "snake-case-name"},
		{"Émigré café", "emigre-cafe"},     // NFKD, combining marks dropped
		{"ﬁle ①", "file-1"},                // compatibility decomposition
		{"Tab\there", "tabhere"},           // controls go before specials
		{"“quoted” ‘text’", "quoted-text"}, // typographic quotes are special
		{"日本語の見出し", "日本語の見出し"},             // other letters kept
		{"emoji 🎉 party", "emoji-🎉-party"}, // only ASCII punctuation is special
		{"a\u00a0b\ufeffc", "a-b-c"},       // JavaScript's \s
		{"?!", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := VitePressSlug(tt.text); got != tt.want {
			t.Errorf("VitePressSlug(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestHeadingID(t *testing.T) {
	tests := []struct {
		text, rest, id string
		ok             bool
	}{
		{"Heading {#custom-id}", "Heading", "custom-id", true},
		{"Heading {#custom-id}  ", "Heading", "custom-id", true},
		{"{#only}", "", "only", true},
		{"Set {a} {#x.y}", "Set {a}", "x.y", true},
		{"Heading {#}", "Heading {#}", "", false},
		{"Heading {#two words}", "Heading {#two words}", "", false},
		{"Heading {#id} trailing", "Heading {#id} trailing", "", false},
		{"Map {key}", "Map {key}", "", false},
	}
	for _, tt := range tests {
		rest, id, ok := headingID(tt.text)
		if rest != tt.rest || id != tt.id || ok != tt.ok {
			t.Errorf("HeadingID(%q) = %q, %q, %v; want %q, %q, %v", tt.text, rest, id, ok, tt.rest, tt.id, tt.ok)
		}
	}
}

// The extraction records GitHub's, VitePress's and the explicit anchors of
// the same headings, repeats made unique the way each renderer does.
func TestSiteAnchorsExtracted(t *testing.T) {
	src := "# Options\n\n## build.assetsInlineLimit\n\n## Heading {#custom-id}\n\n## 1st step\n\n" +
		"#### Deep.Heading\n\n## Usage\n\n## Usage\n\n## Usage {#usage-1}\n"
	d := Extract("docs/options.md", []byte(src))
	checks := []struct {
		name      string
		got, want []string
	}{
		{"GitHub", d.Anchors, []string{"1st-step", "buildassetsinlinelimit", "deepheading", "heading-custom-id",
			"options", "usage", "usage-1", "usage-usage-1"}},
		// The explicit usage-1 repeats the second Usage's slug: VitePress
		// refuses to build that, the extraction lists it once.
		{"VitePress", d.VitePressAnchors, []string{"_1st-step", "build-assetsinlinelimit", "custom-id", "deep-heading",
			"options", "usage", "usage-1"}},
		{"custom", d.CustomAnchors, []string{"custom-id", "usage-1"}},
	}
	for _, c := range checks {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s anchors = %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestSiteSluggerUnique(t *testing.T) {
	tests := []struct {
		name  string
		texts []string
		want  []string
	}{
		{"repeats", []string{"Usage", "Usage", "Usage"}, []string{"usage", "usage-1", "usage-2"}},
		{"suffix already taken", []string{"Usage", "Usage 1", "Usage", "Usage"}, []string{"usage", "usage-1", "usage-2", "usage-3"}},
		{"explicit id taken first", []string{"Usage", "{#usage-1}", "Usage"}, []string{"usage", "usage-1", "usage-2"}},
		{"empty slugs", []string{"?", "!"}, []string{"", "-1"}},
	}
	for _, tt := range tests {
		s := newSiteSlugger()
		var got []string
		for _, text := range tt.texts {
			if _, id, ok := headingID(text); ok {
				got = append(got, s.explicit(id))
			} else {
				got = append(got, s.unique(VitePressSlug(text)))
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSiteAnchorsBounded(t *testing.T) {
	s := siteAnchors{slugs: newSiteSlugger()}
	for i := 0; i < MaxAnchors+3; i++ {
		s.heading("Same {#id}")
	}
	var d Document
	var is issues
	s.finish(&d, &is)
	if len(d.CustomAnchors) != 1 || s.customDrop != 3 || s.vitepressDrop != 3 {
		t.Errorf("custom %d, drops %d/%d; want 1 unique id and 3 drops each", len(d.CustomAnchors), s.customDrop, s.vitepressDrop)
	}
	if got := len(is.result()); got != 2 {
		t.Errorf("%d issues, want one per crossed bound", got)
	}
}
