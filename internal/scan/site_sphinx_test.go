package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestSphinxMyST scans a Sphinx project with MyST pages: a reference to a
// (label)= target — as an anchor or a bare destination — resolves wherever
// the label is, a page links without its extension, and an unknown label
// and a page that does not exist stay broken.
func TestSphinxMyST(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/conf.py":           "extensions = ['myst_parser']\n",
		"docs/index.md":          "# Project\n",
		"docs/syntax/fences.md":  "# Fences\n\n(syntax/colon_fence)=\n## Colon fences\n",
		"docs/howto/install.rst": "Install\n=======\n",
		"docs/changelog.md":      "# Changes\n\n```{include} ../CHANGELOG.md\n```\n",
		"CHANGELOG.md":           "# Changelog\n\n## 1.0\n\nSee [](syntax/colon_fence) and [the guide](guide).\n",
		"README.md":              "# Readme\n\n```{include} CHANGELOG.md\n```\n\n[gone](gone)\n",
		"docs/guide.md": "# Guide\n\n" +
			"[](syntax/colon_fence) [a](#syntax/colon_fence) [b](syntax/fences) [c](howto/install) [d](index.md#syntax/colon_fence)\n\n" +
			"Broken: [x](#no-such-label) [y](nope)\n",
	})
	ix := newIndex(scanDir(t, root, nil, Options{}))
	const guide = "document:docs/guide.md"
	ix.relation(t, snapshot.RelLinksTo, guide, "document:docs/syntax/fences.md")
	if r := ix.relation(t, snapshot.RelLinksTo, guide, "document:docs/index.md"); len(asStrings(r.Metadata["missingAnchors"])) != 0 {
		t.Errorf("a label is an anchor of every page: missing %q", asStrings(r.Metadata["missingAnchors"]))
	}
	if got, want := brokenFrom(ix, "docs/"), []string{"docs/guide.md -> docs/nope"}; !slices.Equal(got, want) {
		t.Errorf("broken links = %q, want %q", got, want)
	}
	// The changelog the docs include reads its links from the page it
	// lands in: a reference to a label, a page without its extension.
	// Outside a Sphinx site the fence is a code block: README's link is
	// GitHub's.
	if got := brokenFrom(ix, "CHANGELOG.md"); len(got) != 0 {
		t.Errorf("included changelog: broken links %q, want none", got)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:CHANGELOG.md", "document:docs/guide.md")
	if got, want := brokenFrom(ix, "README.md"), []string{"README.md -> gone"}; !slices.Equal(got, want) {
		t.Errorf("README broken links = %q, want %q", got, want)
	}
	var broken []string
	for _, a := range asMaps(ix.entity(t, guide).Metadata["brokenAnchors"]) {
		broken = append(broken, a["anchor"].(string))
	}
	if !slices.Equal(broken, []string{"no-such-label"}) {
		t.Errorf("brokenAnchors = %q, want the unknown label only", broken)
	}
	if len(ix.coverage("docs/guide.md", "MyST (label)= targets")) != 1 {
		t.Errorf("no note for the bare reference: %+v", ix.s.Coverage)
	}
}
