package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionenv/actionenvtest"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/cache/cachetest"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
)

// The end-to-end tests run `docbridge action` as a subprocess, in a
// runner-like environment, against the fake GitHub (ghapitest) and act's
// cache server (cachetest), both in this process.

// e2eExecEnv turns the test binary into the docbridge CLI. Re-executing
// the test binary instead of building one needs no toolchain at test time
// and keeps -race (and coverage) on the subprocess too.
const e2eExecEnv = "DOCBRIDGE_E2E_EXEC"

func TestMain(m *testing.M) {
	if os.Getenv(e2eExecEnv) == "1" {
		main() // exits
	}
	os.Exit(m.Run())
}

// The fixture repository (testdata/e2e/README.md).
const (
	e2eDir     = "testdata/e2e"
	e2eHeadSHA = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee07"
	e2eBaseSHA = "ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11"
	e2ePR      = 7
	// e2eTimeout bounds one subprocess run: a hang fails, never blocks.
	e2eTimeout = 2 * time.Minute
)

// e2eWorld is one test's GitHub and Actions cache.
type e2eWorld struct {
	t        *testing.T
	gh       *ghapitest.Fake
	cache    *cachetest.V1
	cacheURL string
	token    string
	nextRun  int64
}

func newWorld(t *testing.T) *e2eWorld {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: runs the binary")
	}
	c := cachetest.StartV1Server(t)
	return &e2eWorld{t: t, gh: ghapitest.New(t), cache: c, cacheURL: c.URL, token: cachetest.RuntimeToken(t), nextRun: 5000}
}

// e2eRun is one invocation: the event, and what differs from the defaults.
type e2eRun struct {
	event, payload string
	workspace      string
	// runID 0 takes the world's next; attempt 0 is 1.
	runID   int64
	attempt int
	inputs  map[string]string
	// env replaces variables of the runner's environment (GITHUB_API_URL).
	env map[string]string
	// event, when set, is the payload itself instead of payload's file.
	eventData []byte
}

// e2eResult is what one run left: exit code, log, step outputs, job
// summary and the JSON report it wrote into the workspace.
type e2eResult struct {
	code           int
	stdout, stderr string
	outputs        map[string]string
	summary        string
	report         *report.Report
	elapsed        time.Duration
}

// workspace lays testdata/e2e/repo/<layer> over each other into a fresh
// directory (later layers replace files of earlier ones) and returns it.
func workspace(t *testing.T, layers ...string) string {
	t.Helper()
	dst := t.TempDir()
	for _, layer := range layers {
		src := filepath.Join(e2eDir, "repo", layer)
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return writeFileAll(filepath.Join(dst, rel), data)
		})
		if err != nil {
			t.Fatalf("workspace layer %s: %v", layer, err)
		}
	}
	return dst
}

