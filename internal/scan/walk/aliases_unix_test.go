//go:build unix

package walk

import (
	"context"
	"slices"
	"testing"
)

// A file reached through a symlink is an alias of the file it is; only
// listed files have aliases (big.md is skipped as too large at first, and
// MaxFiles leaves files out at second).
func TestAliases(t *testing.T) {
	root := t.TempDir()
	tree{
		files:    map[string]string{"docs/guide.md": "hello", "src/a.go": "package a", "big.md": "0123456789"},
		symlinks: map[string]string{"README.md": "docs/guide.md", "code": "src", "docs/self.md": "../README.md", "big-link.md": "big.md"},
	}.build(t, root)
	res, err := Walk(context.Background(), root, Options{MaxFileBytes: 9})
	if err != nil {
		t.Fatal(err)
	}
	want := []Alias{{"README.md", "docs/guide.md"}, {"code/a.go", "src/a.go"}, {"docs/self.md", "docs/guide.md"}}
	if !slices.Equal(res.Aliases, want) {
		t.Errorf("aliases %v, want %v", res.Aliases, want)
	}
	res, err = Walk(context.Background(), root, Options{MaxFiles: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Alias{{"README.md", "docs/guide.md"}, {"big-link.md", "big.md"}}; !slices.Equal(res.Aliases, want) {
		t.Errorf("with MaxFiles 2 (files %v): aliases %v, want %v", paths(res.Files), res.Aliases, want)
	}
}
