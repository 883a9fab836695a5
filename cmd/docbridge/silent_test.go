package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/scan/walk"
	"github.com/docbridge/docbridge/internal/testtree"
)

// An empty tree is no clean one: check and doctor say that no document
// was found, and scan does not print an empty list of kinds.
func TestEmptyTreeSaysNoDocuments(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "check", dir)
	if code != 0 || !strings.Contains(out, "no findings\n0 documents found") {
		t.Errorf("check: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "doctor", dir)
	if code != 0 || !strings.Contains(out, "doctor: D (45/100), 0 documents found — ") {
		t.Errorf("doctor: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "scan", dir)
	if code != 0 || strings.Contains(out, "()") || !strings.Contains(out, "\nEntities: 0\nRelations: 0\n") {
		t.Errorf("scan: exit %d\n%s%s", code, out, errOut)
	}
}

// A tree deeper than the walk goes: check's "no findings" comes with the
// note that part of the tree was not walked.
func TestCheckNotesTheDepthLimit(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Readme\n\nHello.\n"})
	deep := filepath.Join(dir, strings.Repeat("d"+string(filepath.Separator), walk.MaxDepth+1))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", dir)
	if code != 0 || !strings.Contains(out, "no findings\npartial coverage: the walk left out part of the tree (1 note), so findings there are unknown:\n  d/d/") ||
		!strings.Contains(out, ": directory deeper than walk.MaxDepth (256) is not walked\n") {
		t.Errorf("check: exit %d\n%s%s", code, out, errOut)
	}
}

// A directory check cannot read is named in its report, and a link into
// it says permission denied. Root reads every directory.
func TestCheckNotesUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root, which bypasses permissions")
	}
	dir := testtree.New(t, map[string]string{
		"README.md":         "# Readme\n\nSee [the secret](docs/private/a.md).\n",
		"docs/private/a.md": "# A\n",
	})
	locked := filepath.Join(dir, "docs", "private")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	_, out, errOut := runCLI(t, "check", dir)
	for _, want := range []string{
		"README.md:3  link to docs/private/a.md: cannot read directory: permission denied (at docs/private)\n",
		"partial coverage: the walk left out part of the tree (1 note), so findings there are unknown:\n  docs/private: cannot read directory: permission denied\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if strings.Contains(out, "file not analyzed") {
		t.Errorf("a directory counted as a file not analyzed:\n%s", out)
	}
}
