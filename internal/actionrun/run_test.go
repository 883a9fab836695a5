package actionrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionenv/actionenvtest"
	"github.com/docbridge/docbridge/internal/cache"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The fixtures: payloads copied from GitHub's webhook examples (the repo is
// Codertocat/Hello-World, default branch master, PR #2 from "changes" at
// head ec26c3e…), and repositories built per test.
const (
	eventsDir = "testdata/action"
	prHeadSHA = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
)

// fakeCache records what the action asks of the cache. restores maps a
// restore prefix to the state it answers with.
type fakeCache struct {
	restores  map[string][]byte
	failWith  string
	keyParts  []cache.KeyParts
	asked     [][]string
	savedKey  string
	savedData []byte
	// saved holds every entry saved, by key (RestoreBlob answers from it).
	saved map[string][]byte
}

func (c *fakeCache) Keys(p cache.KeyParts) (string, []string) {
	c.keyParts = append(c.keyParts, p)
	// Entries of another kind than the scan's state (the agent-call
	// cache) have keys of their own, as cache.Keys gives them.
	prefix := "k-"
	if p.PipelineVersion != "" && p.PipelineVersion != scan.PipelineVersion {
		prefix += p.PipelineVersion + "-"
	}
	var restore []string
	for _, b := range []string{p.Branch, p.BaseBranch, p.DefaultBranch} {
		if b != "" && !slices.Contains(restore, prefix+b+"-") {
			restore = append(restore, prefix+b+"-")
		}
	}
	return prefix + p.Branch + "-" + p.RunID + "-" + p.RunAttempt, restore
}

// Restore decodes what it answers with, as internal/cache does, and refuses
// what does not decode.
func (c *fakeCache) Restore(_ context.Context, keys []string) (cache.Restored, *cache.Warning) {
	c.asked = append(c.asked, keys)
	if c.failWith != "" {
		return cache.Restored{}, &cache.Warning{Kind: cache.TimedOut, Text: c.failWith}
	}
	for _, k := range keys {
		if d, ok := c.restores[k]; ok {
			st, err := state.Decode(d)
			if err != nil {
				return cache.Restored{}, &cache.Warning{Kind: cache.Refused, Text: "refused cache entry " + k + ": " + err.Error()}
			}
			return cache.Restored{Key: k, Data: d, State: st}, nil
		}
	}
	return cache.Restored{}, &cache.Warning{Kind: cache.Miss, Text: "no cached state for " + strings.Join(keys, " or ")}
}

func (c *fakeCache) RestoreBlob(_ context.Context, keys []string, what string) (cache.Entry, *cache.Warning) {
	c.asked = append(c.asked, keys)
	for _, k := range keys {
		for key, d := range c.saved {
			if strings.HasPrefix(key, k) {
				return cache.Entry{Key: key, Data: d}, nil
			}
		}
	}
	return cache.Entry{}, &cache.Warning{Kind: cache.Miss, Text: "no cached " + what}
}

func (c *fakeCache) Persist(_ context.Context, key string, data []byte) *cache.Warning {
	c.savedKey, c.savedData = key, data
	if c.saved == nil {
		c.saved = map[string][]byte{}
	}
	c.saved[key] = data
	return nil
}

// fakePoster records what the action would post; err makes every call fail.
type fakePoster struct {
	begun     int
	published []review.Results
	failed    []error
	err       error
	// cancelled counts Cancel calls; cancelCtxErr is their context's error
	// (nil: the call could reach GitHub). onBegin runs inside Begin.
	cancelled    int
	cancelCtxErr error
	onBegin      func()
}

func (p *fakePoster) Cancel(ctx context.Context) error {
	p.cancelled++
	p.cancelCtxErr = ctx.Err()
	return p.err
}

func (p *fakePoster) Fail(_ context.Context, err error) error {
	p.failed = append(p.failed, err)
	return p.err
}

func (p *fakePoster) Begin(context.Context) error {
	p.begun++
	if p.onBegin != nil {
		p.onBegin()
	}
	return p.err
}
func (p *fakePoster) Publish(_ context.Context, pub review.Results) error {
	p.published = append(p.published, pub)
	return p.err
}

// actionHarness is one runner-like environment around a repository.
type actionHarness struct {
	t       *testing.T
	vars    map[string]string
	repo    string
	files   string // GITHUB_OUTPUT and GITHUB_STEP_SUMMARY live here
	cache   *fakeCache
	poster  *fakePoster
	changed changedFiles
	grader  grader
	api     repoAPI
	wired   []wiring
	ctx     context.Context // context.Background() when nil
}

func newHarness(t *testing.T, repo, event, payload string) *actionHarness {
	t.Helper()
	files := t.TempDir()
	abs, err := filepath.Abs(filepath.Join(eventsDir, payload))
	if err != nil {
		t.Fatal(err)
	}
	h := &actionHarness{t: t, repo: repo, files: files, cache: &fakeCache{}, poster: &fakePoster{}, grader: DoctorGrader{}}
	h.vars = map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true",
		"GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": abs,
		"GITHUB_OUTPUT": filepath.Join(files, "output"), "GITHUB_STEP_SUMMARY": filepath.Join(files, "summary"),
		"GITHUB_WORKSPACE": repo, "GITHUB_REPOSITORY": "Codertocat/Hello-World",
		"GITHUB_SHA": "6113728f27ae82c7b1a177c8d03f9e96e0adf246", "GITHUB_REF": "refs/heads/master",
		"GITHUB_RUN_ID": "1001", "GITHUB_RUN_ATTEMPT": "2", "GITHUB_API_URL": "https://api.github.com",
		"INPUT_GITHUB-TOKEN": "ghs_test",
	}
	return h
}

