package reconcile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

// In no_code/repo documents reach code by a mention, a link, a symbol
// mention and covers; a link to another document and a mention of a path
// that does not exist do not count. CHANGELOG, LICENSE and .github/ are
// exempt, a directory README is not. no_code/docs_only has no source
// modules, so nothing is reported there.
func TestDocumentsWithoutCode(t *testing.T) {
	tests := []struct {
		fixture string
		want    []string
	}{
		{"no_code/repo", []string{
			"docs/README.md:0 DOCUMENT_WITHOUT_CODE",
			"docs/broken.md:0 DOCUMENT_WITHOUT_CODE",
			"docs/doclinks.md:0 DOCUMENT_WITHOUT_CODE",
			"docs/prose.md:0 DOCUMENT_WITHOUT_CODE",
		}},
		{"no_code/docs_only", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			ds := withCode(runOn(t, filepath.Join("testdata", filepath.FromSlash(tt.fixture)), catalog.DocumentWithoutCode), catalog.DocumentWithoutCode)
			if got := where(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for _, d := range ds {
				p := d.Primary().Path
				if d.Severity != catalog.Info || d.Message != p+" neither links to, mentions nor covers any module, package or area" {
					t.Fatalf("got %+v", d)
				}
			}
		})
	}
}
