package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval/bench"
	"github.com/docbridge/docbridge/internal/testtree"
)

// benchSuite is a suite for benchRepo: a path case, a case answered only
// by a document's body (past its summary), a case that misses, and a case
// whose target is not in the repository.
const benchSuite = `{"version":1,"name":"fixture suite","cases":[
 {"id":"path-guide","input":"docs/guide.md","metadata":{"expectedTargets":["docs/guide.md"],"kind":"path"}},
 {"id":"body-only","input":"quokka","metadata":{"expectedTargets":["document:docs/animals.md"],"kind":"question"}},
 {"id":"miss","input":"nothing matches this","metadata":{"expectedTargets":["docs/guide.md"],"kind":"question"}},
 {"id":"gone","input":"Rank","metadata":{"expectedTargets":["module:src/gone.go"],"kind":"symbol"}}
]}`

func benchRepo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"docs/guide.md":   "# Guide\n\nHow to start.\n",
		"docs/animals.md": "# Zoo\n\nA first paragraph, the summary.\n\nSecond paragraph.\n\nThe third paragraph names the quokka.\n",
		"main.go":         "package main\n\n// Rank ranks.\nfunc Rank() int { return 1 }\n\nfunc main() {}\n",
		filepath.FromSlash("docs/bench/retrieval-suite-v1.json"): benchSuite,
	})
}

func TestBenchRetrievalJSON(t *testing.T) {
	dir := benchRepo(t)
	code, out, errOut := runCLI(t, "bench", "retrieval", "--dir", dir, "--json", "--baseline")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep benchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Suite != "fixture suite" || rep.Entries == 0 || rep.Baseline == nil {
		t.Fatalf("report %+v", rep)
	}
	rank := map[string]int{}
	for _, c := range rep.Docbridge.Cases {
		rank[c.ID] = c.Rank
	}
	// The body-only case proves bodies are read from the files: the word
	// is in neither title, heading nor summary.
	if rank["path-guide"] != 1 || rank["body-only"] != 1 || rank["miss"] != 0 || rank["gone"] != 0 {
		t.Errorf("ranks %v", rank)
	}
	if len(rep.Docbridge.ByKind) != 3 || rep.Docbridge.Overall.Cases != 4 {
		t.Errorf("overall %+v by kind %+v", rep.Docbridge.Overall, rep.Docbridge.ByKind)
	}
	want := []bench.MissingTarget{{Case: "gone", Target: "module:src/gone.go"}}
	if len(rep.MissingTargets) != 1 || rep.MissingTargets[0] != want[0] {
		t.Errorf("missing targets %+v, want %+v", rep.MissingTargets, want)
	}
	// Same input, same bytes.
	if _, again, _ := runCLI(t, "bench", "retrieval", "--dir", dir, "--json", "--baseline"); again != out {
		t.Error("two runs print different JSON")
	}
}

func TestBenchRetrievalText(t *testing.T) {
	dir := benchRepo(t)
	code, out, errOut := runCLI(t, "bench", "retrieval", "--dir", dir, "--baseline", "--misses", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"fixture suite (4 cases)", "hit@1", "│ baseline", "overall", "symbol", "question", "path",
		"Missed (target not in the first 3): 2", "miss ", "… and 1 more",
		"Targets not in this repository: 1", "module:src/gone.go",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "ownership") {
		t.Errorf("a kind without cases is listed:\n%s", out)
	}
	// Without --baseline there is no baseline column.
	if _, out, _ := runCLI(t, "bench", "retrieval", "--dir", dir); strings.Contains(out, "baseline") {
		t.Errorf("baseline shown without --baseline:\n%s", out)
	}
}

func TestBenchRetrievalBadInput(t *testing.T) {
	dir := benchRepo(t)
	brokenDir := testtree.New(t, map[string]string{
		"broken.json": `{"version":1,"name":"b","cases":[{"id":"bad-kind","input":"q","metadata":{"expectedTargets":["a.md"],"kind":"concept"}}]}`,
	})
	broken := filepath.Join(brokenDir, "broken.json")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"broken suite names the case", []string{"bench", "retrieval", broken, "--dir", dir}, []string{`case "bad-kind" (#1): metadata.kind: unknown kind "concept"`}},
		{"missing suite", []string{"bench", "retrieval", filepath.Join(dir, "none.json"), "--dir", dir}, []string{"suite ", "none.json: no such file; write a golden suite there or name one"}},
		{"default suite absent", []string{"bench", "retrieval", "--dir", brokenDir}, []string{"retrieval-suite-v1.json"}},
		{"missing dir", []string{"bench", "retrieval", filepath.Join(dir, "docs/bench/retrieval-suite-v1.json"), "--dir", filepath.Join(dir, "nope")}, []string{"cannot scan"}},
		{"negative misses", []string{"bench", "retrieval", "--dir", dir, "--misses", "-1"}, []string{"--misses -1"}},
		{"unknown split", []string{"bench", "retrieval", "--dir", dir, "--split", "train"}, []string{`--split "train": use dev or test`}},
		{"split of an unsplit suite", []string{"bench", "retrieval", "--dir", dir, "--split", "test"}, []string{"not split into dev and test halves"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 2 {
				t.Fatalf("exit %d, want 2: %s%s", code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q: %s", w, errOut)
				}
			}
		})
	}
}

// TestBenchRetrievalSplit: --split runs one half of a suite split by a
// seed, and the report names it.
func TestBenchRetrievalSplit(t *testing.T) {
	dir := benchRepo(t)
	ids := []string{"a", "b", "c", "d"}
	halves := bench.AssignSplits(7, ids)
	var cases []string
	for _, id := range ids {
		cases = append(cases, fmt.Sprintf(`{"id":%q,"input":"quokka","split":%q,"metadata":{"expectedTargets":["docs/animals.md"],"kind":"question"}}`, id, halves[id]))
	}
	suite := filepath.Join(testtree.New(t, map[string]string{
		"split.json": `{"version":1,"name":"split suite","seed":7,"cases":[` + strings.Join(cases, ",") + `]}`,
	}), "split.json")
	for _, half := range bench.Splits {
		code, out, errOut := runCLI(t, "bench", "retrieval", suite, "--dir", dir, "--json", "--split", half)
		if code != 0 {
			t.Fatalf("--split %s: exit %d: %s", half, code, errOut)
		}
		var rep benchReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if rep.Split != half || rep.Suite != "split suite ("+half+")" {
			t.Errorf("--split %s: report names split %q, suite %q", half, rep.Split, rep.Suite)
		}
		for _, c := range rep.Docbridge.Cases {
			if halves[c.ID] != half {
				t.Errorf("--split %s ran case %s of the %s half", half, c.ID, halves[c.ID])
			}
		}
		if rep.Docbridge.Overall.Cases != 2 {
			t.Errorf("--split %s: %d cases, want 2", half, rep.Docbridge.Overall.Cases)
		}
	}
	code, out, errOut := runCLI(t, "bench", "retrieval", suite, "--dir", dir, "--json")
	if code != 0 {
		t.Fatalf("no split: exit %d: %s", code, errOut)
	}
	var rep benchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Docbridge.Overall.Cases != 4 || rep.Split != "" {
		t.Errorf("without --split: %v, %d cases, split %q", err, rep.Docbridge.Overall.Cases, rep.Split)
	}
}
