package retrieval

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// explicitIDRepo is a VitePress site (its anchors recorded by the scan)
// and a page outside any site, each with headings that carry explicit ids.
var explicitIDRepo = map[string]string{
	"site/.vitepress/config.mts": "export default {}\n",
	"site/computed.md": "# Computed Properties {#computed-properties}\n\nDerived state.\n\n" +
		"## Basic Example {#basic}\n\nA getter that caches its value by reactive dependencies.\n\n" +
		"## Writable Computed\n\nA setter makes a computed property writable.\n",
	"notes/ids.md": "# Notes\n\nIntro.\n\n" +
		"## Spaced Attributes { #spaced .wide }\n\nKramdown lists tolerate spaces around the id.\n\n" +
		"## Bracketed Id [#bracketed]\n\nFumadocs writes the id in brackets after the text.\n",
}

// A heading written with an explicit id is titled without the id syntax
// and anchored at the id, in the entry and in a search hit; one without
// keeps the slug the scan gave it.
func TestExplicitHeadingIDs(t *testing.T) {
	dir := t.TempDir()
	for p, text := range explicitIDRepo {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, sig, body := coreScan(t, dir)
	for i := range s.Entities {
		e := &s.Entities[i]
		if _, listed := e.Metadata["siteAnchors"]; listed != (e.ID == "document:site/computed.md") && e.Kind == snapshot.KindDocument {
			t.Fatalf("%s: siteAnchors %v; the fixture wants them on the site's page alone", e.ID, e.Metadata["siteAnchors"])
		}
	}
	proj := Project(s, sig, body)
	entries := map[string]Entry{}
	for _, e := range proj.Entries {
		entries[e.ID] = e
	}
	site, notes := entries["document:site/computed.md"], entries["document:notes/ids.md"]
	if site.Title != "Computed Properties" {
		t.Errorf("title %q, want the H1 without its id", site.Title)
	}
	type sec struct{ text, anchor string }
	sections := func(e Entry) []sec {
		var out []sec
		for _, s := range e.Sections {
			out = append(out, sec{s.Text, s.Anchor})
		}
		return out
	}
	if got, want := sections(site), []sec{{"Computed Properties", "computed-properties"}, {"Basic Example", "basic"}, {"Writable Computed", "writable-computed"}}; !slices.Equal(got, want) {
		t.Errorf("site sections %v, want %v", got, want)
	}
	if got, want := sections(notes), []sec{{"Notes", "notes"}, {"Spaced Attributes", "spaced"}, {"Bracketed Id", "bracketed"}}; !slices.Equal(got, want) {
		t.Errorf("notes sections %v, want %v", got, want)
	}
	if want := []string{"Notes", "Spaced Attributes", "Bracketed Id"}; !slices.Equal(notes.Headings, want) {
		t.Errorf("headings %q, want %q", notes.Headings, want)
	}

	ix := NewIndex(proj, s)
	tests := []struct {
		query, id, title, anchor string
	}{
		{"what does a getter cache by its reactive dependencies", "document:site/computed.md", "Computed Properties", "basic"},
		{"how do I make a computed property writable with a setter", "document:site/computed.md", "Computed Properties", "writable-computed"},
		{"do kramdown lists tolerate spaces around the id", "document:notes/ids.md", "Notes", "spaced"},
		{"where does fumadocs write the id in brackets", "document:notes/ids.md", "Notes", "bracketed"},
	}
	for _, tc := range tests {
		res := ix.Search(Query{Text: tc.query})
		if len(res.Hits) == 0 || res.Hits[0].ID != tc.id {
			t.Errorf("%q: hits %v, want %s first", tc.query, hitIDs(res), tc.id)
			continue
		}
		if h := res.Hits[0]; h.Title != tc.title || h.Anchor != tc.anchor {
			t.Errorf("%q: title %q anchor %q, want %q and %q", tc.query, h.Title, h.Anchor, tc.title, tc.anchor)
		}
	}
}

// A site whose anchors do not list a heading's id renders the syntax as
// text: the heading keeps its text and slug. Ids are compared with the
// site's anchors case-insensitively (the scan lists them lower-cased) and
// kept as written.
func TestExplicitHeadingIDsFollowTheSite(t *testing.T) {
	heading := func(text, slug string) map[string]any {
		return map[string]any{"level": 2, "line": 3, "text": text, "slug": slug}
	}
	tests := []struct {
		name        string
		siteAnchors any // nil: the document has none
		text, slug  string
		want        HeadingSection
	}{
		{"outside any site", nil, "Setup {#setup}", "setup-setup", HeadingSection{Level: 2, Line: 3, Text: "Setup", Anchor: "setup"}},
		{"the site lists the id", []any{"setup"}, "Setup {#setup}", "setup-setup", HeadingSection{Level: 2, Line: 3, Text: "Setup", Anchor: "setup"}},
		{"listed lower-cased", []string{"updatingconfig"}, "Updating {#updatingConfig}", "updating-updatingconfig", HeadingSection{Level: 2, Line: 3, Text: "Updating", Anchor: "updatingConfig"}},
		{"the site does not read it", []any{"setup-setup"}, "Setup {#setup}", "setup-setup", HeadingSection{Level: 2, Line: 3, Text: "Setup {#setup}", Anchor: "setup-setup"}},
		{"no id", []any{"setup"}, "Setup", "setup", HeadingSection{Level: 2, Line: 3, Text: "Setup", Anchor: "setup"}},
		{"nothing but the id", nil, "{#only}", "only", HeadingSection{Level: 2, Line: 3, Text: "{#only}", Anchor: "only"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &snapshot.Entity{ID: "document:a.md", Kind: snapshot.KindDocument, Metadata: map[string]any{}}
			if tc.siteAnchors != nil {
				e.Metadata["siteAnchors"] = tc.siteAnchors
			}
			got := metaSections([]any{heading(tc.text, tc.slug)}, newHeadingIDs(e))
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("sections %+v, want %+v", got, tc.want)
			}
		})
	}
}
