package retrieval

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sectionsDoc has front matter, an intro, ATX and setext headings, a
// "#" line inside a code fence and a nested heading path.
const sectionsDoc = `---
title: Deploying
tags: [ops]
---
Intro words before any heading.

# Deploying

Deploy with the CLI.

Rollbacks
---------

Roll back a release.

` + "```sh\n# not a heading, a shell comment\nrollback --to v1\n```" + `

## Canary releases

Send a share of the traffic to the new version.
`

// projectedDoc scans a repository holding docs/deploy.md = text and
// returns its entry.
func projectedDoc(t *testing.T, text string) Entry {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "docs", "deploy.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, sig, body := coreScan(t, dir)
	for _, e := range Project(s, sig, body).Entries {
		if e.ID == "document:docs/deploy.md" {
			return e
		}
	}
	t.Fatal("no entry for docs/deploy.md")
	return Entry{}
}

// The scanner's headings split the body: the front matter is no passage,
// the setext heading starts at its text line, the shell comment in the
// fence is no heading, and a heading's path is the title and the headings
// above it (the setext "---" heading is level 2, a sibling of "## Canary").
func TestSplitSections(t *testing.T) {
	e := projectedDoc(t, sectionsDoc)
	type got struct {
		section       int
		heading, text string
	}
	var spans []got
	for _, s := range splitSections(e.Title, e.Body, e.Sections) {
		spans = append(spans, got{s.section, s.heading, strings.TrimSpace(e.Body[s.start:s.end])})
	}
	want := []got{
		{-1, e.Title, "Intro words before any heading."},
		{0, "Deploying", "# Deploying\n\nDeploy with the CLI."},
		{1, "Deploying › Rollbacks", "Rollbacks\n---------\n\nRoll back a release.\n\n```sh\n# not a heading, a shell comment\nrollback --to v1\n```"},
		{2, "Deploying › Canary releases", "## Canary releases\n\nSend a share of the traffic to the new version."},
	}
	if e.Title != "Deploying" {
		t.Errorf("title %q", e.Title)
	}
	if !slices.Equal(spans, want) {
		t.Errorf("spans\n got %+v\nwant %+v", spans, want)
	}
	if anchors := []string{e.Sections[0].Anchor, e.Sections[1].Anchor, e.Sections[2].Anchor}; !slices.Equal(anchors, []string{"deploying", "rollbacks", "canary-releases"}) {
		t.Errorf("anchors %v", anchors)
	}
}

// Headings the body does not reach (a bounded body) and an unclosed front
// matter fence are handled: the first is dropped, the second is text.
func TestSplitSectionsEdges(t *testing.T) {
	body := "# A\n\none\n"
	secs := []HeadingSection{{Level: 1, Line: 1, Anchor: "a", Text: "A"}, {Level: 2, Line: 40, Anchor: "far", Text: "Far"}}
	if got := splitSections("A", body, secs); len(got) != 1 || got[0].section != 0 || got[0].end != len(body) {
		t.Errorf("bounded body: %+v", got)
	}
	// An unclosed front matter fence is text (a thematic break, as the
	// scanner reads it); "..." closes front matter too.
	if got := splitSections("", "---\ntitle: x\nno closing fence\n", nil); len(got) != 1 || got[0].start != 0 {
		t.Errorf("unclosed front matter: %+v", got)
	}
	fm := "---\ntitle: x\n...\n"
	if got := splitSections("", fm+"body\n", nil); len(got) != 1 || got[0].start != len(fm) {
		t.Errorf("front matter closed by ...: %+v, want the text from %d", got, len(fm))
	}
	// Lines end as the scanner ends them: a lone CR too.
	if got := lineOffsets("a\r\nb\rc\nd"); !slices.Equal(got, []int{0, 3, 5, 7}) {
		t.Errorf("line offsets %v", got)
	}
	if got := splitSections("", "", nil); got != nil {
		t.Errorf("empty body: %+v", got)
	}
}

// A question gets the document with the section that answers it: its
// anchor and a snippet with the question's terms marked. An identifier
// query names no section.
func TestSearchNamesBestSection(t *testing.T) {
	e := projectedDoc(t, sectionsDoc)
	ix := NewIndex(&Projection{Entries: []Entry{e, coreDoc("docs/other.md", "Other", "Unrelated words about nothing.")}}, nil)
	res := ix.Search(Query{Text: "how do I send traffic to a new version"})
	if res.Class != classNatural || len(res.Hits) == 0 || res.Hits[0].ID != e.ID {
		t.Fatalf("hits %+v", res)
	}
	h := res.Hits[0]
	if h.Anchor != "canary-releases" {
		t.Errorf("anchor %q, want canary-releases", h.Anchor)
	}
	if want := "**Send** a share of the **traffic** to the **new** **version.**"; h.Snippet != want {
		t.Errorf("snippet %q, want %q", h.Snippet, want)
	}
	if h := ix.Search(Query{Text: "docs/deploy.md"}).Hits[0]; h.Anchor != "" || h.Snippet != "" {
		t.Errorf("identifier query: anchor %q snippet %q", h.Anchor, h.Snippet)
	}
	if h := ix.Search(Query{Text: "roll back a release"}).Hits[0]; h.Anchor != "rollbacks" {
		t.Errorf("roll back: anchor %q, want rollbacks", h.Anchor)
	}
}

