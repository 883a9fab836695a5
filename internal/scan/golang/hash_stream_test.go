package golang

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a hash.Hash that keeps what was written, to compare streams.
type recorder struct{ bytes.Buffer }

func (r *recorder) Sum(b []byte) []byte { return append(b, r.Bytes()...) }
func (r *recorder) Size() int           { return r.Len() }
func (r *recorder) BlockSize() int      { return 1 }

// nodeStream is the stream a scan of n's source alone gives, written token
// by token.
func nodeStream(file *token.File, src []byte, n ast.Node) (string, int) {
	from, to := n.Pos(), n.End()
	base := file.Base()
	if !from.IsValid() || int(from) < base || int(to) > base+file.Size() || from > to {
		return "", 0
	}
	part := src[int(from)-base : int(to)-base]
	var sc scanner.Scanner
	sc.Init(token.NewFileSet().AddFile("", -1, len(part)), part, func(token.Position, string) {}, 0)
	var b bytes.Buffer
	count := 0
	for {
		_, t, lit := sc.Scan()
		if t == token.EOF {
			return b.String(), count
		}
		if t == token.SEMICOLON {
			continue
		}
		count++
		b.WriteString(t.String())
		b.WriteByte(0)
		b.WriteString(lit)
		b.WriteByte(0)
	}
}

// sameStreams checks every node of src: the hasher feeds each node the
// stream and count a scan of its own source gives, as it did when it wrote
// each token to the hash as it came.
func sameStreams(t *testing.T, name string, src []byte) {
	t.Helper()
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil {
		return
	}
	file := fset.File(f.Pos())
	if file == nil {
		return // no package clause: nothing is hashed
	}
	sh := newShapeHasher(file, src)
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		var r recorder
		got := sh.tokens(&r, n)
		want, wantN := nodeStream(file, src, n)
		if got != wantN || r.String() != want {
			t.Fatalf("%s: %T at %s: %d tokens %q, want %d %q", name, n, fset.Position(n.Pos()), got, r.String(), wantN, want)
		}
		return true
	})
}

func TestShapeStreamsMatchNodeScans(t *testing.T) {
	for _, src := range []string{
		"package p\n\nfunc F(a, b int) (int, error) {\n\tx := `raw\r\nstring`\n\treturn a + b /* c */, nil\n}\n",
		"package p\n\n//line other.go:10\nfunc G() { if x { y() } else { z() } }\n",
		"package p\n\nfunc H() { x := 1; y := 'a'; _ = \"s\\\"\" }\n\ntype T[K comparable, V any] struct{ m map[K]V }\n",
		"package p\n\nfunc Broken( { return }\n\nvar V = 1 +\n",
		"package p\nfunc I() { #illegal @ }\n",
	} {
		sameStreams(t, "p.go", []byte(src))
	}
	// The standard library's sources: every node of 60 real files, 2,000
	// without -short (under the race detector every node's second scan is
	// slow).
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	root := filepath.Join(strings.TrimSpace(string(goroot)), "src")
	limit := 60
	if !testing.Short() {
		limit = 2000
	}
	n := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || n >= limit {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		n++
		sameStreams(t, path, src)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Skip("no Go sources under GOROOT")
	}
}
