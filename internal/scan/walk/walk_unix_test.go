//go:build unix

package walk

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/extract"
	"github.com/docbridge/docbridge/internal/testtree"
)

// tree describes a directory to build: files (with content), symlinks
// (name → link text) and FIFOs, all slash-separated paths under the root.
type tree struct {
	files    map[string]string
	symlinks map[string]string
	fifos    []string
	sockets  []string
}

func (tr tree) build(t *testing.T, root string) {
	t.Helper()
	for p, c := range tr.files {
		testtree.File(t, filepath.Join(root, filepath.FromSlash(p)), c)
	}
	for p, dest := range tr.symlinks {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(dest, full); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range tr.fifos {
		if err := syscall.Mkfifo(filepath.Join(root, filepath.FromSlash(p)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range tr.sockets {
		l, err := net.Listen("unix", filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Skipf("cannot create a unix socket: %v", err)
		}
		t.Cleanup(func() { _ = l.Close() })
	}
}

func na(path, reason string) Note {
	return Note{Path: path, Status: extract.StatusNotAnalyzed, Reason: reason}
}

func partial(path, reason string) Note {
	return Note{Path: path, Status: extract.StatusPartial, Reason: reason}
}

func TestWalkScenarios(t *testing.T) {
	tests := []struct {
		name        string
		tree        tree
		opts        Options
		wantFiles   []File
		wantSkipped []string
		wantDirs    []string
		wantNotes   []Note
		// wantExcluded: what the configuration or a built-in rule kept out,
		// never what .gitignore ignores.
		wantExcluded []string
		// wantOutput: the build output directories read for documents.
		wantOutput []string
	}{
		{
			name: "built-in excludes at depth, noted only when git would track them",
			tree: tree{files: map[string]string{
				".gitignore":             "dist/\n",
				"a/b/node_modules/x.js":  "",
				"vendor/v.go":            "",
				"src/target/t.rs":        "",
				"src/build":              "a file named like a built-in directory",
				"dist/app.js":            "",
				".git/HEAD":              "ref",
				"sub/.git":               "gitdir: elsewhere",
				"src/__pycache__/m.pyc":  "",
				"src/.venv/bin/activate": "",
			}},
			wantFiles: []File{{".gitignore", 6}, {"src/build", 38}},
			wantDirs:  []string{".", "a", "a/b", "src", "sub"},
			wantNotes: []Note{
				na("a/b/node_modules", "directory excluded by a built-in rule (node_modules)"),
				na("src/.venv", "directory excluded by a built-in rule (.venv)"),
				na("src/__pycache__", "directory excluded by a built-in rule (__pycache__)"),
				na("src/target", "directory excluded by a built-in rule (target)"),
				na("vendor", "directory excluded by a built-in rule (vendor)"),
			},
			wantExcluded: []string{"a/b/node_modules/", "src/.venv/", "src/__pycache__/", "src/target/", "vendor/"},
		},
		{
			name: "build output directories keep their documents: a documentation section may be called build",
			tree: tree{files: map[string]string{
				".gitignore":                  "out/\ndist/ignored/\n",
				"content/site/build/ci.md":    "# CI",
				"content/site/build/app.js":   "",
				"content/site/build/sub/x.md": "",
				"dist/README.md":              "",
				"dist/ignored/y.md":           "",
				"dist/node_modules/pkg/z.md":  "",
				"dist/coverage/c.md":          "",
				"src/target/t.rs":             "",
				"node_modules/m/README.md":    "",
			}},
			opts: Options{KeepInOutputDirs: func(p string) bool { return strings.HasSuffix(p, ".md") }},
			wantFiles: []File{{".gitignore", 19}, {"content/site/build/ci.md", 4}, {"content/site/build/sub/x.md", 0},
				{"dist/README.md", 0}, {"dist/coverage/c.md", 0}},
			wantDirs: []string{".", "content", "content/site", "content/site/build", "content/site/build/sub", "dist", "dist/coverage", "src", "src/target"},
			wantNotes: []Note{
				partial("content/site/build", "directory of build output by a built-in rule (build): only its documents are read"),
				partial("dist", "directory of build output by a built-in rule (dist): only its documents are read"),
				na("node_modules", "directory excluded by a built-in rule (node_modules)"),
				partial("src/target", "directory of build output by a built-in rule (target): only its documents are read"),
			},
			wantExcluded: []string{"node_modules/"},
			wantOutput:   []string{"content/site/build/", "dist/", "src/target/"},
		},
		{
			name: "config excludes are a root .gitignore that cannot re-include what git ignores",
			tree: tree{files: map[string]string{
				".gitignore":    "ignored.md\n",
				"a.tmp":         "",
				"keep.tmp":      "",
				"ignored.md":    "",
				"docs/gen/x.md": "",
				"docs/y.md":     "",
				"sub/gen/z.md":  "",
			}},
			opts:         Options{Exclude: []string{"*.tmp", "!keep.tmp", "!ignored.md", "/docs/gen/"}},
			wantFiles:    []File{{".gitignore", 11}, {"docs/y.md", 0}, {"keep.tmp", 0}, {"sub/gen/z.md", 0}},
			wantDirs:     []string{".", "docs", "sub", "sub/gen"},
			wantExcluded: []string{"a.tmp", "docs/gen/"},
		},
		{
			name: "symlink loop a -> . and b -> a",
			tree: tree{
				files:    map[string]string{"f.md": "x"},
				symlinks: map[string]string{"a": ".", "b": "a"},
			},
			wantFiles: []File{{"f.md", 1}},
			wantDirs:  []string{"."},
			wantNotes: []Note{
				na("a", `symlink loop: resolves to the enclosing directory "."`),
				na("b", `symlink loop: resolves to the enclosing directory "."`),
			},
		},
		{
			name: "symlink loop through a followed directory",
			tree: tree{
				files:    map[string]string{"d/f.md": "x"},
				symlinks: map[string]string{"d/up": "..", "link": "d"},
			},
			wantFiles: []File{{"d/f.md", 1}, {"link/f.md", 1}},
			wantDirs:  []string{".", "d", "link"},
			wantNotes: []Note{
				na("d/up", `symlink loop: resolves to the enclosing directory "."`),
				na("link/up", `symlink loop: resolves to the enclosing directory "."`),
			},
		},
		{
			name: "symlinks out of the root or into .git, dangling ones and two-hop cycles are notes",
			tree: tree{
				files:    map[string]string{"ok.md": "", ".git/config": "", "sub/.git/HEAD": ""},
				symlinks: map[string]string{"etc": "/etc", "up": "../..", "gone": "missing/file", "c1": "c2", "c2": "c1", "g": ".git", "h": "sub/.git/HEAD"},
			},
			wantFiles: []File{{"ok.md", 0}},
			wantDirs:  []string{".", "sub"},
			wantNotes: []Note{
				na("c1", `cannot resolve symlink -> "c2": EvalSymlinks: too many links`),
				na("c2", `cannot resolve symlink -> "c1": EvalSymlinks: too many links`),
				na("etc", `symlink points outside the repository -> "/etc"`),
				na("g", `symlink points into .git -> ".git"`),
				na("gone", `dangling symlink -> "missing/file"`),
				na("h", `symlink points into .git -> "sub/.git/HEAD"`),
				na("up", `symlink points outside the repository -> "../.."`),
			},
		},
		{
			name: "symlinks inside the root are listed under their own path",
			tree: tree{
				files:    map[string]string{"docs/guide.md": "hello", "src/a.go": "package a"},
				symlinks: map[string]string{"README.md": "docs/guide.md", "code": "src", "docs/self.md": "../README.md"},
			},
			wantFiles: []File{{"README.md", 5}, {"code/a.go", 9}, {"docs/guide.md", 5}, {"docs/self.md", 5}, {"src/a.go", 9}},
			wantDirs:  []string{".", "code", "docs", "src"},
		},
		{
			name: "ignore rules see a followed directory symlink as a directory",
			tree: tree{
				files:    map[string]string{".gitignore": "gen/\n", "src/a.go": ""},
				symlinks: map[string]string{"gen": "src"},
			},
			wantFiles: []File{{".gitignore", 5}, {"src/a.go", 0}},
			wantDirs:  []string{".", "src"},
		},
		{
			name: "a symlinked .gitignore is not applied",
			tree: tree{
				files:    map[string]string{"rules": "*.md\n", "a.md": ""},
				symlinks: map[string]string{".gitignore": "rules"},
			},
			wantFiles: []File{{".gitignore", 5}, {"a.md", 0}, {"rules", 5}},
			wantDirs:  []string{"."},
			wantNotes: []Note{partial(".gitignore", "symlinked .gitignore is not applied (git does not follow it)")},
		},
		{
			name:      "names that are not UTF-8 are notes with a quoted path",
			tree:      tree{files: map[string]string{"bad\xff.md": "", "d\xfe/x.md": "", "good.md": "", "ign\xff.log": "", ".gitignore": "*.log\n"}},
			wantFiles: []File{{".gitignore", 6}, {"good.md", 0}},
			wantDirs:  []string{"."},
			wantNotes: []Note{
				na(`"bad\xff.md"`, "file name is not valid UTF-8"),
				na(`"d\xfe"`, "file name is not valid UTF-8"),
			},
		},
		{
			name:        "oversized files are skipped, not dropped",
			tree:        tree{files: map[string]string{"big.md": "12345678901", "fits.md": "1234567890"}},
			opts:        Options{MaxFileBytes: 10},
			wantFiles:   []File{{"fits.md", 10}},
			wantSkipped: []string{"big.md"},
			wantDirs:    []string{"."},
			wantNotes:   []Note{na("big.md", "11 bytes exceeds scan.maxFileBytes (10)")},
		},
		{
			name:      "MaxFiles keeps the first files in path order",
			tree:      tree{files: map[string]string{"e": "", "d": "", "c": "", "b/x": "", "a": ""}},
			opts:      Options{MaxFiles: 3},
			wantFiles: []File{{"a", 0}, {"b/x", 0}, {"c", 0}},
			wantDirs:  []string{".", "b"},
			wantNotes: []Note{partial(".", "2 files beyond scan.maxFiles (3) not listed")},
		},
		{
			name:      "FIFOs and sockets are not regular files",
			tree:      tree{files: map[string]string{"a.md": ""}, fifos: []string{"pipe"}, sockets: []string{"sock"}},
			wantFiles: []File{{"a.md", 0}},
			wantDirs:  []string{"."},
			wantNotes: []Note{na("pipe", "not a regular file (named pipe)"), na("sock", "not a regular file (socket)")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			tt.tree.build(t, root)
			res, err := Walk(context.Background(), root, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Files, tt.wantFiles) {
				t.Errorf("files\n got %v\nwant %v", res.Files, tt.wantFiles)
			}
			if got := paths(res.Skipped); !slices.Equal(got, tt.wantSkipped) && len(got)+len(tt.wantSkipped) > 0 {
				t.Errorf("skipped %q, want %q", got, tt.wantSkipped)
			}
			if !slices.Equal(res.Dirs, tt.wantDirs) {
				t.Errorf("dirs %q, want %q", res.Dirs, tt.wantDirs)
			}
			if !slices.Equal(res.Notes, tt.wantNotes) {
				t.Errorf("notes\n got %q\nwant %q", res.Notes, tt.wantNotes)
			}
			if !slices.Equal(res.Excluded, tt.wantExcluded) {
				t.Errorf("excluded %q, want %q", res.Excluded, tt.wantExcluded)
			}
			if !slices.Equal(res.Output, tt.wantOutput) {
				t.Errorf("output %q, want %q", res.Output, tt.wantOutput)
			}
		})
	}
}

// mixedTree has something of every kind the walk handles.
func mixedTree() tree {
	return tree{
		files: map[string]string{
			".gitignore": "*.log\n!keep.log\nout/\n", "keep.log": "k", "x.log": "",
			"docs/a.md": "a", "docs/b.md": "bb", "docs/.gitignore": "/draft*\n", "docs/draft1.md": "",
			"src/a/b/c.go": "c", "src/a/z.go": "", "src/node_modules/m.js": "", "out/o.md": "",
			"big.bin": strings.Repeat("x", 64), "bad\xff": "", "z/y/x/w.txt": "w",
		},
		symlinks: map[string]string{"loop": ".", "ext": "/etc", "dl": "nope", "lnk": "docs", "lf.md": "docs/a.md"},
		fifos:    []string{"fifo"},
	}
}

// TestWalkIgnoresDirectoryOrder permutes every directory's entries with
// several seeds; the result must not change.
func TestWalkIgnoresDirectoryOrder(t *testing.T) {
	root := t.TempDir()
	mixedTree().build(t, root)
	opts := Options{MaxFileBytes: 32, MaxFiles: 9}
	base, err := Walk(context.Background(), root, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(base.Files) != 9 || len(base.Notes) < 6 || len(base.Skipped) != 1 {
		t.Fatalf("the tree should exercise truncation, skips and notes: %+v", base)
	}
	orders := map[string]func(dir string, entries []fs.DirEntry){
		"reverse": func(_ string, e []fs.DirEntry) { slices.Reverse(e) },
		"again":   nil,
	}
	for seed := range uint64(6) {
		orders[string(rune('a'+seed))+"-shuffle"] = func(_ string, e []fs.DirEntry) {
			r := rand.New(rand.NewPCG(seed, seed))
			r.Shuffle(len(e), func(i, j int) { e[i], e[j] = e[j], e[i] })
		}
	}
	for name, order := range orders {
		t.Run(name, func(t *testing.T) {
			o := opts
			o.Order = order
			got, err := Walk(context.Background(), root, o)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, base) {
				t.Errorf("result depends on order\n got %+v\nwant %+v", got, base)
			}
		})
	}
}

// failing wraps the real file system and fails the named paths (relative to
// root) with fs.ErrPermission, as an unreadable entry would for a non-root
// user.
func failing(t *testing.T, root string, dirs, files []string) fsOps {
	t.Helper()
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	denied := func(name string, list []string) bool {
		rel, err := filepath.Rel(real, name)
		return err == nil && slices.Contains(list, filepath.ToSlash(rel))
	}
	return fsOps{
		readDir: func(name string) ([]fs.DirEntry, error) {
			if denied(name, dirs) {
				return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
			}
			return os.ReadDir(name)
		},
		open: func(name string) (io.ReadCloser, error) {
			if denied(name, files) {
				return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
			}
			return os.Open(name)
		},
	}
}

func TestWalkPermissionDeniedInjected(t *testing.T) {
	root := t.TempDir()
	tree{files: map[string]string{
		"a.md": "", "secret.md": "shh", "locked/x.md": "", "open/y.md": "",
		"open/.gitignore": "y.md\n", ".gitignore": "*.log\n",
	}}.build(t, root)
	ops := failing(t, root, []string{"locked"}, []string{"secret.md", "open/.gitignore"})
	res, err := walkWith(context.Background(), root, Options{}, ops)
	if err != nil {
		t.Fatal(err)
	}
	// Unreadable files are listed: the scan's single read of each reports
	// the failure. An unreadable .gitignore applies no patterns (y.md stays).
	wantFiles := []string{".gitignore", "a.md", "open/.gitignore", "open/y.md", "secret.md"}
	if got := paths(res.Files); !slices.Equal(got, wantFiles) {
		t.Errorf("files %q, want %q", got, wantFiles)
	}
	if len(res.Skipped) != 0 {
		t.Errorf("skipped %v, want none", res.Skipped)
	}
	if want := []string{".", "locked", "open"}; !slices.Equal(res.Dirs, want) {
		t.Errorf("dirs %q, want %q", res.Dirs, want)
	}
	wantNotes := []Note{
		na("locked", "cannot read directory: permission denied"),
		partial("open/.gitignore", "cannot read ignore file, its patterns are not applied: permission denied"),
	}
	if !slices.Equal(res.Notes, wantNotes) {
		t.Errorf("notes\n got %q\nwant %q", res.Notes, wantNotes)
	}
}

// TestWalkPermissionDenied uses real permissions; root bypasses them.
func TestWalkPermissionDenied(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root, which bypasses permissions; TestWalkPermissionDeniedInjected covers the code path")
	}
	root := t.TempDir()
	tree{files: map[string]string{"a.md": "", "secret.md": "", "locked/x.md": ""}}.build(t, root)
	for _, p := range []string{"secret.md", "locked"} {
		if err := os.Chmod(filepath.Join(root, p), 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(filepath.Join(root, p), 0o755) })
	}
	res, err := Walk(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := paths(res.Files); !slices.Equal(got, []string{"a.md", "secret.md"}) {
		t.Errorf("files %q", got)
	}
	wantNotes := []Note{na("locked", "cannot read directory: permission denied")}
	if !slices.Equal(res.Notes, wantNotes) {
		t.Errorf("notes %q, want %q", res.Notes, wantNotes)
	}
}

func TestWalkErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	testtree.File(t, file, "")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		root string
		ops  fsOps
		want error
	}{
		{"missing root", context.Background(), filepath.Join(dir, "missing"), osOps, fs.ErrNotExist},
		{"root is a file", context.Background(), file, osOps, syscall.ENOTDIR},
		{"root unreadable", context.Background(), dir, failing(t, dir, []string{"."}, nil), fs.ErrPermission},
		{"canceled before", canceled, dir, osOps, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := walkWith(tt.ctx, tt.root, Options{}, tt.ops)
			if !errors.Is(err, tt.want) || res != nil {
				t.Errorf("got %v, %v; want error %v", res, err, tt.want)
			}
		})
	}
}

// TestWalkCancelMidway cancels from inside the walk.
func TestWalkCancelMidway(t *testing.T) {
	root := t.TempDir()
	mixedTree().build(t, root)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	visited := 0
	res, err := Walk(ctx, root, Options{Order: func(string, []fs.DirEntry) {
		visited++
		cancel()
	}})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("got %v, %v; want context.Canceled", res, err)
	}
	if visited != 1 {
		t.Errorf("walk went on for %d directories after cancellation", visited)
	}
}
