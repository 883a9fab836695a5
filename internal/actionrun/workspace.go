package actionrun

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/repopath"
)

// insideWorkspace refuses a path an input names (written, as the input
// gave it; p, joined to the workspace) whose real location, symlinks
// resolved, is outside the workspace: the action reads what the checkout
// holds and nothing else, so a symlink in a pull request cannot make it
// read, echo or post a file of the runner. A path that does not exist is
// left to the reader that needs it, which says so.
func insideWorkspace(workspace, p, input, written string) error {
	_, err := inWorkspace(workspace, p, input, written)
	return err
}

// inWorkspace is insideWorkspace that also returns where p really is,
// relative to the workspace (the repository root), slash-separated: ""
// when p does not exist.
func inWorkspace(workspace, p, input, written string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("input %s: %q: %w", input, written, err)
	}
	ws, err := filepath.EvalSymlinks(workspace)
	if err != nil {
		return "", fmt.Errorf("workspace %s: %w", workspace, err)
	}
	rel, err := filepath.Rel(ws, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("input %s: %q leads out of the workspace through a symlink; the action reads only what the workspace holds", input, written)
	}
	return filepath.ToSlash(rel), nil
}

// scannedDir is the working directory in the repository's coordinates,
// put there once, where it enters: the directory it really is (a symlink
// in the checkout resolved, as GitHub names the files under it), relative
// to the workspace, which is the repository root.
func scannedDir(workspace, dir, written string) (repopath.Dir, error) {
	rel, err := inWorkspace(workspace, dir, actionenv.InputWorkingDirectory, written)
	if err != nil {
		return repopath.Dir{}, err
	}
	return repopath.New(rel), nil
}
