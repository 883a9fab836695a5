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

// The committed fixture: acme/site, one pair whose head deleted
// docs/old.md. Case link-1 (the guide's link to old.md) must be found;
// case link-2 names setup.md on the same line, which still resolves, so no
// finding may claim it.
const (
	driftCorpusFixture = "testdata/drift/corpus"
	driftDataFixture   = "testdata/drift/data"
)

func TestBenchDriftFixture(t *testing.T) {
	code, out, errOut := runCLI(t, "bench", "drift", "--json", "--corpus", driftCorpusFixture, "--data", driftDataFixture)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep driftReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Counts.Cases != 2 || rep.Counts.Found != 1 {
		t.Errorf("overall %+v", rep.Counts)
	}
	found := map[string]string{}
	for _, c := range rep.Results {
		if c.Found {
			found[c.ID] = c.By
		}
	}
	if found["link-1"] != "DRIFT_LINK" {
		t.Errorf("link-1 found by %q, want DRIFT_LINK", found["link-1"])
	}
	if _, ok := found["link-2"]; ok {
		t.Errorf("link-2 found: a finding on the line names another reference")
	}
	if len(rep.Pairs) != 1 || rep.Pairs[0].New != 1 || rep.Pairs[0].Err != "" || rep.NewMedian != 1 || rep.NewMax != 1 {
		t.Errorf("pairs %+v median %v max %d", rep.Pairs, rep.NewMedian, rep.NewMax)
	}

	code, out, errOut = runCLI(t, "bench", "drift", "--corpus", driftCorpusFixture, "--data", driftDataFixture)
	if code != 0 {
		t.Fatalf("text: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"overall 2 1 50.0%", "missed: 1", `link-2 [link] docs/guide.md:3 "setup.md"`} {
		out := strings.Join(strings.Fields(out), " ")
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchDriftBadInput(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(filepath.Join(data, "cases"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(data, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("corpus.json", `{"repositories": [{"repository": "acme/site", "split": "dev"}]}`)
	write("cases/acme+site.json", `{"repository": "acme/site", "cases": [{"id": "x"}]}`)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--corpus", driftCorpusFixture, "--data", data}, "cases/acme+site.json"},
		{[]string{"--corpus", filepath.Join(dir, "none"), "--data", driftDataFixture}, "drift-corpus.sh"},
		{[]string{"--corpus", driftCorpusFixture, "--data", driftDataFixture, "--split", "train"}, "--split"},
		{[]string{"--corpus", driftCorpusFixture, "--data", driftDataFixture, "--repo", "acme/other"}, "acme/other"},
	} {
		code, _, errOut := runCLI(t, append([]string{"bench", "drift"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming %q", tt.args, code, errOut, tt.want)
		}
	}
	// A case whose line does not hold its reference is bad input, named.
	bad := strings.NewReplacer(`"line": 3`, `"line": 1`)
	fixture, err := os.ReadFile(filepath.Join(driftDataFixture, "cases", "acme+site.json"))
	if err != nil {
		t.Fatal(err)
	}
	write("cases/acme+site.json", bad.Replace(string(fixture)))
	code, _, errOut := runCLI(t, "bench", "drift", "--corpus", driftCorpusFixture, "--data", data)
	if code != 2 || !strings.Contains(errOut, "case link-1") || !strings.Contains(errOut, `docs/guide.md:1 does not hold "old.md"`) {
		t.Errorf("wrong line: exit %d, stderr %q", code, errOut)
	}
	// A tree missing from the corpus is bad input too, before any scan.
	write("cases/acme+site.json", `{"repository": "acme/site", "cases": [{"id": "x", "base": "`+strings.Repeat("a", 40)+`", "head": "`+strings.Repeat("b", 40)+`", "document": "a.md", "line": 1, "reference": "b.md", "kind": "link", "note": "n"}]}`)
	code, _, errOut = runCLI(t, "bench", "drift", "--corpus", driftCorpusFixture, "--data", data)
	if code != 2 || !strings.Contains(errOut, "no tree "+strings.Repeat("a", 40)) {
		t.Errorf("missing tree: exit %d, stderr %q", code, errOut)
	}
}

// TestBenchDriftMine builds a small history — a commit that renames a
// page, deletes a directory, drops a heading and removes an exported Go
// function, while a guide it leaves alone references all four (and the
// deleted file by its main-branch GitHub URL; a tag's URL is history) — and
// checks that --mine lists each as a candidate, and nothing for the
// document the commit edited.
func TestBenchDriftMine(t *testing.T) {
	dir := t.TempDir()
	git := testtree.Git(t, dir)
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("client/client.go", "package client\n\n// NewClient makes a client.\nfunc NewClient() int { return 1 }\n\n// Keep stays.\nfunc Keep() {}\n")
	write("docs/setup.md", "# Setup\n\nSteps.\n")
	write("docs/api.md", "# API\n\n## Usage\n\nCall it.\n")
	write("tools/gen/main.go", "package main\n\nfunc main() {}\n")
	write("docs/guide.md", "# Guide\n\nRead [setup](setup.md) and [usage](api.md#usage).\nRun `tools/gen` and call `client.NewClient()`; `Keep()` stays.\n"+
		"Source: [gen](https://github.com/acme/site/blob/main/tools/gen/main.go), [pinned](https://github.com/acme/site/blob/v1.0.0/tools/gen/main.go).\n")
	write("docs/edited.md", "# Edited\n\nSee [setup](setup.md).\n")
	git("add", "-A")
	git("commit", "-q", "-m", "base")
	git("mv", "docs/setup.md", "docs/start.md")
	git("rm", "-q", "-r", "tools")
	write("docs/api.md", "# API\n\n## Calling it\n\nCall it.\n")
	write("client/client.go", "package client\n\n// Keep stays.\nfunc Keep() {}\n")
	write("docs/edited.md", "# Edited\n\nSee [setup](start.md).\n")
	git("add", "-A")
	git("commit", "-q", "-m", "head")

	code, out, errOut := runCLI(t, "bench", "drift", "--mine", filepath.Join(dir, ".git"), "--mine-repo", "acme/site", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []string
	for line := range strings.Lines(out) {
		var c struct {
			Document, Reference, Kind, Target, Moved string
			Line                                     int
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("not a JSON line: %v: %q", err, line)
		}
		got = append(got, fmt.Sprintf("%s:%d %s %s -> %s %s", c.Document, c.Line, c.Kind, c.Reference, c.Target, c.Moved))
	}
	want := []string{
		"docs/guide.md:3 link setup.md -> docs/setup.md docs/start.md",
		"docs/guide.md:3 anchor api.md#usage -> docs/api.md#usage ",
		"docs/guide.md:4 path tools/gen -> tools/gen/ ",
		"docs/guide.md:4 symbol client.NewClient() -> client/client.go:NewClient ",
		"docs/guide.md:5 selfurl https://github.com/acme/site/blob/main/tools/gen/main.go -> tools/gen/main.go ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("candidates:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBenchDriftRepoFlagsDoNotMix: --repo (which benchmark repositories
// run) and --mine-repo (the mined repository's name) belong to different
// modes; each refused in the other's names the flag to use, and the old
// --repository still works with a deprecation note.
func TestBenchDriftRepoFlagsDoNotMix(t *testing.T) {
	gitDir := filepath.Join(t.TempDir(), ".git")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "drift", "--mine", gitDir, "--repo", "acme/site"}, "name the mined repository with --mine-repo"},
		{[]string{"bench", "drift", "--mine-repo", "acme/site"}, "--mine-repo goes with --mine GITDIR; to run the benchmark on one repository use --repo"},
		{[]string{"bench", "drift", "--repository", "acme/site"}, "--repository goes with --mine GITDIR"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	_, _, errOut := runCLI(t, "bench", "drift", "--mine", gitDir, "--repository", "acme/site")
	if !strings.Contains(errOut, "--repository is deprecated, use --mine-repo") {
		t.Errorf("--repository: no deprecation note: %q", errOut)
	}
}