func writeFileAll(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// manyBrokenLinks adds docs/many.md with n broken links, one a line.
func manyBrokenLinks(t *testing.T, ws string, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Many\n\n")
	for i := range n {
		fmt.Fprintf(&b, "- [page %d](missing-%03d.md)\n", i, i)
	}
	if err := writeFileAll(filepath.Join(ws, "docs", "many.md"), []byte(b.String())); err != nil {
		t.Fatal(err)
	}
}

// runnerEnv is the environment the runner gives a container action, and
// nothing else: GITHUB_*, INPUT_* (every input, defaults filled as the
// runner fills them), ACTIONS_*, RUNNER_TEMP, HOME and PATH.
func (w *e2eWorld) runnerEnv(r e2eRun, files string) []string {
	vars := map[string]string{
		"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": filepath.Join(files, "home"), "RUNNER_TEMP": filepath.Join(files, "runner_temp"),
		"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": r.event, "GITHUB_EVENT_PATH": filepath.Join(files, "workflow", "event.json"),
		"GITHUB_WORKSPACE": r.workspace, "GITHUB_REPOSITORY": ghapitest.Repo, "GITHUB_REPOSITORY_OWNER": "octo",
		"GITHUB_API_URL": w.gh.URL, "GITHUB_SERVER_URL": "https://github.com", "GITHUB_GRAPHQL_URL": w.gh.URL + "/graphql",
		"GITHUB_RUN_ID": strconv.FormatInt(r.runID, 10), "GITHUB_RUN_ATTEMPT": strconv.Itoa(r.attempt), "GITHUB_RUN_NUMBER": "3",
		"GITHUB_ACTOR": "octocat", "GITHUB_WORKFLOW": "docs", "GITHUB_JOB": "docbridge", "GITHUB_ACTION": "__run",
		"GITHUB_OUTPUT":       filepath.Join(files, "file_commands", "set_output"),
		"GITHUB_STEP_SUMMARY": filepath.Join(files, "file_commands", "step_summary"),
		"ACTIONS_CACHE_URL":   w.cacheURL, "ACTIONS_RUNTIME_TOKEN": w.token,
		e2eExecEnv: "1",
	}
	switch r.event {
	case actionenv.EventSchedule, actionenv.EventIssueComment:
		// Both run on the default branch's head.
		vars["GITHUB_REF"], vars["GITHUB_REF_NAME"], vars["GITHUB_SHA"] = "refs/heads/main", "main", w.gh.Head(ghapitest.DefaultBranch)
	case actionenv.EventPush:
		vars["GITHUB_REF"], vars["GITHUB_REF_NAME"], vars["GITHUB_SHA"] = "refs/heads/main", "main", e2eBaseSHA
	case actionenv.EventPullRequest:
		vars["GITHUB_REF"], vars["GITHUB_REF_NAME"] = fmt.Sprintf("refs/pull/%d/merge", e2ePR), fmt.Sprintf("%d/merge", e2ePR)
		vars["GITHUB_SHA"] = "3e7e3e7e3e7e3e7e3e7e3e7e3e7e3e7e3e7e3e7e" // the merge commit, not the head
		vars["GITHUB_HEAD_REF"], vars["GITHUB_BASE_REF"] = "feature", "main"
	}
	for _, s := range actionenv.Specs {
		vars["INPUT_"+strings.ToUpper(s.Name)] = s.Default
	}
	vars["INPUT_GITHUB-TOKEN"] = ghapitest.Token
	for k, v := range r.inputs {
		vars["INPUT_"+strings.ToUpper(k)] = v
	}
	for k, v := range r.env {
		vars[k] = v
	}
	if d := os.Getenv("GOCOVERDIR"); d != "" {
		vars["GOCOVERDIR"] = d // a -cover test binary writes its profile there
	}
	env := make([]string, 0, len(vars))
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	slices.Sort(env)
	return env
}

// run runs `docbridge action` for r and collects what it left.
func (w *e2eWorld) run(r e2eRun) e2eResult {
	t := w.t
	t.Helper()
	if r.runID == 0 {
		w.nextRun++
		r.runID = w.nextRun
	}
	r.attempt = max(r.attempt, 1)
	files := t.TempDir()
	for _, d := range []string{"home", "runner_temp", "workflow", "file_commands"} {
		if err := os.MkdirAll(filepath.Join(files, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	payload := r.eventData
	if payload == nil {
		var err error
		if payload, err = os.ReadFile(filepath.Join(e2eDir, r.payload)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(files, "workflow", "event.json"), payload, 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), e2eTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "action")
	cmd.Env = w.runnerEnv(r, files)
	cmd.Dir = r.workspace // the container's working directory
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	res := e2eResult{stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.ExitCode() > 0:
		res.code = ee.ExitCode()
	default:
		t.Fatalf("docbridge action: %v\nstderr:\n%s", err, res.stderr)
	}
	res.outputs = actionenvtest.ReadOutputs(t, filepath.Join(files, "file_commands", "set_output"))
	if data, err := os.ReadFile(filepath.Join(files, "file_commands", "step_summary")); err == nil {
		res.summary = string(data)
	}
	if data, err := os.ReadFile(filepath.Join(r.workspace, filepath.FromSlash(actionrun.ReportPath))); err == nil {
		res.report = &report.Report{}
		if err := json.Unmarshal(data, res.report); err != nil {
			t.Fatalf("the JSON report does not decode: %v", err)
		}
	}
	t.Logf("%s %s (run %d.%d): exit %d in %s", r.event, r.payload, r.runID, r.attempt, res.code, res.elapsed.Round(time.Millisecond))
	return res
}

// wantExit fails the test unless res exited with code.
func (res e2eResult) wantExit(t *testing.T, code int) {
	t.Helper()
	if res.code != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", res.code, code, res.stdout, res.stderr)
	}
	if res.report == nil {
		t.Fatalf("no JSON report\nstdout:\n%s", res.stdout)
	}
}

// loc is a finding's or an annotation's place, path:line.
func loc(path string, line int) string { return path + ":" + strconv.Itoa(line) }

// findingLocs are the locations of the report's findings that keep says
// to, sorted.
func findingLocs(rep *report.Report, keep func(report.Finding) bool) []string {
	var out []string
	for _, f := range rep.Findings {
		if keep(f) {
			out = append(out, loc(f.Location.Path, f.Location.Line))
		}
	}
	slices.Sort(out)
	return out
}

// annotationLocs are the locations of a check run's annotations, sorted.
func annotationLocs(run ghapitest.CheckRun) []string {
	var out []string
	for _, a := range run.Annotations {
		line, _ := a["start_line"].(float64)
		out = append(out, loc(fmt.Sprint(a["path"]), int(line)))
	}
	slices.Sort(out)
	return out
}

func isNew(f report.Finding) bool { return f.Status == "new" }

// inFiles keeps findings located in one of files.
func inFiles(files ...string) func(report.Finding) bool {
	return func(f report.Finding) bool { return slices.Contains(files, f.Location.Path) }
}

// wantOutputs checks every step output: counts from the report, the
// snapshot hash and the report path.
func (res e2eResult) wantOutputs(t *testing.T, newFindings, resolved int) {
	t.Helper()
	want := map[string]string{
		actionenv.OutputFindings: strconv.Itoa(len(res.report.Findings)), actionenv.OutputNewFindings: strconv.Itoa(newFindings),
		actionenv.OutputResolvedFindings: strconv.Itoa(resolved), actionenv.OutputSnapshotHash: res.report.SnapshotHash,
		actionenv.OutputReport: actionrun.ReportPath,
	}
	for name, v := range want {
		if res.outputs[name] != v {
			t.Errorf("output %s = %q, want %q", name, res.outputs[name], v)
		}
	}
	if res.outputs[actionenv.OutputGrade] == "" || res.outputs[actionenv.OutputScore] == "" {
		t.Errorf("no grade or score: %v", res.outputs)
	}
	if len(res.outputs) != len(actionenv.Outputs) {
		t.Errorf("outputs %v, want exactly %v", res.outputs, actionenv.Outputs)
	}
}

// wantEverywhere checks that every finding of the report is in the log,
// by location and message, and in the job summary either listed or
// counted in its code's "… and N more" line, with the summary naming
// where the full list is when it counts any.
func (res e2eResult) wantEverywhere(t *testing.T) {
	t.Helper()
	if len(res.report.Findings) == 0 {
		t.Fatal("no findings: the check would prove nothing")
	}
	for _, f := range res.report.Findings {
		if !strings.Contains(res.stdout, f.Location.Path) || !strings.Contains(res.stdout, f.Detail) {
			t.Errorf("the log lacks %s (%s)", loc(f.Location.Path, f.Location.Line), f.Detail)
		}
		listed := strings.Contains(res.summary, f.Location.Path) && strings.Contains(res.summary, f.Detail)
		counted := strings.Contains(res.summary, "more `"+f.Code+"` finding")
		if !listed && !counted {
			t.Errorf("the job summary neither lists nor counts %s (%s)", loc(f.Location.Path, f.Location.Line), f.Detail)
		}
		if counted && !strings.Contains(res.summary, "every finding is in the JSON report `.docbridge/report.json`") {
			t.Errorf("the job summary counts findings without saying where they are")
		}
	}
}

// onlyRun returns the one check run posted.
func onlyRun(t *testing.T, gh *ghapitest.Fake) ghapitest.CheckRun {
	t.Helper()
	runs := gh.Runs()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1: %+v", len(runs), runs)
	}
	r := runs[0]
	if r.Name != "docbridge" || r.HeadSHA != e2eHeadSHA || r.Status != "completed" {
		t.Fatalf("check run %q on %s, %s; want docbridge on the PR head, completed", r.Name, r.HeadSHA, r.Status)
	}
	return r
}

// stickyComments are the bot's comments on the PR that start with the
// marker.
func stickyComments(gh *ghapitest.Fake) []ghapitest.Comment {
	var out []ghapitest.Comment
	for _, c := range gh.Comments() {
		if c.Issue == e2ePR && c.User == ghapitest.Bot && strings.HasPrefix(c.Body, review.StickyMarker) {
			out = append(out, c)
		}
	}
	return out
}

// pushMain runs the push to main that saves the base state.
func (w *e2eWorld) pushMain() e2eResult {
	w.t.Helper()
	res := w.run(e2eRun{event: actionenv.EventPush, payload: "push.main.json", workspace: workspace(w.t, "base")})
	res.wantExit(w.t, 1) // the base has broken links
	if !strings.Contains(res.stdout, "docbridge: cache: saved the state under") {
		w.t.Fatalf("the push saved no state:\n%s", res.stdout)
	}
	if n := len(w.gh.Requests("", "")); n != 0 {
		w.t.Fatalf("a push sent %d API requests", n)
	}
	return res
}

// TestE2EPushThenPullRequest: a push to main saves the state; the pull
// request restores it as its base and annotates only what is new.
func TestE2EPushThenPullRequest(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	push := w.pushMain()
	push.wantOutputs(t, len(push.report.Findings), 0)

	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: workspace(t, "base", "head")})
	pr.wantExit(t, 1)
	if !strings.Contains(pr.stdout, "docbridge: cache: restored the base state") || !pr.report.Compared {
		t.Fatalf("the base state was not used:\n%s", pr.stdout)
	}
	// The push judged the base alone and kept its findings; the same binary
	// and configuration compare with them instead of judging it again.
	if !strings.Contains(pr.stdout, "docbridge: the base's findings were kept with its state") {
		t.Errorf("the pull request judged the base again although the push kept its findings:\n%s", pr.stdout)
	}
	newLocs := findingLocs(pr.report, isNew)
	if !slices.Equal(newLocs, []string{"docs/guide.md:3"}) || len(pr.report.Resolved) != 1 || len(pr.report.Findings) != 2 {
		t.Fatalf("new %v, %d resolved, %d findings: the fixture should give 1 new, 1 resolved, 1 unchanged",
			newLocs, len(pr.report.Resolved), len(pr.report.Findings))
	}
	run := onlyRun(t, w.gh)
	if got := annotationLocs(run); !slices.Equal(got, newLocs) || run.Conclusion != "failure" {
		t.Errorf("annotated %v (%s), want only the new %v", got, run.Conclusion, newLocs)
	}
	pr.wantOutputs(t, 1, 1)
	pr.wantEverywhere(t)
	sticky := stickyComments(w.gh)
	if len(sticky) != 1 {
		t.Fatalf("%d sticky comments", len(sticky))
	}
	link := fmt.Sprintf("https://github.com/%s/blob/%s/docs/guide.md#L3", ghapitest.Repo, e2eHeadSHA)
	if !strings.Contains(sticky[0].Body, link) || strings.Contains(sticky[0].Body, "/docs/rank.md#L") {
		t.Errorf("the comment should link the new finding at the head SHA and not the unchanged one:\n%s", sticky[0].Body)
	}
	if n := len(w.gh.Requests(http.MethodGet, "/files")); n != 0 {
		t.Errorf("with a base state the changed files are not needed, yet listed %d times", n)
	}
}

