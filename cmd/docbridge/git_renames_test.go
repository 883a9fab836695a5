package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// loaderSource is a Go file the tests move with small edits.
const loaderSource = "package loader\n\n// Load loads.\nfunc Load() error {\n\treturn nil\n}\n\n// Unload unloads.\nfunc Unload() error {\n\treturn nil\n}\n"

// TestCheckBaseAsksGitWhereFilesWent: `scan --out` records the commit it
// scanned; `check --base` against it asks git what was renamed since, so a
// link into a file moved with edits says where the file went.
func TestCheckBaseAsksGitWhereFilesWent(t *testing.T) {
	dir := t.TempDir()
	git := testtree.Git(t, dir)
	body := loaderSource
	testtree.File(t, filepath.Join(dir, "src/legacy/loader.go"), body)
	testtree.File(t, filepath.Join(dir, "src/app/main.go"), "package main\n")
	testtree.File(t, filepath.Join(dir, "docs/arch.md"), "# Architecture\n\nThe loader is [here](../src/legacy/loader.go).\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", dir, "--out", base); code != 0 {
		t.Fatalf("scan: %d %s", code, errOut)
	}
	git("mv", "src/legacy/loader.go", "src/loader.go")
	testtree.File(t, filepath.Join(dir, "src/loader.go"), body+"\n// Reload reloads.\nfunc Reload() {}\n")
	git("commit", "-q", "-am", "move")
	code, out, _ := runCLI(t, "check", dir, "--base", base)
	if code != 1 || !strings.Contains(out, "src/legacy/loader.go was moved to src/loader.go by this change") {
		t.Fatalf("check --base: exit %d\n%s", code, out)
	}
}
