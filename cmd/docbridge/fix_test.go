package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// fixGuide is a document written with CRLF line endings and non-ASCII
// text. It references a file moved with its content, a path in a code
// span moved with its content, a renamed heading, a renamed function, a
// file moved to two identical copies (ambiguous), in a fenced code block
// the moved file again (not a reference), the moved file by its URL on
// GitHub (the repository's own), and the first link again on another line
// (one finding for both lines, both rewritten).
var fixGuide = strings.Join([]string{
	"# Überblick — guide ✓",
	"",
	"Start with [setup](setup.md#install) — c’est facile.",
	"The loader is `src/old/loader.ts`; naïve readers see [the reference](ref.md#installation).",
	"Call `RankDocs` with the documents, or read [twin](twin.md).",
	"",
	"```markdown",
	"Start with [setup](setup.md#install) and `src/old/loader.ts`.",
	"```",
	"",
	"The core: [a](../packages/core/a.ts), `packages/core/b.ts`, `packages/core/c.ts`,",
	"[d](../packages/core/d.ts) and `packages/core/e.ts` — fin.",
	"Online: [setup](https://github.com/acme/widget/blob/main/docs/setup.md#install).",
	"Once more, [setup](setup.md#install) — encore.",
	"",
}, "\r\n")

// fixTrees writes the base and the head of a change that moves and
// renames what fixGuide references, leaving fixGuide as it was.
func fixTrees(t *testing.T) (base, head string) {
	t.Helper()
	code := func(name string) string {
		return fmt.Sprintf("export function %s(x: number): number {\n  return x * %d + %d;\n}\n", name, len(name), len(name)*3)
	}
	rank := func(name string) string {
		return "export function " + name + "(docs: string[], query: string): number[] {\n  return docs.map((d) => d.length + query.length);\n}\n"
	}
	setup := "# Setup\n\n## Install\n\nRun the installer.\n"
	twin := "# Twin\n\nThe same page twice.\n"
	loader := code("load")
	common := map[string]string{
		"docs/guide.md":           fixGuide,
		"docbridge.yaml":          "project:\n  repository: acme/widget\n",
		"packages/other/index.ts": code("other"),
	}
	b, h := map[string]string{}, map[string]string{}
	for p, c := range common {
		b[p], h[p] = c, c
	}
	b["docs/setup.md"], h["handbook/first-steps.md"] = setup, setup
	b["src/old/loader.ts"], h["src/loaders/loader.ts"] = loader, loader
	b["src/keep.ts"], h["src/keep.ts"] = code("keep"), code("keep")
	b["docs/ref.md"] = "# Reference\n\n## Installation\n\nText.\n"
	h["docs/ref.md"] = "# Reference\n\n## Getting installed\n\nText.\n"
	b["src/rank.ts"], h["src/rank.ts"] = rank("RankDocs"), rank("rankDocuments")
	b["docs/twin.md"], h["one/twin.md"], h["two/twin.md"] = twin, twin, twin
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		b["packages/core/"+n+".ts"], h["pkg/core/"+n+".ts"] = code("core"+n), code("core"+n)
	}
	return testtree.New(t, b), testtree.New(t, h)
}

