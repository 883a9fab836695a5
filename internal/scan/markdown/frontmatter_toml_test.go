package markdown

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestFrontMatterTOML reads Zola's and Hugo's +++ front matter: the named
// keys, scalar and list Fields with their lines, the title, and Origin
// from a table one level down; the body after it is the document's.
func TestFrontMatterTOML(t *testing.T) {
	src := `
+++
title = "DeepThought"
type = "theme"
weight = 3
draft = false
tags = ["blog", "bulma"]
date = 2023-04-09T15:52:10+05:30

[extra]
repository = "https://github.com/RatanShreshtha/DeepThought.git"
homepage = "https://example.org/deepthought"

[[links]]
name = "demo"
+++

# DeepThought

See [the screenshot](screenshot.png).
`
	d := Extract("docs/content/themes/DeepThought/index.md", []byte(src))
	fm := d.FrontMatter
	if !fm.Present || fm.Format != frontMatterTOML || fm.LineStart != 2 || fm.LineEnd != 16 {
		t.Errorf("Present/Format/LineStart/LineEnd = %v/%q/%d/%d, want true/toml/2/16", fm.Present, fm.Format, fm.LineStart, fm.LineEnd)
	}
	want := map[string]string{"title": "DeepThought", "type": "theme", "weight": "3", "draft": "false", "tags": "blog, bulma", "date": "2023-04-09T15:52:10+05:30"}
	if !maps.Equal(fm.Fields, want) {
		t.Errorf("Fields = %q, want %q", fm.Fields, want)
	}
	if wantLines := map[string]int{"title": 3, "type": 4, "weight": 5, "draft": 6, "tags": 7, "date": 8}; !maps.Equal(fm.FieldLines, wantLines) {
		t.Errorf("FieldLines = %v, want %v", fm.FieldLines, wantLines)
	}
	if fm.Type != "theme" || d.Title != "DeepThought" || d.TitleSource != TitleFromFrontMatter {
		t.Errorf("Type %q, Title %q (%s)", fm.Type, d.Title, d.TitleSource)
	}
	if !slices.Equal(fm.Tables, []string{"extra", "links"}) {
		t.Errorf("Tables = %q, want a table and an array of tables: [extra links]", fm.Tables)
	}
	if fm.Origin != "https://github.com/RatanShreshtha/DeepThought.git" {
		t.Errorf("Origin = %q, want the [extra] repository", fm.Origin)
	}
	if len(d.Links) != 1 || d.Links[0].Destination != "screenshot.png" || d.Links[0].Line != 20 {
		t.Errorf("Links = %+v, want the body's one link on line 20", d.Links)
	}
	if strings.Contains(d.Summary, "repository") || len(d.Headings) != 1 {
		t.Errorf("front matter read as body: summary %q, headings %+v", d.Summary, d.Headings)
	}
}

// TestFrontMatterTOMLDelimiters: only a +++ that something closes opens
// TOML, and invalid TOML is FRONT_MATTER_INVALID at its line — unless it is
// a template (an archetype, or {{ }} in the text), which is a note.
func TestFrontMatterTOMLDelimiters(t *testing.T) {
	if d := Extract("a.md", []byte("+++\n\nText.\n")); d.FrontMatter.Present {
		t.Errorf("a lone +++ opened front matter: %+v", d.FrontMatter)
	}
	d := Extract("b.md", []byte("+++\ntitle = \"x\"\nbroken = \n+++\n# B\n"))
	if !d.FrontMatter.Present || !hasIssue(d.Issues, 3, CodeFrontMatterInvalid, "not valid TOML") {
		t.Errorf("invalid TOML: present %v, issues %q", d.FrontMatter.Present, issueStrings(d.Issues))
	}
	if d.Title != "B" {
		t.Errorf("Title = %q, want the heading's when the front matter cannot be read", d.Title)
	}
	for _, c := range []struct{ path, src string }{
		{"archetypes/default.md", "+++\ndate = {{ .Date }}\n+++\n"},
		{"layouts/x.md", "+++\ndate = {{ .Date }}\n+++\n"},
	} {
		d := Extract(c.path, []byte(c.src))
		for _, is := range d.Issues {
			if is.Code != "" {
				t.Errorf("%s: %s %s, want a note without a code", c.path, is.Code, is.Message)
			}
		}
		if len(d.Issues) == 0 {
			t.Errorf("%s: no note on the template", c.path)
		}
	}
}

// TestFrontMatterOrigin reads Origin from YAML too — top level or one
// mapping down — and only from an http(s) URL.
func TestFrontMatterOrigin(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"repo: https://gitlab.com/a/b\n", "https://gitlab.com/a/b"},
		{"extra:\n  repository: https://github.com/o/theme\n", "https://github.com/o/theme"},
		{"source: ./local.md\n", ""},
		{"repository: owner/name\n", ""},
		{"deep:\n  deeper:\n    repository: https://github.com/o/x\n", ""},
	} {
		if got := Extract("p.md", withFrontMatter(c.yaml)).FrontMatter.Origin; got != c.want {
			t.Errorf("%q: Origin = %q, want %q", c.yaml, got, c.want)
		}
	}
}
