package mcpserver

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/docbridge/docbridge/internal/dirwatch"
	"github.com/docbridge/docbridge/internal/scan"
)

// fileStamp is what a cheap stat says of one path.
type fileStamp struct {
	path    string
	missing bool
	linked  bool // a symlink: size and time are its target's
	size    int64
	mtime   int64 // nanoseconds
	dir     bool  // a directory: only its modification time counts
}

// fingerprint is the stamps of everything a scan read: the files it
// listed (extracted, too large, reached through symlinks), the ignore
// files and configuration it applied, and every directory it walked — a
// file added or removed changes its directory's modification time. A
// path changed while the scan ran may have changed under it: the
// fingerprint is stale from the start, so the next call scans again —
// unless it is an extracted file whose bytes are still those the scan
// hashed.
//
// With a watch (watchWith) a check costs what happened since the last
// one, not a stat of every path: the watch hears the directories the scan
// walked, and a check stats only the paths its events name and the few no
// watch hears.
type fingerprint struct {
	stamps []fileStamp
	stale  bool

	watch *dirwatch.Watch
	root  string
	// index finds a path's stamp; always are the stamps a check stats
	// whatever the watch heard: symlinks (their target may be anywhere)
	// and paths outside the watched directories (.git/info/exclude, a
	// configuration file elsewhere, a directory that could not be
	// watched).
	index  map[string]int
	always []int
}

// stamp stats p: through a symlink, and saying it was one.
func stamp(p string, dir bool) fileStamp {
	s := fileStamp{path: p, dir: dir}
	info, err := os.Lstat(p)
	if err == nil && info.Mode()&fs.ModeSymlink != 0 {
		s.linked = true
		info, err = os.Stat(p)
	}
	if err != nil {
		s.missing = true
		return s
	}
	s.mtime = info.ModTime().UnixNano()
	if !dir {
		s.size = info.Size()
	}
	return s
}

// staleMargin is how long before a scan's start a change still makes its
// fingerprint stale: the file system's clock may lag the process's by a
// tick (a coarse kernel clock).
const staleMargin = 20 * time.Millisecond

// takeFingerprint stamps what the scan that produced store read; start is
// when that scan began. A watch of the scan's directories starts before
// the stamps are taken (see watchWith).
func takeFingerprint(root, configFile string, store *scan.Store, start time.Time) fingerprint {
	var fp fingerprint
	since := start.Add(-staleMargin).UnixNano()
	add := func(rel string, dir bool, hash string) {
		full := filepath.Join(root, filepath.FromSlash(rel))
		s := stamp(full, dir)
		if !s.missing && s.mtime >= since && !sameBytes(full, rel, hash) {
			fp.stale = true
		}
		fp.stamps = append(fp.stamps, s)
	}
	for _, x := range store.Extractions {
		add(x.Path, false, x.Hash)
	}
	for _, f := range store.Tree.Skipped {
		add(f.Path, false, "")
	}
	for _, a := range store.Tree.Aliases {
		add(a.Path, false, "")
	}
	for _, d := range store.Tree.Dirs {
		add(d, true, "")
		add(path.Join(d, ".gitignore"), false, "")
	}
	add(".git/info/exclude", false, "")
	fp.stamps = append(fp.stamps, stamp(configFile, false))
	return fp
}

// watchWith makes w — started on dirs, the scan's directories relative to
// root, before the stamps were taken — the fingerprint's watch: a change
// after the stamps is one of its events; one between the scan's start and
// the stamps made the fingerprint stale. A nil w leaves the fingerprint
// to stat every path.
func (fp *fingerprint) watchWith(root string, dirs []string, w *dirwatch.Watch) {
	if w == nil {
		return
	}
	watched := make(map[string]bool, len(dirs))
	for _, d := range dirs {
		if w.Watching(d) {
			watched[filepath.Join(root, filepath.FromSlash(d))] = true
		}
	}
	fp.watch, fp.root = w, root
	fp.index = make(map[string]int, len(fp.stamps))
	for i, s := range fp.stamps {
		fp.index[s.path] = i
		heard := s.path
		if !s.dir {
			heard = filepath.Dir(s.path)
		}
		if s.linked || !watched[heard] {
			fp.always = append(fp.always, i)
		}
	}
}

// sameBytes reports whether the file still holds the bytes whose hash the
// scan recorded ("" when it recorded none).
func sameBytes(full, rel, hash string) bool {
	if hash == "" {
		return false
	}
	data, err := os.ReadFile(full)
	return err == nil && scan.FileHash(rel, data) == hash
}

// changed reports whether a stamped path differs from the tree now. A
// change found stays found: the scan it calls for may fail, and the
// watch's events are read once. Not safe for concurrent use (the server
// holds its lock).
func (fp *fingerprint) changed() bool {
	if !fp.stale {
		fp.stale = fp.differs()
	}
	return fp.stale
}

// differs reads the watch's events: an entry of a walked directory
// created, removed or renamed (as its modification time would say), the
// directory itself gone, or a stamped file written is a change; new
// metadata of a stamped path (a new time, a file closed after writing) is
// one when its stamp differs. Then it stats the stamps no watch hears.
// Without a watch, or when the kernel dropped events, it stats every
// stamped path.
func (fp *fingerprint) differs() bool {
	if fp.watch == nil {
		return fp.sweep()
	}
	found := false
	lost, err := fp.watch.Drain(func(e dirwatch.Event) {
		if found {
			return
		}
		switch e.Op {
		case dirwatch.Entries, dirwatch.Gone:
			found = true
		case dirwatch.Written:
			_, found = fp.index[filepath.Join(fp.root, filepath.FromSlash(e.Dir), e.Name)]
		case dirwatch.Touched:
			if i, ok := fp.index[filepath.Join(fp.root, filepath.FromSlash(e.Dir), e.Name)]; ok {
				found = fp.restamped(i)
			}
		}
	})
	switch {
	case err != nil:
		// A watch that cannot be read is no watch.
		fp.watch.Close()
		fp.watch = nil
		return fp.sweep()
	case found:
		return true
	case lost:
		return fp.sweep()
	}
	for _, i := range fp.always {
		if fp.restamped(i) {
			return true
		}
	}
	return false
}

// sweep stats every stamped path.
func (fp *fingerprint) sweep() bool {
	for i := range fp.stamps {
		if fp.restamped(i) {
			return true
		}
	}
	return false
}

// restamped reports whether the i-th stamped path stats differently now.
func (fp *fingerprint) restamped(i int) bool {
	s := fp.stamps[i]
	return stamp(s.path, s.dir) != s
}

// close ends the fingerprint's watch.
func (fp *fingerprint) close() {
	fp.watch.Close()
	fp.watch = nil
}