// driftIn runs check --base in JSON and returns the DRIFT_* findings as
// "path:line CODE".
func driftIn(t *testing.T, base, dir string) []string {
	t.Helper()
	_, out, errOut := runCLI(t, "check", "--base", base, "--format", "json", "--fail-on", "none", dir)
	var rep struct {
		Findings []struct {
			Code     string `json:"code"`
			Location struct {
				Path string `json:"path"`
				Line int    `json:"line"`
			} `json:"location"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("check: %v\n%s%s", err, out, errOut)
	}
	var got []string
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.Code, "DRIFT_") {
			got = append(got, fmt.Sprintf("%s:%d %s", f.Location.Path, f.Location.Line, f.Code))
		}
	}
	slices.Sort(got)
	return got
}

// After fix, check --base on the same pair reports no drift but the
// ambiguous move; a second fix changes nothing; the document keeps every
// byte but the rewritten references (CRLF, non-ASCII text, the code
// block).
func TestFixRoundTrip(t *testing.T) {
	baseDir, head := fixTrees(t)
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", "--out", base, baseDir); code != 0 {
		t.Fatalf("scan: %s", errOut)
	}
	before := driftIn(t, base, head)
	want := []string{"docs/guide.md:11 DRIFT_MOVE", "docs/guide.md:13 DRIFT_LINK", "docs/guide.md:3 DRIFT_LINK",
		"docs/guide.md:4 DRIFT_ANCHOR", "docs/guide.md:4 DRIFT_PATH", "docs/guide.md:5 DRIFT_LINK", "docs/guide.md:5 DRIFT_SYMBOL"}
	if !slices.Equal(before, want) {
		t.Fatalf("drift before fix = %v, want %v", before, want)
	}
	guide := filepath.Join(head, "docs", "guide.md")
	if _, _, errOut := runCLI(t, "check", "--base", base, "--fail-on", "none", head); !strings.Contains(errOut,
		"docbridge fix --base "+base+" rewrites 11 references whose fix is unambiguous") {
		t.Errorf("check's text report does not name the fix: %q", errOut)
	}

	// --dry-run prints the diff and writes nothing.
	code, diff, errOut := runCLI(t, "fix", "--base", base, "--dry-run", head)
	if code != 0 {
		t.Fatalf("fix --dry-run: exit %d: %s", code, errOut)
	}
	if got, _ := os.ReadFile(guide); string(got) != fixGuide {
		t.Fatal("--dry-run wrote the document")
	}
	for _, s := range []string{"--- a/docs/guide.md", "+++ b/docs/guide.md",
		"-Start with [setup](setup.md#install) — c’est facile.\r\n",
		"+Start with [setup](../handbook/first-steps.md#install) — c’est facile.\r\n"} {
		if !strings.Contains(diff, s) {
			t.Errorf("diff lacks %q:\n%s", s, diff)
		}
	}
	if !strings.Contains(errOut, "would rewrite 11 references in 1 document; 1 drift finding left to the author") {
		t.Errorf("stderr = %q", errOut)
	}

	code, diff2, errOut := runCLI(t, "fix", "--base", base, head)
	if code != 0 || diff2 != diff {
		t.Fatalf("fix: exit %d, diff differs from the dry run's: %s\n%s", code, errOut, diff2)
	}
	got, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	wantDoc := strings.NewReplacer(
		"[setup](setup.md#install) — c’est", "[setup](../handbook/first-steps.md#install) — c’est",
		"[setup](setup.md#install) — encore", "[setup](../handbook/first-steps.md#install) — encore",
		"`src/old/loader.ts`;", "`src/loaders/loader.ts`;",
		"(ref.md#installation)", "(ref.md#getting-installed)",
		"`RankDocs`", "`rankDocuments`",
		"../packages/core/", "../pkg/core/",
		"`packages/core/", "`pkg/core/",
		"blob/main/docs/setup.md#install", "blob/main/handbook/first-steps.md#install",
	).Replace(fixGuide)
	if string(got) != wantDoc {
		t.Errorf("fixed document:\n%q\nwant\n%q", got, wantDoc)
	}
	if after := driftIn(t, base, head); !slices.Equal(after, []string{"docs/guide.md:5 DRIFT_LINK"}) {
		t.Errorf("drift after fix = %v, want only the ambiguous move", after)
	}

	code, diff3, errOut := runCLI(t, "fix", "--base", base, head)
	if code != 0 || diff3 != "" || !strings.Contains(errOut, "rewrote 0 references in 0 documents") {
		t.Errorf("second fix: exit %d, diff %q, %s", code, diff3, errOut)
	}
	if again, _ := os.ReadFile(guide); string(again) != wantDoc {
		t.Error("second fix changed the document")
	}
}

// Without a base, fix rewrites the edits that need none (a near-miss
// anchor); --finding keeps only the named findings' edits, and says which
// named ones it did not find.
func TestFixWithoutBaseAndByFinding(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"docs/a.md": "# A\n\nSee [b](b.md#instal) and [c](c.md#usag).\n",
		"docs/b.md": "# B\n\n## Install\n",
		"docs/c.md": "# C\n\n## Usage\n",
	})
	_, out, errOut := runCLI(t, "check", "--format", "json", "--fail-on", "none", dir)
	var rep struct {
		Findings []struct {
			ID    string `json:"id"`
			Edits []struct {
				Old     string `json:"old"`
				Columns []int  `json:"columns"`
			} `json:"edits"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s", err, errOut)
	}
	var id string
	for _, f := range rep.Findings {
		if len(f.Edits) == 1 && f.Edits[0].Old == "b.md#instal" && len(f.Edits[0].Columns) == 1 {
			id = f.ID
		}
	}
	if id == "" {
		t.Fatalf("no located edit of b.md#instal in %s", out)
	}
	if _, _, errOut := runCLI(t, "check", "--fail-on", "none", dir); !strings.Contains(errOut, "docbridge fix rewrites 2 references whose fix is unambiguous") {
		t.Errorf("check's hint: %q", errOut)
	}
	code, diff, errOut := runCLI(t, "fix", "--finding", id, "--finding", "0000000000000000", dir)
	if code != 0 || !strings.Contains(diff, "+See [b](b.md#install) and [c](c.md#usag).") {
		t.Fatalf("fix --finding: exit %d, diff %q, %s", code, diff, errOut)
	}
	if !strings.Contains(errOut, "rewrote 1 reference in 1 document; 1 finding named but not reported (fixed already?): 0000000000000000") {
		t.Errorf("stderr = %q", errOut)
	}
	// Every named finding found, the others are still left alone: the
	// filter does not end with the last name it meets.
	dir2 := testtree.New(t, map[string]string{
		"docs/a.md":     "# A\n\nSee [s](setup.md#instal).\nSee `docs/setpu.md`.\n",
		"docs/setup.md": "# Setup\n\n## Install\n",
	})
	_, out2, _ := runCLI(t, "check", "--format", "json", "--fail-on", "none", dir2)
	var rep2 struct {
		Findings []struct {
			ID, Code string
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out2), &rep2); err != nil {
		t.Fatal(err)
	}
	for _, f := range rep2.Findings {
		code, diff, errOut := runCLI(t, "fix", "--dry-run", "--finding", f.ID, dir2)
		if code != 0 || strings.Count(diff, "\n+") != 2 || !strings.Contains(errOut, "would rewrite 1 reference in 1 document.") { // +++ and the one line
			t.Errorf("fix --finding %s (%s): exit %d, diff %q, %s", f.ID, f.Code, code, diff, errOut)
		}
	}
	if len(rep2.Findings) != 2 {
		t.Errorf("%d findings, want the near-miss anchor and the mistyped path", len(rep2.Findings))
	}
	if code, diff, errOut := runCLI(t, "fix", dir); code != 0 || !strings.Contains(diff, "+See [b](b.md#install) and [c](c.md#usage).") {
		t.Errorf("fix: exit %d, diff %q, %s", code, diff, errOut)
	}
}
