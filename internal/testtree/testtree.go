// Package testtree writes the file trees tests scan: one file, a map of
// files under a root, or a map of files in a new temporary directory; and
// git run in one as a throwaway identity.
// Tests only.
package testtree

import (
	"os"
	"path/filepath"
	"testing"
)

// File writes content to path (OS form), making its directories.
func File(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Write writes files (slash path → content) under root.
func Write(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		File(t, filepath.Join(root, filepath.FromSlash(p)), content)
	}
}

// New writes files (slash path → content) into a new temporary directory
// and returns it.
func New(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	Write(t, dir, files)
	return dir
}
