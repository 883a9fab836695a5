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
// a link of a page a generator it does not know renders.
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
		len(ix.coverage("docs", "matched without regard to punctuation: 3 of its 4")) != 1 {
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
