package walk

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Defaults for the Options the configuration may leave unset (zero or less).
const (
	// defaultMaxFiles is Options.MaxFiles when unset.
	defaultMaxFiles = 100_000
	// defaultMaxFileBytes is Options.MaxFileBytes when unset.
	defaultMaxFileBytes = 1 << 20
)

// Bounds on one walk. Crossing any of them is recorded in a Note with status
// "partial"; nothing is dropped silently.
const (
	// maxEntries bounds the directory entries examined; the walk stops there.
	// Symlinked directories can multiply a tree without looping, so the
	// other bounds alone would not keep the walk finite in time.
	maxEntries = 1_000_000
	// MaxDepth bounds how many directories deep the walk descends.
	MaxDepth = 256
	// maxDirs bounds Result.Dirs (in sorted order).
	maxDirs = 100_000
	// maxSkipped bounds Result.Skipped (in sorted order).
	maxSkipped = 10_000
	// maxNotes bounds Result.Notes, including the final note that counts
	// the notes left out.
	maxNotes = 1_000
	// maxExcluded bounds Result.Excluded (in sorted order); references into
	// excluded paths beyond it resolve as if the paths did not exist.
	maxExcluded = 10_000
)

// builtinExcludes are directory names excluded at any depth: dependency,
// build and tool directories whose files are not the project's own. The
// outputDirs among them keep their documents (Options.KeepInOutputDirs).
var builtinExcludes = []string{".git", "node_modules", "vendor", "dist", "build", "coverage", ".next", ".nuxt", ".svelte-kit", ".turbo", ".cache", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", ".pytest_cache", "bower_components", "target"}

// outputDirs are the builtinExcludes a build writes its output to. Their
// code is not the project's own, but a directory of that name may be a
// section of the documentation ("content/en/site/build/" of a Hugo site):
// a file Options.KeepInOutputDirs keeps is listed; the rest stay excluded.
// A build's output is usually ignored by git, and what git ignores is
// never walked.
var outputDirs = []string{"dist", "build", "coverage", "target"}

// How some Note reasons begin: what a reader of the notes (the scan's link
// resolution, the check's report) tells apart.
const (
	// ReasonUnreadableDir begins the note of a directory that exists but
	// cannot be read (its error follows): its files are unknown.
	ReasonUnreadableDir = "cannot read directory: "
	// ReasonOutsideRoot begins the note of a symlink whose target lies
	// outside the repository (" -> target" follows).
	ReasonOutsideRoot = "symlink points outside the repository"
	// ReasonTooDeep begins the note of a directory below walk.MaxDepth,
	// which is not walked.
	ReasonTooDeep = "directory deeper than walk.MaxDepth"
)

// Options configure a walk.
type Options struct {
	// Exclude holds gitignore-syntax patterns relative to the root (from the
	// configuration). They are matched like a root .gitignore of their own,
	// after git's rules: a negation here re-includes only what another
	// Exclude pattern excluded, never a path git ignores.
	Exclude []string
	// MaxFileBytes: larger files go to Result.Skipped (they still exist for
	// link checks). Zero or less means defaultMaxFileBytes.
	MaxFileBytes int64
	// MaxFiles: files beyond this count (in sorted path order) are not
	// listed; one Note says how many. Zero or less means defaultMaxFiles.
	MaxFiles int
	// KeepInOutputDirs, when set, says which files of an outputDirs
	// directory are listed (the scan keeps Markdown documents); nil keeps
	// none, and the directory is excluded whole.
	KeepInOutputDirs func(path string) bool
	// Order, when set, permutes each directory's entries before they are
	// visited; dir is the directory's repository-relative path ("." for the
	// root). Tests use it to prove the result does not depend on directory
	// order. nil keeps os.ReadDir's order.
	Order func(dir string, entries []fs.DirEntry)
}

// File is one listed file.
type File struct {
	// Path is repository-relative and slash-separated.
	Path string `json:"path"`
	// Size in bytes; for a followed symlink, the size of its target.
	Size int64 `json:"size"`
}

// Alias is a listed file reached through a symlink: Path is where the walk
// found it, Target the repository path of the file it is.
type Alias struct {
	Path   string `json:"path"`
	Target string `json:"target"`
}

// IgnoreFile is the pattern lines of one ignore file (a .gitignore, or
// .git/info/exclude), which apply below Dir ("." for the root).
type IgnoreFile struct {
	Dir      string   `json:"dir"`
	Patterns []string `json:"patterns"`
}

// Note says why something that exists was not listed for analysis, or that
// a list was cut short.
type Note struct {
	// Path is repository-relative ("." for the walk as a whole); a name that
	// is not valid UTF-8 is given quoted, with strconv.QuoteToASCII escapes.
	Path string `json:"path"`
	// Status is extract.StatusNotAnalyzed or extract.StatusPartial.
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// Result is what a walk found.
type Result struct {
	// Files are the regular files to analyze, sorted by Path.
	Files []File `json:"files"`
	// Aliases are the listed files whose path is not their real one: a
	// symlink to a file in the tree, or a file below a symlinked directory.
	// Sorted by Path.
	Aliases []Alias `json:"aliases,omitempty"`
	// Ignores are the ignore files the walk applied, root first, each
	// directory before the directories below it (see Ignorer).
	Ignores []IgnoreFile `json:"ignores,omitempty"`
	// Skipped are regular files that exist but are too large to analyze,
	// sorted by Path. (Whether a listed file can be read is found out when
	// the scan reads it.)
	Skipped []File `json:"skipped,omitempty"`
	// Dirs is every directory walked, repository-relative ("." for the
	// root), sorted; link targets may be directories.
	Dirs []string `json:"dirs"`
	// Notes are sorted by (Path, Reason) and bounded by maxNotes; when some
	// were left out, a final note (out of order, last) counts them.
	Notes []Note `json:"notes,omitempty"`
	// Excluded are the paths that exist but the configuration's
	// Options.Exclude or a builtinExcludes name kept out of the walk: the
	// top-most excluded directories, with a trailing "/", and excluded
	// files, sorted and bounded by maxExcluded. What .gitignore ignores is
	// not listed: a fresh checkout does not have it.
	Excluded []string `json:"excluded,omitempty"`
	// Output are the top-most outputDirs directories walked for their
	// documents only (Options.KeepInOutputDirs), with a trailing "/",
	// sorted and bounded by maxExcluded: their other files exist but were
	// left out, as Excluded's are.
	Output []string `json:"output,omitempty"`
	// Unlisted says where a bound stopped the listing, nil when it is
	// complete: a file may exist there although Files does not hold it.
	Unlisted *Unlisted `json:"unlisted,omitempty"`
}

// Unlisted is where a bound cut the walk's listing short.
type Unlisted struct {
	// From is the first path the listing may lack: every path that sorts
	// at or after it (scan.maxFiles keeps the first files by path); ""
	// when any path may be missing (the walk stopped at maxEntries).
	From string `json:"from"`
	// Reason names the bound, for a person.
	Reason string `json:"reason"`
}

// Lacks reports whether the listing may lack the path p.
func (u *Unlisted) Lacks(p string) bool { return u != nil && p >= u.From }

// fsOps is the file system as the walk sees it; tests swap it to inject
// failures that running as root would otherwise bypass.
type fsOps struct {
	readDir func(name string) ([]fs.DirEntry, error)
	open    func(name string) (io.ReadCloser, error)
}

var osOps = fsOps{
	readDir: os.ReadDir,
	open:    func(name string) (io.ReadCloser, error) { return os.Open(name) },
}

// Walk lists the files under root that git would track, with the given
// options. It returns an error only when root itself cannot be read or ctx
// is done; every other problem is a Note in the Result.
func Walk(ctx context.Context, root string, opts Options) (*Result, error) {
	return walkWith(ctx, root, opts, osOps)
}

func walkWith(ctx context.Context, root string, opts Options, ops fsOps) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("walk %s: resolve root: %w", root, err)
	}
	entries, err := ops.readDir(real)
	if err != nil {
		return nil, fmt.Errorf("walk %s: read root: %w", root, err)
	}
	w := newWalker(ctx, real, opts, ops)
	if err := w.walkRoot(entries); err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	return w.result(), nil
}
