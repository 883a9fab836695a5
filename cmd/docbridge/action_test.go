package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

func TestActionDryRunCLI(t *testing.T) {
	repo := testtree.New(t, map[string]string{
		"docbridge.yaml": "checks:\n  severity:\n    DOCUMENT_WITHOUT_CODE: off\n    UNDOCUMENTED_AREA: off\n    ORPHANED_DOCUMENT: off\n",
		"docs/rank.md":   "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n\nSee [the old page](old.md).\n",
		"src/rank.ts":    "export function RankDocs(): number { return 1 }\n",
		"docs/guide.md":  "# Guide\n\nRead [setup](setup.md) and `src/rank.ts`.\n",
	})
	changed := filepath.Join(t.TempDir(), "changed.txt")
	testtree.File(t, changed, "docs/guide.md\n")
	for _, k := range []string{"GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ACTIONS", "GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT"} {
		t.Setenv(k, "")
	}
	t.Setenv("GITHUB_WORKSPACE", repo)
	code, out, errOut := runCLI(t, "action", "--dry-run", "--event-name", "pull_request",
		"--event", filepath.Join("..", "..", "internal", "actionrun", "testdata", "action", "pull_request.opened.0.json"), "--changed-files", changed)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, s := range []string{
		"== dry run: create check run \"docbridge\" (in_progress) on ec26c3e57ca3a959ca5aad62de7213c562f8c821",
		"::error file=docs/guide.md,line=3",
		"== dry run: create or edit the sticky comment on #2",
		"--- job summary (GITHUB_STEP_SUMMARY is not set) ---",
		"output findings=2",
		"output new-findings=1",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("dry run output lacks %q", s)
		}
	}
	if strings.Contains(out, "file=docs/rank.md") {
		t.Errorf("a finding outside the changed files was annotated:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "action", "--changed-files", changed); code != 2 || !strings.Contains(errOut, "--changed-files needs --dry-run") {
		t.Fatalf("--changed-files without --dry-run: exit %d %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "action"); code != 2 || !strings.Contains(errOut, "GITHUB_EVENT_NAME is not set") {
		t.Fatalf("outside Actions: exit %d %s", code, errOut)
	}
}
