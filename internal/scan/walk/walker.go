package walk

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ctxCheckEvery is how many entries pass between cancellation checks
// inside one directory (every directory checks on entry too).
const ctxCheckEvery = 256

// walker holds the state of one walk.
type walker struct {
	ctx      context.Context
	ops      fsOps
	opts     Options
	realRoot string
	config   gitignore.Matcher // Options.Exclude; nil when there are none
	builtin  map[string]bool
	// tracked are the files git tracks (nil outside a git work tree):
	// listed even when an ignore rule matches them.
	tracked *tracked

	files, skipped []File
	aliases        []Alias // Result.Aliases, unsorted and unbounded
	ignores        []IgnoreFile
	dirs           []string
	excluded       []string // Result.Excluded, unsorted
	output         []string // Result.Output, unsorted
	notes          []Note   // about one path
	aggregate      []Note   // about the walk as a whole (Path ".")

	entries int // directory entries examined, against maxEntries
	stopped bool
	// ancestors are the real paths of the directories on the current
	// descent, root first: a symlink back to one of them is a loop.
	ancestors []string
}

// dir is one directory being walked.
type dir struct {
	rel      string   // repository-relative, "." for the root
	comps    []string // rel split into components; nil for the root
	osPath   string   // real path on disk
	patterns []gitignore.Pattern
	// linked is set when the directory was reached through a symlink (its
	// own or an ancestor's): its real path is not its path in the tree.
	linked bool
	// output is set inside an outputDirs directory: only the files
	// Options.KeepInOutputDirs keeps are listed.
	output bool
	// ignored is set inside a directory git ignores, entered for the files
	// in it that git tracks: only those are listed.
	ignored bool
}

func newWalker(ctx context.Context, realRoot string, opts Options, ops fsOps) *walker {
	if opts.MaxFiles <= 0 {
		opts.MaxFiles = defaultMaxFiles
	}
	if opts.MaxFileBytes <= 0 {
		opts.MaxFileBytes = defaultMaxFileBytes
	}
	w := &walker{ctx: ctx, ops: ops, opts: opts, realRoot: realRoot, builtin: map[string]bool{}}
	for _, name := range builtinExcludes {
		w.builtin[name] = true
	}
	if len(opts.Exclude) > 0 {
		cfg := parseIgnore([]byte(strings.Join(opts.Exclude, "\n")), nil)
		if cfg.dropped > 0 {
			w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
				Reason: fmt.Sprintf("%d configured exclude patterns beyond walk.MaxIgnorePatterns (%d) are not applied", cfg.dropped, maxIgnorePatterns)})
		}
		w.config = gitignore.NewMatcher(cfg.patterns)
	}
	return w
}

func (w *walker) note(path, status, reason string) {
	w.notes = append(w.notes, Note{Path: path, Status: status, Reason: reason})
}

func (w *walker) walkRoot(entries []fs.DirEntry) error {
	var base []gitignore.Pattern
	for _, e := range entries {
		if e.Name() == ".git" && e.IsDir() {
			base = w.readIgnore(".git/info/exclude", filepath.Join(w.realRoot, ".git", "info", "exclude"), nil, true)
		}
	}
	w.tracked = w.readTracked(w.realRoot, entries)
	w.ancestors = append(w.ancestors, w.realRoot)
	return w.walkDir(dir{rel: ".", osPath: w.realRoot, patterns: base}, entries)
}

// walkDir visits the entries of d, in name order whatever order they came in.
func (w *walker) walkDir(d dir, entries []fs.DirEntry) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	w.dirs = append(w.dirs, d.rel)
	if w.opts.Order != nil {
		w.opts.Order(d.rel, entries)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if i, ok := slices.BinarySearchFunc(entries, ".gitignore", func(e fs.DirEntry, name string) int { return strings.Compare(e.Name(), name) }); ok {
		rel := join(d.rel, ".gitignore")
		switch t := entries[i].Type(); {
		case t.IsRegular():
			own := w.readIgnore(rel, d.osPath+string(filepath.Separator)+".gitignore", d.comps, false)
			// Copied, not appended in place: sibling directories share d.patterns.
			d.patterns = append(d.patterns[:len(d.patterns):len(d.patterns)], own...)
		case t&fs.ModeSymlink != 0:
			w.note(rel, extract.StatusPartial, "symlinked .gitignore is not applied (git does not follow it)")
		}
	}
	m := gitignore.NewMatcher(d.patterns)
	for i, e := range entries {
		if w.entries >= maxEntries {
			if !w.stopped {
				w.stopped = true
				w.aggregate = append(w.aggregate, Note{Path: ".", Status: extract.StatusPartial,
					Reason: fmt.Sprintf("walk stopped after examining %d directory entries, its bound", maxEntries)})
			}
			return nil
		}
		w.entries++
		if i%ctxCheckEvery == ctxCheckEvery-1 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
		}
		if err := w.visit(d, m, e); err != nil {
			return err
		}
	}
	return nil
}

