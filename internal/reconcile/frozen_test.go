package reconcile

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// Frozen history is not asked to follow the code: a change that renames a
// symbol, deletes a script and moves a page drifts the current guide's
// symbol, path and link, while a versioned Docusaurus page and change-log
// fragments that say the same keep only the link's drift — a link follows
// the tree as it is, and its reader lands on nothing — with no DRIFT_SYMBOL,
// DRIFT_PATH or UNRESOLVED_PATH. A directory merely named like a version
// (docs/v1.2/) is current documentation.
func TestFrozenHistoryDoesNotDrift(t *testing.T) {
	page := "# Page\n\nCall `RankDocs`, run `scripts/gen.sh`, see [setup](SETUP).\n"
	docs := map[string]string{
		"docs/guide.md":                           "../docs/setup.md",
		"docs/v1.2/guide.md":                      "../setup.md",
		"website/versioned_docs/version-1.0/a.md": "../../../docs/setup.md",
		".changes/unreleased/added-rank.md":       "../../docs/setup.md",
		".changeset/brave-cats.md":                "../docs/setup.md",
		"changelog.d/12.feature.md":               "../docs/setup.md",
		"newsfragments/4521.bugfix.md":            "../docs/setup.md",
	}
	base := map[string]string{
		"go.mod":         "module example.com/w\n\ngo 1.22\n",
		"src/rank.go":    "// Package src ranks.\npackage src\n\n// RankDocs ranks.\nfunc RankDocs(q string, n int) []string { return nil }\n",
		"scripts/gen.sh": "#!/bin/sh\necho gen\n",
		"docs/setup.md":  "# Setup\n\nInstall it with the package manager of your platform.\n",
		"README.md":      "# W\n",
		"docbridge.yaml": "checks:\n  severity:\n    UNRESOLVED_PATH: warn\n",
	}
	for p, setup := range docs {
		base[p] = strings.Replace(page, "SETUP", setup, 1)
	}
	head := maps.Clone(base)
	head["src/rank.go"] = strings.ReplaceAll(base["src/rank.go"], "RankDocs", "RankAll")
	delete(head, "scripts/gen.sh")
	delete(head, "docs/setup.md")
	head["handbook/setup.md"] = base["docs/setup.md"]
	b, _ := scanDir(t, testtree.New(t, base))
	h, cfg := scanDir(t, testtree.New(t, head))
	res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg})

	// The seven links into the moved page are one DRIFT_MOVE; each of its
	// lines counts as its document's link drift.
	got := map[string][]string{}
	for _, d := range res.Comparison.New {
		if d.Code == catalog.DriftMove {
			for _, at := range d.Evidence {
				got[at.Path] = append(got[at.Path], catalog.DriftLink)
			}
			continue
		}
		got[d.Primary().Path] = append(got[d.Primary().Path], d.Code)
	}
	current := []string{catalog.DriftLink, catalog.DriftPath, catalog.DriftSymbol}
	for p := range docs {
		codes := got[p]
		slices.Sort(codes)
		switch p {
		case "docs/guide.md", "docs/v1.2/guide.md":
			if !slices.Equal(codes, current) {
				t.Errorf("%s: new %v, want %v", p, codes, current)
			}
		default:
			if !slices.Equal(codes, []string{catalog.DriftLink}) {
				t.Errorf("%s: new %v, want only the link's drift", p, codes)
			}
		}
	}
}
