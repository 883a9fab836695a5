package walk

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// writeIndex writes a git index listing paths into gitDir.
func writeIndex(t *testing.T, gitDir string, paths ...string) {
	t.Helper()
	idx := &index.Index{Version: 2}
	for _, p := range paths {
		idx.Entries = append(idx.Entries, &index.Entry{Name: p})
	}
	if err := os.MkdirAll(gitDir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(gitDir, "index"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := index.NewEncoder(f).Encode(idx); err != nil {
		t.Fatal(err)
	}
}

// A file git tracks is listed although an ignore rule matches it (Homebrew
// ignores everything and tracks bin/brew); an ignored file git does not
// track stays out, and so does an ignored directory with nothing tracked.
func TestTrackedFilesBeatIgnoreRules(t *testing.T) {
	files := map[string]string{
		".gitignore":     "/*\n!/Library\n!/.gitignore\n",
		"bin/brew":       "#!/bin/bash\n",
		"bin/local-tool": "",
		"tmp/scratch.md": "",
		"Library/a.rb":   "",
		"docs/guide.md":  "[brew](../bin/brew)\n",
	}
	for _, layout := range []string{"git directory", "git file"} {
		t.Run(layout, func(t *testing.T) {
			root := t.TempDir()
			for p, c := range files {
				testtree.File(t, filepath.Join(root, filepath.FromSlash(p)), c)
			}
			tracked := []string{".gitignore", "Library/a.rb", "bin/brew", "docs/guide.md"}
			if layout == "git directory" {
				writeIndex(t, filepath.Join(root, ".git"), tracked...)
			} else {
				gitDir := filepath.Join(t.TempDir(), "worktrees", "w")
				writeIndex(t, gitDir, tracked...)
				testtree.File(t, filepath.Join(root, ".git"), "gitdir: "+gitDir+"\n")
			}
			res, err := Walk(context.Background(), root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Files {
				got = append(got, f.Path)
			}
			if want := []string{".gitignore", "Library/a.rb", "bin/brew", "docs/guide.md"}; !slices.Equal(got, want) {
				t.Errorf("files %q, want %q", got, want)
			}
		})
	}
	// Without an index (no work tree) the ignore rules apply alone.
	root := t.TempDir()
	for p, c := range files {
		testtree.File(t, filepath.Join(root, filepath.FromSlash(p)), c)
	}
	res, err := Walk(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 2 || res.Files[0].Path != ".gitignore" || res.Files[1].Path != "Library/a.rb" {
		t.Errorf("no index: files %+v, want .gitignore and Library/a.rb", res.Files)
	}
	// A broken index is a note, not a failure.
	writeIndex(t, filepath.Join(root, ".git"))
	if err := os.WriteFile(filepath.Join(root, ".git", "index"), []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = Walk(context.Background(), root, Options{})
	if err != nil || len(res.Files) != 2 || !slices.ContainsFunc(res.Notes, func(n Note) bool { return n.Path == "." && n.Status == "partial" }) {
		t.Errorf("broken index: err %v, files %+v, notes %+v", err, res.Files, res.Notes)
	}
}