// TestE2EColdPullRequest: no state in the cache; filter new falls back to
// the findings in the PR's changed files, listed by the API.
func TestE2EColdPullRequest(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	changed := []string{"docs/guide.md", "docs/intro.md"}
	w.gh.SetFiles(e2ePR, changed)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: workspace(t, "base", "head")})
	pr.wantExit(t, 1)
	// internal/cache reports a miss as a warning (the issue: "a miss … means
	// a cold scan and a warning").
	if !strings.Contains(pr.stdout, "base state not restored: no cached state for") || pr.report.Compared {
		t.Fatalf("want a cold run without a base:\n%s", pr.stdout)
	}
	want := findingLocs(pr.report, inFiles(changed...))
	if len(want) == 0 || len(want) == len(pr.report.Findings) {
		t.Fatalf("findings in changed files %v of %d: the fixture should have some outside them", want, len(pr.report.Findings))
	}
	if got := annotationLocs(onlyRun(t, w.gh)); !slices.Equal(got, want) {
		t.Errorf("annotated %v, want the changed files' %v", got, want)
	}
	if n := len(w.gh.Requests(http.MethodGet, fmt.Sprintf("/pulls/%d/files", e2ePR))); n != 1 {
		t.Errorf("changed files listed %d times, want 1", n)
	}
	pr.wantOutputs(t, len(want), 0)
	pr.wantEverywhere(t)
	if !strings.Contains(pr.stdout, "saved the state under") {
		t.Errorf("the PR-scoped state was not saved:\n%s", pr.stdout)
	}
}

