package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// checkRepo is a small repository: a document that mentions an exported
// function and links to a missing file.
func checkRepo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"docbridge.yaml": "checks:\n  severity:\n    DOCUMENT_WITHOUT_CODE: off\n    UNDOCUMENTED_AREA: off\n",
		"docs/rank.md":   "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n\nSee [the old page](old.md).\n",
		"src/rank.ts":    "export function RankDocs(): number { return 1 }\n",
	})
}

func TestCheckExitCodesAndFormats(t *testing.T) {
	dir := checkRepo(t)
	code, out, errOut := runCLI(t, "check", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a broken link is an error): %s%s", code, out, errOut)
	}
	if !strings.Contains(out, "docs/rank.md") || !strings.Contains(out, "BROKEN_LINK") || !strings.Contains(out, "docs/rank.md:5  ") {
		t.Fatalf("text report lacks the broken link:\n%s", out)
	}
	if !strings.Contains(errOut, "1 new finding(s) at or above error") {
		t.Fatalf("stderr: %s", errOut)
	}
	if code, _, _ := runCLI(t, "check", "--fail-on", "none", dir); code != 0 {
		t.Fatalf("--fail-on none: exit %d", code)
	}

	code, out, _ = runCLI(t, "check", "--format", "json", "--fail-on", "none", dir)
	var rep struct {
		Findings []struct {
			Code     string `json:"code"`
			Severity string `json:"severity"`
			Location struct {
				Path string `json:"path"`
				Line int    `json:"line"`
			} `json:"location"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Code != "BROKEN_LINK" || rep.Findings[0].Severity != "high" ||
		rep.Findings[0].Location.Path != "docs/rank.md" || rep.Findings[0].Location.Line != 5 {
		t.Fatalf("json findings: %+v", rep.Findings)
	}

	_, out, _ = runCLI(t, "check", "--format", "sarif", dir)
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil {
		t.Fatal(err)
	}
	if sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != 1 ||
		sarif.Runs[0].Results[0].RuleID != "BROKEN_LINK" || sarif.Runs[0].Results[0].Level != "error" {
		t.Fatalf("sarif: %+v", sarif)
	}
}

func TestCheckBadInput(t *testing.T) {
	dir := checkRepo(t)
	garbage := filepath.Join(t.TempDir(), "base.json")
	if err := os.WriteFile(garbage, []byte(`{"type":"something-else"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := filepath.Join(t.TempDir(), "changed.txt")
	if err := os.WriteFile(changed, []byte("docs/rank.md\n../etc/passwd\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--format", "xml", dir}, `--format "xml"`},
		{[]string{"check", "--fail-on", "warning", dir}, `docbridge: --fail-on: "warning" is not one of error, warn, info, none`},
		{[]string{"check", "--base", garbage, dir}, "base " + garbage},
		{[]string{"check", "--base", filepath.Join(dir, "nope.json"), dir}, "no such file"},
		{[]string{"check", "--changed-files", changed, dir}, "line 2"},
		{[]string{"check", filepath.Join(dir, "missing")}, "cannot scan"},
	} {
		code, _, errOut := runCLI(t, tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestCheckAgainstBase: against an unchanged base nothing is new, so the
// broken link that was already there does not fail the check; a rename in
// code that breaks a doc mention is one new DRIFT_SYMBOL finding, which
// does.
func TestCheckAgainstBase(t *testing.T) {
	dir := checkRepo(t)
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", "--out", base, dir); code != 0 {
		t.Fatalf("scan: %s", errOut)
	}
	// Without a change, nothing is new: exit 0 although the link is broken.
	code, out, errOut := runCLI(t, "check", "--base", base, dir)
	if code != 0 || !strings.Contains(out, "unchanged") {
		t.Fatalf("unchanged tree: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, "src/rank.ts"), []byte("export function rankDocuments(): number { return 1 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "check", "--base", base, "--format", "json", dir)
	var rep struct {
		Summary struct {
			New, Unchanged, Resolved int
		} `json:"summary"`
		Findings []struct {
			Code, Status, Title string
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if code != 1 || rep.Summary.New != 1 || rep.Summary.Unchanged != 1 {
		t.Fatalf("exit %d, summary %+v\n%s", code, rep.Summary, out)
	}
	var drift int
	for _, f := range rep.Findings {
		if f.Code == "DRIFT_SYMBOL" && f.Status == "new" {
			drift++
		}
	}
	if drift != 1 {
		t.Fatalf("want one new DRIFT_SYMBOL, got %+v", rep.Findings)
	}

	// --changed-files narrows to findings in the listed files.
	changed := filepath.Join(t.TempDir(), "changed.txt")
	if err := os.WriteFile(changed, []byte("src/rank.ts\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "check", "--changed-files", changed, dir)
	if code != 0 || strings.Contains(out, "BROKEN_LINK") {
		t.Fatalf("narrowed to src/rank.ts: exit %d\n%s", code, out)
	}
}

func TestCheckOutWritesFile(t *testing.T) {
	dir := checkRepo(t)
	out := filepath.Join(t.TempDir(), "report.sarif")
	code, stdout, errOut := runCLI(t, "check", "--format", "sarif", "--out", out, "--fail-on", "none", dir)
	if code != 0 || stdout != "" || !strings.Contains(errOut, "report written to "+out) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil || !json.Valid(data) {
		t.Fatalf("report file: %v", err)
	}
}

func TestGraphCommand(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"src/a.ts": "import { b } from './b'\nexport const a = 1\n",
		"src/b.ts": "import { a } from './a'\nexport const b = 2\n",
	})
	for format, want := range map[string]string{"text": "src/a.ts", "mermaid": "flowchart", "dot": "digraph"} {
		code, out, errOut := runCLI(t, "graph", "--format", format, dir)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, %s\n%s", format, code, errOut, out)
		}
	}
	if code, _, _ := runCLI(t, "graph", "--format", "png", dir); code != 2 {
		t.Errorf("--format png: exit %d, want 2", code)
	}
}

// TestCheckMaxPerCode: the text report lists at most --max-per-code
// findings of a code (10 by default) and counts the rest; 0 lists all;
// JSON keeps every finding whatever the flag.
func TestCheckMaxPerCode(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Many\n\n")
	for i := range 14 {
		fmt.Fprintf(&b, "- [page %d](missing-%02d.md)\n", i, i)
	}
	dir := testtree.New(t, map[string]string{
		"docbridge.yaml": "checks:\n  severity:\n    DOCUMENT_WITHOUT_CODE: off\n    UNDOCUMENTED_AREA: off\n",
		"docs/many.md":   b.String(),
	})
	for _, tc := range []struct {
		args   []string
		listed int
		more   string
	}{
		{nil, 10, "… and 4 more BROKEN_LINK findings (--max-per-code 0 lists every one)"},
		{[]string{"--max-per-code", "3"}, 3, "… and 11 more BROKEN_LINK findings"},
		{[]string{"--max-per-code", "0"}, 14, ""},
		{[]string{"--max-per-code", "14"}, 14, ""},
	} {
		code, out, errOut := runCLI(t, append(append([]string{"check", "--fail-on", "none"}, tc.args...), dir)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		if n := strings.Count(out, "  docs/many.md:"); n != tc.listed {
			t.Errorf("%v: %d findings listed, want %d:\n%s", tc.args, n, tc.listed, out)
		}
		if (tc.more == "") == strings.Contains(out, "… and ") || !strings.Contains(out, tc.more) {
			t.Errorf("%v: want the line %q:\n%s", tc.args, tc.more, out)
		}
		if !strings.Contains(out, "BROKEN_LINK  Broken relative link · 14 findings") {
			t.Errorf("%v: group header missing:\n%s", tc.args, out)
		}
	}
	_, out, _ := runCLI(t, "check", "--format", "json", "--fail-on", "none", "--max-per-code", "1", dir)
	if n := strings.Count(out, `"code": "BROKEN_LINK"`); n != 14 {
		t.Errorf("json with --max-per-code 1 holds %d findings, want 14", n)
	}
	if code, _, errOut := runCLI(t, "check", "--max-per-code", "-1", dir); code != 2 || !strings.Contains(errOut, "--max-per-code -1") {
		t.Errorf("--max-per-code -1: exit %d, %s", code, errOut)
	}
}

// graph and check agree on runtime cycles: a cycle closed only by a type
// import, or only through a test file, is neither listed nor reported;
// graph --type-imports lists the type-only one with its edge marked.
func TestGraphCyclesAgreeWithCheck(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"src/a.ts":      "import { b } from './b'\nexport const a = 1\n",
		"src/b.ts":      "import type { A } from './c'\nexport const b = 2\n",
		"src/c.ts":      "import { a } from './a'\nexport interface A { x: number }\n",
		"src/x.ts":      "import { t } from './x.test'\nexport const x = 1\n",
		"src/x.test.ts": "import { x } from './x'\nexport const t = x\n",
		"src/p.ts":      "import { q } from './q'\nexport const p = 1\n",
		"src/q.ts":      "import { p } from './p'\nexport const q = 1\n",
	})
	code, out, errOut := runCLI(t, "graph", dir)
	if code != 0 || !strings.Contains(out, "Import cycles (1)") || !strings.Contains(out, "src/p.ts → module:src/q.ts") {
		t.Errorf("graph: exit %d, %s\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "graph", "--type-imports", dir)
	if code != 0 || !strings.Contains(out, "Import cycles (2)") || !strings.Contains(out, "module:src/b.ts → module:src/c.ts (type-only)") {
		t.Errorf("graph --type-imports: exit %d, %s\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "check", "--format", "json", "--fail-on", "none", dir)
	if code != 0 || strings.Count(out, `"code": "IMPORT_CYCLE"`) != 1 || !strings.Contains(out, "src/p.ts → src/q.ts → src/p.ts") {
		t.Errorf("check: exit %d, %s\n%s", code, errOut, out)
	}
}

// TestCheckJSONAgreesWithExitAndStderr: without a base every finding is
// judged as new, so the JSON summary's new count, the stderr line and the
// exit status say the same thing; byLevel counts on the level scale the
// text report and --fail-on speak.
func TestCheckJSONAgreesWithExitAndStderr(t *testing.T) {
	dir := checkRepo(t)
	code, out, errOut := runCLI(t, "check", "--format", "json", dir)
	var rep struct {
		Summary struct {
			Total   int            `json:"total"`
			New     int            `json:"new"`
			ByLevel map[string]int `json:"byLevel"`
		} `json:"summary"`
		Findings []struct {
			Level string `json:"level"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if code != 1 || !strings.Contains(errOut, fmt.Sprintf("%d new finding(s) at or above error", rep.Summary.ByLevel["error"])) {
		t.Fatalf("exit %d, stderr %q, byLevel %v", code, errOut, rep.Summary.ByLevel)
	}
	if rep.Summary.New != 1 || rep.Summary.Total != 1 || rep.Summary.ByLevel["error"] != 1 || rep.Findings[0].Level != "error" {
		t.Fatalf("summary %+v, findings %+v: want 1 new error finding", rep.Summary, rep.Findings)
	}
	for _, l := range []string{"error", "warn", "info", "off"} {
		if _, ok := rep.Summary.ByLevel[l]; !ok {
			t.Errorf("byLevel lacks %s: %v", l, rep.Summary.ByLevel)
		}
	}
}
