//go:build unix

package scan

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// brokenLinkMessages are the BROKEN_LINK messages of snap, in order.
func brokenLinkMessages(snap *snapshot.Snapshot) []string {
	ds := reconcile.Run(reconcile.Input{Head: snap, Signals: graph.Compute(snap, graph.Options{}), Config: config.Default()})
	var got []string
	for _, d := range ds {
		if d.Code == "BROKEN_LINK" {
			got = append(got, d.Message)
		}
	}
	slices.Sort(got)
	return got
}

// A link whose target the walk could not look at says why, not "no such
// file": a symlink that leads outside the repository, a directory it
// cannot read (injected as the walk notes it: root reads every
// directory), a directory deeper than its limit.
func TestUnreachableLinkTargetSaysWhy(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	testtree.Write(t, outside, map[string]string{"x.md": "# Outside\n"})
	testtree.Write(t, root, map[string]string{
		"README.md":     "# Readme\n\n[a](docs/private/a.md) [b](docs/ext.md) [c](docs/missing.md) [d](docs/deep/z.md)\n",
		"docs/guide.md": "# Guide\n",
	})
	if err := os.Symlink(filepath.Join(outside, "x.md"), filepath.Join(root, "docs", "ext.md")); err != nil {
		t.Fatal(err)
	}
	res := scanResult(t, root, Options{})
	tree := res.Store.Tree
	tree.Dirs = append(tree.Dirs, "docs/private", "docs/deep")
	tree.Notes = append(tree.Notes,
		walk.Note{Path: "docs/private", Status: snapshot.StatusNotAnalyzed, Reason: "cannot read directory: permission denied"},
		walk.Note{Path: "docs/deep", Status: snapshot.StatusPartial, Reason: "directory deeper than walk.MaxDepth (256) is not walked"})
	snap := assemble(&tree, res.Store.Extractions, 1, snapshot.Coverage{Analyzer: "test", Scope: "repository", Status: snapshot.StatusComplete})
	if err := finish(snap); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"link to docs/deep/z.md: directory deeper than walk.MaxDepth (256) is not walked (at docs/deep)",
		"link to docs/ext.md: symlink points outside the repository -> \"" + filepath.Join(outside, "x.md") + "\"",
		"link to docs/missing.md: no such file",
		"link to docs/private/a.md: cannot read directory: permission denied (at docs/private)",
	}
	if got := brokenLinkMessages(snap); !slices.Equal(got, want) {
		t.Errorf("BROKEN_LINK messages\n got %q\nwant %q", got, want)
	}
}

// The same with a directory that really cannot be read; root reads it.
func TestLinkIntoUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root, which bypasses permissions; TestUnreachableLinkTargetSaysWhy injects the walk's note")
	}
	root := t.TempDir()
	testtree.Write(t, root, map[string]string{
		"README.md":         "# Readme\n\n[a](docs/private/a.md)\n",
		"docs/private/a.md": "# A\n",
	})
	locked := filepath.Join(root, "docs", "private")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	snap := scanDir(t, root, nil, Options{})
	want := []string{"link to docs/private/a.md: cannot read directory: permission denied (at docs/private)"}
	if got := brokenLinkMessages(snap); !slices.Equal(got, want) {
		t.Errorf("BROKEN_LINK messages\n got %q\nwant %q", got, want)
	}
}
