package reconcile

import (
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A Hugo site that translates by file name: a relref to a section's
// _index.md reaches its _index.<lang>.md in the linking page's language,
// whose headings its anchor must name; a ref to a page no language has is
// still a broken link.
func TestHugoTranslationByFileNameFindings(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"config.toml": "defaultContentLanguage = \"en\"\n[Languages]\n[Languages.en]\nweight = 1\n[Languages.fr]\nweight = 2\n",
		"content/basics/configuration/_index.en.md": "# Configuration\n\n## Activate search\n",
		"content/basics/configuration/_index.fr.md": "# Configuration\n\n## Activer la recherche\n",
		"content/_index.en.md": "# Home\n\n[search]({{%relref \"basics/configuration/_index.md#activate-search\" %}}) " +
			"[gone]({{%relref \"cont/missing.md\" %}})\n",
		"content/_index.fr.md": "# Accueil\n\n[recherche]({{%relref \"basics/configuration/_index.md#activer-la-recherche\" %}}) " +
			"[wrong]({{%relref \"basics/configuration/_index.md#activate-search\" %}})\n",
	})
	s, cfg := scanDir(t, root)
	ds := Run(Input{Head: s, Signals: graph.Compute(s, graph.Options{}), Config: cfg})
	var links, anchors []string
	for _, d := range withCode(ds, catalog.BrokenLink) {
		links = append(links, d.Primary().Path)
	}
	for _, d := range withCode(ds, catalog.BrokenAnchor) {
		anchors = append(anchors, d.Primary().Path+" "+d.Message)
	}
	if want := []string{"content/_index.en.md"}; !slices.Equal(links, want) {
		t.Errorf("broken links in %q, want %q (the missing page only)", links, want)
	}
	if len(anchors) != 1 || anchors[0][:len("content/_index.fr.md")] != "content/_index.fr.md" {
		t.Errorf("broken anchors %q, want the French page's #activate-search only", anchors)
	}
}
