package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestFormatFlagEverywhere: every command with a JSON output takes
// --format text|json, and --json stays its alias with the same bytes.
func TestFormatFlagEverywhere(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"README.md":    "# Demo\n\nSee `src/rank.ts` and [ranking](docs/rank.md).\n",
		"docs/rank.md": "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n",
		"src/rank.ts":  "export function RankDocs(): number { return 1 }\n",
	})
	for _, args := range [][]string{
		{"scan", dir},
		{"search", "--dir", dir, "ranking"},
		{"lookup", "--dir", dir, "src/rank.ts"},
		{"doctor", dir},
	} {
		withJSON := append(append([]string{}, args...), "--json")
		withFormat := append(append([]string{}, args...), "--format", "json")
		c1, out1, err1 := runCLI(t, withJSON...)
		c2, out2, err2 := runCLI(t, withFormat...)
		if c1 != c2 || out1 != out2 {
			t.Errorf("%v: --json (exit %d) and --format json (exit %d) differ:\n%s\n---\n%s\n%s%s", args, c1, c2, out1, out2, err1, err2)
		}
		if !json.Valid([]byte(out2)) {
			t.Errorf("%v --format json: not JSON (exit %d):\n%s%s", args, c2, out2, err2)
		}
		if code, _, errOut := runCLI(t, append(append([]string{}, args...), "--format", "xml")...); code != 2 || !strings.Contains(errOut, `"xml": use text or json`) {
			t.Errorf("%v --format xml: exit %d, %s", args, code, errOut)
		}
	}
}

// TestDashIsStdout: --out - writes to standard output (as
// --changed-files - reads standard input), never a file named "-".
func TestDashIsStdout(t *testing.T) {
	dir := checkRepo(t)
	cwd := t.TempDir()
	t.Chdir(cwd)

	code, out, errOut := runCLI(t, "scan", "--out", "-", dir)
	if code != 0 {
		t.Fatalf("scan --out -: exit %d: %s", code, errOut)
	}
	if _, err := snapshot.Unmarshal([]byte(out)); err != nil {
		t.Errorf("scan --out -: stdout is not the snapshot: %v", err)
	}
	code, out, errOut = runCLI(t, "check", "--format", "json", "--out", "-", dir)
	if code != 1 || !json.Valid([]byte(out)) || strings.Contains(errOut, "written to") {
		t.Errorf("check --out -: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(cwd, "-")); err == nil {
		t.Errorf("a file named - was written")
	}
}