// TestE2EAnnotationBatches: 120 new findings reach the check run in three
// updates of 50, 50 and 20; only the first completes the run.
func TestE2EAnnotationBatches(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	ws := workspace(t, "base")
	manyBrokenLinks(t, ws, 120)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: ws})
	pr.wantExit(t, 1)
	newLocs := findingLocs(pr.report, isNew)
	if len(newLocs) != 120 {
		t.Fatalf("%d new findings, want 120", len(newLocs))
	}
	run := onlyRun(t, w.gh)
	if !slices.Equal(run.UpdateSizes, []int{50, 50, 20}) {
		t.Errorf("annotation updates %v, want [50 50 20]", run.UpdateSizes)
	}
	if got := annotationLocs(run); !slices.Equal(got, newLocs) {
		t.Errorf("annotated %d locations, want the 120 new ones", len(got))
	}
	for i, p := range w.gh.Requests(http.MethodPatch, "/check-runs/") {
		var body struct{ Status, Conclusion string }
		if err := json.Unmarshal(p.Body, &body); err != nil {
			t.Fatal(err)
		}
		if (i == 0) != (body.Status == "completed" && body.Conclusion == "failure") {
			t.Errorf("update %d: status %q, conclusion %q; only the first completes", i, body.Status, body.Conclusion)
		}
	}
	pr.wantOutputs(t, 120, 0)
}

