package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/docbridge/docbridge/internal/atomicfile"
)

const (
	// dirKeep is how many entries a Dir keeps by default; Save evicts the
	// oldest beyond it (reporting each through OnEvict).
	dirKeep = 8
	// maxDirEntries bounds the files a Dir lists; a directory holding more
	// is refused rather than half read.
	maxDirEntries = 4096
	// maxDirKeyLen keeps a key plus its suffix inside a file name (255).
	maxDirKeyLen = 200
	// dirSuffix marks entry files; everything else in the directory is not
	// the store's.
	dirSuffix = ".entry"
)

// Dir is a Store in a local directory, one file per entry named after its
// key, for the CLI and for rehearsing the action locally.
//
// Newest is the latest modification time; entries modified at the same
// instant (coarse file system clocks) are ordered by their keys in natural
// order, numbers compared as numbers — the run id and attempt at the end of
// a key from Keys make that the order they were written in.
type Dir struct {
	path string
	// MaxBytes bounds an entry on save and on load.
	MaxBytes int64
	// Keep is how many entries survive a Save.
	Keep int
	// OnEvict, when set, is told every key Save evicts.
	OnEvict func(key string)
}

// NewDir returns the store in path, with the state's size bound and dirKeep.
// The directory is created by the first Save.
func NewDir(path string) *Dir {
	return &Dir{path: path, MaxBytes: maxBytesOr(0), Keep: dirKeep}
}

// dirEntry is one entry file.
type dirEntry struct {
	key   string
	mtime time.Time
}

// Load implements Store.
func (d *Dir) Load(ctx context.Context, keys ...string) (Entry, error) {
	if err := checkKeys(keys); err != nil {
		return Entry{}, err
	}
	if err := ctx.Err(); err != nil {
		return Entry{}, err
	}
	entries, err := d.list()
	if errors.Is(err, fs.ErrNotExist) {
		return Entry{}, errMiss
	}
	if err != nil {
		return Entry{}, err
	}
	for _, k := range keys {
		if i := slices.IndexFunc(entries, func(e dirEntry) bool { return e.key == k }); i >= 0 {
			return d.read(entries[i].key)
		}
		// entries are newest first: the first prefix match wins.
		if i := slices.IndexFunc(entries, func(e dirEntry) bool { return strings.HasPrefix(e.key, k) }); i >= 0 {
			return d.read(entries[i].key)
		}
	}
	return Entry{}, errMiss
}

// Save implements Store. The entry appears whole or not at all: it is
// written to a temporary file and linked into place, which also refuses a
// taken key atomically.
func (d *Dir) Save(ctx context.Context, key string, data []byte) error {
	if err := checkDirKey(key); err != nil {
		return err
	}
	if max := maxBytesOr(d.MaxBytes); int64(len(data)) > max {
		return tooLarge(int64(len(data)), max)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(d.path, 0o755); err != nil {
		return fmt.Errorf("cache directory: %w", err)
	}
	if err := atomicfile.Create(filepath.Join(d.path, key+dirSuffix), data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%w: %q", errExists, key)
		}
		return fmt.Errorf("cache directory: save %q: %w", key, err)
	}
	return d.evict(key)
}

// evict removes the oldest entries beyond Keep, never the one just saved.
func (d *Dir) evict(saved string) error {
	keep := d.Keep
	if keep < 1 {
		keep = 1
	}
	entries, err := d.list()
	if err != nil {
		return err
	}
	kept := 0
	for _, e := range entries {
		if e.key == saved || kept < keep-1 {
			if e.key != saved {
				kept++
			}
			continue
		}
		if err := os.Remove(filepath.Join(d.path, e.key+dirSuffix)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cache directory: evict %q: %w", e.key, err)
		}
		if d.OnEvict != nil {
			d.OnEvict(e.key)
		}
	}
	return nil
}

// list returns the entries, newest first (a total order).
func (d *Dir) list() ([]dirEntry, error) {
	f, err := os.Open(d.path)
	if err != nil {
		return nil, fmt.Errorf("cache directory: %w", err)
	}
	defer f.Close()
	des, err := f.ReadDir(maxDirEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("cache directory: %w", err)
	}
	if len(des) > maxDirEntries {
		return nil, fmt.Errorf("cache directory %s holds more than %d files: refused, clean it up", d.path, maxDirEntries)
	}
	var out []dirEntry
	for _, de := range des {
		key, ok := strings.CutSuffix(de.Name(), dirSuffix)
		if !ok || !de.Type().IsRegular() || checkDirKey(key) != nil {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue // removed since the listing
		}
		out = append(out, dirEntry{key: key, mtime: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b dirEntry) int {
		if c := b.mtime.Compare(a.mtime); c != 0 {
			return c
		}
		return naturalCompare(b.key, a.key)
	})
	return out, nil
}

// read returns the entry stored under key, bounded by MaxBytes.
func (d *Dir) read(key string) (Entry, error) {
	f, err := os.Open(filepath.Join(d.path, key+dirSuffix))
	if err != nil {
		return Entry{}, fmt.Errorf("cache directory: %w", err)
	}
	defer f.Close()
	data, err := readBounded(f, maxBytesOr(d.MaxBytes))
	if err != nil {
		return Entry{}, fmt.Errorf("cache directory: read %q: %w", key, err)
	}
	return Entry{Key: key, Data: data}, nil
}

// checkDirKey admits keys that are safe file names everywhere: the Store
// rules plus [A-Za-z0-9._-] only, no leading dot, bounded length.
func checkDirKey(key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if len(key) > maxDirKeyLen {
		return fmt.Errorf("cache key of %d bytes, a directory store takes at most %d", len(key), maxDirKeyLen)
	}
	if key[0] == '.' || strings.ContainsFunc(key, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
	}) {
		return fmt.Errorf("cache key %q: a directory store takes only letters, digits, '.', '_' and '-', not leading '.'", key)
	}
	return nil
}