// visit decides what one directory entry is and records it.
func (w *walker) visit(d dir, m gitignore.Matcher, e fs.DirEntry) error {
	name := e.Name()
	if name == ".git" {
		return nil // git's own data, never content, whatever its type
	}
	rel := join(d.rel, name)
	osPath := d.osPath + string(filepath.Separator) + name
	comps := append(d.comps[:len(d.comps):len(d.comps)], name)

	var t target
	if e.Type()&fs.ModeSymlink != 0 {
		t = w.resolveLink(osPath)
	} else {
		t = target{mode: e.Type(), real: osPath}
	}
	isDir := t.mode.IsDir()
	ignored := d.ignored || m.Match(comps, isDir)
	if ignored && !w.tracked.has(rel, isDir) {
		return nil // what git ignores is not noted: a fresh checkout lacks it
	}
	if w.config != nil && w.config.Match(comps, isDir) {
		w.exclude(rel, isDir) // exists in a checkout, so references to it are not broken
		return nil
	}
	if !utf8.ValidString(name) {
		w.note(strconv.QuoteToASCII(rel), extract.StatusNotAnalyzed, "file name is not valid UTF-8")
		return nil
	}
	if t.problem != "" {
		w.note(rel, extract.StatusNotAnalyzed, t.problem)
		return nil
	}
	switch {
	case isDir:
		linked := d.linked || e.Type()&fs.ModeSymlink != 0
		return w.enter(dir{rel: rel, comps: comps, osPath: t.real, patterns: d.patterns, linked: linked, output: d.output, ignored: ignored}, name)
	case d.output && !w.opts.KeepInOutputDirs(rel):
		return nil // build output: excluded with its directory
	case t.mode.IsRegular():
		if !t.sized {
			info, err := e.Info()
			if err != nil {
				w.note(rel, extract.StatusNotAnalyzed, "cannot stat file: "+errText(err))
				return nil
			}
			t.size = info.Size()
		}
		if w.addFile(rel, t.size) && (d.linked || e.Type()&fs.ModeSymlink != 0) {
			if real := w.relOfReal(t.real); real != rel {
				w.aliases = append(w.aliases, Alias{Path: rel, Target: real})
			}
		}
	default:
		w.note(rel, extract.StatusNotAnalyzed, "not a regular file ("+kindName(t.mode)+")")
	}
	return nil
}

// enter walks the subdirectory sub unless a rule or a bound stops it.
func (w *walker) enter(sub dir, name string) error {
	if w.builtin[name] {
		output := w.opts.KeepInOutputDirs != nil && slices.Contains(outputDirs, name)
		switch {
		case sub.output: // inside build output, its directory is the one recorded
		case output:
			w.note(sub.rel, extract.StatusPartial, "directory of build output by a built-in rule ("+name+"): only its documents are read")
			if utf8.ValidString(sub.rel) {
				w.output = append(w.output, sub.rel+"/")
			}
		default:
			w.note(sub.rel, extract.StatusNotAnalyzed, "directory excluded by a built-in rule ("+name+")")
			w.exclude(sub.rel, true)
		}
		if !output {
			return nil
		}
		sub.output = true
	}
	if slices.Contains(w.ancestors, sub.osPath) {
		w.note(sub.rel, extract.StatusNotAnalyzed, "symlink loop: resolves to the enclosing directory "+strconv.Quote(w.relOfReal(sub.osPath)))
		return nil
	}
	if len(w.ancestors) > MaxDepth {
		w.note(sub.rel, extract.StatusPartial, fmt.Sprintf("%s (%d) is not walked", ReasonTooDeep, MaxDepth))
		return nil
	}
	entries, err := w.ops.readDir(sub.osPath)
	if err != nil {
		w.dirs = append(w.dirs, sub.rel) // it exists, so links to it are not broken
		w.note(sub.rel, extract.StatusNotAnalyzed, ReasonUnreadableDir+errText(err))
		return nil
	}
	w.ancestors = append(w.ancestors, sub.osPath)
	err = w.walkDir(sub, entries)
	w.ancestors = w.ancestors[:len(w.ancestors)-1]
	return err
}

// exclude records a path the configuration or a built-in rule kept out of
// the walk. Excluded directories are never entered, so every directory
// recorded is a top-most one.
func (w *walker) exclude(rel string, isDir bool) {
	if !utf8.ValidString(rel) {
		return // no document can name it in valid UTF-8 either
	}
	if isDir {
		rel += "/"
	}
	w.excluded = append(w.excluded, rel)
}

// addFile lists a regular file, or skips it when it is too large, and
// reports whether it was listed. Whether it can be read is found out by the
// one read the scan makes of it, which reports a failure as a coverage
// note; opening every file here as well would cost a second system call
// per file for the rare unreadable one.
func (w *walker) addFile(rel string, size int64) bool {
	if size > w.opts.MaxFileBytes {
		w.skipped = append(w.skipped, File{Path: rel, Size: size})
		w.note(rel, extract.StatusNotAnalyzed, fmt.Sprintf("%d bytes exceeds scan.maxFileBytes (%d)", size, w.opts.MaxFileBytes))
		return false
	}
	w.files = append(w.files, File{Path: rel, Size: size})
	return true
}

// relOfReal turns a real path inside the root into a repository path.
func (w *walker) relOfReal(real string) string {
	rel, err := filepath.Rel(w.realRoot, real)
	if err != nil {
		return real
	}
	return filepath.ToSlash(rel)
}

// join appends a name to a repository-relative directory path.
func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// kindName names the type of a file that is not regular.
func kindName(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	default:
		return "irregular file"
	}
}
