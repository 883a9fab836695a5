package driftbench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/prdiff"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
	"github.com/docbridge/docbridge/internal/suggest"
)

// TestSuggestionsOnTheCorpus (DOCBRIDGE_DRIFT_CORPUS=/tmp/drift-corpus,
// extracted by scripts/drift-corpus.sh) plays each drift pair as a pull
// request with the action's defaults: the new error and warn findings are
// judged, the pull request's patch of a file is `git diff` of its base and
// head, and the suggestions are planned as the action plans them. Then
// every suggestion of the pair is applied to a copy of the head, on disk,
// and the pair is checked again from scratch: each suggested finding must
// be gone and no finding the head did not have may appear. It logs the
// counts docs/bench.md gives.
func TestSuggestionsOnTheCorpus(t *testing.T) {
	corpus := os.Getenv("DOCBRIDGE_DRIFT_CORPUS")
	if corpus == "" {
		t.Skip("DOCBRIDGE_DRIFT_CORPUS is not set")
	}
	repos, err := loadDriftData(RunOptions{Corpus: corpus, Data: filepath.Join("..", "..", "docs", "bench", "drift")})
	if err != nil {
		t.Fatal(err)
	}
	var pairs, withFix, fixable, suggested, confirmed int
	outside := map[string]int{}
	done := map[string]bool{}
	for _, r := range repos {
		for _, c := range r.Cases {
			key := pairKey(r.Repository, c.Base, c.Head)
			if done[key] {
				continue
			}
			done[key] = true
			pairs++
			baseDir, headDir := driftTree(corpus, r.Repository, c.Base), driftTree(corpus, r.Repository, c.Head)
			snapFile := baseSnapshot(t, baseDir, r.Repository)
			out, rep := checkPair(t, headDir, snapFile, r.Repository)
			judged := report.WithStatus(rep.Findings, report.StatusNew)
			judged = slices.DeleteFunc(judged, func(f report.Finding) bool { return f.Level.Rank() <= catalog.Info.Rank() })
			n := 0
			for _, f := range judged {
				if len(f.Edits) > 0 {
					n++
				}
			}
			if n == 0 {
				continue
			}
			withFix++
			fixable += n
			in := suggest.Input{
				Findings: judged, Sources: out.Sources, Added: addedLines(t, baseDir, headDir, judged), ToRepo: func(p string) string { return p },
				Verify: func(f report.Finding, edited map[string][]byte) error {
					return out.Verify(finding.Diagnostic{ID: f.ID, Code: f.Code}, edited)
				},
			}
			plan := suggest.Make(in)
			// The action judges the suggestions together first
			// (VerifyAll): the same plan.
			in.VerifyAll = func(fs []report.Finding, edited map[string][]byte) error {
				ds := make([]finding.Diagnostic, len(fs))
				for i, f := range fs {
					ds[i] = finding.Diagnostic{ID: f.ID, Code: f.Code}
				}
				return out.VerifyAll(ds, edited)
			}
			if got, want := fmt.Sprintf("%+v", suggest.Make(in)), fmt.Sprintf("%+v", plan); got != want {
				t.Errorf("%s %s..%s: judged together, another plan:\n%s\nwant\n%s", r.Repository, c.Base[:12], c.Head[:12], got, want)
			}
			for _, o := range plan.Outside {
				outside[o.Reason]++
			}
			suggested += len(plan.Suggestions)
			if len(plan.Suggestions) == 0 {
				continue
			}
			confirmed += applyAndCheck(t, headDir, snapFile, r.Repository, rep, plan.Suggestions)
			t.Logf("%s %s..%s: %d fixable, %d suggested", r.Repository, c.Base[:12], c.Head[:12], n, len(plan.Suggestions))
		}
	}
	t.Logf("%d pairs, %d with a fixable new finding; %d fixable findings, %d suggested, %d confirmed by applying them and checking again", pairs, withFix, fixable, suggested, confirmed)
	for why, n := range outside {
		t.Logf("not suggested: %d × %s", n, why)
	}
	if confirmed != suggested {
		t.Errorf("%d of %d suggestions did not hold once applied", suggested-confirmed, suggested)
	}
}

