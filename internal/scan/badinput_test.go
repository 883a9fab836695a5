package scan

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestBadInput scans a tree full of hostile files. Nothing may crash or
// hang, every problem must leave a precise coverage note, and the good files
// around the bad ones must still be scanned.
func TestBadInput(t *testing.T) {
	root := t.TempDir()
	bomb := "---\na: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n"
	prev := "a"
	for i := 0; i < 9; i++ {
		name := fmt.Sprintf("l%d", i)
		bomb += fmt.Sprintf("%s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	bomb += "---\n# Bomb\n"
	testtree.Write(t, root, map[string]string{
		"go.mod":              "module example.com/bad\n\ngo 1.22\n",
		"docs/ok.md":          "# Fine\n\nLinks to [frontmatter](frontmatter.md).\n",
		"docs/frontmatter.md": "---\ntitle: x\nbad: [unclosed\n---\n# Body still scanned\n\nSee [ok](ok.md).\n",
		"docs/bomb.md":        bomb,
		"docs/deep.md":        "---\nx: " + strings.Repeat("[", 10000) + "\n---\n# Deep\n",
		"docs/binary.md":      "# looks like markdown\x00\x01\x02 but is not",
		"docs/bad-utf8.md":    "# Caf\xe9 \xff\xfe\n\nText `internal/\xff`.\n",
		"docs/crlf.md":        "\xEF\xBB\xBF# Windows\r\n\r\nLine three links [ok](ok.md).\r\n\r\n## Second\r\n",
		"docs/unclosed.md":    "# Gen\n\n<!-- docbridge:generated hash=abc -->\nstuff `docs/nothing.md`\n",
		"src/bad.go":          "package src\n\nfunc Exported( {\n",
		"src/bad.ts":          "export function ok() {}\nexport const = ;\n",
		"src/bad.py":          "def ok():\n    pass\n\ndef broken(:\n",
		"src/secret.md":       "# Unreadable\n",
		"empty.md":            "",
	})
	huge := bytes.Repeat([]byte("word "), 50<<20/5)
	if err := os.WriteFile(filepath.Join(root, "docs", "huge.md"), huge, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "bad\xffname.md"), []byte("# x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"loop": "..", "etc": "/etc", "dangling": "nowhere"} {
		if err := os.Symlink(target, filepath.Join(root, "docs", link)); err != nil {
			t.Fatal(err)
		}
	}
	// Tests run as root, which reads anything: inject the permission error.
	orig := readFile
	readFile = func(r string, f walk.File, max int64) ([]byte, error) {
		if f.Path == "src/secret.md" {
			return nil, &fs.PathError{Op: "open", Path: f.Path, Err: fs.ErrPermission}
		}
		return orig(r, f, max)
	}
	defer func() { readFile = orig }()

	s := scanDir(t, root, nil, Options{})
	ix := newIndex(s)

	for _, id := range []string{"document:docs/ok.md", "document:docs/frontmatter.md", "document:docs/bomb.md",
		"document:docs/deep.md", "document:docs/bad-utf8.md", "document:docs/crlf.md", "document:docs/unclosed.md",
		"document:empty.md", "module:src/bad.go", "module:src/bad.ts", "module:src/bad.py"} {
		ix.entity(t, id)
	}
	for _, id := range []string{"document:docs/binary.md", "document:docs/huge.md", "document:src/secret.md"} {
		if _, ok := ix.ent[id]; ok {
			t.Errorf("%s must not become an entity", id)
		}
	}
	ix.relation(t, snapshot.RelLinksTo, "document:docs/frontmatter.md", "document:docs/ok.md")
	ix.relation(t, snapshot.RelLinksTo, "document:docs/ok.md", "document:docs/frontmatter.md")
	ix.relation(t, snapshot.RelLinksTo, "document:docs/crlf.md", "document:docs/ok.md")
	if e := ix.ent["document:docs/crlf.md"]; e.Name != "Windows" {
		t.Errorf("a BOM must not reach the title: %q", e.Name)
	}
	if hs := fmt.Sprint(ix.ent["document:docs/crlf.md"].Metadata["headings"]); !strings.Contains(hs, "5") {
		t.Errorf("CRLF line numbers: the second heading is on line 5: %s", hs)
	}

	ix.wantCoverage(t, "docs/frontmatter.md", "FRONT_MATTER_INVALID", 3)
	ix.wantCoverage(t, "docs/bomb.md", "FRONT_MATTER_INVALID", 0)
	ix.wantCoverage(t, "docs/deep.md", "FRONT_MATTER_INVALID", 0)
	ix.wantCoverage(t, "docs/binary.md", "binary", 0)
	ix.wantCoverage(t, "docs/huge.md", "maxFileBytes", 0)
	ix.wantCoverage(t, "docs/unclosed.md", "GENERATED_UNCLOSED", 3)
	ix.wantCoverage(t, "src/secret.md", "permission denied", 0)
	ix.wantCoverage(t, "src/bad.go", "syntax error", 3)
	ix.wantCoverage(t, "src/bad.ts", "syntax error", 2)
	ix.wantCoverage(t, "src/bad.py", "syntax error", 4)
	ix.wantCoverage(t, "docs/loop", "", 0)
	ix.wantCoverage(t, "docs/etc", "", 0)
	ix.wantCoverage(t, "docs/dangling", "", 0)
	found := false
	for _, c := range s.Coverage {
		if c.Analyzer == "walk" && strings.Contains(c.Scope, `\xff`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the non-UTF-8 file name must be a walk note with an escaped name")
	}
	if _, ok := ix.ent["module:src/bad.ts"].Metadata["exports"]; !ok {
		t.Error("a TypeScript file with a syntax error still reports the exports it could read")
	}
	for _, c := range s.Coverage {
		if c.Analyzer == "markdown" && c.Scope == "repository" && c.Status != snapshot.StatusPartial {
			t.Errorf("the markdown analyzer must report partial coverage here: %+v", c)
		}
	}
}