func (h *actionHarness) run(o Options) (string, error) {
	h.t.Helper()
	var stdout, stderr bytes.Buffer
	wire := func(w wiring) (actionDeps, error) {
		h.wired = append(h.wired, w)
		return actionDeps{cache: h.cache, poster: h.poster, files: h.changed, grader: h.grader, summary: interimSummary, repo: h.api}, nil
	}
	ctx := h.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if o.Enrich == nil {
		o.Enrich = run.Stage{}
	}
	err := runAction(ctx, &stdout, &stderr, o, func(k string) string { return h.vars[k] }, wire)
	return stdout.String(), err
}

// outputs parses GITHUB_OUTPUT's heredoc entries (name<<DELIM, value, DELIM).
func (h *actionHarness) outputs() map[string]string {
	h.t.Helper()
	path := h.vars["GITHUB_OUTPUT"]
	if _, err := os.Stat(path); err != nil {
		h.t.Fatal(err)
	}
	return actionenvtest.ReadOutputs(h.t, path)
}

func (h *actionHarness) summary() string {
	h.t.Helper()
	data, err := os.ReadFile(h.vars["GITHUB_STEP_SUMMARY"])
	if err != nil {
		h.t.Fatal(err)
	}
	return string(data)
}

func exitCode(err error) int {
	var fe *pipeline.FindingsError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &fe):
		return 1
	}
	return 2
}

// Repositories: the base has one broken link; the head keeps it and adds
// a broken link in a new document.
var (
	noiseOff  = "checks:\n  severity:\n    DOCUMENT_WITHOUT_CODE: off\n    UNDOCUMENTED_AREA: off\n    ORPHANED_DOCUMENT: off\n"
	baseFiles = map[string]string{
		"docbridge.yaml": noiseOff,
		"docs/rank.md":   "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n\nSee [the old page](old.md).\n",
		"src/rank.ts":    "export function RankDocs(): number { return 1 }\n",
	}
	headFiles = with(baseFiles, "docs/guide.md", "# Guide\n\nRead [setup](setup.md) and `src/rank.ts`.\n")
)

func with(files map[string]string, path, content string) map[string]string {
	out := map[string]string{path: content}
	for k, v := range files {
		if k != path {
			out[k] = v
		}
	}
	return out
}

// stateOf scans dir and returns its state file's bytes, as a base run
// would have saved them.
func stateOf(t *testing.T, dir string) []byte {
	t.Helper()
	cfg, err := config.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := state.Encode(&state.State{Store: res.Store})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestActionRoutesEvents(t *testing.T) {
	tests := []struct {
		name, event, payload string
		wantCode             int
		// wantNotice is a substring of the ::notice:: of an ignored event.
		wantNotice string
		wantAct    actionenv.Act
	}{
		{"push to the default branch", "push", "push.default.json", 1, "", actionenv.ActScan},
		{"push of a tag", "push", "push.tag.json", 0, "push to refs/tags/simple-tag", actionenv.ActIgnore},
		{"workflow_dispatch", "workflow_dispatch", "workflow_dispatch.event.0.json", 1, "", actionenv.ActScan},
		{"pull_request opened", "pull_request", "pull_request.opened.0.json", 1, "", actionenv.ActReview},
		{"pull_request synchronize", "pull_request", "pull_request.synchronize.0.json", 1, "", actionenv.ActReview},
		{"pull_request closed", "pull_request", "pull_request.closed.0.json", 0, `pull_request "closed" events are not checked`, actionenv.ActIgnore},
		{"issue_comment on an issue", "issue_comment", "issue_comment.created.0.json", 0, "is on issue #1, not a pull request", actionenv.ActIgnore},
		{"an unknown event", "deployment", "schedule.json", 0, "does not act on deployment events", actionenv.ActIgnore},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, testtree.New(t, baseFiles), tc.event, tc.payload)
			out, err := h.run(Options{})
			if got := exitCode(err); got != tc.wantCode {
				t.Fatalf("exit %d (%v), want %d\n%s", got, err, tc.wantCode, out)
			}
			if tc.wantAct == actionenv.ActIgnore {
				if !strings.HasPrefix(out, "::notice::") || !strings.Contains(out, tc.wantNotice) || len(h.wired) != 0 {
					t.Fatalf("want only a notice containing %q, got (wired %d):\n%s", tc.wantNotice, len(h.wired), out)
				}
				if _, err := os.Stat(h.vars["GITHUB_OUTPUT"]); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("an ignored event wrote outputs: %v", err)
				}
				return
			}
			if len(h.wired) != 1 || h.wired[0].d.Act != tc.wantAct {
				t.Fatalf("wired %+v, want one %s", h.wired, tc.wantAct)
			}
			review := tc.wantAct == actionenv.ActReview
			if (h.poster.begun == 1) != review || (len(h.poster.published) == 1) != review {
				t.Fatalf("poster begun %d, published %d; review %v", h.poster.begun, len(h.poster.published), review)
			}
			if h.outputs()[actionenv.OutputFindings] != "1" {
				t.Fatalf("outputs %v", h.outputs())
			}
			if h.cache.savedKey == "" {
				t.Fatal("no state saved")
			}
		})
	}
}