// TestE2ERerunEditsTheStickyComment: a second push to the PR edits the
// bot's sticky comment in place; another user's comment with the same
// marker is neither taken nor touched; a re-run with nothing changed
// writes no comment at all.
func TestE2ERerunEditsTheStickyComment(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	impostor := review.StickyMarker + "\nall good, merge it"
	w.gh.SeedComment(e2ePR, "mallory", impostor)
	w.gh.SeedComment(e2ePR, "octocat", "looks fine")

	first := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: workspace(t, "base", "head")})
	first.wantExit(t, 1)
	sticky := stickyComments(w.gh)
	if len(sticky) != 1 || strings.Contains(sticky[0].Body, "faq.md") {
		t.Fatalf("after the first run: %d sticky comments", len(sticky))
	}
	id := sticky[0].ID

	ws := workspace(t, "base", "head", "head2")
	second := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.synchronize.json", workspace: ws})
	second.wantExit(t, 1)
	sticky = stickyComments(w.gh)
	if len(sticky) != 1 || sticky[0].ID != id || sticky[0].Edits != 1 || !strings.Contains(sticky[0].Body, "docs/faq.md") {
		t.Fatalf("after the second run: %+v; want comment %d edited once, naming docs/faq.md", sticky, id)
	}
	if n := len(w.gh.Requests(http.MethodPost, "/comments")); n != 1 {
		t.Errorf("%d comments created, want 1", n)
	}
	edits := w.gh.Requests(http.MethodPatch, "/issues/comments/")
	if len(edits) != 1 || !strings.HasSuffix(edits[0].Path, "/"+strconv.FormatInt(id, 10)) {
		t.Errorf("edits %v, want one of comment %d", edits, id)
	}
	for _, c := range w.gh.Comments() {
		if c.User == "mallory" && (c.Body != impostor || c.Edits != 0) {
			t.Errorf("another user's comment was changed: %+v", c)
		}
	}
	if got := second.outputs[actionenv.OutputNewFindings]; got != "2" {
		t.Errorf("new-findings %q after the second push, want 2 (guide and faq)", got)
	}

	// The same run again (attempt 2): same content, same comment.
	before := len(w.gh.Writes())
	third := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.synchronize.json", workspace: ws,
		runID: w.nextRun, attempt: 2})
	third.wantExit(t, 1)
	for _, r := range w.gh.Writes()[before:] {
		if strings.Contains(r.Path, "/comments") {
			t.Errorf("a re-run with nothing changed sent %s %s", r.Method, r.Path)
		}
	}
	if !strings.Contains(third.stdout, "restored the pull request state") {
		t.Errorf("the re-run did not reuse the PR's own state:\n%s", third.stdout)
	}
}

