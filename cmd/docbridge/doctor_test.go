package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/testtree"
)

// doctorFiles is a small repository with nothing wrong: entry documents
// that link the guide, every document mentioning code.
func doctorFiles() map[string]string {
	return map[string]string{
		"README.md":     "# Demo\n\nSee [the guide](docs/guide.md). The code is in `src/rank.ts`.\n",
		"AGENTS.md":     "# Agents\n\nRead [the guide](docs/guide.md); `RankDocs` ranks.\n",
		"docs/guide.md": "# Guide\n\nCall `RankDocs` from `src/rank.ts`.\n",
		"src/rank.ts":   "export function RankDocs(): number { return 1 }\n",
	}
}

// doctorSuiteJSON is a suite of n cases over doctorFiles.
func doctorSuiteJSON(n int) string {
	queries := [][2]string{{"RankDocs", "module:src/rank.ts"}, {"guide", "docs/guide.md"}, {"rank.ts", "src/rank.ts"},
		{"README.md", "README.md"}, {"AGENTS.md", "AGENTS.md"}, {"Demo", "README.md"}, {"Agents", "AGENTS.md"},
		{"docs/guide.md", "docs/guide.md"}, {"where is RankDocs defined", "src/rank.ts"}, {"call RankDocs", "docs/guide.md"}}
	var cases []string
	for i := range n {
		q := queries[i%len(queries)]
		cases = append(cases, fmt.Sprintf(`{"id":"c%d","input":%q,"metadata":{"expectedTargets":[%q],"kind":"path"}}`, i, q[0], q[1]))
	}
	return `{"version":1,"name":"doctor test","cases":[` + strings.Join(cases, ",") + `]}`
}

// doctorJSON is the part of `doctor --json` the tests read.
type doctorJSON struct {
	Score      int    `json:"score"`
	Grade      string `json:"grade"`
	Verdict    string `json:"verdict"`
	Dimensions []struct {
		Name   string  `json:"name"`
		Status string  `json:"status"`
		Value  float64 `json:"value"`
		Points float64 `json:"points"`
	} `json:"dimensions"`
	Unmet []string `json:"unmet"`
}

func (d doctorJSON) dim(name string) (status string, value float64) {
	for _, x := range d.Dimensions {
		if x.Name == name {
			return x.Status, x.Value
		}
	}
	return "", -1
}

func runDoctorJSON(t *testing.T, args ...string) doctorJSON {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"doctor", "--json"}, args...)...)
	var d doctorJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != 0 {
		t.Fatalf("doctor %v: exit %d, %v\n%s%s", args, code, err, out, errOut)
	}
	return d
}

