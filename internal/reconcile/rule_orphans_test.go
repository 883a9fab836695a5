package reconcile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The orphans fixture turns ORPHANED_DOCUMENT on (warn). Entry documents
// (the root's, .github/'s, index, README, CHANGELOG at any level) and
// linked ones are not reported; a mention in a code span, a link from the
// document itself and a link out of it do not count.
func TestOrphanedDocuments(t *testing.T) {
	ds := withCode(check(t, "orphans"), catalog.OrphanedDocument)
	want := []string{
		"docs/mentioned.md:0 ORPHANED_DOCUMENT",
		"docs/orphan.md:0 ORPHANED_DOCUMENT",
		"docs/self.md:0 ORPHANED_DOCUMENT",
		"internal/tool/usage.md:0 ORPHANED_DOCUMENT",
	}
	if got := where(ds); !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	d := ds[1]
	if d.Severity != catalog.Warn || d.Message != "no other document links to docs/orphan.md" ||
		!slices.Equal(d.EntityIDs, []string{"document:docs/orphan.md"}) {
		t.Fatalf("got %+v", d)
	}
}

// Without the fixture's configuration the rule is off.
func TestOrphanedDocumentOffByDefault(t *testing.T) {
	s, _ := scanDir(t, filepath.Join("testdata", "orphans"))
	ds := Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: config.Default()})
	if got := withCode(ds, catalog.OrphanedDocument); len(got) != 0 {
		t.Fatalf("got %v", where(got))
	}
}

func TestIsEntryDocument(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"NOTES.md", true},
		{".github/PULL_REQUEST_TEMPLATE.md", true},
		{"docs/README.md", true},
		{"docs/readme.mdx", true},
		{"a/b/Index.md", true},
		{"pkg/AGENTS.md", true},
		{"docs/SECURITY.markdown", true},
		{"docs/guide.md", false},
		{"docs/readme-old.md", false},
		{"packages/cli/.github/ISSUE_TEMPLATE/bug.md", true}, // a .github/ at any depth
		{"internal/scan/testdata/site/guide.md", true},       // a fixture
		{"testdata/x.md", true},
		{"docs/testdata-notes/x.md", false},
		{"docs/github/x.md", false},
	}
	for _, tt := range tests {
		if got := isEntryDocument(tt.path); got != tt.want {
			t.Errorf("isEntryDocument(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

// A page its site's navigation lists (here MkDocs' nav) is no orphan,
// though no document links to it; the page the nav leaves out still is.
func TestOrphanListedInNavigation(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"mkdocs.yml":           "site_name: w\nnav:\n  - Home: index.md\n  - Listed: guide/listed.md\n",
		"docs/index.md":        "# Home\n",
		"docs/guide/listed.md": "# Listed\n",
		"docs/guide/left.md":   "# Left out\n",
	})
	ds := withCode(runOn(t, dir, catalog.OrphanedDocument), catalog.OrphanedDocument)
	if got := where(ds); !slices.Equal(got, []string{"docs/guide/left.md:0 ORPHANED_DOCUMENT"}) {
		t.Errorf("got %v", got)
	}
}