// workflowLines are the log's workflow-command annotations by type.
func workflowLines(log string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(log, "\n") {
		for _, name := range []string{"error", "warning", "notice"} {
			if strings.HasPrefix(line, "::"+name+" ") {
				out[name] = append(out[name], line)
			}
		}
	}
	return out
}

// TestE2EForkPullRequest: a PR from a fork has a read-only token. Nothing
// is written to the API; the findings go out as workflow commands, worst
// first, ten of a type at most with the rest counted, and the job summary
// holds every finding.
func TestE2EForkPullRequest(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	ws := workspace(t, "base", "head")
	manyBrokenLinks(t, ws, 14)
	changed := []string{"docs/guide.md", "docs/many.md"}
	w.gh.SetFiles(e2ePR, changed)
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.fork.json", workspace: ws})
	pr.wantExit(t, 1)
	if writes := w.gh.Writes(); len(writes) != 0 {
		t.Fatalf("a fork's run wrote to the API: %+v", writes)
	}
	judged := findingLocs(pr.report, inFiles(changed...))
	if len(judged) != 15 {
		t.Fatalf("%d findings in the changed files, want 15", len(judged))
	}
	errs := workflowLines(pr.stdout)["error"]
	if len(errs) != review.MaxWorkflowAnnotationsPerType {
		t.Fatalf("%d ::error lines, want %d:\n%s", len(errs), review.MaxWorkflowAnnotationsPerType, pr.stdout)
	}
	shown := review.MaxWorkflowAnnotationsPerType - 1
	if want := fmt.Sprintf("::%d more errors not shown here", len(judged)-shown); !strings.Contains(errs[shown], want) {
		t.Errorf("the last error line %q, want %q", errs[shown], want)
	}
	// Worst first means the report's order; every shown line is a judged
	// finding, the first judged ones.
	var order []string
	for _, f := range pr.report.Findings {
		if slices.Contains(changed, f.Location.Path) {
			order = append(order, fmt.Sprintf("file=%s,line=%d", f.Location.Path, f.Location.Line))
		}
	}
	for i, line := range errs[:shown] {
		if !strings.Contains(line, order[i]+",") && !strings.Contains(line, order[i]+"::") {
			t.Errorf("error line %d %q, want the finding at %s", i, line, order[i])
		}
	}
	if !strings.Contains(pr.stdout, "pull request from a fork") {
		t.Errorf("the log does not say why there is no check run:\n%s", pr.stdout)
	}
	pr.wantOutputs(t, len(judged), 0)
	pr.wantEverywhere(t)
	// 15 broken links judged: the summary lists 10 and counts 5. The log
	// lists 10 of the report's broken links and counts the rest, then its
	// collapsed group lists every finding.
	if !strings.Contains(pr.summary, "… and 5 more `BROKEN_LINK` findings (see the JSON report).") {
		t.Errorf("the job summary does not count the 5 broken links over the bound:\n%s", pr.summary)
	}
	group := pr.stdout[strings.Index(pr.stdout, "::group::docbridge: every finding"):]
	more := fmt.Sprintf("… and %d more BROKEN_LINK findings", len(findingLocs(pr.report, func(f report.Finding) bool {
		return f.Code == "BROKEN_LINK"
	}))-report.DefaultMaxPerCode)
	if !strings.Contains(pr.stdout, more) || !strings.Contains(group, "::endgroup::") ||
		strings.Count(group, "  docs/many.md:") != 14 {
		t.Errorf("the log does not count the rest and then list every finding in a group:\n%s", pr.stdout)
	}
}

