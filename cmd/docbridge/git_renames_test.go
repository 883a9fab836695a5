package main

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/testtree"
)

// loaderSource is a Go file the tests move with small edits.
const loaderSource = "package loader\n\n// Load loads.\nfunc Load() error {\n\treturn nil\n}\n\n// Unload unloads.\nfunc Unload() error {\n\treturn nil\n}\n"

// TestGitRenames: with git and a real history, a file moved with small
// edits is a rename from the base commit to the work tree; outside a work
// tree, or with a base git does not know, there is no answer.
func TestGitRenames(t *testing.T) {
	dir := t.TempDir()
	git := gitIn(t, dir)
	body := loaderSource
	testtree.File(t, filepath.Join(dir, "src/legacy/loader.go"), body)
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := pipeline.GitRevision(context.Background(), dir)
	if base == "" {
		t.Fatal("no revision")
	}
	if err := os.Remove(filepath.Join(dir, "src/legacy/loader.go")); err != nil {
		t.Fatal(err)
	}
	testtree.File(t, filepath.Join(dir, "pkg/loaders/loader.go"), body+"\n// Reload reloads.\nfunc Reload() {}\n")
	git("add", "-A")
	got := pipeline.GitRenames(context.Background(), dir, base)
	if want := map[string]string{"src/legacy/loader.go": "pkg/loaders/loader.go"}; !maps.Equal(got, want) {
		t.Errorf("gitRenames = %v, want %v", got, want)
	}
	if got := pipeline.GitRenames(context.Background(), dir, "0000000000000000000000000000000000000000"); got != nil {
		t.Errorf("an unknown base: %v, want nil", got)
	}
	if got := pipeline.GitRevision(context.Background(), t.TempDir()); got != "" {
		t.Errorf("outside a work tree: %q", got)
	}
}

// TestCheckBaseAsksGitWhereFilesWent: `scan --out` records the commit it
// scanned; `check --base` against it asks git what was renamed since, so a
// link into a file moved with edits says where the file went.
func TestCheckBaseAsksGitWhereFilesWent(t *testing.T) {
	dir := t.TempDir()
	git := gitIn(t, dir)
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