func TestActionPullRequestAgainstBaseState(t *testing.T) {
	base := testtree.New(t, baseFiles)
	h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h.cache.restores = map[string][]byte{"k-master-": stateOf(t, base)}
	out, err := h.run(Options{})
	if exitCode(err) != 1 {
		t.Fatalf("exit %d (%v), want 1: the new broken link is an error\n%s", exitCode(err), err, out)
	}

	// Keys: the PR's own scope with the base and default after it, then
	// the base branch's scope alone for the comparison.
	// The configuration as the run reads it: its identity from the
	// runner's environment.
	cfg, err := pipeline.LoadConfig(h.repo, "", func(k string) string { return h.vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := cache.KeyParts{Branch: "pull/2/merge", BaseBranch: "master", DefaultBranch: "master",
		ConfigHash: cfg.Hash(), PipelineVersion: scan.PipelineVersion, RunID: "1001", RunAttempt: "2"}
	if len(h.cache.keyParts) != 2 || h.cache.keyParts[0] != want ||
		h.cache.keyParts[1] != (cache.KeyParts{Branch: "master", ConfigHash: cfg.Hash(), PipelineVersion: scan.PipelineVersion}) {
		t.Fatalf("key parts %+v", h.cache.keyParts)
	}
	if !slices.EqualFunc(h.cache.asked, [][]string{{"k-master-"}, {"k-pull/2/merge-"}}, slices.Equal) {
		t.Fatalf("restores asked %v: the base from the base scope only, then the PR's own scope", h.cache.asked)
	}
	if h.cache.savedKey != "k-pull/2/merge-1001-2" {
		t.Fatalf("saved under %q", h.cache.savedKey)
	}
	saved, err := state.Decode(h.cache.savedData)
	if err != nil {
		t.Fatalf("the saved state does not decode: %v", err)
	}
	if snap, err := saved.Snapshot(); err != nil || !hasDocument(snap.Entities, "docs/guide.md") {
		t.Fatalf("the saved state is not the head's: %v", err)
	}

	// Only the new finding is judged and annotated; the old one is in the
	// report, the log and the summary.
	if len(h.poster.published) != 1 {
		t.Fatalf("published %d times", len(h.poster.published))
	}
	pub := h.poster.published[0]
	if len(pub.Selection.Findings) != 1 || pub.Selection.Findings[0].Location.Path != "docs/guide.md" || pub.Selection.Findings[0].Status != "new" {
		t.Fatalf("selected %+v", pub.Selection.Findings)
	}
	if pub.Conclusion() != "failure" || pub.Failing != 1 || !pub.Report.Compared || pub.Report.Summary.Total != 2 {
		t.Fatalf("publication %+v", pub)
	}
	outs := h.outputs()
	if pub.Grade == "" || pub.Score == "" || !strings.HasPrefix(pub.Report.Verdict, "doctor: "+pub.Grade+" ("+pub.Score+"/100)") {
		t.Fatalf("grade %q score %q verdict %q", pub.Grade, pub.Score, pub.Report.Verdict)
	}
	wantOut := map[string]string{"findings": "2", "new-findings": "1", "resolved-findings": "0", "grade": pub.Grade, "score": pub.Score,
		"snapshot-hash": pub.Report.SnapshotHash, "report": ReportPath}
	for _, name := range actionenv.Outputs {
		if outs[name] != wantOut[name] {
			t.Errorf("output %s = %q, want %q", name, outs[name], wantOut[name])
		}
	}
	if len(outs) != len(actionenv.Outputs) {
		t.Errorf("outputs %v, want exactly %v", outs, actionenv.Outputs)
	}
	sum := h.summary()
	for _, s := range []string{"docs/rank.md", "docs/guide.md", "(new)"} {
		if !strings.Contains(sum, s) || !strings.Contains(out, s) {
			t.Errorf("summary or log lacks %q", s)
		}
	}
	data, err := os.ReadFile(filepath.Join(h.repo, ReportPath))
	if err != nil || !bytes.Contains(data, []byte(`"baseSnapshotHash"`)) {
		t.Fatalf("JSON report: %v\n%s", err, data)
	}
}

func hasDocument(entities []snapshot.Entity, path string) bool {
	return slices.ContainsFunc(entities, func(e snapshot.Entity) bool { return e.Kind == "document" && e.Path == path })
}

// newGH is the go-githubactions handle runAction makes, over vars.
func newGH(vars map[string]string) *githubactions.Action {
	return githubactions.New(githubactions.WithWriter(io.Discard), githubactions.WithGetenv(func(k string) string { return vars[k] }))
}

func TestActionPullRequestWithoutBaseUsesChangedFiles(t *testing.T) {
	tests := []struct {
		name      string
		filter    string
		changed   changedFiles
		wantPaths []string
		wantWarn  bool
	}{
		{"new without a base: the changed files", "new", fileList{"docs/guide.md"}, []string{"docs/guide.md"}, false},
		{"changed-files", "changed-files", fileList{"docs/rank.md"}, []string{"docs/rank.md"}, false},
		{"all", "all", nil, []string{"docs/guide.md", "docs/rank.md"}, false},
		{"new, changed files unknown: every finding, with a warning", "new", nil, []string{"docs/guide.md", "docs/rank.md"}, true},
		{"the listing fails: every finding, with a warning", "new", failingFiles{}, []string{"docs/guide.md", "docs/rank.md"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
			h.vars["INPUT_FILTER"] = tc.filter
			h.changed = tc.changed
			out, err := h.run(Options{})
			if exitCode(err) != 1 {
				t.Fatalf("exit %d: %v\n%s", exitCode(err), err, out)
			}
			var paths []string
			for _, f := range h.poster.published[0].Selection.Findings {
				paths = append(paths, f.Location.Path)
			}
			if !slices.Equal(paths, tc.wantPaths) {
				t.Fatalf("selected %v, want %v", paths, tc.wantPaths)
			}
			if got := strings.Contains(out, "::warning::docbridge: the pull request's changed files are unknown"); got != tc.wantWarn {
				t.Fatalf("warning %v, want %v:\n%s", got, tc.wantWarn, out)
			}
			if h.outputs()["findings"] != "2" {
				t.Fatalf("the findings output must count every finding: %v", h.outputs())
			}
		})
	}
}

type failingFiles struct{}

func (failingFiles) ChangedFiles(context.Context, int) ([]string, error) {
	return nil, errors.New("403 Resource not accessible by integration")
}

func TestActionFailOnSetsTheExitCode(t *testing.T) {
	// An error (the broken link) and a warning (the unresolved path).
	files := with(baseFiles, "docs/paths.md", "# Paths\n\nSee `../src/gone.ts` and `src/rank.ts`.\n")
	for _, tc := range []struct {
		failOn string
		want   int
	}{{"error", 1}, {"warn", 1}, {"info", 1}, {"none", 0}} {
		t.Run(tc.failOn, func(t *testing.T) {
			h := newHarness(t, testtree.New(t, files), "push", "push.default.json")
			h.vars["INPUT_FAIL-ON"] = tc.failOn
			out, err := h.run(Options{})
			if exitCode(err) != tc.want {
				t.Fatalf("fail-on %s: exit %d (%v), want %d\n%s", tc.failOn, exitCode(err), err, tc.want, out)
			}
		})
	}
	// Only warn-level findings: error passes, warn fails.
	warnOnly := with(baseFiles, "docs/rank.md", "# Ranking\n\nSee `../src/gone.ts` and `src/rank.ts`.\n")
	for _, tc := range []struct {
		failOn string
		want   int
	}{{"error", 0}, {"warn", 1}} {
		h := newHarness(t, testtree.New(t, warnOnly), "push", "push.default.json")
		h.vars["INPUT_FAIL-ON"] = tc.failOn
		out, err := h.run(Options{})
		if exitCode(err) != tc.want {
			t.Fatalf("warn-only, fail-on %s: exit %d (%v), want %d\n%s", tc.failOn, exitCode(err), err, tc.want, out)
		}
	}
	// The options replace the inputs: a rehearsal with --fail-on none passes
	// where the input fails, and --fail-on warn fails again.
	h := newHarness(t, testtree.New(t, warnOnly), "push", "push.default.json")
	h.vars["INPUT_FAIL-ON"] = "warn"
	if out, err := h.run(Options{FailOn: catalog.FailNone, Filter: actionenv.FilterAll}); exitCode(err) != 0 {
		t.Fatalf("--fail-on none over the input warn: exit %d (%v)\n%s", exitCode(err), err, out)
	}
	if out, err := h.run(Options{FailOn: catalog.FailWarn}); exitCode(err) != 1 {
		t.Fatalf("--fail-on warn: exit %d (%v)\n%s", exitCode(err), err, out)
	}
}

func TestActionBadInputExitsTwo(t *testing.T) {
	tests := []struct {
		name, key, value, want string
	}{
		{"fail-on", "INPUT_FAIL-ON", "sometimes", `input fail-on: "sometimes" is not one of error, warn, info, none`},
		{"filter", "INPUT_FILTER", "mine", `input filter: "mine" is not one of new, changed-files, all`},
		{"boolean", "INPUT_COMMENT", "yes", `input comment: "yes" is not a boolean`},
		{"absolute working directory", "INPUT_WORKING-DIRECTORY", "/home/runner/work/r/r", "is absolute"},
		{"escaping working directory", "INPUT_WORKING-DIRECTORY", "../other", "leaves the workspace"},
		{"missing working directory", "INPUT_WORKING-DIRECTORY", "nowhere", "cannot scan"},
		{"bad run attempt", "GITHUB_RUN_ATTEMPT", "two", "GITHUB_RUN_ATTEMPT"},
		{"no event name", "GITHUB_EVENT_NAME", "", "GITHUB_EVENT_NAME is not set"},
		{"missing payload", "GITHUB_EVENT_PATH", "/nonexistent/event.json", "event payload"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, testtree.New(t, baseFiles), "push", "push.default.json")
			h.vars[tc.key] = tc.value
			out, err := h.run(Options{})
			if exitCode(err) != 2 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("exit %d, err %v; want 2 and %q\n%s", exitCode(err), err, tc.want, out)
			}
			if h.poster.begun != 0 {
				t.Fatal("bad input reached the poster")
			}
		})
	}
	t.Run("the underscore spelling is not the input", func(t *testing.T) {
		h := newHarness(t, testtree.New(t, baseFiles), "push", "push.default.json")
		h.vars["INPUT_FAIL_ON"] = "none" // the runner keeps the hyphen: this is not fail-on
		if out, err := h.run(Options{}); exitCode(err) != 1 {
			t.Fatalf("exit %d, want 1 (fail-on stays error)\n%s", exitCode(err), out)
		}
	})
	t.Run("a malformed payload", func(t *testing.T) {
		h := newHarness(t, testtree.New(t, baseFiles), "pull_request", "schedule.json")
		_, err := h.run(Options{})
		if exitCode(err) != 2 || !strings.Contains(err.Error(), "pull_request payload") {
			t.Fatalf("err %v", err)
		}
	})
}