// TestE2ERetriesThenSucceeds: 502s and a secondary rate limit
// (Retry-After: 1) are waited out and retried; everything is posted once.
func TestE2ERetriesThenSucceeds(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	w := newWorld(t)
	w.pushMain()
	// The sticky comment's, not the review comments' (the suggestions').
	issueComments := fmt.Sprintf("/issues/%d/comments", e2ePR)
	w.gh.AddFault(ghapitest.Fault{Method: http.MethodPost, PathContains: "/check-runs", Times: 1, Status: http.StatusBadGateway,
		Body: `{"message":"Server Error"}`})
	w.gh.AddFault(ghapitest.Fault{Method: http.MethodGet, PathContains: issueComments, Times: 1, Status: http.StatusBadGateway,
		Body: `{"message":"Server Error"}`})
	w.gh.AddFault(ghapitest.Fault{Method: http.MethodPost, PathContains: issueComments, Times: 1, Status: http.StatusForbidden,
		Header: map[string]string{"Retry-After": "1", "Content-Type": "application/json"},
		Body:   `{"message":"You have exceeded a secondary rate limit.","documentation_url":"` + ghapitest.SecondaryLimitDoc + `"}`})
	pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json", workspace: workspace(t, "base", "head")})
	pr.wantExit(t, 1)
	for _, c := range []struct {
		method, path string
		want         []int
	}{
		{http.MethodPost, "/check-runs", []int{http.StatusBadGateway, http.StatusCreated}},
		{http.MethodGet, issueComments, []int{http.StatusBadGateway, http.StatusOK}},
		{http.MethodPost, issueComments, []int{http.StatusForbidden, http.StatusCreated}},
	} {
		reqs := w.gh.Requests(c.method, c.path)
		var got []int
		for _, r := range reqs {
			got = append(got, r.Status)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %s answered %v, want %v", c.method, c.path, got, c.want)
			continue
		}
		if gap := reqs[1].At.Sub(reqs[0].At); gap < time.Second {
			t.Errorf("%s %s retried after %s, before the wait of 1s", c.method, c.path, gap)
		}
	}
	run := onlyRun(t, w.gh)
	if got := annotationLocs(run); !slices.Equal(got, findingLocs(pr.report, isNew)) {
		t.Errorf("annotated %v", got)
	}
	if len(stickyComments(w.gh)) != 1 {
		t.Errorf("want one sticky comment")
	}
	if strings.Contains(pr.stdout, "posting the results failed") || strings.Contains(pr.stdout, "could not") {
		t.Errorf("the retried run reported a failure:\n%s", pr.stdout)
	}
}

