package scan

import (
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func TestLineCount(t *testing.T) {
	for in, want := range map[string]int{"": 0, "a": 1, "a\n": 1, "a\nb": 2, "a\r\nb\r\n": 2, "a\rb\r": 2, "\n\n": 2, "a\n\nb\n": 3} {
		if got := lineCount([]byte(in)); got != want {
			t.Errorf("lineCount(%q) = %d, want %d", in, got, want)
		}
	}
}

// A link to the repository's own URL is a links-to relation like the
// relative link to the same path; a line anchor past the end is recorded
// on it; a permalink and another repository's URL are no relation.
func TestSelfURLRelations(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"go.mod":   "module example.com/w\n",
		"src/a.go": "package src\n\nfunc A() {}\n",
		"README.md": "# W\n\n[a](https://github.com/acme/w/blob/main/src/a.go#L9)\n" +
			"[gone](https://github.com/acme/w/blob/main/src/gone.go)\n" +
			"[old](https://github.com/acme/w/blob/v1.0.0/src/old.go)\n" +
			"[other](https://github.com/acme/other/blob/main/src/x.go)\n" +
			"[template](https://github.com/acme/w/blob/main/docs/changelogs/vX.Y.md)\n",
	})
	cfg := config.Default()
	cfg.Project.Repository = "acme/w"
	ix := newIndex(scanDir(t, root, cfg, Options{}))
	rel := ix.relation(t, snapshot.RelLinksTo, "document:README.md", "module:src/a.go")
	if got := rel.Metadata["missingLines"]; len(asStrings(got)) != 1 || asStrings(got)[0] != "L9" || rel.Metadata["lineCount"] != 3 {
		t.Errorf("metadata %v, want missingLines [L9] and lineCount 3", rel.Metadata)
	}
	ix.relation(t, snapshot.RelLinksTo, "document:README.md", "unresolved:src/gone.go")
	for id := range ix.ent {
		if id == "unresolved:src/old.go" || id == "unresolved:src/x.go" || id == "unresolved:docs/changelogs/vX.Y.md" {
			t.Errorf("unexpected %s", id)
		}
	}
}

// A page of a documentation site viewed at its GitHub URL has GitHub's
// anchors: one GitHub renders is no missing anchor there, though the
// site's own anchor differs, and so is its id as GitHub renders it
// (#user-content-über-uns); an anchor neither renders is missing.
func TestSelfURLAnchorsAreGitHubs(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"mkdocs.yml":    "site_name: w\n",
		"docs/index.md": "# W\n\n## Über uns\n",
		"README.md": "# R\n\n[a](https://github.com/acme/w/blob/main/docs/index.md#über-uns) [b](https://github.com/acme/w/blob/main/docs/index.md#nope) " +
			"[c](https://github.com/acme/w/blob/main/docs/index.md#user-content-über-uns)\n",
	})
	cfg := config.Default()
	cfg.Project.Repository = "acme/w"
	ix := newIndex(scanDir(t, root, cfg, Options{}))
	rel := ix.relation(t, snapshot.RelLinksTo, "document:README.md", "document:docs/index.md")
	if got := asStrings(rel.Metadata["missingAnchors"]); len(got) != 1 || got[0] != "nope" {
		t.Errorf("missingAnchors %v, want [nope]", got)
	}
}
