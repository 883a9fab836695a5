package reconcile

import (
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A reference is rewritten the way the document wrote it, or not at all.
func TestLinkEdit(t *testing.T) {
	tests := []struct {
		doc, dest, old, new, want string
		ok                        bool
	}{
		{"docs/index.md", "setup.md#install", "docs/setup.md", "handbook/first-steps.md", "../handbook/first-steps.md#install", true},
		{"docs/index.md", "./setup.md", "docs/setup.md", "docs/guide/setup.md", "./guide/setup.md", true},
		{"docs/index.md", "../src/core/", "src/core", "pkg/core", "../pkg/core/", true},
		{"docs/index.md", "/src/a.ts", "src/a.ts", "lib/a.ts", "/lib/a.ts", true},
		{"README.md", "https://github.com/o/r/blob/main/docs/a.md#L3", "docs/a.md", "guide/a.md", "https://github.com/o/r/blob/main/guide/a.md#L3", true},
		{"README.md", "https://github.com/o/r/blob/main/other.md", "docs/a.md", "guide/a.md", "", false},
		{"docs/index.md", "setup.md?raw=1", "docs/setup.md", "x.md", "", false},
		{"docs/index.md", "other.md", "docs/setup.md", "x.md", "", false}, // does not name the old path
	}
	for _, tt := range tests {
		got, ok := linkEdit(tt.doc, tt.dest, tt.old, tt.new)
		if got != tt.want || ok != tt.ok {
			t.Errorf("linkEdit(%q, %q, %q, %q) = %q, %v; want %q, %v", tt.doc, tt.dest, tt.old, tt.new, got, ok, tt.want, tt.ok)
		}
	}
}

func TestPathEdit(t *testing.T) {
	tests := []struct {
		doc, text, old, new, want string
		ok                        bool
	}{
		{"docs/a.md", "src/old/loader.ts", "src/old/loader.ts", "src/loaders/loader.ts", "src/loaders/loader.ts", true},
		{"docs/a.md", "packages/core/", "packages/core", "pkg/core", "pkg/core/", true},
		{"packages/web/README.md", "src/util.ts", "packages/web/src/util.ts", "packages/web/lib/util.ts", "lib/util.ts", true},
		{"packages/web/README.md", "src/util.ts", "packages/web/src/util.ts", "shared/util.ts", "shared/util.ts", true},
		{"docs/guide/a.md", "../setup.md", "docs/setup.md", "handbook/setup.md", "../../handbook/setup.md", true},
		{"docs/a.md", "./b.md", "docs/b.md", "docs/c/b.md", "./c/b.md", true},
		{"docs/a.md", "./x.md", "docs/b.md", "docs/c/b.md", "", false},
		{"docs/a.md", "two words", "docs/b.md", "c.md", "", false},
	}
	for _, tt := range tests {
		got, ok := pathEdit(tt.doc, tt.text, tt.old, tt.new)
		if got != tt.want || ok != tt.ok {
			t.Errorf("pathEdit(%q, %q, %q, %q) = %q, %v; want %q, %v", tt.doc, tt.text, tt.old, tt.new, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSymbolEdit(t *testing.T) {
	tests := []struct {
		text, key, written, want string
		ok                       bool
	}{
		{"RankDocs", "RankDocs", "rankDocuments", "rankDocuments", true},
		{"rank.Rank(docs)", "rank.Rank", "rank.Filter", "rank.Filter(docs)", true},
		{"new Client()", "Client", "HTTPClient", "new HTTPClient()", true},
		{"Ranker#score", "Ranker.score", "Ranker.weigh", "Ranker#weigh", true},
		{"Rank(Rank)", "Rank", "Filter", "", false}, // the name twice: which one?
		{"a.B()", "a.B", "c.D", "", false},          // two names differ
		{"Map<Rank, Rank>", "Map", "Dict", "Dict<Rank, Rank>", true},
	}
	for _, tt := range tests {
		got, ok := symbolEdit(tt.text, tt.key, tt.written)
		if got != tt.want || ok != tt.ok {
			t.Errorf("symbolEdit(%q, %q, %q) = %q, %v; want %q, %v", tt.text, tt.key, tt.written, got, ok, tt.want, tt.ok)
		}
	}
}

// A heading retitled, or sections merged under a new title in their
// place, is fixable; a section removed while another is added elsewhere
// still gets the suggestion, but no edit.
func TestAnchorEditOnlyForARename(t *testing.T) {
	index := "# Index\n\nRead [the roles](gov.md#maintainers).\n"
	tests := []struct {
		name, base, head string
		edits            int
	}{
		{"rename", "# Gov\n\n## Maintainers\n\nText.\n\n## Voting\n", "# Gov\n\n## Maintainer roles\n\nText.\n\n## Voting\n", 1},
		{"merged in place", "# Gov\n\n## Maintainers\n\n### Top-level\n\n### Nomination\n\n## Reviewers\n\n## Voting\n",
			"# Gov\n\n## Roles and responsibilities\n\n## Voting\n", 1},
		{"removed, another added elsewhere", "# Gov\n\n## Intro\n\n## Literal\n\n## Maintainers\n\n## Voting\n",
			"# Gov\n\n## Type conversion\n\n## Intro\n\n## Literal\n\n## Voting\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			testtree.Write(t, filepath.Join(root, "base"), map[string]string{"docs/index.md": index, "docs/gov.md": tt.base})
			testtree.Write(t, filepath.Join(root, "head"), map[string]string{"docs/index.md": index, "docs/gov.md": tt.head})
			res := checkDirs(t, filepath.Join(root, "base"), filepath.Join(root, "head"))
			got := withCode(res.Head, catalog.DriftAnchor)
			if len(got) != 1 || got[0].Remediation == "" {
				t.Fatalf("DRIFT_ANCHOR = %v", got)
			}
			if len(got[0].Edits) != tt.edits {
				t.Errorf("edits = %v, want %d", got[0].Edits, tt.edits)
			}
		})
	}
}
