package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runContext(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestScanSummary(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"README.md":     "# Demo\n\nSee [guide](docs/guide.md) and `main.go`.\n",
		"docs/guide.md": "# Guide\n",
		"main.go":       "package main\n\nfunc main() {}\n",
		"lib.rs":        "fn x() {}\n",
	})
	code, out, errOut := runCLI(t, "scan", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Entities: ", "document 2", "module 1", "links-to 1", "mentions 1",
		"rust: 1 file (.rs) with no analyzer", "files/s", "MB/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestScanJSONAndOut(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Demo\n"})
	code, out, _ := runCLI(t, "scan", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	s, err := snapshot.Unmarshal([]byte(out))
	if err != nil {
		t.Fatalf("--json is not a snapshot: %v", err)
	}
	if h, _ := snapshot.ComputeContentHash(s); h != s.ContentHash {
		t.Errorf("content hash %s does not match the content (%s)", s.ContentHash, h)
	}
	file := filepath.Join(t.TempDir(), "snap.json")
	code, out, errOut := runCLI(t, "scan", "--out", file, dir)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errOut, "snapshot written to") {
		t.Errorf("stderr lacks the confirmation: %s", errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snapshot.Unmarshal(data); err != nil {
		t.Errorf("--out wrote no snapshot: %v", err)
	}
}

func TestBadInputExitsTwo(t *testing.T) {
	badConfig := testtree.New(t, map[string]string{"docbridge.yaml": "version: 1\nscan:\n  maxFileBytes: big\n"})
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"unknown flag":     {[]string{"scan", "--nope"}, "unknown flag"},
		"too many args":    {[]string{"scan", "a", "b"}, "accepts at most 1 arg"},
		"missing dir":      {[]string{"scan", "/nonexistent/dir"}, "/nonexistent/dir"},
		"not a dir":        {[]string{"scan", "main_test.go"}, "not a directory"},
		"invalid config":   {[]string{"scan", badConfig}, "docbridge.yaml:3"},
		"missing --config": {[]string{"scan", "--config", "/nonexistent.yaml", badConfig}, "nonexistent.yaml"},
		"unknown command":  {[]string{"frobnicate"}, "unknown command"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
		if !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: stderr %q lacks %q", name, errOut, tc.want)
		}
	}
}

func TestScanStateMakesTheSecondRunWarm(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Demo\n\n[a](a.md)\n", "a.md": "# A\n", "x.go": "package x\n"})
	state := t.TempDir()
	code, out, errOut := runCLI(t, "scan", "--state", state, dir)
	if code != 0 || !strings.Contains(out, "3 parsed, 0 reused") {
		t.Fatalf("first run: exit %d, %s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "scan", "--state", state, dir)
	if code != 0 || !strings.Contains(out, "0 parsed, 3 reused") {
		t.Fatalf("second run must reuse everything: exit %d, %s", code, out)
	}
	// A damaged state is refused with the reason and the scan is cold.
	file := filepath.Join(state, "docbridge-state.bin")
	data, _ := os.ReadFile(file)
	if err := os.WriteFile(file, data[:len(data)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "scan", "--state", state, "--json", dir)
	if code != 0 || !strings.Contains(out, "The previous state was refused: state file truncated") {
		t.Fatalf("a truncated state must be refused with the reason: exit %d\n%s", code, out)
	}
	// Too large a state is not written; the scan still succeeds.
	code, out, errOut = runCLI(t, "scan", "--state", t.TempDir(), "--max-state-bytes", "10", "--json", dir)
	if code != 0 || !strings.Contains(errOut, "state not written") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	s, err := snapshot.Unmarshal([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range s.Coverage {
		found = found || (c.Scope == snapshot.ScopeState && strings.Contains(c.Reason, "exceeds the size bound"))
	}
	if h, _ := snapshot.ComputeContentHash(s); !found || h != s.ContentHash {
		t.Errorf("the unsaved state must be a coverage entry the content hash leaves out (found %v)", found)
	}
}
