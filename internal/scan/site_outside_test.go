package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// outsideRootLines lists the lines of doc with a LINK_OUTSIDE_ROOT note.
func outsideRootLines(ix *index, doc string) []int {
	var out []int
	for _, c := range ix.s.Coverage {
		if c.Scope == doc && c.Code == markdown.CodeLinkOutsideRoot {
			out = append(out, c.Line)
		}
	}
	slices.Sort(out)
	return out
}

// TestOutsideRootReadBySite scans repositories whose links climb above the
// repository root under GitHub's rules: a Jekyll site at the repository
// root (the page notices.md is served at /notices/, so ../legal/ is the
// collection page /legal/; about.md's permalink /company/about/ makes
// ../team/ company/team.md), an MkDocs site, and a plain repository. A link
// the site reads inside the site resolves there, or is a BROKEN_LINK at the
// path the site serves; one that leaves the site under the site's reading
// too, a link to a .md file (read from the file by every generator), and
// any such link outside a site stay LINK_OUTSIDE_ROOT; in a Hugo site one
// Hugo's resolver finds nothing for is LINK_OUTSIDE_ROOT alone.
func TestOutsideRootReadBySite(t *testing.T) {
	tests := []struct {
		root, doc string
		outside   []int
		broken    []string
		links     []string // documents the doc links to
	}{
		{"testdata/outsideroot/jekyll", "notices.md", []int{7, 7},
			[]string{"anchor:_articles/legal.md#old-heading", "link:deleted"},
			[]string{"document:_articles/legal.md"}},
		{"testdata/outsideroot/jekyll", "about.md", nil, nil, []string{"document:company/team.md"}},
		// docs/a.md is served at /a/: ../b/ is docs/b.md under both
		// readings' first candidates; ../../outside/ climbs above the
		// repository from the file and above docs/ from the URL.
		{"testdata/outsideroot/mkdocs", "docs/a.md", []int{3}, nil, []string{"document:docs/b.md"}},
		{"testdata/outsideroot/plain", "guide.md", []int{3}, nil, nil},
		// Hugo reads ../b/ from the page's content path (docs/a.md) as
		// b.md; ../../../gone/ climbs above the content root there too:
		// one LINK_OUTSIDE_ROOT, no BROKEN_LINK besides.
		{"testdata/outsideroot/hugo", "content/docs/a.md", []int{5}, nil, []string{"document:content/b.md"}},
	}
	for _, tt := range tests {
		ix := newIndex(scanDir(t, tt.root, nil, Options{}))
		if got := outsideRootLines(ix, tt.doc); !slices.Equal(got, tt.outside) {
			t.Errorf("%s/%s: LINK_OUTSIDE_ROOT on lines %v, want %v", tt.root, tt.doc, got, tt.outside)
		}
		if got := brokenIn(ix, tt.doc); !slices.Equal(got, tt.broken) {
			t.Errorf("%s/%s: broken %q, want %q", tt.root, tt.doc, got, tt.broken)
		}
		for _, to := range tt.links {
			ix.relation(t, snapshot.RelLinksTo, "document:"+tt.doc, to)
		}
	}
}

// TestOutsideRootWiki: in a GitHub wiki (Home.md beside _Sidebar.md), a
// page's ../issues/917 is the repository's issue, not a climb above the
// root; ../../x and ../src/x still climb, and the same ../issues/917 in a
// repository that is no wiki does too.
func TestOutsideRootWiki(t *testing.T) {
	page := "# Plan\n\n- [#917](../issues/917)\n- [board](../projects/2)\n- [up](../../x.md)\n- [src](../src/main.go)\n"
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{"Home.md": "# Home\n", "_Sidebar.md": "- [Plan](Plan)\n", "Plan.md": page})
	if got, want := outsideRootLines(newIndex(scanDir(t, root, nil, Options{})), "Plan.md"), []int{5, 6}; !slices.Equal(got, want) {
		t.Errorf("wiki: LINK_OUTSIDE_ROOT lines %v, want %v", got, want)
	}
	root = t.TempDir()
	testtree.Write(t, root, map[string]string{"Home.md": "# Home\n", "Plan.md": page})
	if got, want := outsideRootLines(newIndex(scanDir(t, root, nil, Options{})), "Plan.md"), []int{3, 4, 5, 6}; !slices.Equal(got, want) {
		t.Errorf("no wiki: LINK_OUTSIDE_ROOT lines %v, want %v", got, want)
	}
}
