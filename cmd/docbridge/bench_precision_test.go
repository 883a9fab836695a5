package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/precision"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The committed fixture corpus: one repository, acme/site, with a deleted
// page (labelled TP), a missing anchor (labelled FP), an unresolved path
// (unlabelled), an info finding (DOCUMENT_WITHOUT_CODE, which the
// fixture's docbridge.yaml turns on; labelled noise) and a TP label whose
// finding is gone.
const (
	precisionCorpusFixture = "testdata/precision/corpus"
	precisionLabelsFixture = "testdata/precision/labels"
)

func runPrecisionJSON(t *testing.T, args ...string) *precisionReport {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"bench", "precision", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep precisionReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return &rep
}

func TestBenchPrecisionFixture(t *testing.T) {
	rep := runPrecisionJSON(t, "--corpus", precisionCorpusFixture, "--labels", precisionLabelsFixture)
	if want := (precision.Counts{Findings: 3, Sampled: 3, Labelled: 2, TP: 1, FP: 1, Precision: 0.5}); rep.Overall != want {
		t.Errorf("overall %+v, want %+v", rep.Overall, want)
	}
	if len(rep.Repositories) != 1 || rep.Repositories[0].Repository != "acme/site" {
		t.Fatalf("repositories %+v", rep.Repositories)
	}
	if len(rep.Info) != 1 || rep.Info[0].Code != "DOCUMENT_WITHOUT_CODE" || rep.Info[0].Noise != 1 {
		t.Errorf("info %+v", rep.Info)
	}
	// The check's finding, keyed with its line's text read from the file.
	want := precision.NewKey("UNRESOLVED_PATH", "docs/guide.md", "src/missing.go", "Build `src/app.go`, then run `../src/missing.go`.", true).String()
	if len(rep.ToLabel) != 1 || rep.ToLabel[0].Key != want || rep.ToLabel[0].At != "docs/guide.md:5" {
		t.Errorf("to label %+v, want key %s", rep.ToLabel, want)
	}
	if len(rep.Gone) != 1 || rep.Gone[0].Label.Label != precision.TP {
		t.Errorf("gone %+v", rep.Gone)
	}

	// The text report carries the same figures.
	code, out, errOut := runCLI(t, "bench", "precision", "--corpus", precisionCorpusFixture, "--labels", precisionLabelsFixture)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{"acme/site", "50.0%", "To label: 1", want, "lost TP acme/site"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks %q:\n%s", s, out)
		}
	}
}

// copyTree copies the fixture corpus so a test can edit it.
func copyTree(t *testing.T, from string) string {
	t.Helper()
	to := t.TempDir()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		testtree.File(t, filepath.Join(to, rel), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

func TestBenchPrecisionLabelsSurviveUnrelatedEdits(t *testing.T) {
	corpus := copyTree(t, precisionCorpusFixture)
	readme := filepath.Join(corpus, "acme+site", "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	// Lines inserted above the findings, one more finding elsewhere.
	edited := strings.Replace(string(data), "# Site\n", "# Site\n\nA new introduction.\n\nAnd [another](docs/other.md).\n", 1)
	testtree.File(t, readme, edited)
	rep := runPrecisionJSON(t, "--corpus", corpus, "--labels", precisionLabelsFixture)
	if rep.Overall.Labelled != 2 || rep.Overall.TP != 1 || rep.Overall.FP != 1 {
		t.Errorf("labels lost by moving lines: %+v", rep.Overall)
	}
	if len(rep.ToLabel) != 2 {
		t.Errorf("to label %+v", rep.ToLabel)
	}
	// Editing the finding's own line drops its label.
	testtree.File(t, readme, strings.Replace(edited, "See the [guide]", "See our [guide]", 1))
	if rep := runPrecisionJSON(t, "--corpus", corpus, "--labels", precisionLabelsFixture); rep.Overall.TP != 0 || rep.Overall.Labelled != 1 {
		t.Errorf("a label kept through an edit of its line: %+v", rep.Overall)
	}
}

func TestBenchPrecisionWriteTodo(t *testing.T) {
	todo := t.TempDir()
	runPrecisionJSON(t, "--corpus", precisionCorpusFixture, "--labels", precisionLabelsFixture, "--write-todo", todo)
	data, err := os.ReadFile(filepath.Join(todo, "acme+site.json"))
	if err != nil {
		t.Fatal(err)
	}
	// A todo file is a label file with empty labels: it loads as is.
	lf, err := precision.LoadLabels("todo", data, "acme/site")
	if err != nil {
		t.Fatal(err)
	}
	if len(lf.Labels) != 1 || lf.Labels[0].Label != "" || !strings.HasPrefix(lf.Labels[0].Key, "UNRESOLVED_PATH|") || lf.Labels[0].At != "docs/guide.md:5" {
		t.Errorf("todo %+v", lf)
	}
}

func TestBenchPrecisionBadInput(t *testing.T) {
	badLabels := t.TempDir()
	testtree.File(t, filepath.Join(badLabels, "acme+site.json"),
		`{"repository": "acme/site", "labels": [{"key": "BROKEN_LINK|a.md|b.md|0123abcd", "label": "maybe", "reason": "r"}]}`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad label", []string{"--corpus", precisionCorpusFixture, "--labels", badLabels}, `acme+site.json: labels[0]: label "maybe"`},
		{"no corpus", []string{"--corpus", filepath.Join(t.TempDir(), "none"), "--labels", precisionLabelsFixture}, "--corpus"},
		{"empty corpus", []string{"--corpus", t.TempDir(), "--labels", precisionLabelsFixture}, "no <owner>+<name> directory"},
		{"unknown repo", []string{"--corpus", precisionCorpusFixture, "--labels", precisionLabelsFixture, "--repo", "acme/other"}, "--repo acme/other"},
		{"no labels dir", []string{"--corpus", precisionCorpusFixture, "--labels", filepath.Join(t.TempDir(), "none")}, "--labels"},
		{"small sample", []string{"--corpus", precisionCorpusFixture, "--sample", "10"}, "--sample 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, append([]string{"bench", "precision"}, tt.args...)...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, tt.want)
			}
		})
	}
}