// baseSnapshot scans dir into a snapshot file, as `scan --out` does.
func baseSnapshot(t *testing.T, dir, repo string) string {
	t.Helper()
	cfg, err := pipeline.LoadConfig(dir, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Project.Repository == "" {
		cfg.Project.Repository = repo
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := snapshot.Marshal(res.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "base.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkPair is `check --base` of dir against the snapshot file.
func checkPair(t *testing.T, dir, snapFile, repo string) (*pipeline.Outcome, *report.Report) {
	t.Helper()
	out, err := pipeline.Run(context.Background(), pipeline.Options{Repo: pipeline.Repo{Dir: dir, MaxStateBytes: state.DefaultMaxBytes}, Base: snapFile, Repository: repo})
	if err != nil {
		t.Fatal(err)
	}
	return out, out.Report("bench")
}

// addedLines are the lines the head adds to each file a judged finding
// edits: `git diff --no-index` of the base's and the head's file, read by
// prdiff as the action reads GitHub's patch.
func addedLines(t *testing.T, baseDir, headDir string, judged []report.Finding) map[string]prdiff.Added {
	t.Helper()
	out := map[string]prdiff.Added{}
	for _, f := range judged {
		for _, e := range f.Edits {
			if _, ok := out[e.Path]; ok {
				continue
			}
			a := filepath.Join(baseDir, filepath.FromSlash(e.Path))
			if _, err := os.Stat(a); err != nil {
				a = os.DevNull // a new file
			}
			cmd := exec.Command("git", "diff", "--no-index", "--no-color", "-U3", a, filepath.Join(headDir, filepath.FromSlash(e.Path)))
			data, _ := cmd.Output() // exit 1: the files differ
			patch := string(data)
			if i := strings.Index(patch, "\n@@"); i >= 0 {
				patch = patch[i+1:]
			} else {
				patch = ""
			}
			added, err := prdiff.AddedLines(patch)
			if err != nil {
				t.Fatalf("%s: git's patch: %v", e.Path, err)
			}
			out[e.Path] = added
		}
	}
	return out
}

// applyAndCheck applies every suggestion to a copy of the head and checks
// it again: it counts the suggestions whose finding is gone, and fails the
// test for any finding the head did not have.
func applyAndCheck(t *testing.T, headDir, snapFile, repo string, rep *report.Report, ss []suggest.Suggestion) int {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "head")
	if out, err := exec.Command("cp", "-a", headDir, dir).CombinedOutput(); err != nil {
		t.Fatalf("copy the head: %v: %s", err, out)
	}
	defer os.RemoveAll(dir)
	byPath := map[string][]suggest.Suggestion{}
	for _, s := range ss {
		byPath[s.Path] = append(byPath[s.Path], s)
	}
	for p, ss := range byPath {
		full := filepath.Join(dir, filepath.FromSlash(p))
		data, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		for _, s := range ss {
			for i, l := range s.Lines {
				old := lines[s.StartLine-1+i]
				end := old[len(strings.TrimRight(old, "\r\n")):]
				lines[s.StartLine-1+i] = l + end
			}
		}
		if err := os.WriteFile(full, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := map[string]bool{}
	for _, f := range rep.Findings {
		before[f.ID] = true
	}
	_, after := checkPair(t, dir, snapFile, repo)
	now := map[string]bool{}
	for _, f := range after.Findings {
		now[f.ID] = true
		if !before[f.ID] {
			t.Errorf("applying the suggestions adds %s at %s:%d: %s", f.Code, f.Location.Path, f.Location.Line, f.Detail)
		}
	}
	n := 0
	for _, s := range ss {
		if now[s.Finding.ID] {
			t.Errorf("%s at %s:%d is still reported after its suggestion", s.Finding.Code, s.Path, s.StartLine)
			continue
		}
		n++
	}
	return n
}
