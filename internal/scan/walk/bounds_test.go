package walk

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/scan/extract"
)

// fakeEntry is a directory entry of a synthetic tree: the bounds are far
// larger than any tree worth writing to disk in a test.
type fakeEntry struct {
	name string
	mode fs.FileMode
	size int64
}

func (e fakeEntry) Name() string               { return e.name }
func (e fakeEntry) IsDir() bool                { return e.mode.IsDir() }
func (e fakeEntry) Type() fs.FileMode          { return e.mode.Type() }
func (e fakeEntry) Info() (fs.FileInfo, error) { return fakeInfo{e}, nil }

type fakeInfo struct{ e fakeEntry }

func (i fakeInfo) Name() string       { return i.e.name }
func (i fakeInfo) Size() int64        { return i.e.size }
func (i fakeInfo) Mode() fs.FileMode  { return i.e.mode }
func (i fakeInfo) ModTime() time.Time { return time.Time{} }
func (i fakeInfo) IsDir() bool        { return i.e.mode.IsDir() }
func (i fakeInfo) Sys() any           { return nil }

// fakeFS serves a synthetic tree under a real (empty) root: list returns the
// entries of a repository-relative directory, ignore the content of its
// .gitignore, if it lists one.
func fakeFS(t *testing.T, list func(dir string) []fs.DirEntry, ignore func(dir string) string) (string, fsOps) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rel := func(name string) string {
		r, _ := filepath.Rel(root, name)
		return filepath.ToSlash(r)
	}
	return root, fsOps{
		readDir: func(name string) ([]fs.DirEntry, error) { return list(rel(name)), nil },
		open: func(name string) (io.ReadCloser, error) {
			r := rel(name)
			if d, ok := strings.CutSuffix(r, "/.gitignore"); ok || r == ".gitignore" {
				if !ok {
					d = "."
				}
				return io.NopCloser(strings.NewReader(ignore(d))), nil
			}
			return io.NopCloser(strings.NewReader("")), nil
		},
	}
}

func entries(n int, format string, mode fs.FileMode, size int64) []fs.DirEntry {
	out := make([]fs.DirEntry, 0, n)
	for i := range n {
		out = append(out, fakeEntry{name: fmt.Sprintf(format, i), mode: mode, size: size})
	}
	return out
}

// budgetTree is a root with a .gitignore and 1000 dirs of 1000 ignored
// files: more entries than maxEntries, cheap to examine.
func budgetTree(dir string) []fs.DirEntry {
	if dir == "." {
		return append(entries(1000, "d%04d", fs.ModeDir, 0), fakeEntry{name: ".gitignore"})
	}
	return entries(1000, "f%04d.x", 0, 1)
}

// TestWalkBudgetIgnoresOrder: where the walk stops must not depend on the
// order directories list their entries in.
func TestWalkBudgetIgnoresOrder(t *testing.T) {
	root, ops := fakeFS(t, budgetTree, func(string) string { return "*.x\n" })
	base, err := walkWith(context.Background(), root, Options{}, ops)
	if err != nil {
		t.Fatal(err)
	}
	got, err := walkWith(context.Background(), root, Options{Order: func(_ string, e []fs.DirEntry) { slices.Reverse(e) }}, ops)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, base) {
		t.Errorf("reversed entries stop elsewhere: %d dirs, want %d", len(got.Dirs), len(base.Dirs))
	}
}

