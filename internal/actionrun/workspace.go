package actionrun

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// insideWorkspace refuses a path an input names (written, as the input
// gave it; p, joined to the workspace) whose real location, symlinks
// resolved, is outside the workspace: the action reads what the checkout
// holds and nothing else, so a symlink in a pull request cannot make it
// read, echo or post a file of the runner. A path that does not exist is
// left to the reader that needs it, which says so.
func insideWorkspace(workspace, p, input, written string) error {
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("input %s: %q: %w", input, written, err)
	}
	ws, err := filepath.EvalSymlinks(workspace)
	if err != nil {
		return fmt.Errorf("workspace %s: %w", workspace, err)
	}
	rel, err := filepath.Rel(ws, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("input %s: %q leads out of the workspace through a symlink; the action reads only what the workspace holds", input, written)
	}
	return nil
}
