package walk

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// The Ignorer built from a walk's ignore files agrees with the walk (whose
// fixtures agree with git) on every file of every ignore fixture: a file
// is listed exactly when it is not ignored.
func TestIgnorerAgreesWithTheWalk(t *testing.T) {
	for _, name := range fixtures(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			fx := readFixture(t, name)
			root := t.TempDir()
			fx.write(t, root)
			res, err := Walk(context.Background(), root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ig := NewIgnorer(res.Ignores, nil)
			listed := paths(res.Files)
			checked := 0
			for _, f := range fx.files {
				if strings.HasPrefix(f.name, ".git/") {
					continue
				}
				checked++
				if got, want := ig.Ignored(f.name, false), !slices.Contains(listed, f.name); got != want {
					t.Errorf("Ignored(%q) = %v, want %v", f.name, got, want)
				}
			}
			if checked == 0 {
				t.Fatal("the fixture has no files to check")
			}
		})
	}
}

// Paths the tree does not have are judged by the rules of the directories
// they would be in.
func TestIgnorerJudgesPathsTheTreeLacks(t *testing.T) {
	root := t.TempDir()
	for p, c := range map[string]string{
		".gitignore":            "*.log\n.env\n/out/\n",
		"packages/a/.gitignore": "gen/\n!keep.log\n",
		"packages/a/x.ts":       "",
		"src/a.go":              "",
	} {
		testtree.File(t, filepath.Join(root, filepath.FromSlash(p)), c)
	}
	res, err := Walk(context.Background(), root, Options{Exclude: []string{"/docs/generated/"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []IgnoreFile{{".", []string{"*.log", ".env", "/out/"}}, {"packages/a", []string{"gen/", "!keep.log"}}}; !slices.EqualFunc(res.Ignores, want,
		func(a, b IgnoreFile) bool { return a.Dir == b.Dir && slices.Equal(a.Patterns, b.Patterns) }) {
		t.Fatalf("ignores %+v", res.Ignores)
	}
	ig := NewIgnorer(res.Ignores, []string{"/docs/generated/"})
	ig.KeepInOutputDirs = func(p string) bool { return strings.HasSuffix(p, ".md") }
	tests := []struct {
		path  string
		isDir bool
		want  bool
	}{
		{".env", false, true},
		{"src/.env", false, true},
		{"src/debug.log", false, true},
		{"packages/a/keep.log", false, false}, // re-included below packages/a
		{"packages/b/keep.log", false, true},
		{"packages/a/gen/x.ts", false, true},
		{"packages/a/gen", true, true},
		{"packages/a/gen", false, false}, // a file named gen: "gen/" is for directories
		{"packages/b/gen/x.ts", false, false},
		{"out/x.js", false, true},
		{"src/out/x.js", false, false}, // anchored to the root
		{"dist/index.js", false, true}, // built-in
		{"packages/a/dist/index.js", false, true},
		{"packages/a/node_modules", true, true},
		{"site/build/ci.md", false, false},          // a document in build output is read
		{"site/build/app.js", false, true},          // the rest of it is not
		{"out/ci.md", false, true},                  // git's rule still holds
		{"node_modules/pkg/README.md", false, true}, // dependencies are no build output
		{"docs/generated/api.md", false, true},      // configuration
		{"docs/guide.md", false, false},
		{"internal/oldpkg/x.go", false, false},
		{"src/a.go", false, false},
		{"", false, false},
		{"/", true, false},
	}
	for _, tc := range tests {
		if got := ig.Ignored(tc.path, tc.isDir); got != tc.want {
			t.Errorf("Ignored(%q, %v) = %v, want %v", tc.path, tc.isDir, got, tc.want)
		}
	}
}

func FuzzIgnored(f *testing.F) {
	f.Add("*.log\n!keep.log\n/out/\n**/gen/**\n", "packages/a/gen/x.ts", true)
	f.Add("a/**/b\n", "a/x/y/b", false)
	f.Add("", "//..//x", true)
	f.Fuzz(func(t *testing.T, rules, p string, isDir bool) {
		ig := NewIgnorer([]IgnoreFile{{Dir: ".", Patterns: strings.Split(rules, "\n")}, {Dir: "a/b", Patterns: []string{rules}}}, strings.Split(rules, "\n"))
		_ = ig.Ignored(p, isDir)
	})
}
