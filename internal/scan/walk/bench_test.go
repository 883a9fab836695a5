package walk

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// BenchmarkWalk walks 15,000 files in 500 directories (20 top-level
// directories of 25 subdirectories, 30 files each), with a .gitignore in
// every top-level directory and at the root; a fifth of the files are ignored.
func BenchmarkWalk(b *testing.B) {
	root := b.TempDir()
	t := b
	testtree.File(t, filepath.Join(root, ".gitignore"), "*.log\n/tmp/\n**/cache/**\n")
	for top := range 20 {
		dir := filepath.Join(root, fmt.Sprintf("pkg%02d", top))
		testtree.File(t, filepath.Join(dir, ".gitignore"), "*.tmp\n!keep.tmp\ngen/*.go\n")
		for sub := range 25 {
			d := filepath.Join(dir, fmt.Sprintf("mod%02d", sub))
			for f := range 30 {
				ext := []string{".go", ".md", ".ts", ".py", ".txt", ".json", ".yaml", ".toml", ".tmp", ".log"}[f%10]
				testtree.File(t, filepath.Join(d, fmt.Sprintf("file%02d%s", f, ext)), "content\n")
			}
		}
	}
	var res *Result
	for b.Loop() {
		var err error
		res, err = Walk(context.Background(), root, Options{})
		if err != nil {
			b.Fatal(err)
		}
	}
	if len(res.Files) != 21+20*25*24 || len(res.Dirs) != 521 {
		b.Fatalf("%d files, %d dirs", len(res.Files), len(res.Dirs))
	}
}
