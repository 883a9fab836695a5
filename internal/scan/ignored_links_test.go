package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestLinksIntoIgnoredPaths: in a documentation site, a link into a path
// of the site's source that git ignores names what the site's build writes
// there (an API reference it generates): the published site has it, a
// checkout does not, so it is counted in a note, not reported. A link to a
// missing path git does not ignore is still broken (and one to an ignored
// path outside a site, which GitHub shows from the checkout: see
// TestReferencesIntoExcludedPaths).
func TestLinksIntoIgnoredPaths(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		".gitignore":       "/docs/rubydoc\ndist/\n",
		"docs/_config.yml": "baseurl: \"\"\n",
		"docs/api.md":      "# API\n\nSee [Formula](/rubydoc/Formula.html), [the docs bundle](/dist/app.js) and [gone](/reference/Formula.html).\n",
	})
	s := scanDir(t, root, nil, Options{})
	var broken []string
	for _, r := range s.Relations {
		if r.From == "document:docs/api.md" && r.Kind == snapshot.RelLinksTo {
			broken = append(broken, r.To)
		}
	}
	slices.Sort(broken)
	if want := []string{"unresolved:reference/Formula.html"}; !slices.Equal(broken, want) {
		t.Errorf("links from docs/api.md: %v, want %v", broken, want)
	}
	newIndex(s).wantCoverage(t, "docs/api.md", "2 links into paths git ignores in the site's source (build output), not checked", 0)
}
