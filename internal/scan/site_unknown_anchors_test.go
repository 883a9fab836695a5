package scan

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// brokenAnchors lists every anchor the scan found missing, as
// "from -> target#anchor" (a same-document one as "doc -> doc#anchor").
func brokenAnchors(ix *index) []string {
	var out []string
	for _, e := range ix.ent {
		if e.Kind != snapshot.KindDocument {
			continue
		}
		list, _ := e.Metadata["brokenAnchors"].([]any)
		for _, b := range list {
			if m, ok := b.(map[string]any); ok {
				out = append(out, fmt.Sprintf("%s -> %s#%s", e.Path, e.Path, m["anchor"]))
			}
		}
	}
	for _, r := range ix.rel {
		if r.Kind != snapshot.RelLinksTo {
			continue
		}
		missing, _ := r.Metadata["missingAnchors"].([]string)
		for _, a := range missing {
			out = append(out, strings.TrimPrefix(r.From, "document:")+" -> "+strings.TrimPrefix(r.To, "document:")+"#"+a)
		}
	}
	slices.Sort(out)
	return out
}

// TestAnchorsNoGeneratorKnows: where no generator the scan knows renders a
// page, an anchor it may have is not accused — an explicit id in any
// syntax a renderer reads ({#id}, react.dev's {/*id*/}), the id of an MDX
// component, a titled element's title (a <summary>, a component's title),
// any common slug rule in a tree flooded by site links, a MyST directive's
// :label:, a page's front matter label and another page's heading in a
// mystmd project — while an anchor nothing gives stays
// broken, and a known generator's page keeps its own rules.
func TestAnchorsNoGeneratorKnows(t *testing.T) {
	root := t.TempDir()
	var flood strings.Builder
	for i := range 24 {
		fmt.Fprintf(&flood, "[p%d](/reference/api/item-%d) ", i, i)
	}
	testtree.Write(t, root, map[string]string{
		"README.md": "# R\n\n" +
			"[a](docs/guide.md#setup) [b](docs/guide.md#step-one) [c](docs/guide.md#gone)\n\n" +
			"[d](docs/roles.md#admin) [e](docs/roles.md#owner)\n\n" +
			"[f](docs/tabs.mdx#static) [g](docs/tabs.mdx#oauth-2-0) [h](docs/tabs.mdx#other)\n",
		"docs/guide.md": "# Guide\n\n## Install {#setup}\n\n## Step {/*step-one*/}\n",
		"docs/roles.md": "# Roles\n\n<details>\n<summary>Admin</summary>\n\nAll rights.\n</details>\n",
		"docs/tabs.mdx": "# Tabs\n\n<Tabs>\n<Tab id=\"static\" title=\"OAuth 2.0\">\n\nText.\n\n</Tab>\n</Tabs>\n",
		// A tree flooded by site links no convention explains: its
		// anchors match under any common slug rule.
		"web/pages/index.md": "# Home\n\n" + flood.String() + "\n\n## after_render Filters\n\n[ok](#after-render-filters) [no](#nothing-here)\n",
		// A known generator's page keeps its rules: MkDocs gives a
		// <summary> no id.
		"site/mkdocs.yml":    "site_name: s\n",
		"site/docs/index.md": "# S\n\n<details>\n<summary>Admin</summary>\n\nx\n</details>\n\n[x](#admin)\n",
		// A mystmd project: a directive's :label: is a target of every page.
		"book/myst.yml": "version: 1\nproject:\n  title: B\n",
		"book/index.md": "# Book\n\n```{note}\n:label: my-note\nText.\n```\n\n:::{figure} x.png\n:name: fig-x\n:::\n",
		"book/other.md": "# Other\n\n[n](#my-note) [f](#fig-x) [g](#gone) [h](#book) [l](#intro-page)\n",
		"book/intro.md": "---\nlabel: intro-page\n---\n# Intro\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{
		"README.md -> docs/guide.md#gone",
		"README.md -> docs/roles.md#owner",
		"README.md -> docs/tabs.mdx#other",
		"book/other.md -> book/other.md#gone",
		"site/docs/index.md -> site/docs/index.md#admin",
		"web/pages/index.md -> web/pages/index.md#nothing-here",
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// TestElementIncludesSpliceAnchors: where no known generator renders a
// page, an include element's file lends the page its headings, and one the
// checkout lacks (synced at build) or a template names (MarkBind's
// src="syntax/{{ k }}.md") leaves the page's anchors unchecked, as does a
// heading a template fills ("# {{ title }}"); a
// known generator's page keeps its rules (an MkDocs <embed> splices
// nothing).
func TestElementIncludesSpliceAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"README.md": "# R\n\n[a](docs/conventions.mdx#meta) [b](docs/config.md#base) [c](docs/conventions.mdx#gone)\n" +
			"[d](guide/page.md#frontmatter) [e](guide/page.md#nope) [f](guide/looped.md#anything)\n" +
			"[g](guide/templated.md#writing) [h](guide/templated.md#real)\n",
		"guide/templated.md":          "{% set title = \"Writing\" %}\n\n# {{ title }}\n\n## Real\n",
		"guide/page.md":               "# Page\n\n<include src=\"syntax/frontmatter.md\" />\n",
		"guide/syntax/frontmatter.md": "## Frontmatter\n",
		"guide/looped.md":             "# Looped\n\n{% for k in topics %}\n<include src=\"syntax/{{ k }}.md\" />\n{% endfor %}\n",
		"docs/conventions.mdx":        "# Conventions\n\n<include>./parts/meta.mdx</include>\n",
		"docs/parts/meta.mdx":         "## Meta\n\nText.\n",
		"docs/config.md":              "# Config\n\n<embed src=\"../.upstream/config.md\"></embed>\n",
		"site/mkdocs.yml":             "site_name: s\n",
		"site/docs/index.md":          "# S\n\n<embed src=\"part.md\"></embed>\n\n[x](#part)\n",
		"site/docs/part.md":           "## Part\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{"README.md -> docs/conventions.mdx#gone", "README.md -> guide/page.md#nope", "site/docs/index.md -> site/docs/index.md#part"}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// TestFrontMatterOfAnUnknownSite: front matter YAML refuses is a finding
// on a page GitHub shows (it renders an error box), and a note on a page
// of a tree a site whose generator the scan does not know renders (a
// line-based reader such as svelte.dev's takes "title: {#if ...}").
func TestFrontMatterOfAnUnknownSite(t *testing.T) {
	root := t.TempDir()
	var flood strings.Builder
	for i := range 24 {
		fmt.Fprintf(&flood, "[p%d](/docs/page-%d) ", i, i)
	}
	testtree.Write(t, root, map[string]string{
		"documentation/docs/if.md":     "---\ntitle: {#if ...}\n---\n\n# If\n\n" + flood.String() + "\n",
		"proposals/2020-extensible.md": "---\nauthors:\n  * \"@someone\"\n---\n\n# Proposal\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := ix.coverage("proposals/2020-extensible.md", "FRONT_MATTER_INVALID"); len(got) != 1 {
		t.Errorf("GitHub page: %+v, want one FRONT_MATTER_INVALID", got)
	}
	if got := ix.coverage("documentation/docs/if.md", "FRONT_MATTER_INVALID"); len(got) != 0 {
		t.Errorf("unknown site's page: %+v, want no FRONT_MATTER_INVALID", got)
	}
	if got := ix.coverage("documentation/docs/if.md", "its own front matter reader may accept this"); len(got) != 1 {
		t.Errorf("unknown site's page: want one note, coverage %+v", ix.s.Coverage)
	}
}

// TestFrontMatterThatIsAString: a block of one YAML string between two
// "---" lines (a centred header of badges) on a page no site renders is
// what GitHub shows it as, Markdown between two thematic breaks: a note,
// not FRONT_MATTER_INVALID. A page of a site whose generator reads front
// matter (MkDocs) keeps the finding, and so does a GitHub page whose block
// YAML refuses (GitHub shows an error box).
func TestFrontMatterThatIsAString(t *testing.T) {
	root := t.TempDir()
	header := "---\n<p align=\"center\">\n  <a href=\"https://example.com\">Site</a>\n</p>\n---\n\n# Project\n"
	testtree.Write(t, root, map[string]string{
		"README.md":                 header,
		".github/ISSUE_TEMPLATE.md": "---\nPlease read the guidelines before filing.\n---\n\nDescribe the bug.\n",
		"CONTRIBUTING.md":           "---\nname: :bug: Bug fix\n---\n\n# Contributing\n",
		"site/mkdocs.yml":           "site_name: s\n",
		"site/docs/index.md":        header,
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	for _, doc := range []string{"README.md", ".github/ISSUE_TEMPLATE.md"} {
		if got := ix.coverage(doc, "FRONT_MATTER_INVALID"); len(got) != 0 {
			t.Errorf("%s: %+v, want no FRONT_MATTER_INVALID", doc, got)
		}
		if got := ix.coverage(doc, "GitHub shows the block as Markdown between two thematic breaks"); len(got) != 1 {
			t.Errorf("%s: want one note, coverage %+v", doc, ix.s.Coverage)
		}
	}
	for _, doc := range []string{"CONTRIBUTING.md", "site/docs/index.md"} {
		if got := ix.coverage(doc, "FRONT_MATTER_INVALID"); len(got) != 1 {
			t.Errorf("%s: %+v, want one FRONT_MATTER_INVALID", doc, got)
		}
	}
}

// TestAutodocNameAnchors: hf-doc-builder renders "[[autodoc]] Tool" with
// the id "<package>.Tool" and its members' "<package>.Tool.<member>"; an
// anchor naming another object of the page, or a page without the
// directive, stays broken.
func TestAutodocNameAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/source/en/reference/tools.md": "# Tools\n\n## Tool\n\n[[autodoc]] Tool\n    - from_space\n",
		"docs/source/en/guide.md":           "# Guide\n",
		"docs/source/en/index.md": "# Index\n\n[a](reference/tools.md#smolagents.Tool) [b](reference/tools.md#smolagents.Tool.from_space) " +
			"[c](reference/tools.md#smolagents.Agent) [d](guide.md#smolagents.Tool)\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{
		"docs/source/en/index.md -> docs/source/en/guide.md#smolagents.Tool",
		"docs/source/en/index.md -> docs/source/en/reference/tools.md#smolagents.Agent",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors %q, want %q", got, want)
	}
}

// TestKramdownBlockID: a kramdown block attribute list on the line after a
// heading ("{: #id}", IBM Cloud's docs) gives the heading that id outside
// every recognised site, as a trailing {#id} does; an id no heading or
// list gives stays broken.
func TestKramdownBlockID(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/keys.md": "# Keys\n\n[a](#key-rotation-managing) [b](#managing-retired-key-versions) [c](#nope)\n\n" +
			"### Managing retired key versions\n{: #key-rotation-managing}\n\nText.\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	if want := []string{"docs/keys.md -> docs/keys.md#nope"}; !slices.Equal(got, want) {
		t.Errorf("broken anchors %q, want %q", got, want)
	}
}
