package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestPageForSiteServedAtRoot: a page written for a site no generator
// marks (a Slidev deck: layout: front matter) reads a root-absolute link
// from its project's public/ directory, which its dev server serves at
// "/"; a file missing there stays broken, and a README, which GitHub
// shows, keeps GitHub's reading (the repository's root).
func TestPageForSiteServedAtRoot(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"2024-02-29/src/package.json":     `{"scripts": {"dev": "slidev"}}`,
		"2024-02-29/src/public/logo.svg":  "<svg/>",
		"2024-02-29/src/slides.md":        "---\nlayout: center\n---\n\n![](/logo.svg) ![](/gone.png)\n",
		"2024-02-29/src/README.md":        "# Talk\n\n![](/logo.svg)\n",
		"2024-03-01/src/slides.md":        "---\nlayout: cover\n---\n\n![](/logo.svg)\n",
		"2024-03-01/src/public/other.png": "png",
		"2024-03-01/src/package.json":     `{}`,
	})
	got := brokenFrom(newIndex(scanDir(t, root, nil, Options{})), "")
	want := []string{
		"2024-02-29/src/README.md -> logo.svg",
		"2024-02-29/src/slides.md -> gone.png",
		"2024-03-01/src/slides.md -> logo.svg",
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken links %q, want %q", got, want)
	}
}

// TestUserContentAnchor: GitHub renders a heading's id as
// "user-content-<id>", and a link naming it so lands, on a page GitHub
// shows; a site renders its own ids, where it does not.
func TestUserContentAnchor(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"SECURITY.md":        "# Security\n\n## Supported versions\n",
		"docs/backports.md":  "# Backports\n\n[a](../SECURITY.md#user-content-supported-versions) [b](../SECURITY.md#user-content-unsupported)\n",
		"site/mkdocs.yml":    "site_name: x\n",
		"site/docs/index.md": "# Home\n\n## Install\n\n[c](#user-content-install)\n",
	})
	got := brokenAnchors(newIndex(scanDir(t, root, nil, Options{})))
	slices.Sort(got)
	want := []string{
		"docs/backports.md -> SECURITY.md#user-content-unsupported",
		"site/docs/index.md -> site/docs/index.md#user-content-install",
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken anchors %q, want %q", got, want)
	}
}

func TestBracketedNamePlaceholder(t *testing.T) {
	for ref, want := range map[string]bool{
		"src/content/pages/[lang-code]/": true, "pages/[page_id].md": true, "app/[slug]/page.tsx": true,
		"src/[a b]/x": false, "docs/[]/x": false, "docs/guide.md": false,
	} {
		if got := placeholder(ref); got != want {
			t.Errorf("placeholder(%q) = %v, want %v", ref, got, want)
		}
	}
}
