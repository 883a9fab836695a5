package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// --cpu-profile and --mem-profile write pprof profiles (gzipped protocol
// buffers) whatever the command's verdict: a check that fails still
// leaves both; an unwritable path is an error before the command runs.
func TestProfiles(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Demo\n\n[gone](gone.md)\n"})
	out := t.TempDir()
	cpu, mem := filepath.Join(out, "cpu.pprof"), filepath.Join(out, "mem.pprof")
	code, _, errOut := runCLI(t, "check", dir, "--cpu-profile", cpu, "--mem-profile", mem)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d (the broken link): %s", code, exitFindings, errOut)
	}
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s is not a pprof profile (%d bytes)", filepath.Base(p), len(b))
		}
	}
	code, _, errOut = runCLI(t, "scan", dir, "--cpu-profile", filepath.Join(out, "no", "such", "dir", "cpu.pprof"))
	if code != exitBadInput || !strings.Contains(errOut, "--cpu-profile") {
		t.Errorf("unwritable profile: exit %d, %q", code, errOut)
	}
}
