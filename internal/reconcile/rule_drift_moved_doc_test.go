package reconcile

import (
	"maps"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
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

// A moved document's links to itself by its path (`guide.md`,
// `./guide.md#setup`) drift with it: the scan records no relation from a
// document to itself, so they were missed and reported as plain
// BROKEN_LINKs without a fix (found by the soak, issue 32). Each is a
// DRIFT_LINK whose edit names the document's head path; a same-document
// anchor (`#setup`) still resolves and is silent, and so is a move that
// keeps the document's name.
func TestDriftMovedDocumentLinksToItself(t *testing.T) {
	doc := "# Guide\n\n## Setup\n\nSee [me](guide.md), [setup](./guide.md#setup) and [top](#setup).\n"
	base := map[string]string{"docs/guide.md": doc, "README.md": "# W\n\n[guide](docs/guide.md)\n"}
	for _, tt := range []struct {
		name, to string
		want     []string // the edits' new destinations
	}{
		{"renamed in its directory", "docs/started.md", []string{"./started.md#setup", "started.md"}},
		{"moved to another directory", "handbook/user/start.md", []string{"./start.md#setup", "start.md"}},
		// Its name kept, the links still name the document.
		{"moved with its name", "handbook/user/guide.md", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := scanDir(t, testtree.New(t, base))
			files := maps.Clone(base)
			delete(files, "docs/guide.md")
			files[tt.to] = doc
			h, cfg := scanDir(t, testtree.New(t, files))
			res := Check(Input{Head: h, Signals: graph.Compute(h, graph.Options{}), Base: b, Config: cfg})
			var got []string
			for _, d := range res.Head {
				if p := d.Primary().Path; p != tt.to {
					continue
				}
				if d.Code != catalog.DriftLink {
					t.Errorf("%s: %s %s", tt.to, d.Code, d.Message)
					continue
				}
				for _, e := range d.Edits {
					got = append(got, e.New)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("the moved document's edits = %v, want %v", got, tt.want)
			}
		})
	}
}