func TestWalkBounds(t *testing.T) {
	none := func(string) string { return "" }
	tests := []struct {
		name   string
		list   func(dir string) []fs.DirEntry
		ignore func(dir string) string
		opts   Options
		check  func(t *testing.T, res *Result)
	}{
		{
			name: "maxEntries stops the walk at the same place every time",
			// Root: .gitignore and 1000 dirs of 1000 ignored files. After 999 dirs
			// 1 + 999*1001 = 1,000,000 entries have been examined.
			list:   budgetTree,
			ignore: func(string) string { return "*.x\n" },
			check: func(t *testing.T, res *Result) {
				if len(res.Dirs) != 1000 || res.Dirs[999] != "d0998" {
					t.Errorf("walked %d dirs, last %q; want 1000, d0998", len(res.Dirs), res.Dirs[len(res.Dirs)-1])
				}
				want := []Note{{".", extract.StatusPartial, "walk stopped after examining 1000000 directory entries, its bound"}}
				if !slices.Equal(res.Notes, want) {
					t.Errorf("notes %q", res.Notes)
				}
				// Any path may be missing: the walk never reached d0999.
				if !res.Unlisted.Lacks("a") || !res.Unlisted.Lacks("d0999/f0000") {
					t.Errorf("unlisted %+v, want every path possibly missing", res.Unlisted)
				}
			},
		},
		{
			name: "MaxFiles lists the first files by path and says where the listing stops",
			list: func(dir string) []fs.DirEntry { return entries(10, "f%02d", 0, 1) },
			opts: Options{MaxFiles: 4},
			check: func(t *testing.T, res *Result) {
				if len(res.Files) != 4 || res.Files[3].Path != "f03" {
					t.Fatalf("files %v", res.Files)
				}
				want := &Unlisted{From: "f04", Reason: "the walk listed only the first 4 files by path (scan.maxFiles)"}
				if !reflect.DeepEqual(res.Unlisted, want) {
					t.Errorf("unlisted %+v, want %+v", res.Unlisted, want)
				}
				if res.Unlisted.Lacks("f03") || !res.Unlisted.Lacks("f04") || !res.Unlisted.Lacks("g") {
					t.Errorf("Lacks disagrees with the listing")
				}
			},
		},
		{
			name: "MaxDirs keeps the first directories in sorted order",
			list: func(dir string) []fs.DirEntry {
				if dir == "." {
					return entries(maxDirs+1, "d%06d", fs.ModeDir, 0)
				}
				return nil
			},
			check: func(t *testing.T, res *Result) {
				if len(res.Dirs) != maxDirs || res.Dirs[0] != "." || res.Dirs[maxDirs-1] != "d099998" {
					t.Errorf("dirs: %d, first %q, last %q", len(res.Dirs), res.Dirs[0], res.Dirs[len(res.Dirs)-1])
				}
				want := []Note{{".", extract.StatusPartial, "2 directories beyond walk.MaxDirs (100000) not listed"}}
				if !slices.Equal(res.Notes, want) {
					t.Errorf("notes %q", res.Notes)
				}
			},
		},
		{
			name: "MaxSkipped and MaxNotes bound oversized files",
			list: func(dir string) []fs.DirEntry {
				return entries(maxSkipped+1, "f%05d", 0, 2)
			},
			opts: Options{MaxFileBytes: 1},
			check: func(t *testing.T, res *Result) {
				if len(res.Skipped) != maxSkipped || res.Skipped[maxSkipped-1].Path != "f09999" || len(res.Files) != 0 {
					t.Errorf("skipped %d, files %d", len(res.Skipped), len(res.Files))
				}
				if len(res.Notes) != maxNotes {
					t.Fatalf("%d notes, want %d", len(res.Notes), maxNotes)
				}
				// 10,001 per-file notes leave room for 998 of them beside the
				// aggregate note and the counting note.
				wantTail := []Note{
					{"f00997", extract.StatusNotAnalyzed, "2 bytes exceeds scan.maxFileBytes (1)"},
					{".", extract.StatusPartial, "9003 more notes beyond walk.MaxNotes (1000) not listed"},
				}
				if !slices.Equal(res.Notes[maxNotes-2:], wantTail) {
					t.Errorf("last notes %q, want %q", res.Notes[maxNotes-2:], wantTail)
				}
				wantAggregate := Note{".", extract.StatusPartial, "1 skipped files beyond walk.MaxSkipped (10000) not listed"}
				if res.Notes[0] != wantAggregate {
					t.Errorf("first note %q, want %q", res.Notes[0], wantAggregate)
				}
			},
		},
		{
			name: "MaxDepth stops a descent",
			list: func(dir string) []fs.DirEntry {
				return []fs.DirEntry{fakeEntry{name: "d", mode: fs.ModeDir}}
			},
			check: func(t *testing.T, res *Result) {
				if len(res.Dirs) != MaxDepth+1 {
					t.Errorf("%d dirs, want %d", len(res.Dirs), MaxDepth+1)
				}
				deep := strings.Repeat("d/", MaxDepth+1)
				want := []Note{{deep[:len(deep)-1], extract.StatusPartial, "directory deeper than walk.MaxDepth (256) is not walked"}}
				if !slices.Equal(res.Notes, want) {
					t.Errorf("notes %q, want %q", res.Notes, want)
				}
			},
		},
		{
			name: "MaxIgnorePatterns and MaxIgnoreFileBytes bound a .gitignore",
			list: func(dir string) []fs.DirEntry {
				if dir == "." {
					return []fs.DirEntry{fakeEntry{name: ".gitignore"}, fakeEntry{name: "sub", mode: fs.ModeDir}, fakeEntry{name: "p1"}}
				}
				return []fs.DirEntry{fakeEntry{name: ".gitignore"}, fakeEntry{name: "q"}, fakeEntry{name: "tail"}}
			},
			ignore: func(dir string) string {
				if dir == "." {
					// p0..p10009: the last ten are beyond the pattern bound.
					var b strings.Builder
					for i := range maxIgnorePatterns + 10 {
						fmt.Fprintf(&b, "p%d\n", i)
					}
					return b.String()
				}
				// "q" and then padding past the byte bound, cut at a line end:
				// "tail" (which straddles the bound) is not applied.
				return "q\n" + strings.Repeat("#", maxIgnoreFileBytes-5) + "\ntail\n"
			},
			check: func(t *testing.T, res *Result) {
				if got, want := paths(res.Files), []string{".gitignore", "sub/.gitignore", "sub/tail"}; !slices.Equal(got, want) {
					t.Errorf("files %q, want %q", got, want)
				}
				want := []Note{
					{".gitignore", extract.StatusPartial, "10 patterns beyond walk.MaxIgnorePatterns (10000) are not applied"},
					{"sub/.gitignore", extract.StatusPartial, "only the first walk.MaxIgnoreFileBytes (262144) bytes are applied"},
				}
				if !slices.Equal(res.Notes, want) {
					t.Errorf("notes %q, want %q", res.Notes, want)
				}
			},
		},
		{
			name: "MaxExcluded keeps the first excluded paths in sorted order",
			list: func(dir string) []fs.DirEntry {
				return append(entries(maxExcluded, "x%05d", 0, 0), fakeEntry{name: "vendor", mode: fs.ModeDir}, fakeEntry{name: "keep"})
			},
			opts: Options{Exclude: []string{"x*"}},
			check: func(t *testing.T, res *Result) {
				if len(res.Excluded) != maxExcluded || res.Excluded[0] != "vendor/" || res.Excluded[maxExcluded-1] != "x09998" {
					t.Errorf("excluded: %d, first %q, last %q", len(res.Excluded), res.Excluded[0], res.Excluded[len(res.Excluded)-1])
				}
				if got := paths(res.Files); !slices.Equal(got, []string{"keep"}) {
					t.Errorf("files %q", got)
				}
				want := Note{".", extract.StatusPartial, "1 excluded paths beyond walk.MaxExcluded (10000) not listed; references to them resolve as if they did not exist"}
				if !slices.Contains(res.Notes, want) {
					t.Errorf("notes %q lack %q", res.Notes, want)
				}
			},
		},
		{
			name: "MaxNotes keeps every aggregate note",
			list: func(dir string) []fs.DirEntry {
				return append(entries(maxNotes+5, "!pipe%04d", fs.ModeNamedPipe, 0), entries(3, "f%d", 0, 0)...)
			},
			opts: Options{MaxFiles: 1},
			check: func(t *testing.T, res *Result) {
				if len(res.Notes) != maxNotes {
					t.Fatalf("%d notes", len(res.Notes))
				}
				// "!pipe…" sorts before ".", yet the MaxFiles note survives.
				want := Note{".", extract.StatusPartial, "2 files beyond scan.maxFiles (1) not listed"}
				if res.Notes[maxNotes-2] != want {
					t.Errorf("note %q, want %q", res.Notes[maxNotes-2], want)
				}
				if last := res.Notes[maxNotes-1].Reason; last != "7 more notes beyond walk.MaxNotes (1000) not listed" {
					t.Errorf("last note %q", last)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ignore := tt.ignore
			if ignore == nil {
				ignore = none
			}
			root, ops := fakeFS(t, tt.list, ignore)
			res, err := walkWith(context.Background(), root, tt.opts, ops)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, res)
		})
	}
}
