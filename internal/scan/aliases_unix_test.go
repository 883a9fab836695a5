//go:build unix

package scan

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// A Markdown file that is a symlink to another Markdown file of the tree —
// itself, or through a symlinked directory — is the same document: scanned
// once as its target, its problems found once, its path a way to link to
// the target. A symlink to a file that is not listed is a document of its
// own.
func TestSymlinkedDocumentIsItsTarget(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"docs/guide.md": "# Guide\n\n## Usage\n\nSee [the code](../src/a.go), [gone](gone.md) and `../src/oldpkg/x.go`.\n",
		"docs/intro.md": "# Intro\n\nRead [usage](../README.md#usage) and [nothing](../README.md#nowhere).\n",
		"src/a.go":      "package a\n",
		".gitignore":    "/drafts/\n",
		"drafts/x.md":   "# Draft\n",
	})
	for link, dest := range map[string]string{
		"README.md":    "docs/guide.md",
		"site/content": "../docs",
		"DRAFT.md":     "drafts/x.md", // the target is ignored: DRAFT.md is a document of its own
	} {
		full := filepath.Join(root, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(dest, full); err != nil {
			t.Fatal(err)
		}
	}
	res := scanResult(t, root, Options{})
	snap := res.Snapshot
	var docs []string
	for _, e := range snap.Entities {
		if e.Kind == snapshot.KindDocument {
			docs = append(docs, e.Path)
		}
	}
	if want := []string{"DRAFT.md", "docs/guide.md", "docs/intro.md"}; !slices.Equal(docs, want) {
		t.Fatalf("documents %q, want %q", docs, want)
	}
	ix := newIndex(snap)
	if got := ix.entity(t, "document:docs/guide.md").Metadata["aliases"]; fmt.Sprint(got) != "[README.md site/content/guide.md]" {
		t.Errorf("aliases of docs/guide.md: %v", got)
	}
	var notes []string
	for _, c := range snap.Coverage {
		if strings.Contains(c.Reason, "symlink to") {
			notes = append(notes, c.Scope+": "+c.Reason)
		}
	}
	if want := []string{
		"README.md: symlink to docs/guide.md: the same document, scanned once, as docs/guide.md",
		"site/content/guide.md: symlink to docs/guide.md: the same document, scanned once, as docs/guide.md",
		"site/content/intro.md: symlink to docs/intro.md: the same document, scanned once, as docs/intro.md",
	}; !slices.Equal(notes, want) {
		t.Errorf("coverage\n got %q\nwant %q", notes, want)
	}

	cfg := config.Default()
	ds := reconcile.Run(reconcile.Input{Head: snap, Signals: graph.Compute(snap, graph.Options{}), Config: cfg})
	var got []string
	for _, d := range ds {
		switch d.Code {
		case "BROKEN_LINK", "BROKEN_ANCHOR", "UNRESOLVED_PATH", "NEAR_TWIN_DOCUMENT":
			got = append(got, d.Primary().Path+" "+d.Code+" "+d.Message)
		}
	}
	// One finding per problem, at the target; the link through README.md
	// reaches the target's headings (#usage exists, #nowhere does not).
	want := []string{
		"docs/guide.md BROKEN_LINK link to docs/gone.md: no such file",
		"docs/guide.md UNRESOLVED_PATH `../src/oldpkg/x.go` does not exist",
		"docs/intro.md BROKEN_ANCHOR anchor #nowhere matches no heading of docs/guide.md",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings\n got %q\nwant %q", got, want)
	}

	// The aliases survive the store: a rebuild is the same snapshot.
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(res.Store); err != nil {
		t.Fatal(err)
	}
	var decoded Store
	if err := gob.NewDecoder(&buf).Decode(&decoded); err != nil {
		t.Fatal(err)
	}
	rebuilt, err := Rebuild(&decoded)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(withoutRun(t, rebuilt), withoutRun(t, snap)) {
		t.Error("the rebuilt snapshot differs from the scanned one")
	}
}
