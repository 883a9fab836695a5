package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readCommands runs search, lookup, doctor and graph on dir (extra
// appended to each) and returns their outputs, one after the other.
func readCommands(t *testing.T, dir string, extra ...string) string {
	t.Helper()
	runs := [][]string{
		{"search", "--dir", dir, "storage", "guide"},
		{"search", "--dir", dir, "--json", "--explain", "records"},
		{"lookup", "--dir", dir, "docs/storage.md"},
		{"lookup", "--dir", dir, "--json", "OpenStore"},
		{"doctor", dir},
		{"doctor", dir, "--json"},
		{"graph", dir},
		{"graph", dir, "--format", "dot"},
	}
	var b strings.Builder
	for _, args := range runs {
		args = append(args, extra...)
		code, out, errOut := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		b.WriteString(strings.Join(args[:1], " ") + "\n" + out)
	}
	return b.String()
}

// TestReadCommandsReuseTheRepositoryState: search, lookup, doctor and
// graph reuse and update .docbridge/state when it exists, and what they
// print is what a cold scan gives, before and after an edit.
func TestReadCommandsReuseTheRepositoryState(t *testing.T) {
	dir := searchRepo(t)
	// As the README says: the state kept out of the scan (and of git).
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("/.docbridge/state/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cold := readCommands(t, dir)
	stateFile := filepath.Join(dir, ".docbridge", "state", "docbridge-state.bin")
	if _, err := os.Stat(stateFile); err == nil {
		t.Fatal("without .docbridge/state no state may be written")
	}
	if err := os.MkdirAll(filepath.Dir(stateFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if first := readCommands(t, dir); first != cold {
		t.Fatalf("the run that writes the state differs from a cold one:\n%s\n---\n%s", first, cold)
	}
	if _, err := os.Stat(stateFile); err != nil {
		t.Fatalf("the state must be written to .docbridge/state: %v", err)
	}
	if warm := readCommands(t, dir); warm != cold {
		t.Fatalf("a warm run differs from a cold one:\n%s\n---\n%s", warm, cold)
	}
	// The state the commands wrote is the one scan --state reuses whole.
	code, out, errOut := runCLI(t, "scan", "--state", filepath.Dir(stateFile), dir)
	if code != 0 || !strings.Contains(out, "0 parsed, 6 reused") {
		t.Fatalf("scan on the commands' state: exit %d, %s%s", code, out, errOut)
	}

	// An edit is picked up: the warm answer is the cold one.
	if err := os.WriteFile(filepath.Join(dir, "docs", "storage.md"), []byte("# Storage guide\n\nRecords are kept by `OpenStore` in `store/store.go`, and zebras too.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	warm := readCommands(t, dir)
	if cold := readCommands(t, dir, "--state", ""); warm != cold {
		t.Fatalf("after an edit a warm run differs from a cold one:\n%s\n---\n%s", warm, cold)
	}
	code, out, _ = runCLI(t, "search", "--dir", dir, "zebras")
	if code != 0 || !strings.Contains(out, "docs/storage.md") {
		t.Fatalf("the edited document must be found by its new words: exit %d\n%s", code, out)
	}

	// --state '' scans cold and writes nothing; --state DIR overrides.
	if err := os.Remove(stateFile); err != nil {
		t.Fatal(err)
	}
	readCommands(t, dir, "--state", "")
	if _, err := os.Stat(stateFile); err == nil {
		t.Error("--state '' must neither read nor write .docbridge/state")
	}
	other := t.TempDir()
	if got := readCommands(t, dir, "--state", other); got != warm {
		t.Errorf("--state DIR differs from a cold run:\n%s\n---\n%s", got, warm)
	}
	if _, err := os.Stat(filepath.Join(other, "docbridge-state.bin")); err != nil {
		t.Errorf("--state DIR must be written: %v", err)
	}
	if _, err := os.Stat(stateFile); err == nil {
		t.Error("with --state DIR, .docbridge/state is left alone")
	}
}