func TestDoctorWithoutSuite(t *testing.T) {
	dir := testtree.New(t, doctorFiles())
	code, out, errOut := runCLI(t, "doctor", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, name := range []string{"reachability", "connectivity", "benchmark", "links", "declarations", "generated-regions", "required-docs", "entry-documents"} {
		if !strings.Contains(out, "\n  "+name+" ") {
			t.Errorf("text lacks the %s dimension", name)
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := "doctor: B (90/100) — A needs measured hit@3 ≥ 80 % (not analyzed)"
	if last := lines[len(lines)-1]; last != want {
		t.Fatalf("last line %q, want %q\n%s", last, want, out)
	}
	d := runDoctorJSON(t, dir)
	if st, _ := d.dim("benchmark"); st != "not-analyzed" || d.Verdict != want {
		t.Fatalf("json: benchmark %s, verdict %q", st, d.Verdict)
	}
	for _, name := range []string{"reachability", "connectivity", "entry-documents"} {
		if st, v := d.dim(name); st != "measured" || v != 1 {
			t.Errorf("%s: %s %v, want measured 1", name, st, v)
		}
	}
}

// TestDoctorSuite: the default suite and --suite run, and hit@3 is the
// figure `bench retrieval` reports for the same suite.
func TestDoctorSuite(t *testing.T) {
	files := doctorFiles()
	files["docs/bench/retrieval-suite-v1.json"] = doctorSuiteJSON(10)
	dir := testtree.New(t, files)
	code, out, errOut := runCLI(t, "bench", "retrieval", "--json", "--dir", dir)
	var b struct {
		Docbridge struct {
			Overall struct {
				Cases int     `json:"cases"`
				Hit3  float64 `json:"hit3"`
			} `json:"overall"`
		} `json:"docbridge"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil || code != 0 {
		t.Fatalf("bench: exit %d %v %s", code, err, errOut)
	}
	d := runDoctorJSON(t, dir)
	st, v := d.dim("benchmark")
	if st != "measured" || v != b.Docbridge.Overall.Hit3 || b.Docbridge.Overall.Cases != 10 {
		t.Fatalf("benchmark %s %v, bench says %+v", st, v, b.Docbridge.Overall)
	}
	if wantA := v >= 0.8; (d.Grade == "A") != wantA {
		t.Fatalf("hit@3 %v: grade %s (%s)", v, d.Grade, d.Verdict)
	}

	other := filepath.Join(t.TempDir(), "small.json")
	testtree.File(t, other, doctorSuiteJSON(3))
	d = runDoctorJSON(t, "--suite", other, dir)
	if _, v := d.dim("benchmark"); d.Grade == "A" || len(d.Unmet) == 0 || v < 0 {
		t.Fatalf("a 3-case suite gave %s (%v)", d.Verdict, d.Unmet)
	}

	bad := filepath.Join(t.TempDir(), "bad.json")
	testtree.File(t, bad, `{"version":1,"name":"bad","cases":[{"id":"broken-case","input":"x","metadata":{"expectedTargets":[],"kind":"path"}}]}`)
	code, _, errOut = runCLI(t, "doctor", "--suite", bad, dir)
	if code != 2 || !strings.Contains(errOut, "broken-case") {
		t.Fatalf("broken suite: exit %d, stderr %q", code, errOut)
	}
}

// TestDoctorChecksOffStillCount: turning a check off in the configuration
// does not raise the score.
func TestDoctorChecksOffStillCount(t *testing.T) {
	files := doctorFiles()
	files["docs/guide.md"] += "\nSee [the old page](old.md).\n"
	honest := runDoctorJSON(t, testtree.New(t, files))
	files["docbridge.yaml"] = "checks:\n  severity:\n    BROKEN_LINK: off\n    DOCUMENT_WITHOUT_CODE: off\n"
	silenced := runDoctorJSON(t, testtree.New(t, files))
	if _, v := silenced.dim("links"); silenced.Score != honest.Score || v >= 1 {
		t.Fatalf("checks off: %s (links %v); honest %s", silenced.Verdict, v, honest.Verdict)
	}
}

// TestDoctorWithoutDocuments: deleting the documentation cannot earn a
// good grade.
func TestDoctorWithoutDocuments(t *testing.T) {
	files := doctorFiles()
	files["docs/bench/retrieval-suite-v1.json"] = doctorSuiteJSON(10)
	full := runDoctorJSON(t, testtree.New(t, files))
	for _, p := range []string{"README.md", "AGENTS.md", "docs/guide.md"} {
		delete(files, p)
	}
	empty := runDoctorJSON(t, testtree.New(t, files))
	if empty.Score >= 60 || empty.Score >= full.Score || empty.Grade == "A" || empty.Grade == "B" || empty.Grade == "C" {
		t.Fatalf("without documents: %s; with: %s", empty.Verdict, full.Verdict)
	}
}

func TestCheckPrintsDoctorVerdict(t *testing.T) {
	dir := testtree.New(t, doctorFiles())
	_, doc, _ := runCLI(t, "doctor", dir)
	docLines := strings.Split(strings.TrimSpace(doc), "\n")
	verdict := docLines[len(docLines)-1]

	code, out, errOut := runCLI(t, "check", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-1] != verdict {
		t.Fatalf("check: exit %d, last line %q, want %q\n%s%s", code, lines[len(lines)-1], verdict, out, errOut)
	}
	_, out, _ = runCLI(t, "check", "--format", "json", dir)
	var rep struct {
		Verdict string `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Verdict != verdict {
		t.Fatalf("check json verdict %q (%v), want %q", rep.Verdict, err, verdict)
	}

	// --changed-files narrows the findings, not the doctor's view.
	files := doctorFiles()
	files["docs/guide.md"] += "\nSee [the old page](old.md).\n"
	dir = testtree.New(t, files)
	list := filepath.Join(t.TempDir(), "changed.txt")
	testtree.File(t, list, "README.md\n")
	_, full, _ := runCLI(t, "check", "--fail-on", "none", dir)
	_, narrowed, _ := runCLI(t, "check", "--fail-on", "none", "--changed-files", list, dir)
	if doctorLastLine(full) != doctorLastLine(narrowed) || !strings.Contains(doctorLastLine(full), "doctor: ") {
		t.Fatalf("verdicts differ: %q vs %q", doctorLastLine(full), doctorLastLine(narrowed))
	}

	// A broken default suite warns and leaves the benchmark not analyzed.
	files = doctorFiles()
	files["docs/bench/retrieval-suite-v1.json"] = "{}"
	code, out, errOut = runCLI(t, "check", testtree.New(t, files))
	if code != 0 || !strings.Contains(errOut, "doctor:") || !strings.Contains(doctorLastLine(out), "(not analyzed)") {
		t.Fatalf("broken default suite: exit %d, stderr %q, last line %q", code, errOut, doctorLastLine(out))
	}
}

func TestDoctorGrader(t *testing.T) {
	dir := testtree.New(t, doctorFiles())
	res, err := pipeline.Run(context.Background(), pipeline.Options{Repo: pipeline.Repo{Dir: dir, MaxStateBytes: 1 << 30}})
	if err != nil {
		t.Fatal(err)
	}
	g, score, err := actionrun.DoctorGrader{}.Grade(context.Background(), res)
	d := runDoctorJSON(t, dir)
	if err != nil || g != d.Grade || score != d.Score {
		t.Fatalf("grader %s %d %v, doctor %s %d", g, score, err, d.Grade, d.Score)
	}
	if _, _, err := (actionrun.DoctorGrader{}).Grade(context.Background(), &pipeline.Outcome{}); err == nil {
		t.Fatal("a check without a doctor report graded")
	}
}

func doctorLastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestCheckDoctorAgreesWithDoctor: the doctor's report inside check (its
// own diagnostics plus a run of only the counted codes the configuration
// turns off) is the doctor command's report (one run of every counted
// code), whatever the configuration silences.
func TestCheckDoctorAgreesWithDoctor(t *testing.T) {
	files := doctorFiles()
	files["docs/guide.md"] += "\nSee [the old page](old.md) and [a heading](#nowhere).\n"
	files["docs/notes.md"] = "# Notes\n\nNothing about the code.\n"
	for _, cfg := range []string{
		"",
		"checks:\n  severity:\n    BROKEN_LINK: off\n    DOCUMENT_WITHOUT_CODE: info\n",
		"checks:\n  severity:\n    BROKEN_ANCHOR: off\n    UNDOCUMENTED_AREA: warn\n    CENTRALITY_RISK: off\n",
	} {
		if cfg != "" {
			files["docbridge.yaml"] = cfg
		}
		dir := testtree.New(t, files)
		opts := pipeline.Repo{Dir: dir, MaxStateBytes: 1 << 30}
		res, err := pipeline.Run(context.Background(), pipeline.Options{Repo: opts})
		if err != nil {
			t.Fatal(err)
		}
		want, err := runDoctor(context.Background(), io.Discard, doctorOptions{Repo: opts})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(res.Doctor)
		exp, _ := json.Marshal(want)
		if string(got) != string(exp) {
			t.Errorf("config %q: check's doctor\n%s\nwant the doctor command's\n%s", cfg, got, exp)
		}
	}
}