func TestActionWorkingDirectoryAndConfig(t *testing.T) {
	ws := t.TempDir()
	sub := filepath.Join(ws, "site")
	for p, c := range baseFiles {
		if p == "docbridge.yaml" {
			continue
		}
		testtree.File(t, filepath.Join(sub, p), c)
	}
	// The config lives outside the working directory, named relative to
	// the workspace; it turns the broken link into a warning.
	testtree.File(t, filepath.Join(ws, "ci/docbridge.yaml"), noiseOff+"    BROKEN_LINK: warn\n")
	h := newHarness(t, ws, "push", "push.default.json")
	h.vars["INPUT_WORKING-DIRECTORY"] = "site"
	h.vars["INPUT_CONFIG"] = "ci/docbridge.yaml"
	out, err := h.run(Options{})
	if exitCode(err) != 0 {
		t.Fatalf("exit %d (%v): the config made the link a warning\n%s", exitCode(err), err, out)
	}
	if h.outputs()["findings"] != "1" || !strings.Contains(out, "docs/rank.md") {
		t.Fatalf("outputs %v\n%s", h.outputs(), out)
	}
	if _, err := os.Stat(filepath.Join(ws, ReportPath)); err != nil {
		t.Fatalf("the report goes to the workspace: %v", err)
	}
	// The state is scoped to the working directory: its paths are the
	// directory's, so a job checking the root never takes it.
	cfg, err := pipeline.LoadConfig(filepath.Join(ws, "ci"), "", func(k string) string { return h.vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if len(h.cache.keyParts) != 1 || h.cache.keyParts[0].ConfigHash == cfg.Hash() ||
		h.cache.keyParts[0].ConfigHash != stateScope(cfg.Hash(), repopath.New("site")) {
		t.Fatalf("key parts %+v: want the configuration hash scoped to site", h.cache.keyParts)
	}
}

func TestStateScope(t *testing.T) {
	const hash = "0123456789abcdef0123"
	if got := stateScope(hash, repopath.New(".")); got != hash {
		t.Fatalf("at the root the key keeps the configuration hash: %q", got)
	}
	site, docs := stateScope(hash, repopath.New("site")), stateScope(hash, repopath.New("docs"))
	if site == hash || site == docs || site != stateScope(hash, repopath.New("./site/")) {
		t.Fatalf("site %q, docs %q: want distinct scopes, the same for the same directory", site, docs)
	}
}

func TestActionPostingAndCacheFailuresDoNotFailTheCheck(t *testing.T) {
	h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["INPUT_FAIL-ON"] = "none"
	h.poster.err = errors.New("502 Bad Gateway")
	h.cache.failWith = "cache restore timed out (limit 30s): scanning cold"
	out, err := h.run(Options{})
	if err != nil {
		t.Fatalf("err %v\n%s", err, out)
	}
	for _, w := range []string{
		"::warning::docbridge: could not start the check run: 502 Bad Gateway",
		"::warning::docbridge: posting the results failed (502 Bad Gateway)",
		"::warning::docbridge: base state not restored: cache restore timed out",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("log lacks %q", w)
		}
	}
	if sum := h.summary(); !strings.Contains(sum, "docs/guide.md") || !strings.Contains(sum, "docs/rank.md") {
		t.Fatalf("the summary must hold every finding when posting fails:\n%s", sum)
	}
	if h.outputs()["findings"] != "2" {
		t.Fatalf("outputs %v", h.outputs())
	}
}

func TestActionUnusableBaseStateChecksWithoutBase(t *testing.T) {
	// A state that decodes but holds no store: the comparison is lost, the
	// check is not.
	broken, err := state.Encode(&state.State{Store: &scan.Store{}})
	if err != nil {
		t.Fatal(err)
	}
	// Garbage is refused by the cache as it is restored; a state that
	// decodes but cannot be rebuilt fails when the check rebuilds the base.
	for name, tt := range map[string]struct {
		data []byte
		want string
	}{
		"garbage":     {[]byte("not a state"), "::warning::docbridge: base state not restored: refused cache entry k-master-: not a docbridge state file"},
		"empty store": {broken, "::warning::docbridge: the base state is unusable"},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
			h.cache.restores = map[string][]byte{"k-master-": tt.data}
			h.changed = fileList{"docs/guide.md"}
			out, err := h.run(Options{})
			if exitCode(err) != 1 || !strings.Contains(out, tt.want) {
				t.Fatalf("exit %d (%v)\n%s", exitCode(err), err, out)
			}
			pub := h.poster.published[0]
			if pub.Report.Compared || len(pub.Selection.Findings) != 1 || pub.Selection.Findings[0].Location.Path != "docs/guide.md" {
				t.Fatalf("want the changed-files fallback, got compared %v, %+v", pub.Report.Compared, pub.Selection.Findings)
			}
		})
	}
}

