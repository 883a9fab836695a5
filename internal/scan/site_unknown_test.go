package scan

import (
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// failingLinks lists every links-to relation into an unresolved entity as
// "from -> target", with " (unverified: tree)" when the scan marked it as
// a link of a page a generator it does not know renders, " (partial)" or
// " (template)" when it marked its page as shown elsewhere.
func failingLinks(ix *index) []string {
	var out []string
	for _, r := range ix.rel {
		if r.Kind != snapshot.RelLinksTo || !strings.HasPrefix(r.To, snapshot.KindUnresolved+":") {
			continue
		}
		s := strings.TrimPrefix(r.From, "document:") + " -> " + strings.TrimPrefix(r.To, snapshot.KindUnresolved+":")
		if tree, ok := r.Metadata[snapshot.MetaUnverifiedSite].(string); ok {
			s += " (unverified: " + tree + ")"
		}
		if kind, ok := r.Metadata[snapshot.MetaRenderedElsewhere].(string); ok {
			s += " (" + kind + ")"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestSitesNobodyModelled: a tree a generator the scan does not know
// renders — most pages with a site's front matter, or a marker file such
// as toc.yml — has its failing links marked unverified, except an image
// written relative to the page whose file name no file has; its anchors
// match by their fold once the tree's own anchors show that rule (a
// slugger that keeps commas); a
// heading that is only a link into its page is not accused. A contributor
// document in such a tree, a tree of proposals whose front matter is only
// metadata, and a GitBook tree keep GitHub's reading; an anchor nothing
// gives stays broken.
func TestSitesNobodyModelled(t *testing.T) {
	root := t.TempDir()
	page := func(pos, body string) string {
		return "---\ntitle: P\nsidebar_position: " + pos + "\n---\n\n" + body
	}
	testtree.Write(t, root, map[string]string{
		"docs/intro.md": page("1", "# Intro\n\n[a](guide/setup) [b](images/missing-shot.png) [c](img/logo.png) [d](./gone.md)\n\n"+
			"## Yes, no\n\n## Red, green\n\n## Up, down\n\n"+
			"[e](#yes,-no) [f](#red,-green) [g](#up,-down) [h](#nothing-like-it)\n"),
		"docs/tabs.md":         page("2", "# Tabs\n\n# [Linux](#tab/linux)\n\nText.\n\n# [Windows](#tab/windows)\n"),
		"docs/more.md":         page("3", "# More\n\nSee `src/routes/about.tsx`.\n"),
		"docs/CONTRIBUTING.md": "# Contributing\n\n[x](gone-guide.md)\n",
		"static/img/logo.png":  "png",
		"src/routes/home.ts":   "export const home = 1\n",
		"handbook/toc.yml":     "- name: Start\n  href: start.md\n",
		"handbook/start.md":    "# Start\n\n[z](missing-page)\n",
		"proposals/a.md":       "---\ntitle: A\nauthors: [me]\n---\n\n# A\n\n[y](gone.md)\n",
		"proposals/b.md":       "---\ntitle: B\nauthors: [me]\n---\n\n# B\n",
		"proposals/c.md":       "---\ntitle: C\nauthors: [me]\n---\n\n# C\n",
		"book/SUMMARY.md":      "# Summary\n\n- [One](one.md)\n",
		"book/one.md":          "---\ndescription: one\n---\n\n# One\n\n[w](two.md)\n",
		"book/three.md":        "---\ndescription: three\n---\n\n# Three\n",
		"book/four.md":         "---\ndescription: four\n---\n\n# Four\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	got := failingLinks(ix)
	want := []string{
		"book/one.md -> book/two.md",
		"docs/CONTRIBUTING.md -> docs/gone-guide.md",
		"docs/intro.md -> docs/gone.md (unverified: docs)",
		"docs/intro.md -> docs/guide/setup (unverified: docs)",
		"docs/intro.md -> docs/images/missing-shot.png",
		"docs/intro.md -> docs/img/logo.png (unverified: docs)",
		"handbook/start.md -> handbook/missing-page (unverified: handbook)",
		"proposals/a.md -> proposals/gone.md",
	}
	if !slices.Equal(got, want) {
		t.Errorf("failing links:\n got %q\nwant %q", got, want)
	}
	if got, want := brokenAnchors(ix), []string{"docs/intro.md -> docs/intro.md#nothing-like-it"}; !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("docs", "3 of its 3 pages carry a site's front matter")) != 1 ||
		len(ix.coverage("handbook", "it holds handbook/toc.yml")) != 1 ||
		len(ix.coverage("docs", "matched without regard to punctuation: of the 4 distinct same-page anchors that match no heading of its pages under the slug rules docbridge knows, 3 (counted per page)")) != 1 {
		t.Errorf("want notes for docs/ (front matter, folded anchors) and handbook/ (toc.yml), coverage %+v", ix.s.Coverage)
	}
	if len(ix.coverage("proposals", "does not recognise")) != 0 || len(ix.coverage("book", "does not recognise")) != 0 {
		t.Errorf("proposals/ and book/ are read as GitHub reads them, coverage %+v", ix.s.Coverage)
	}
	// The tree's pages are for the project's users: a path in backticks
	// names the reader's project.
	if got := unclaimedOf(ix.s, reasonOf); !slices.Contains(got, "unresolved:src/routes/about.tsx "+unclaimedUserDoc) {
		t.Errorf("docs/more.md's `src/routes/about.tsx` is a claim; unclaimed %q", got)
	}
}

// TestFoldedAnchorsNeedEvidence: where a tree's own failing anchors do not
// show a slug rule that ignores punctuation, an anchor that differs from a
// heading only in punctuation stays broken.
func TestFoldedAnchorsNeedEvidence(t *testing.T) {
	root := t.TempDir()
	page := func(body string) string { return "---\nlayout: page\n---\n\n" + body }
	testtree.Write(t, root, map[string]string{
		"site/a.md": page("# A\n\n## I've updated, now\n\n[u](#i've-updated,-now) [v](#gone-one) [w](#gone-two) [x](#ive-updated-now)\n"),
		"site/b.md": page("# B\n"),
		"site/c.md": page("# C\n"),
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{"site/a.md -> site/a.md#gone-one", "site/a.md -> site/a.md#gone-two", "site/a.md -> site/a.md#i've-updated,-now"}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// TestFoldedAnchorsCountDistinct: the evidence is counted in distinct
// anchors, so a link a template repeats on every release note (#details,
// a heading no page has) is one failing anchor, not five, and three
// anchors written in the generator's own slug (#Lifecycle_Reference)
// still show the rule. The repeated anchor stays broken on every page.
func TestFoldedAnchorsCountDistinct(t *testing.T) {
	root := t.TempDir()
	page := func(body string) string { return "---\nlayout: page\n---\n\n" + body }
	files := map[string]string{
		"site/guide.md": page("# Guide\n\n## Lifecycle Reference\n\n## Project Inheritance\n\n## Settings File Locations\n\n" +
			"[a](#Lifecycle_Reference) [b](#Project_Inheritance) [c](#Settings_File_Locations)\n"),
	}
	var want []string
	for _, v := range []string{"1", "2", "3", "4", "5"} {
		p := "site/notes-" + v + ".md"
		files[p] = page("# Release " + v + "\n\nSee [details](#details).\n")
		want = append(want, p+" -> "+p+"#details")
	}
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("site", "matched without regard to punctuation: of the 4 distinct same-page anchors that match no heading of its pages under the slug rules docbridge knows, 3 (counted per page)")) != 1 {
		t.Errorf("want the folded-anchors note for site/, coverage %+v", ix.s.Coverage)
	}
}

// TestFoldedAnchorsCountPages: one anchor text that matches its own
// page's heading by its fold on three pages (a section copied to three
// reference pages) is three headings slugged alike: the rule holds.
func TestFoldedAnchorsCountPages(t *testing.T) {
	root := t.TempDir()
	page := func(name string) string {
		return "---\nlayout: page\n---\n\n# " + name + "\n\n[faq](#i've-updated,-now)\n\n## I've updated, now\n"
	}
	testtree.Write(t, root, map[string]string{"site/a.md": page("A"), "site/b.md": page("B"), "site/c.md": page("C")})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got := brokenAnchors(ix); len(got) != 0 {
		t.Errorf("broken anchors %q, want none", got)
	}
	if len(ix.coverage("site", "of the 1 distinct same-page anchors that match no heading of its pages under the slug rules docbridge knows, 3 (counted per page)")) != 1 {
		t.Errorf("want the folded-anchors note for site/, coverage %+v", ix.s.Coverage)
	}
}

// TestUnknownSiteAnchors: in a tree an unknown generator renders (marked
// by a front matter key whose value is a mapping, eleventyNavigation),
// anchors take the ids of attribute lists with spaces ({ #ide-plugins }),
// of attribute-list paragraphs ({#custom-element} after a code block) and
// the slugify package's slug, which keeps "(", ")" and ":", and the hyphen
// slug of decamelized words ("dynamicPaths" as #dynamic-paths); a site page
// named like a contributor document (development.md) is such a page too,
// and so is an MDX one without front matter (GitHub shows MDX as source),
// whose emoji-ended heading ("Layouts 📐") the common slugs end at a word.
// The same anchors in a README that GitHub shows stay broken, and an
// anchor no rule gives stays broken in the site.
func TestUnknownSiteAnchors(t *testing.T) {
	root := t.TempDir()
	page := func(key, body string) string {
		return "---\ntitle: T\neleventyNavigation:\n  key: " + key + "\n---\n\n" + body
	}
	body := "[a](#ide-plugins) [b](#custom-element) [c](#imperative-dom-access:-update()) [d](#no-such-place) [e](#dynamic-paths)\n\n" +
		"## Lit-specific IDE plugins { #ide-plugins }\n\n## Imperative DOM access: update()\n\n```js\nx\n```\n{#custom-element}\n\n## dynamicPaths\n\nText.\n"
	testtree.Write(t, root, map[string]string{
		"site/docs/development.md":        page("Development", "# Development\n\n"+body),
		"site/docs/b.md":                  page("B", "# B\n"),
		"site/docs/c.md":                  page("C", "# C\n"),
		"site/docs/guide/development.mdx": "# Development\n\n[l](#layouts) [g](#gone-place)\n\n## Layouts 📐\n",
		"README.md":                       "# R\n\n[e](#imperative-dom-access:-update()) [f](#custom-element) [g](#dynamic-paths)\n\n## Imperative DOM access: update()\n\n```js\nx\n```\n{#custom-element}\n\n## dynamicPaths\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		"README.md -> README.md#custom-element",
		"README.md -> README.md#dynamic-paths",
		"README.md -> README.md#imperative-dom-access:-update()",
		"site/docs/development.md -> site/docs/development.md#no-such-place",
		"site/docs/guide/development.mdx -> site/docs/guide/development.mdx#gone-place",
	}
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("site", "4 of its 4 pages carry a site's front matter")) != 1 {
		t.Errorf("want a note for site/, coverage %+v", ix.s.Coverage)
	}
}

// TestSourceReferencePages: on pages a generator the scan does not know
// renders, a page whose front matter names source files of the repository
// (a glob or a path; Foundation's "sass: scss/grid/*.scss") may have a
// reference of them rendered in by its layout: an anchor into it that
// matches no heading is counted, not accused. A field naming no file, or
// an image, does not do that; nor does a README, which GitHub shows.
func TestSourceReferencePages(t *testing.T) {
	root := t.TempDir()
	page := func(fm, body string) string { return "---\ntitle: T\nlayout: doc\n" + fm + "---\n\n" + body }
	testtree.Write(t, root, map[string]string{
		"scss/grid/_cell.scss": "@mixin cell-gutters {}\n",
		"app.scss":             "@mixin app {}\n",
		"docs/pages/app.md":    page("sass: '*.scss'\n", "# App\n"),
		"js/reveal.js":         "export default 1\n",
		"img/shot.png":         "png",
		"docs/pages/grid.md":   page("sass: scss/grid/*.scss\n", "# Grid\n"),
		"docs/pages/reveal.md": page("js:\n  - js/reveal.js\n", "# Reveal\n"),
		"docs/pages/shot.md":   page("image: img/shot.png\nsass: scss/none/*.scss\n", "# Shot\n"),
		"docs/pages/index.md":  page("", "# Index\n\n[a](grid.md#cell-gutters) [b](reveal.md#open) [c](shot.md#gone) [d](index.md#nowhere) [e](app.md#mixin-app)\n"),
		"README.md":            "---\nsass: scss/grid/*.scss\n---\n# R\n\n[e](#cell-gutters)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		"README.md -> README.md#cell-gutters",
		"docs/pages/index.md -> docs/pages/index.md#nowhere",
		"docs/pages/index.md -> docs/pages/shot.md#gone",
	}
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("docs/pages/index.md", "a layout may render a reference of (js: js/reveal.js)")) != 1 {
		t.Errorf("want a note naming the field, coverage %+v", ix.s.Coverage)
	}
}

// TestConcatenatedPages: where at least three distinct failing anchors of
// a directory's pages name pages beside them (#allowJs beside allowJs.md),
// the directory's pages are read as one page and such anchors are not
// accused; in a directory where one anchor does so, it stays broken.
func TestConcatenatedPages(t *testing.T) {
	root := t.TempDir()
	page := func(body string) string { return "---\nlayout: option\n---\n\n" + body }
	testtree.Write(t, root, map[string]string{
		"ref/options/allowJs.md": page("# allowJs\n\nSee [checkJs](#checkJs).\n"),
		"ref/options/checkJs.md": page("# checkJs\n\nNeeds [allowJs](#allowJs), not [gone](#gone).\n"),
		"ref/options/outDir.md":  page("# outDir\n\nSee [rootDir](#rootDir) and [allowJs](allowJs.md#checkJs).\n"),
		"ref/options/rootDir.md": page("# rootDir\n\nSee [outDir](#outDir).\n"),
		"ref/guide/intro.md":     page("# Intro\n\nSee [lifecycle](#lifecycle).\n"),
		"ref/guide/lifecycle.md": page("# Lifecycle\n"),
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		"ref/guide/intro.md -> ref/guide/intro.md#lifecycle",
		"ref/options/checkJs.md -> ref/options/checkJs.md#gone",
	}
	if got := brokenAnchors(ix); !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("ref/options", "4 of their anchors that match no heading name a page beside them")) != 1 {
		t.Errorf("want a note for ref/options/, coverage %+v", ix.s.Coverage)
	}
}

// TestPartialsAndTemplates: a relative link to no file of a partial
// (_x.md, a file under _includes/) or a template (*_template.md) is
// marked as shown elsewhere, in any tree; a page about templates, Hugo's
// _index.md and a root-absolute link stay broken.
func TestPartialsAndTemplates(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/nb/_README.md":            "# Notebooks\n\n[one](1-basics.ipynb) [abs](/docs/gone.md)\n",
		"docs/_includes/note.md":        "[x](x.md)\n",
		"src/card/dataset_template.md":  "# Card\n\n[meta](metadata.json)\n",
		"docs/templates.md":             "# Templates\n\n[t](gone-template-page.md)\n",
		"content/_index.md":             "# Section\n\n[s](gone-section.md)\n",
		".github/ISSUE_TEMPLATE/bug.md": "# Bug\n\n[g](../../gone.md)\n",
	})
	want := []string{
		".github/ISSUE_TEMPLATE/bug.md -> gone.md (template)",
		"content/_index.md -> content/gone-section.md",
		"docs/_includes/note.md -> docs/_includes/x.md (partial)",
		"docs/nb/_README.md -> docs/gone.md",
		"docs/nb/_README.md -> docs/nb/1-basics.ipynb (partial)",
		"docs/templates.md -> docs/gone-template-page.md",
		"src/card/dataset_template.md -> src/card/metadata.json (template)",
	}
	if got := failingLinks(newIndex(scanDir(t, root, nil, Options{}))); !slices.Equal(got, want) {
		t.Errorf("failing links:\n got %q\nwant %q", got, want)
	}
}

// TestSiteSyntaxTrees: a tree whose pages mostly use syntax only a site
// renders (Markdoc tags, ::: containers, MDX) is rendered by a generator
// the scan does not know, front matter or not; a tree where one page of
// four does so is read as GitHub reads it. A marker beside a tree (a
// Writerside project.ihp next to topics/) marks it too, and an image whose
// file name another directory has is unverified there.
func TestSiteSyntaxTrees(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"guide/a.md":  "# A\n\n{% admonition type=\"note\" %}\nHi.\n{% /admonition %}\n\n[x](/guide/elsewhere/page)\n",
		"guide/b.md":  "# B\n\n:::tip\nT.\n:::\n",
		"guide/c.mdx": "# C\n\n<Note>n</Note>\n",
		"notes/a.md":  "# A\n\n:::tip\nT.\n:::\n\n[y](gone.md)\n",
		"notes/b.md":  "# B\n",
		"notes/c.md":  "# C\n",
		"notes/d.md":  "# D\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	want := []string{
		"guide/a.md -> guide/elsewhere/page (unverified: guide)",
		"notes/a.md -> notes/gone.md",
	}
	if got := failingLinks(ix); !slices.Equal(got, want) {
		t.Errorf("failing links:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("guide", "3 of its 3 pages carry a site's front matter or syntax")) != 1 {
		t.Errorf("want a note for guide/, coverage %+v", ix.s.Coverage)
	}

	root = t.TempDir()
	testtree.Write(t, root, map[string]string{
		"project.ihp":     "<ihp/>\n",
		"topics/a.md":     "# A\n\n[z](shot.png) [w](gone-page.md)\n",
		"images/shot.png": "png",
	})
	ix = newIndex(scanDir(t, root, nil, Options{}))
	want = []string{
		"topics/a.md -> topics/gone-page.md (unverified: topics)",
		"topics/a.md -> topics/shot.png (unverified: topics)",
	}
	if got := failingLinks(ix); !slices.Equal(got, want) {
		t.Errorf("failing links beside project.ihp:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage("topics", "beside project.ihp")) != 1 {
		t.Errorf("want a note for topics/, coverage %+v", ix.s.Coverage)
	}
}

// TestHashRoutes: where at least three anchors that match no heading are
// paths naming pages (#core/components/button beside button.md), anchors
// are read as a single-page app's routes and such ones are not accused; a
// path-shaped anchor naming no page stays broken, and so does a lone one
// naming a page in another repository.
func TestHashRoutes(t *testing.T) {
	files := map[string]string{
		"packages/core/button.md": "# Button\n\nSee [menu](#core/components/menu), [card](#core/components/card.elevation), [tag](#core/tag) and [gone](#core/components/nothing-here).\n",
		"packages/core/menu.md":   "# Menu\n",
		"packages/core/card.md":   "# Card\n",
		"packages/core/tag.md":    "# Tag\n",
	}
	root := t.TempDir()
	testtree.Write(t, root, files)
	ix := newIndex(scanDir(t, root, nil, Options{}))
	if got, want := brokenAnchors(ix), []string{"packages/core/button.md -> packages/core/button.md#core/components/nothing-here"}; !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
	if len(ix.coverage(".", "3 anchors that match no heading are paths to pages")) != 1 {
		t.Errorf("want a note on hash routes, coverage %+v", ix.s.Coverage)
	}

	root = t.TempDir()
	testtree.Write(t, root, map[string]string{
		"doc/go1.10.md": "# Go 1.10\n\nSee [encoding/json](#encoding/json).\n",
		"doc/json.md":   "# JSON\n",
	})
	if got, want := brokenAnchors(newIndex(scanDir(t, root, nil, Options{}))), []string{"doc/go1.10.md -> doc/go1.10.md#encoding/json"}; !slices.Equal(got, want) {
		t.Errorf("a lone route-shaped anchor:\n got %q\nwant %q", got, want)
	}
}

// TestPartialAnchors: a same-page anchor of a partial that matches none
// of its headings is left to the page including it; the same anchor in a
// page is broken.
func TestPartialAnchors(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/cli/_commands.md": "## Render\n\nSee [preview](#preview).\n",
		"docs/cli/page.md":      "# Page\n\nSee [preview](#preview).\n",
	})
	if got, want := brokenAnchors(newIndex(scanDir(t, root, nil, Options{}))), []string{"docs/cli/page.md -> docs/cli/page.md#preview"}; !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

// TestDecamelize splits words as @sindresorhus/slugify's decamelize does.
func TestDecamelize(t *testing.T) {
	for in, want := range map[string]string{
		"dynamicPaths": "dynamic Paths", "TypeScript": "Type Script", "HTMLParser": "HTML Parser",
		"v2Config": "v2 Config", "plain words": "plain words", "API": "API",
	} {
		if got := decamelize(in); got != want {
			t.Errorf("decamelize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSignatureAnchors: on a page a generator nobody modelled renders, a
// heading that is one call signature ("Table.iter(func, table)", written
// in a custom element a site plugin turns into a heading) also takes its
// qualified name as id, as API reference generators give it, and one
// ending in a bracketed word takes that word ("[manage-license]",
// docs-builder's explicit id); a heading of prose with a parenthesis, or
// brackets holding more than a word, does not, and the same anchors in a
// README GitHub shows stay broken.
func TestSignatureAnchors(t *testing.T) {
	root := t.TempDir()
	page := func(body string) string { return "---\nlayout: page\n---\n\n" + body }
	ref := "# Reference\n\n##### <function>Table.iter(func, table)</function>\n\n##### Sys.run_program(cmd)\n\n## Choosing a mode (advanced)\n\n" +
		"## License management [manage-license]\n\n## Generic types [T, U]\n"
	links := "[a](reference.md#Table.iter) [b](reference.md#Sys.run_program) [c](reference.md#choosing) [d](reference.md#Table.iter_values) " +
		"[e](reference.md#manage-license) [f](reference.md#t)\n"
	testtree.Write(t, root, map[string]string{
		"site/reference.md": page(ref),
		"site/blog.md":      page("# Blog\n\n" + links),
		"site/other.md":     page("# Other\n"),
		"README.md":         "# Readme\n\n[a](ref.md#Table.iter)\n",
		"ref.md":            ref,
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	want := []string{"README.md -> ref.md#Table.iter", "site/blog.md -> site/reference.md#Table.iter_values", "site/blog.md -> site/reference.md#choosing",
		"site/blog.md -> site/reference.md#t"}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors:\n got %q\nwant %q", got, want)
	}
}

func TestBracketSuffixID(t *testing.T) {
	for text, want := range map[string]string{
		"License management [manage-license]": "manage-license", "Hiding links [hide_Links]": "hide_links",
		"Generic types [T, U]": "", "[alone]": "", "Text [] ": "", "Ends [a] here": "", "Array [T]": "t",
	} {
		got, ok := bracketSuffixID(text)
		if ok != (want != "") || got != want {
			t.Errorf("bracketSuffixID(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}

func TestWithoutAttrList(t *testing.T) {
	for text, want := range map[string]string{
		"Elevation {codemod-available}": "Elevation", "Setup {.new data-x=1} ": "Setup", "Use {{ name }}": "",
		"Tags {% raw %}": "", "{alone}": "", "Empty {}": "", "Nested {a {b}}": "", "No braces": "",
	} {
		got, ok := withoutAttrList(text)
		if ok != (want != "") || got != want {
			t.Errorf("withoutAttrList(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}

func TestSignatureID(t *testing.T) {
	for text, want := range map[string]string{
		"Table.iter(func, table)": "table.iter", "Sys.run_program(cmd)": "sys.run_program", "String::new()": "string::new",
		"Choosing a mode (advanced)": "", "(advanced)": "", "Table.iter(func": "", "Table.iter": "",
	} {
		got, ok := signatureID(text)
		if ok != (want != "") || got != want {
			t.Errorf("signatureID(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
}
