package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/testtree"
)

// An API page made of mkdocstrings directives documents the module its
// "::: widget.core.Engine" names: the page has an edge into code
// (no DOCUMENT_WITHOUT_CODE) and its area is documented (no
// UNDOCUMENTED_AREA). The area no page names stays undocumented.
func TestAutodocDocumentsCode(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"mkdocs.yml":             "site_name: w\nnav:\n  - index.md\n  - api.md\n",
		"pyproject.toml":         "[project]\nname = \"widget\"\n",
		"src/widget/__init__.py": "\"\"\"Widget.\"\"\"\n",
		"src/widget/core.py":     "class Engine:\n    pass\n",
		"src/gadget/__init__.py": "\"\"\"Gadget.\"\"\"\n",
		"src/gadget/parts.py":    "class Part:\n    pass\n",
		"docs/index.md":          "# W\n\nSee [the API](api.md).\n",
		"docs/api.md":            "# API\n\n::: widget.core.Engine\n",
		"README.md":              "# W\n\n[docs](docs/index.md)\n",
	})
	var got []string
	for _, d := range runOn(t, dir, catalog.DocumentWithoutCode, catalog.UndocumentedArea) {
		if d.Code == catalog.DocumentWithoutCode || d.Code == catalog.UndocumentedArea {
			got = append(got, d.Code+" "+d.Primary().Path)
		}
	}
	slices.Sort(got)
	want := []string{catalog.DocumentWithoutCode + " docs/index.md", catalog.UndocumentedArea + " src/gadget"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