func TestActionForkIsPassedToTheWiring(t *testing.T) {
	for payload, fork := range map[string]bool{"pull_request.fork.json": true, "pull_request.opened.0.json": false} {
		h := newHarness(t, testtree.New(t, baseFiles), "pull_request", payload)
		h.vars["INPUT_FAIL-ON"] = "none"
		if out, err := h.run(Options{}); err != nil {
			t.Fatalf("%s: %v\n%s", payload, err, out)
		}
		w := h.wired[0]
		if w.d.Fork != fork || w.d.HeadSHA != prHeadSHA || w.d.PR != 2 || w.in.GitHubToken != "ghs_test" || w.in.BotLogin != "github-actions[bot]" {
			t.Fatalf("%s: wiring %+v", payload, w)
		}
	}
}

func TestActionIsDeterministic(t *testing.T) {
	base := stateOf(t, testtree.New(t, baseFiles))
	// The same workspace twice: the second run also sees the first's
	// report file, which must change nothing.
	repo := testtree.New(t, headFiles)
	var outs, sums []string
	for range 2 {
		h := newHarness(t, repo, "pull_request", "pull_request.opened.0.json")
		h.cache.restores = map[string][]byte{"k-master-": base}
		h.run(Options{})
		data, err := os.ReadFile(h.vars["GITHUB_OUTPUT"])
		if err != nil {
			t.Fatal(err)
		}
		outs, sums = append(outs, string(data)), append(sums, h.summary())
	}
	if outs[0] != outs[1] || sums[0] != sums[1] {
		t.Fatalf("two runs differ:\n%s\n%s", outs, sums)
	}
}