func TestSnippet(t *testing.T) {
	long := strings.Repeat("filler ", 50) + "the canary gets ten percent of traffic " + strings.Repeat("tail ", 50)
	for _, tc := range []struct{ text, want string }{
		{"", ""},
		{"no match here", "no match here"},
		{"Route **traffic** by weight", "Route **traffic** by weight"},
		{long, "… filler filler filler filler filler filler filler filler filler filler filler filler the **canary** gets ten percent of **traffic** tail tail tail tail tail tail tail tail tail tail tail tail tail …"},
	} {
		if got := snippet(tc.text, tokenize("canary traffic")); got != tc.want {
			t.Errorf("snippet(%.30q…) = %q, want %q", tc.text, got, tc.want)
		}
	}
	if n := len(strings.Fields(snippet(long, tokenize("canary")))); n > snippetWords+2 {
		t.Errorf("snippet of %d words, want at most %d and the two ellipses", n, snippetWords)
	}
}

// The best section is the one holding the question's terms together, its
// heading path counting too; sections name the anchor and never move a
// document: the ranking with and without them is the same.
func TestBestSectionAndRank(t *testing.T) {
	together := coreDoc("docs/together.md", "Together", "# Together\n\n## Limits\n\nrate limit per client\n\n## Other\n\nrate of unrelated text\n")
	together.Sections = []HeadingSection{{1, 1, "together", "Together"}, {2, 3, "limits", "Limits"}, {2, 7, "other", "Other"}}
	apart := coreDoc("docs/apart.md", "Apart", "# Apart\n\n## One\n\nrate of things\n\n## Client limits\n\nnotes\n\n## Three\n\nclient notes\n")
	apart.Sections = []HeadingSection{{1, 1, "apart", "Apart"}, {2, 3, "one", "One"}, {2, 7, "client-limits", "Client limits"}, {2, 11, "three", "Three"}}
	ix := NewIndex(&Projection{Entries: []Entry{apart, together}}, nil)
	res := ix.Search(Query{Text: "rate limit per client"})
	anchors := map[string]string{}
	for _, h := range res.Hits {
		anchors[h.ID] = h.Anchor
	}
	if anchors[together.ID] != "limits" || anchors[apart.ID] != "client-limits" {
		t.Errorf("anchors %v: want together.md#limits (the terms together) and apart.md#client-limits (its heading)", anchors)
	}
	bare := []Entry{apart, together}
	for i := range bare {
		bare[i].Sections = nil
	}
	plain := NewIndex(&Projection{Entries: bare}, nil).Search(Query{Text: "rate limit per client", Explain: true})
	withSections := ix.Search(Query{Text: "rate limit per client", Explain: true})
	for i := range plain.Hits {
		a, b := plain.Hits[i], withSections.Hits[i]
		if a.ID != b.ID || a.Score != b.Score {
			t.Errorf("hit %d: %s %g without sections, %s %g with them", i, a.ID, a.Score, b.ID, b.Score)
		}
	}
}

// Any body and any heading lines (a bounded body, a stale outline) give
// spans inside the body, in order and apart, and snippets within bounds.
func FuzzSplitSections(f *testing.F) {
	f.Add(sectionsDoc, 6, 10, 2, 19)
	f.Add("---\nx: 1\n---\n# A\n", 4, 1, 0, 0)
	f.Add("", 1, 2, 3, 4)
	f.Fuzz(func(t *testing.T, body string, l1, l2, l3, l4 int) {
		var secs []HeadingSection
		for i, l := range []int{l1, l2, l3, l4} {
			secs = append(secs, HeadingSection{Level: 1 + i%3, Line: l, Anchor: "a", Text: "h"})
		}
		end := 0
		for _, s := range splitSections("T", body, secs) {
			if s.start < end || s.end < s.start || s.end > len(body) {
				t.Fatalf("span [%d,%d) after %d in a body of %d", s.start, s.end, end, len(body))
			}
			if s.section < -1 || s.section >= len(secs) {
				t.Fatalf("section %d of %d", s.section, len(secs))
			}
			end = s.end
			snip := snippet(body[s.start:s.end], tokenize("h a"))
			if n := len(strings.Fields(snip)); n > snippetWords+2 {
				t.Fatalf("snippet of %d words", n)
			}
		}
	})
}
