package walk

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// target is what a directory entry is once symlinks are resolved.
type target struct {
	mode  fs.FileMode // type bits of the entry, or of a symlink's target
	size  int64
	sized bool   // size is known (symlink targets are stat'ed anyway)
	real  string // real path on disk
	// problem says why the entry cannot be used; empty when it can.
	problem string
}

// resolveLink follows the symlink at osPath fully. Its target is usable only
// when it lies inside the root: the walk never leaves the checkout.
func (w *walker) resolveLink(osPath string) target {
	real, err := filepath.EvalSymlinks(osPath)
	if errors.Is(err, fs.ErrNotExist) {
		return target{problem: "dangling symlink" + linkText(osPath)}
	}
	if err != nil {
		return target{problem: "cannot resolve symlink" + linkText(osPath) + ": " + errText(err)}
	}
	if !w.inside(real) {
		return target{problem: ReasonOutsideRoot + linkText(osPath)}
	}
	if slices.Contains(strings.Split(w.relOfReal(real), "/"), ".git") {
		// git's own data is never content, however it is reached.
		return target{problem: "symlink points into .git" + linkText(osPath)}
	}
	info, err := os.Stat(real)
	if err != nil {
		return target{problem: "cannot stat symlink target" + linkText(osPath) + ": " + errText(err)}
	}
	return target{mode: info.Mode().Type(), size: info.Size(), sized: true, real: real}
}

// inside reports whether the real path p is the root or below it.
func (w *walker) inside(p string) bool {
	if p == w.realRoot {
		return true
	}
	prefix := w.realRoot
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	return strings.HasPrefix(p, prefix)
}

// linkText is " -> target" as the link is written, which is a fact about
// the repository (unlike the resolved path, which names this machine).
func linkText(osPath string) string {
	dest, err := os.Readlink(osPath)
	if err != nil {
		return ""
	}
	return " -> " + strconv.Quote(dest)
}

// errText describes err without the absolute path a *fs.PathError carries:
// notes become coverage, which must not depend on where the checkout lives.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
