package scan

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// An mkdocstrings directive ("::: pkg.sub.Thing") covers the Python module
// its dotted name resolves to (its longest prefix that is a module of the
// tree), and the package when that module is an __init__.py. A name the
// tree does not declare covers nothing, and neither does the same line
// outside an MkDocs site (VitePress' "::: tip" container).
func TestAutodocCovers(t *testing.T) {
	s := scanFiles(t, map[string]string{
		"mkdocs.yml":                 "site_name: x\n",
		"pkg/__init__.py":            "\"\"\"The package.\"\"\"\n",
		"pkg/sub.py":                 "class Thing:\n    def run(self):\n        pass\n",
		"docs/api/sub.md":            "# Sub\n\n::: pkg.sub.Thing\n",
		"docs/api/pkg.md":            "# Pkg\n\n::: pkg\n",
		"docs/api/member.md":         "# Member\n\n::: pkg.sub.Thing.run\n",
		"docs/api/gone.md":           "# Gone\n\n::: other.Thing\n\n::: tip\n",
		"site/.vitepress/config.mts": "export default {}\n",
		"site/guide.md":              "# Guide\n\n::: pkg\nA tip.\n:::\n",
	})
	var got []string
	for _, r := range s.Relations {
		if r.Kind == snapshot.RelCovers {
			got = append(got, r.From+" -> "+r.To+" "+r.Provenance)
		}
	}
	want := []string{
		"document:docs/api/member.md -> module:pkg/sub.py observed",
		"document:docs/api/pkg.md -> module:pkg/__init__.py observed",
		"document:docs/api/pkg.md -> package:pkg observed",
		"document:docs/api/sub.md -> module:pkg/sub.py observed",
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("covers:\n%q\nwant\n%q", got, want)
	}
}
