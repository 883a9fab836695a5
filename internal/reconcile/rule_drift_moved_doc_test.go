package reconcile

import (
	"maps"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A document the change moved is judged against its base self: a symbol
// it names that the same change renamed is DRIFT_SYMBOL at the new path,
// whether the document moved byte for byte (found by hash) or was edited
// on the way (found by git's rename). A relative link that broke because
// the document moved is the plain BROKEN_LINK, not drift: its target did
// not move; one whose target moved too is DRIFT_LINK. A moved document
// whose references still resolve is silent.
func TestDriftMovedDocument(t *testing.T) {
	base := map[string]string{
		"go.mod":        "module example.com/w\n\ngo 1.22\n",
		"src/rank.go":   "// Package src ranks.\npackage src\n\n// RankDocs ranks.\nfunc RankDocs(q string, n int) []string { return nil }\n\n// Keep stays.\nfunc Keep() {}\n",
		"docs/guide.md": "# Guide\n\nCall `RankDocs` and `Keep`; see [rank](../src/rank.go).\n",
		"README.md":     "# W\n\n[guide](docs/guide.md)\n",
	}
	renamed := "// Package src ranks.\npackage src\n\n// RankAll ranks.\nfunc RankAll(q string, n int) []string { return nil }\n\n// Keep stays.\nfunc Keep() {}\n"
	tests := []struct {
		name    string
		code    string            // src/rank.go in the head
		codeAt  string            // where the head has it, when moved
		to      string            // docs/guide.md's head path
		edit    string            // the head text, when the move edited it
		renames map[string]string // git's renames
		want    []string
	}{
		{"moved as is", renamed, "", "handbook/guide.md", "", nil,
			[]string{"handbook/guide.md:3 DRIFT_SYMBOL"}},
		{"moved and edited, git rename", renamed, "", "handbook/guide.md",
			"# Guide\n\nCall `RankDocs` and `Keep`; see [rank](../src/rank.go).\n\nMore.\n",
			map[string]string{"docs/guide.md": "handbook/guide.md"},
			[]string{"handbook/guide.md:3 DRIFT_SYMBOL"}},
		{"moved, nothing renamed", base["src/rank.go"], "", "handbook/guide.md", "", nil, nil},
		{"moved deeper: the link broke, not drifted", base["src/rank.go"], "", "handbook/user/guide.md", "", nil, nil},
		{"moved with its link's target", base["src/rank.go"], "lib/rank.go", "handbook/guide.md", "", nil,
			[]string{"handbook/guide.md:3 DRIFT_LINK"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := scanDir(t, testtree.New(t, base))
			files := maps.Clone(base)
			files["src/rank.go"] = tt.code
			if tt.codeAt != "" {
				delete(files, "src/rank.go")
				files[tt.codeAt] = tt.code
			}
			delete(files, "docs/guide.md")
			files[tt.to] = base["docs/guide.md"]
			if tt.edit != "" {
				files[tt.to] = tt.edit
			}
			h, cfg := scanDir(t, testtree.New(t, files))
			res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg, Renames: tt.renames})
			var moved []finding.Diagnostic // README.md's link to the old path drifts too
			for _, d := range drifts(res.Head) {
				if d.Primary().Path == tt.to {
					moved = append(moved, d)
				}
			}
			if got := where(moved); !slices.Equal(got, tt.want) {
				t.Errorf("drift = %v, want %v", got, tt.want)
			}
			for _, d := range moved {
				if !slices.Contains(ids(res.Comparison.New), d.ID) {
					t.Errorf("%s is not new", d.Code)
				}
			}
		})
	}
}
