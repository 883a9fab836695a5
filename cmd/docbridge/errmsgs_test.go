package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestErrorsSayWhatToDo pins the messages of bad input that used to show a
// Go-internal error (strconv.ParseInt, a state file's name, a temporary
// file's name, a bare "no such file"): each is one line that names the
// flag or file, says what is wrong and what to give instead, and exits 2.
func TestErrorsSayWhatToDo(t *testing.T) {
	dir := testtree.New(t, map[string]string{"README.md": "# Widgets\n\nWidgets.\n"})
	emptyDir := t.TempDir()
	notDir := filepath.Join(dir, "README.md")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"count not a number", []string{"check", "--max-per-code", "abc", dir},
			`docbridge: --max-per-code: "abc" is not a number; give a count such as 10, or 0 for no limit`},
		{"count not whole", []string{"check", "--max-per-code", "1.5", dir},
			`docbridge: --max-per-code: "1.5" is not a whole number; give a count such as 10, or 0 for no limit`},
		{"bytes not a number", []string{"scan", "--max-state-bytes", "1MB", dir},
			`docbridge: --max-state-bytes: "1MB" is not a number; give a whole number from 0 to 1099511627776`},
		{"base dir without state", []string{"check", "--base", emptyDir, dir},
			"docbridge: base " + emptyDir + ": the directory holds no docbridge state (docbridge-state.bin); give a snapshot file written by 'docbridge scan --out FILE', or a state directory written by 'docbridge scan --state DIR'"},
		{"base missing", []string{"check", "--base", filepath.Join(emptyDir, "nope.json"), dir},
			"docbridge: base " + filepath.Join(emptyDir, "nope.json") + ": no such file or directory; give a snapshot file written by 'docbridge scan --out FILE', or a state directory written by 'docbridge scan --state DIR'"},
		{"bench without a suite", []string{"bench", "retrieval", "--dir", dir},
			"docbridge: suite " + filepath.Join(dir, "docs/bench/retrieval-suite-v1.json") + ": no such file; write a golden suite there or name one (docbridge bench retrieval SUITE): the format is in https://github.com/docbridge/docbridge/blob/main/docs/bench.md#the-suite-format"},
		{"scan out into a missing directory", []string{"scan", "--out", filepath.Join(emptyDir, "no", "snap.json"), dir},
			"docbridge: --out " + filepath.Join(emptyDir, "no", "snap.json") + ": the directory " + filepath.Join(emptyDir, "no") + " does not exist; create it first, or give - for stdout"},
		{"check out under a file", []string{"check", "--out", filepath.Join(notDir, "r.json"), dir},
			"docbridge: --out " + filepath.Join(notDir, "r.json") + ": " + notDir + " is not a directory; give a path in a directory, or - for stdout"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, c.args...)
			if code != exitBadInput {
				t.Errorf("exit %d, want %d", code, exitBadInput)
			}
			if got := strings.TrimSuffix(errOut, "\n"); got != c.want {
				t.Errorf("stderr:\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestOutReadOnlyDirNamesTheTarget: --out into a directory docbridge cannot
// write names the file asked for, not the temporary file beside it.
func TestOutReadOnlyDirNamesTheTarget(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into a read-only directory")
	}
	dir := testtree.New(t, map[string]string{"README.md": "# Widgets\n\nWidgets.\n"})
	ro := t.TempDir()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	out := filepath.Join(ro, "snap.json")
	code, _, errOut := runCLI(t, "scan", "--out", out, dir)
	want := "docbridge: --out " + out + ": permission denied: cannot create a file in " + ro + "; give a path in a writable directory, or - for stdout\n"
	if code != exitBadInput || errOut != want {
		t.Errorf("exit %d, stderr:\n got %s\nwant %s", code, errOut, want)
	}
}

// TestEnrichApproveTakesEitherListedID: `enrich list` shows a pending
// proposal's id and its approval id; approve and reject take either, and
// an unknown id says which ids to give.
func TestEnrichApproveTakesEitherListedID(t *testing.T) {
	dir := enrichFixture(t)
	testtree.File(t, filepath.Join(dir, "docs/storage.md"), "# Storage\n\nWidgets are kept on disk by internal/storage, and configured through internal/config as any other part of the server.\n")
	runEnrichJSON(t, dir)
	ov := readOverlayFile(t, dir)
	if len(ov.Pending) < 2 {
		t.Fatalf("pending: %+v", ov.Pending)
	}
	p := ov.Pending[0]
	code, out, errOut := runCLI(t, "enrich", "list", dir, "--pending")
	if code != 0 || !strings.Contains(out, p.Proposal.ProposalID) || !strings.Contains(out, "(approval "+p.ApprovalID+")") {
		t.Fatalf("list: exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "enrich", "approve", p.ApprovalID, dir, "--by", "alice")
	if code != 0 || !strings.Contains(out, "approved "+string(p.Proposal.Kind)+" "+p.Proposal.ProposalID) {
		t.Fatalf("approve by approval id: exit %d: %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "enrich", "reject", p.ApprovalID, dir, "--by", "bob")
	if want := "proposal " + p.Proposal.ProposalID + " is accepted by alice"; code != exitBadInput || !strings.Contains(errOut, want) {
		t.Errorf("reject by the approval id of an accepted proposal: exit %d, %s; want %q", code, errOut, want)
	}
	r := ov.Pending[1]
	if code, out, errOut := runCLI(t, "enrich", "reject", r.Proposal.ProposalID, dir, "--by", "bob"); code != 0 || !strings.Contains(out, "rejected") {
		t.Fatalf("reject by proposal id: exit %d: %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "enrich", "approve", "0000000000000000", dir, "--by", "alice")
	if want := "no pending proposal 0000000000000000: give a pending proposal's id or its approval id (docbridge enrich list --pending shows both)"; code != exitBadInput || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("unknown id: exit %d, %q; want %q", code, errOut, want)
	}
}