// TestE2EGitHubDown: GitHub refuses every request for good. The job
// summary and the log hold every finding, the annotations reach the log
// as workflow commands, and the exit code still follows fail-on. The
// outage answers 429 with Retry-After: 0 so the five attempts per call
// take no time; 5xx outages take the same path after a backoff of
// 1+2+4+8 s a call (internal/review's TestGitHubDown proves those waits).
func TestE2EGitHubDown(t *testing.T) {
	t.Parallel() // its own world, workspace and subprocess
	for _, tc := range []struct {
		failOn string
		code   int
	}{{"error", 1}, {"none", 0}} {
		t.Run("fail-on "+tc.failOn, func(t *testing.T) {
			w := newWorld(t)
			w.pushMain()
			w.gh.GoDown(ghapitest.Fault{Status: http.StatusTooManyRequests, Header: map[string]string{"Retry-After": "0"},
				Body: `{"message":"Service unavailable"}`})
			pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json",
				workspace: workspace(t, "base", "head"), inputs: map[string]string{"fail-on": tc.failOn}})
			pr.wantExit(t, tc.code)
			if !strings.Contains(pr.stdout, "posting the results failed") {
				t.Errorf("the log does not say posting failed:\n%s", pr.stdout)
			}
			if len(w.gh.Runs()) != 0 || len(w.gh.Comments()) != 0 {
				t.Errorf("something was posted although GitHub was down")
			}
			if n := len(w.gh.Requests(http.MethodPost, "/check-runs")); n == 0 || n%5 != 0 {
				t.Errorf("%d attempts to create the check run, want 5 per call", n)
			}
			pr.wantEverywhere(t)
			pr.wantOutputs(t, 1, 1)
			errs := workflowLines(pr.stdout)["error"]
			newLocs := findingLocs(pr.report, isNew)
			if len(errs) != len(newLocs) || !strings.Contains(errs[0], "file=docs/guide.md,line=3") {
				t.Errorf("workflow commands %q, want the new finding %v", errs, newLocs)
			}
		})
	}
}

// TestE2EPublishDeadline: GitHub unreachable — connections refused, or a
// server that accepts and never answers. The API calls share one deadline
// (publish-timeout); each retry is said in the log with its reason and
// wait; when the deadline passes the annotations go to the log as workflow
// commands, the job summary and the report hold every finding, and the
// exit code still follows fail-on.
// Not parallel: "connection refused" closes a listener and relies on no
// other test's server taking its port meanwhile; the parallel tests start
// only after the sequential ones have finished.
func TestE2EPublishDeadline(t *testing.T) {
	refused := func(t *testing.T) string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close() // nothing listens there now: every connection is refused
		return "http://" + addr
	}
	silent := func(t *testing.T) string {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select { // accept, then never answer
			case <-r.Context().Done():
			case <-release:
			}
		}))
		t.Cleanup(func() { close(release); srv.Close() })
		return srv.URL
	}
	for _, tc := range []struct {
		name  string
		api   func(t *testing.T) string
		retry string // what the log says before a wait
	}{
		{"connection refused", refused, "connection refused; retrying in 1s (attempt 2 of 5)"},
		{"never answers", silent, "publish-timeout of 3s passed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.pushMain()
			pr := w.run(e2eRun{event: actionenv.EventPullRequest, payload: "pull_request.opened.json",
				workspace: workspace(t, "base", "head"), inputs: map[string]string{"publish-timeout": "3s"},
				env: map[string]string{"GITHUB_API_URL": tc.api(t)}})
			pr.wantExit(t, 1)
			for _, want := range []string{tc.retry, "publish-timeout of 3s passed", "posting the results failed"} {
				if !strings.Contains(pr.stdout, want) {
					t.Errorf("the log lacks %q:\n%s", want, pr.stdout)
				}
			}
			pr.wantEverywhere(t)
			errs := workflowLines(pr.stdout)["error"]
			if newLocs := findingLocs(pr.report, isNew); len(errs) != len(newLocs) || len(errs) == 0 {
				t.Errorf("workflow commands %q, want the new findings %v", errs, newLocs)
			}
		})
	}
}
