package walk

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// fixture is a directory tree written as a txtar-like text file: free text,
// then sections headed "-- name --". The section "want" lists the paths the
// walk must return; every other section is a file with that content.
type fixture struct {
	want  []string
	files []fixtureFile
}

type fixtureFile struct{ name, content string }

func readFixture(t *testing.T, path string) fixture {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fx fixture
	var cur *fixtureFile
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if h := strings.TrimSuffix(line, "\n"); strings.HasPrefix(h, "-- ") && strings.HasSuffix(h, " --") && len(h) > 6 {
			fx.files = append(fx.files, fixtureFile{name: h[3 : len(h)-3]})
			cur = &fx.files[len(fx.files)-1]
			continue
		}
		if cur != nil {
			cur.content += line
		}
	}
	for i, f := range fx.files {
		if f.name == "want" {
			fx.want = strings.Fields(f.content)
			fx.files = append(fx.files[:i], fx.files[i+1:]...)
			break
		}
	}
	if fx.want == nil {
		t.Fatalf("%s: no want section", path)
	}
	return fx
}

// write creates the fixture's files under dir.
func (fx fixture) write(t *testing.T, dir string) {
	t.Helper()
	for _, f := range fx.files {
		testtree.File(t, filepath.Join(dir, filepath.FromSlash(f.name)), f.content)
	}
}

// paths returns the paths of files.
func paths(files []File) []string {
	out := make([]string, 0, len(files))
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}