func TestSelectFindings(t *testing.T) {
	d := func(id, path string) finding.Diagnostic {
		return finding.Diagnostic{ID: id, Code: "BROKEN_LINK", Severity: "error", Evidence: []finding.Location{{Path: path, Line: 1}}}
	}
	a, b, c := d("a", "docs/a.md"), d("b", "docs/b.md"), d("c", "docs/c.md")
	compared := report.Build(report.Input{Comparison: &finding.Comparison{New: []finding.Diagnostic{b}, Unchanged: []finding.Diagnostic{a}, Resolved: []finding.Diagnostic{c}}})
	cold := report.Build(report.Input{Diagnostics: []finding.Diagnostic{a, b}})
	ids := func(fs []report.Finding) string {
		var s []string
		for _, f := range fs {
			s = append(s, f.ID)
		}
		return strings.Join(s, ",")
	}
	tests := []struct {
		name     string
		rep      *report.Report
		filter   actionenv.Filter
		review   bool
		changed  []string
		err      error
		want     string
		wantNew  int
		wantWarn bool
		// The selection as the renderers read it.
		wantFilter         actionenv.Filter
		onlyNew, inChanged bool
	}{
		{"push judges every finding", compared, "new", false, nil, nil, "a,b", 2, false, "", false, false},
		{"new with a base", compared, "new", true, nil, nil, "b", 1, false, "new", true, false},
		{"new without a base", cold, "new", true, []string{"docs/a.md"}, nil, "a", 1, false, "new", false, true},
		{"new without a base or files", cold, "new", true, nil, errors.New("x"), "a,b", 2, true, "all", false, false},
		{"changed-files with a base keeps unchanged ones", compared, "changed-files", true, []string{"docs/a.md"}, nil, "a", 0, false,
			"changed-files", false, true},
		{"all with a base", compared, "all", true, nil, nil, "a,b", 1, false, "all", false, false},
		{"all without a base", cold, "all", true, nil, nil, "a,b", 2, false, "all", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := selectFindings(tc.rep, tc.filter, tc.review, tc.changed, tc.err)
			if ids(s.Findings) != tc.want || s.newCount != tc.wantNew || (s.warning != "") != tc.wantWarn || s.Note == "" {
				t.Fatalf("got %q new %d warning %q note %q", ids(s.Findings), s.newCount, s.warning, s.Note)
			}
			if s.Filter != tc.wantFilter || s.OnlyNew != tc.onlyNew || s.InChangedFiles != tc.inChanged {
				t.Fatalf("selection as data: filter %q only new %v in changed files %v; want %q %v %v",
					s.Filter, s.OnlyNew, s.InChangedFiles, tc.wantFilter, tc.onlyNew, tc.inChanged)
			}
		})
	}
}

func TestSetOutputRefusesTheDelimiterAndSurvivesAnUnwritableFile(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, dir, "push", "push.default.json")
	gh := newGH(h.vars)
	if err := setOutput(gh, "report", "x\n"+outputDelimiter+"\nevil<<Z"); err == nil {
		t.Fatal("a value holding the delimiter was written")
	}
	if _, err := os.Stat(h.vars["GITHUB_OUTPUT"]); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the refused value reached the file")
	}
	if err := setOutput(gh, "findings", "3"); err != nil {
		t.Fatal(err)
	}
	if got := h.outputs()["findings"]; got != "3" {
		t.Fatalf("findings = %q", got)
	}
	h.vars["GITHUB_OUTPUT"] = dir // a directory: go-githubactions panics
	if err := setOutput(newGH(h.vars), "findings", "3"); err == nil {
		t.Fatal("writing into a directory succeeded")
	}
}

func TestBoundSummary(t *testing.T) {
	small := "# ok\n"
	if boundSummary(small) != small {
		t.Fatal("a small summary changed")
	}
	line := strings.Repeat("é", 40) + "\n"
	big := strings.Repeat(line, maxStepSummaryBytes/len(line)+10)
	got := boundSummary(big)
	if len(got) > maxStepSummaryBytes || !strings.Contains(got, "cut at the runner's 1 MiB bound") || !strings.HasPrefix(got, line) {
		t.Fatalf("len %d, tail %q", len(got), got[len(got)-120:])
	}
	body := strings.TrimSuffix(got[:strings.Index(got, "\n\n…")], "\n")
	for _, l := range strings.Split(body, "\n") {
		if l+"\n" != line {
			t.Fatalf("cut inside a line: %q", l)
		}
	}
}

