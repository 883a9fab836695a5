package main

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loaderSource is a Go file the tests move with small edits.
const loaderSource = "package loader\n\n// Load loads.\nfunc Load() error {\n\treturn nil\n}\n\n// Unload unloads.\nfunc Unload() error {\n\treturn nil\n}\n"

func TestParseRenames(t *testing.T) {
	out := []byte("M\x00docs/a.md\x00R087\x00src/old.go\x00src/new.go\x00D\x00gone.md\x00C075\x00a.go\x00b.go\x00R100\x00x y.md\x00z.md\x00")
	want := map[string]string{"src/old.go": "src/new.go", "x y.md": "z.md"}
	if got := parseRenames(out); !maps.Equal(got, want) {
		t.Errorf("parseRenames = %v, want %v", got, want)
	}
	if got := parseRenames([]byte("R090\x00only-one\x00")); len(got) != 0 {
		t.Errorf("a record cut short: %v", got)
	}
}

// TestGitRenames: with git and a real history, a file moved with small
// edits is a rename from the base commit to the work tree; outside a work
// tree, or with a base git does not know, there is no answer.
func TestGitRenames(t *testing.T) {
	dir := t.TempDir()
	git := gitIn(t, dir)
	body := loaderSource
	writeFile(t, filepath.Join(dir, "src/legacy/loader.go"), body)
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := gitRevision(context.Background(), dir)
	if base == "" {
		t.Fatal("no revision")
	}
	if err := os.Remove(filepath.Join(dir, "src/legacy/loader.go")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "pkg/loaders/loader.go"), body+"\n// Reload reloads.\nfunc Reload() {}\n")
	git("add", "-A")
	got := gitRenames(context.Background(), dir, base)
	if want := map[string]string{"src/legacy/loader.go": "pkg/loaders/loader.go"}; !maps.Equal(got, want) {
		t.Errorf("gitRenames = %v, want %v", got, want)
	}
	if got := gitRenames(context.Background(), dir, "0000000000000000000000000000000000000000"); got != nil {
		t.Errorf("an unknown base: %v, want nil", got)
	}
	if got := gitRevision(context.Background(), t.TempDir()); got != "" {
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
	writeFile(t, filepath.Join(dir, "src/legacy/loader.go"), body)
	writeFile(t, filepath.Join(dir, "src/app/main.go"), "package main\n")
	writeFile(t, filepath.Join(dir, "docs/arch.md"), "# Architecture\n\nThe loader is [here](../src/legacy/loader.go).\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", dir, "--out", base); code != 0 {
		t.Fatalf("scan: %d %s", code, errOut)
	}
	git("mv", "src/legacy/loader.go", "src/loader.go")
	writeFile(t, filepath.Join(dir, "src/loader.go"), body+"\n// Reload reloads.\nfunc Reload() {}\n")
	git("commit", "-q", "-am", "move")
	code, out, _ := runCLI(t, "check", dir, "--base", base)
	if code != 1 || !strings.Contains(out, "src/legacy/loader.go was moved to src/loader.go by this change") {
		t.Fatalf("check --base: exit %d\n%s", code, out)
	}
}
