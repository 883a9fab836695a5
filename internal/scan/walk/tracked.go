package walk

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// maxIndexBytes bounds the git index the walk reads for tracked files; a
// larger one is not read, and ignore rules then apply to every file.
const maxIndexBytes = 256 << 20

// tracked holds the paths git tracks: a file git tracks is part of the
// checkout even when an ignore rule matches it (it was added with
// --force, or before the rule), so the walk lists it. dirs holds every
// directory above a tracked file.
type tracked struct {
	files, dirs map[string]bool
}

// has reports whether git tracks the file rel, or, for a directory, a file
// below it.
func (t *tracked) has(rel string, isDir bool) bool {
	if t == nil {
		return false
	}
	if isDir {
		return t.dirs[rel]
	}
	return t.files[rel]
}

// readTracked reads the git index of the work tree at root, whose entries
// are the root's .git directory listing, or the gitdir a .git file names (a
// linked worktree, a submodule). No index (not a git work tree, an
// unborn repository) is no tracked file; an index that cannot be read is
// a note, and the ignore rules apply alone.
func (w *walker) readTracked(root string, entries []fs.DirEntry) *tracked {
	var indexPath string
	for _, e := range entries {
		if e.Name() != ".git" {
			continue
		}
		gitPath := filepath.Join(root, ".git")
		if e.IsDir() {
			indexPath = filepath.Join(gitPath, "index")
			break
		}
		if gitdir, ok := w.gitdirOf(gitPath); ok {
			if !filepath.IsAbs(gitdir) {
				gitdir = filepath.Join(root, gitdir)
			}
			indexPath = filepath.Join(gitdir, "index")
		}
	}
	if indexPath == "" {
		return nil
	}
	f, err := w.ops.open(indexPath)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
				Reason: "cannot read the git index, files git tracks but an ignore rule matches are left out: " + errText(err)})
		}
		return nil
	}
	defer f.Close()
	var idx index.Index
	if err := index.NewDecoder(bufio.NewReader(io.LimitReader(f, maxIndexBytes))).Decode(&idx); err != nil {
		w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
			Reason: "cannot decode the git index, files git tracks but an ignore rule matches are left out: " + errText(err)})
		return nil
	}
	t := &tracked{files: make(map[string]bool, len(idx.Entries)), dirs: map[string]bool{}}
	for _, e := range idx.Entries {
		t.files[e.Name] = true
		for d := path.Dir(e.Name); d != "." && d != "/" && !t.dirs[d]; d = path.Dir(d) {
			t.dirs[d] = true
		}
	}
	return t
}

// gitdirOf reads a .git file's "gitdir: PATH" line.
func (w *walker) gitdirOf(gitFile string) (string, bool) {
	f, err := w.ops.open(gitFile)
	if err != nil {
		return "", false
	}
	defer f.Close()
	line, err := bufio.NewReader(io.LimitReader(f, 4096)).ReadString('\n')
	if err != nil && line == "" {
		return "", false
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	return strings.TrimSpace(dir), ok && strings.TrimSpace(dir) != ""
}