func TestActionReportDoesNotFollowASymlink(t *testing.T) {
	repo := testtree.New(t, baseFiles)
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(repo, ".docbridge")); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, repo, "push", "push.default.json")
	h.vars["INPUT_FAIL-ON"] = "none"
	out, err := h.run(Options{})
	if err != nil || !strings.Contains(out, "::warning::docbridge: JSON report not written: .docbridge is not a directory") {
		t.Fatalf("err %v\n%s", err, out)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Fatalf("wrote through the symlink: %v", entries)
	}
	if got, ok := h.outputs()["report"]; !ok || got != "" {
		t.Fatalf("report output %q (set %v), want empty", got, ok)
	}

	// A report.json that is a symlink is replaced, not written through.
	repo = testtree.New(t, baseFiles)
	target := filepath.Join(t.TempDir(), "target")
	testtree.File(t, target, "untouched")
	if err := os.Mkdir(filepath.Join(repo, ".docbridge"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(repo, ReportPath)); err != nil {
		t.Fatal(err)
	}
	h = newHarness(t, repo, "push", "push.default.json")
	h.vars["INPUT_FAIL-ON"] = "none"
	if out, err := h.run(Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if data, _ := os.ReadFile(target); string(data) != "untouched" {
		t.Fatalf("wrote through the symlink: %q", data)
	}
	if info, err := os.Lstat(filepath.Join(repo, ReportPath)); err != nil || !info.Mode().IsRegular() {
		t.Fatalf("the report is not a regular file: %v %v", info, err)
	}
}

func TestActionSummaryFileUnwritable(t *testing.T) {
	h := newHarness(t, testtree.New(t, baseFiles), "push", "push.default.json")
	h.vars["GITHUB_STEP_SUMMARY"] = t.TempDir() // a directory: go-githubactions panics
	out, err := h.run(Options{})
	if exitCode(err) != 1 || !strings.Contains(out, "::warning::docbridge: job summary not written") {
		t.Fatalf("exit %d (%v)\n%s", exitCode(err), err, out)
	}
	if h.outputs()["findings"] != "1" {
		t.Fatal("outputs not written after the summary failed")
	}
}

type failingGrader struct{}

func (failingGrader) Grade(context.Context, *pipeline.Outcome) (string, int, error) {
	return "", 0, errors.New("no suite")
}

func TestActionWithoutAGrade(t *testing.T) {
	h := newHarness(t, testtree.New(t, baseFiles), "push", "push.default.json")
	h.grader = failingGrader{}
	out, err := h.run(Options{})
	if exitCode(err) != 1 || !strings.Contains(out, "::warning::docbridge: no grade: no suite") {
		t.Fatalf("exit %d (%v)\n%s", exitCode(err), err, out)
	}
	if o := h.outputs(); o["grade"] != "" || o["score"] != "" || o["findings"] != "1" {
		t.Fatalf("outputs %v", o)
	}
}

func TestActionCompletesTheCheckRunWhenTheCheckCannotRun(t *testing.T) {
	h := newHarness(t, testtree.New(t, baseFiles), "pull_request", "pull_request.opened.0.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the job was cancelled: the scan stops
	h.ctx = ctx
	out, err := h.run(Options{})
	if exitCode(err) != 2 || !errors.Is(err, context.Canceled) {
		t.Fatalf("exit %d (%v)\n%s", exitCode(err), err, out)
	}
	// Completed, not left in progress: as cancelled (issue 13), on a
	// context that can still reach GitHub.
	if h.poster.begun != 1 || h.poster.cancelled != 1 || h.poster.cancelCtxErr != nil || len(h.poster.failed) != 0 || len(h.poster.published) != 0 {
		t.Fatalf("begun %d, cancelled %d (%v), failed %v, published %d", h.poster.begun, h.poster.cancelled, h.poster.cancelCtxErr, h.poster.failed, len(h.poster.published))
	}
}

// TestActionGradeChangeAgainstTheBase: the state a run saves carries the
// doctor's grade of its tree, and a pull request reports its grade beside
// the one saved with its base state.
func TestActionGradeChangeAgainstTheBase(t *testing.T) {
	base := testtree.New(t, baseFiles)
	st, err := state.Decode(stateOf(t, base))
	if err != nil {
		t.Fatal(err)
	}
	st.Grade = &state.Grade{Grade: "A", Score: 97}
	graded, err := state.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h.cache.restores = map[string][]byte{"k-master-": graded}
	if _, err := h.run(Options{}); exitCode(err) != 1 {
		t.Fatalf("exit %d (%v)", exitCode(err), err)
	}
	pub := h.poster.published[0]
	if pub.BaseGrade != "A" || pub.BaseScore != "97" || pub.BaseRef != "master" || pub.Grade == "" {
		t.Fatalf("grade %q/%q against base %q/%q on %q", pub.Grade, pub.Score, pub.BaseGrade, pub.BaseScore, pub.BaseRef)
	}
	opts := pub.RenderOptions(review.GitHubContext{})
	if opts.Doctor == nil || opts.Doctor.BaseGrade != "A" || opts.Doctor.BaseScore != "97/100" {
		t.Fatalf("doctor summary %+v", opts.Doctor)
	}
	saved, err := state.Decode(h.cache.savedData)
	if err != nil || saved.Grade == nil || saved.Grade.Grade != pub.Grade || strconv.Itoa(saved.Grade.Score) != pub.Score {
		t.Fatalf("saved grade %+v (err %v), want the head's %s/%s", saved.Grade, err, pub.Grade, pub.Score)
	}
}

// TestActionDryRunWithACacheDirectory: --cache-dir keeps states in a
// local directory: a push saves one, and a pull request's rehearsal
// compares against it (only the new finding is judged).
func TestActionDryRunWithACacheDirectory(t *testing.T) {
	for _, k := range []string{"GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ACTIONS"} {
		t.Setenv(k, "")
	}
	t.Setenv("GITHUB_RUN_ID", "7")
	t.Setenv("GITHUB_RUN_ATTEMPT", "1")
	cacheDir := t.TempDir()
	t.Setenv("GITHUB_WORKSPACE", testtree.New(t, baseFiles))
	run := func(event, payload string) (int, string, string) {
		var out, errOut bytes.Buffer
		err := Run(context.Background(), &out, &errOut, Options{DryRun: true, CacheDir: cacheDir, EventName: event,
			EventPath: filepath.Join(eventsDir, payload)}, os.Getenv)
		return exitCode(err), out.String(), errOut.String()
	}
	code, out, errOut := run("push", "push.default.json")
	if code != 1 || !strings.Contains(out, "cache: saved the state") {
		t.Fatalf("push: exit %d\n%s%s", code, out, errOut)
	}
	entries, err := os.ReadDir(cacheDir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("cache directory holds %d entries (%v), want the push's state", len(entries), err)
	}
	t.Setenv("GITHUB_RUN_ID", "8")
	t.Setenv("GITHUB_WORKSPACE", testtree.New(t, headFiles))
	code, out, errOut = run("pull_request", "pull_request.opened.0.json")
	if code != 1 || !strings.Contains(out, "restored the base state") || !strings.Contains(out, "output new-findings=1") ||
		!strings.Contains(out, "output findings=2") {
		t.Fatalf("pull request: exit %d\n%s%s", code, out, errOut)
	}
}

// interimSummary is the fakes' job summary: the counts and the text report
// in a fence (the real one is report.JobSummary).
func interimSummary(p review.Results) string {
	var b strings.Builder
	r := p.Report
	fmt.Fprintf(&b, "## %s %s\n\n", report.ToolName, r.Tool.Version)
	fmt.Fprintf(&b, "%d finding(s)", r.Summary.Total)
	if r.Compared {
		fmt.Fprintf(&b, ", %d new, %d resolved against the base", r.Summary.New, r.Summary.Resolved)
	}
	fmt.Fprintf(&b, ". Judged: %d (%s); %d at or above `%s`.\n\n", len(p.Selection.Findings), p.Selection.Note, p.Failing, p.FailOn)
	var text strings.Builder
	if err := report.WriteText(&text, r, report.TextOptions{}); err != nil {
		fmt.Fprintf(&b, "(the text report failed: %v)\n", err)
		return b.String()
	}
	fence := strings.Repeat("`", max(3, longestRun(text.String(), '`')+1))
	b.WriteString(fence + "text\n" + text.String() + fence + "\n")
	return b.String()
}

// longestRun is the longest run of c in s (a fence must be longer).
func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// TestActionWorkspaceBoundary: the config and working-directory inputs are
// resolved with their symlinks, and refused when they lead out of the
// workspace — the file is not read and its content is not echoed; a
// symlinked configuration that stays inside is read.
func TestActionWorkspaceBoundary(t *testing.T) {
	outside := t.TempDir()
	testtree.File(t, filepath.Join(outside, "secret.yaml"), "token: ghp_do_not_echo\n")
	testtree.File(t, filepath.Join(outside, "tree", "private-notes.md"), "# Private\n")
	link := func(t *testing.T, target, name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Skip("symlinks unavailable:", err)
		}
	}
	for _, tc := range []struct {
		name, key, value string
		setup            func(t *testing.T, ws string)
	}{
		{"config", "INPUT_CONFIG", "ci/docbridge.yaml", func(t *testing.T, ws string) {
			link(t, filepath.Join(outside, "secret.yaml"), filepath.Join(ws, "ci", "docbridge.yaml"))
		}},
		{"config through a linked directory", "INPUT_CONFIG", "ci/secret.yaml", func(t *testing.T, ws string) {
			link(t, outside, filepath.Join(ws, "ci"))
		}},
		{"working directory", "INPUT_WORKING-DIRECTORY", "site", func(t *testing.T, ws string) {
			link(t, filepath.Join(outside, "tree"), filepath.Join(ws, "site"))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := testtree.New(t, baseFiles)
			tc.setup(t, ws)
			h := newHarness(t, ws, "push", "push.default.json")
			h.vars[tc.key] = tc.value
			out, err := h.run(Options{})
			if exitCode(err) != 2 || !strings.Contains(err.Error(), "leads out of the workspace through a symlink") {
				t.Fatalf("exit %d, err %v; want 2, refused\n%s", exitCode(err), err, out)
			}
			if all := out + err.Error(); strings.Contains(all, "ghp_do_not_echo") || strings.Contains(all, "private-notes") {
				t.Fatalf("the outside file was read:\n%s\n%v", out, err)
			}
		})
	}
	t.Run("a symlinked config inside the workspace", func(t *testing.T) {
		ws := testtree.New(t, with(baseFiles, "ci/real.yaml", noiseOff+"    BROKEN_LINK: warn\n"))
		link(t, "real.yaml", filepath.Join(ws, "ci", "docbridge.yaml"))
		h := newHarness(t, ws, "push", "push.default.json")
		h.vars["INPUT_CONFIG"] = "ci/docbridge.yaml"
		if out, err := h.run(Options{}); exitCode(err) != 0 {
			t.Fatalf("exit %d (%v): the linked config made the link a warning\n%s", exitCode(err), err, out)
		}
	})
}

// TestActionFirstRunMissIsNoWarning: a pull request's first run has no
// state of its own saved yet; that miss is a log line, not a warning. A
// missing base state costs the comparison, so it is a warning.
func TestActionFirstRunMissIsNoWarning(t *testing.T) {
	h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h.cache.restores = map[string][]byte{"k-master-": stateOf(t, testtree.New(t, baseFiles))}
	out, _ := h.run(Options{})
	if !strings.Contains(out, "docbridge: cache: no pull request state yet") || strings.Contains(out, "::warning::docbridge: pull request state not restored") {
		t.Errorf("the pull request's own miss:\n%s", out)
	}

	h = newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h.changed = fileList{"docs/guide.md"}
	out, _ = h.run(Options{})
	if !strings.Contains(out, "::warning::docbridge: base state not restored: no cached state for") {
		t.Errorf("a missing base state must be a warning:\n%s", out)
	}
}
