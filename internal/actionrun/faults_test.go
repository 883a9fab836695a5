package actionrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/cache/cachetest"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/run"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The fault matrix of issue 32: every GitHub operation the action makes,
// on each route that makes it, under every fault. Each cell is a real run
// (runAction with the real wiring) against the fake GitHub, which
// validates every request against the OpenAPI subset and fails the one
// operation the cell names as the fault says; the retries take no time
// (wiring.sleep) and the API calls share a short publish-timeout. Each cell
// checks the invariants (runCell) and yields an outcome; docs/faults.md
// is the table of those outcomes (TestFaultMatrix compares it, -update
// rewrites it: internal/golden).

// faultsDoc is the generated page, relative to this package.
const faultsDoc = "../../docs/faults.md"

// The cells' deadlines. A never-answered request ends at the
// publish-timeout (hangTimeout; for the cache, each call at
// hangCacheTimeout); the other cells keep a deadline no run meets, so that
// a slow machine (-race) cannot change their outcome. faultHangBound
// bounds a whole run: a run still going then has overrun its deadline (a
// hang detector, far above any honest run).
const (
	hangTimeout      = "2s"
	hangCacheTimeout = 2 * time.Second
	faultHangBound   = 3 * time.Minute
)

// every is a fault's Times for a fault that lasts the whole run.
const every = 1 << 30

// faultKind is a column of the matrix: how the operation fails, on every
// request of the run (a lasting outage, a lasting refusal) or on the
// first only (an answer lost or broken after GitHub acted, one secondary
// rate limit).
type faultKind struct {
	name, doc string
	fault     func(op string) ghapitest.Fault
}

func statusFault(status int, header map[string]string, body string, times int) func(string) ghapitest.Fault {
	return func(op string) ghapitest.Fault {
		return ghapitest.Fault{Operation: op, Times: times, Status: status, Header: header, Body: body}
	}
}

func kindFault(k ghapitest.FaultKind, times int) func(string) ghapitest.Fault {
	return func(op string) ghapitest.Fault { return ghapitest.Fault{Operation: op, Times: times, Kind: k} }
}

var jsonHeader = map[string]string{"Content-Type": "application/json; charset=utf-8"}

var faultKinds = []faultKind{
	{"refused", "lasting: the connection closes before the request is served (a refused connection cannot be chosen per operation: the client has connected before the fake knows the request)",
		kindFault(ghapitest.Reset, every)},
	{"never answered", "lasting: the request is accepted and never answered", kindFault(ghapitest.Hang, every)},
	{"500", "lasting", statusFault(http.StatusInternalServerError, jsonHeader, `{"message":"Server Error"}`, every)},
	{"502", "lasting", statusFault(http.StatusBadGateway, jsonHeader, `{"message":"Server Error"}`, every)},
	{"503", "lasting", statusFault(http.StatusServiceUnavailable, jsonHeader, `{"message":"Service Unavailable"}`, every)},
	{"403", "lasting: Resource not accessible by integration, no rate-limit headers",
		statusFault(http.StatusForbidden, jsonHeader, `{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest"}`, every)},
	{"403 rate limit", "lasting: the primary rate limit, X-RateLimit-Remaining: 0 and a reset far away", statusFault(http.StatusForbidden, map[string]string{"Content-Type": "application/json", "X-RateLimit-Limit": "1000",
		"X-RateLimit-Remaining": "0", "X-RateLimit-Used": "1000", "X-RateLimit-Reset": strconv.FormatInt(time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), 10)},
		`{"message":"API rate limit exceeded for installation ID 1.","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}`, every)},
	{"secondary limit", "once: a secondary rate limit with Retry-After: 0 (a real wait is TestE2ERetriesThenSucceeds'; go-github refuses every request locally until the Retry-After has passed, so the matrix, which waits no time, names none)",
		statusFault(http.StatusForbidden, map[string]string{"Content-Type": "application/json", "Retry-After": "0"},
			`{"message":"You have exceeded a secondary rate limit.","documentation_url":"`+ghapitest.SecondaryLimitDoc+`"}`, 1)},
	{"404", "lasting", statusFault(http.StatusNotFound, jsonHeader, `{"message":"Not Found"}`, every)},
	{"409", "lasting", statusFault(http.StatusConflict, jsonHeader, `{"message":"Conflict"}`, every)},
	{"422", "lasting: Validation Failed", statusFault(http.StatusUnprocessableEntity, jsonHeader, `{"message":"Validation Failed"}`, every)},
	{"truncated JSON", "once: GitHub serves the request, and the answer's body is cut in half", kindFault(ghapitest.Truncated, 1)},
	{"malformed JSON", "once: GitHub serves the request, and the answer's body is an HTML page", kindFault(ghapitest.Malformed, 1)},
	{"answer lost", "once: GitHub serves the request, and the connection closes before the answer", kindFault(ghapitest.Lost, 1)},
	{"502 after acting", "once: GitHub serves the request, and the answer is a 502 (the proxy in front gave up first)", kindFault(ghapitest.BadGatewayAfter, 1)},
}

// faultWorld is one cell's GitHub and the run's files.
type faultWorld struct {
	t  *testing.T
	gh *ghapitest.Fake
	// lasting names the operation a lasting fault fails ("" for none):
	// what it should have made cannot be asked of GitHub; lastingStatus
	// is that fault's answer (0 for a transport failure).
	lasting       string
	lastingStatus int
	// hang is set in a never-answered cell: the run's deadlines are
	// short (hangTimeout, hangCacheTimeout).
	hang bool
	// cache, when set, is the Actions cache (act's server behind a
	// proxy that fails its operations); nil runs without a cache.
	cache *cachetest.Proxy
}

// addFault fails op as fl says, on GitHub or on the cache.
func (w *faultWorld) addFault(op string, fl ghapitest.Fault) {
	if !strings.HasPrefix(op, "cache/") {
		w.gh.AddFault(fl)
		return
	}
	w.cache.AddFault(cachetest.Fault{Op: op, Times: fl.Times, Status: fl.Status, Header: fl.Header, Body: fl.Body, Kind: fl.Kind})
}

// clearFaults makes GitHub and the cache work again.
func (w *faultWorld) clearFaults() {
	w.gh.ClearFaults()
	if w.cache != nil {
		w.cache.ClearFaults()
	}
}

// hung counts the requests still held by a Hang fault.
func (w *faultWorld) hung() int {
	n := w.gh.Hung()
	if w.cache != nil {
		n += w.cache.Hung()
	}
	return n
}

// counts are how many requests GitHub and the cache have had so far.
func (w *faultWorld) counts() (gh, cache int) {
	gh = len(w.gh.Requests("", ""))
	if w.cache != nil {
		cache = len(w.cache.Ops())
	}
	return gh, cache
}

// since returns the operations of the requests after counts gh and c:
// GitHub's, then the cache's, each in arrival order.
func (w *faultWorld) since(gh, c int) []string {
	var out []string
	for _, r := range w.gh.Requests("", "")[gh:] {
		out = append(out, r.Operation)
	}
	if w.cache != nil {
		out = append(out, w.cache.Ops()[c:]...)
	}
	return out
}

// faultRun is what one run left.
type faultRun struct {
	code            int
	stdout, summary string
	report          *report.Report
}

// run runs the action on event with payload in workspace ws.
func (w *faultWorld) run(event string, payload []byte, ws string, inputs map[string]string) faultRun {
	t := w.t
	t.Helper()
	files := t.TempDir()
	eventPath := filepath.Join(files, "event.json")
	if err := os.WriteFile(eventPath, payload, 0o644); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{
		"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": eventPath,
		"GITHUB_OUTPUT": filepath.Join(files, "output"), "GITHUB_STEP_SUMMARY": filepath.Join(files, "summary"),
		"GITHUB_WORKSPACE": ws, "GITHUB_REPOSITORY": ghapitest.Repo, "GITHUB_SERVER_URL": "https://github.com",
		"GITHUB_REF": "refs/heads/" + ghapitest.DefaultBranch, "GITHUB_SHA": w.gh.Head(ghapitest.DefaultBranch),
		"GITHUB_RUN_ID": "1001", "GITHUB_RUN_ATTEMPT": "1", "GITHUB_API_URL": w.gh.URL,
		"INPUT_GITHUB-TOKEN": ghapitest.Token, "INPUT_CACHE": "false",
	}
	for _, s := range actionenv.Specs {
		if _, set := vars["INPUT_"+strings.ToUpper(s.Name)]; !set {
			vars["INPUT_"+strings.ToUpper(s.Name)] = s.Default
		}
	}
	if w.hang {
		vars["INPUT_PUBLISH-TIMEOUT"] = hangTimeout
	}
	if w.cache != nil {
		vars["INPUT_CACHE"], vars["ACTIONS_CACHE_URL"], vars["ACTIONS_RUNTIME_TOKEN"] = "true", w.cache.URL, cachetest.RuntimeToken(t)
	}
	for k, v := range inputs {
		vars["INPUT_"+strings.ToUpper(k)] = v
	}
	wire := func(wi wiring) (actionDeps, error) {
		wi.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
		if w.hang {
			wi.cacheTimeout = hangCacheTimeout
		}
		return wireAction(wi)
	}
	ctx, cancel := context.WithTimeout(context.Background(), faultHangBound)
	defer cancel()
	var stdout, stderr bytes.Buffer
	err := runAction(ctx, &stdout, &stderr, Options{Enrich: run.Stage{}}, func(k string) string { return vars[k] }, wire)
	if ctx.Err() != nil {
		t.Fatalf("the run overran: still going after %s\n%s", faultHangBound, stdout.String())
	}
	res := faultRun{code: exitCode(err), stdout: stdout.String() + stderr.String()}
	if err != nil {
		res.stdout += "\nerror: " + err.Error()
	}
	if data, err := os.ReadFile(vars["GITHUB_STEP_SUMMARY"]); err == nil {
		res.summary = string(data)
	}
	if data, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(ReportPath))); err == nil {
		res.report = &report.Report{}
		if err := json.Unmarshal(data, res.report); err != nil {
			t.Fatalf("the JSON report: %v", err)
		}
	}
	return res
}

// faultScenario is a route of the action, set up on a fresh fake GitHub
// and run once per cell.
type faultScenario struct {
	name, doc string
	// prefix, when set, keeps the scenario's rows to the operations
	// whose names start with it (the cache's, on a route that makes
	// GitHub's too, which the other scenarios cover).
	prefix string
	// setup prepares the fake (fault-free) and returns the run to fault
	// and the check of the scenario's own invariants after it, which
	// returns what happened to what the scenario is about ("" when
	// nothing is worth saying).
	setup func(w *faultWorld) (run func() faultRun, check func() string)
}

// prFiles is a pull request's checkout: a page with a broken link in a
// changed file, which fails the check (fail-on: error).
var prFiles = map[string]string{
	"docbridge.yaml": noiseOff,
	"docs/rank.md":   "# Ranking\n\nCall `RankDocs` from `src/rank.ts`.\n",
	"src/rank.ts":    "export function RankDocs(): number { return 1 }\n",
	"docs/guide.md":  "# Guide\n\nRead [setup](setup.md) and `src/rank.ts`.\n",
}

const (
	faultPR      = 7
	faultHeadSHA = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee07"
)

func prPayload(t *testing.T) []byte {
	t.Helper()
	repo := map[string]any{"full_name": ghapitest.Repo, "default_branch": ghapitest.DefaultBranch}
	data, err := json.Marshal(map[string]any{"action": "opened", "number": faultPR, "repository": repo,
		"pull_request": map[string]any{"number": faultPR,
			"head": map[string]any{"ref": "feature", "sha": faultHeadSHA, "repo": repo},
			"base": map[string]any{"ref": ghapitest.DefaultBranch, "sha": "ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11", "repo": repo}}})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// pullRequestScenario is the pull_request route; sticky seeds the bot's
// comment of an earlier run, which this one edits.
func pullRequestScenario(name, doc string, sticky bool) faultScenario {
	return faultScenario{name: name, doc: doc,
		setup: func(w *faultWorld) (func() faultRun, func() string) {
			w.gh.SetFiles(faultPR, []string{"docs/guide.md"})
			if sticky {
				w.gh.SeedComment(faultPR, ghapitest.Bot, review.StickyMarker+"\nan earlier run's findings\n")
			}
			ws := testtree.New(w.t, prFiles)
			return func() faultRun { return w.run(actionenv.EventPullRequest, prPayload(w.t), ws, nil) }, func() string { return prCheck(w) }
		}}
}

// prCheck: one check run, completed, its annotations each once; one
// sticky comment.
func prCheck(w *faultWorld) string {
	t := w.t
	if n := len(w.gh.Runs()); n > 1 {
		t.Errorf("%d check runs: posted twice", n)
	}
	for _, r := range w.gh.Runs() {
		seen := map[string]bool{}
		for _, a := range r.Annotations {
			k := fmt.Sprint(a["path"], a["start_line"], a["message"])
			if seen[k] {
				t.Errorf("annotation %s posted twice", k)
			}
			seen[k] = true
		}
		if r.Status != "completed" && w.lasting != "checks/update" {
			t.Errorf("check run %d left %s", r.ID, r.Status)
		}
	}
	stickies := 0
	for _, c := range w.gh.Comments() {
		if c.User == ghapitest.Bot && strings.HasPrefix(c.Body, review.StickyMarker) {
			stickies++
		}
	}
	if stickies > 1 {
		t.Errorf("%d sticky comments: posted twice", stickies)
	}
	return ""
}

// suggestionsScenario is the pull_request route with a fixable finding
// on a line the pull request adds (a near-miss anchor) and a suggestion
// an earlier run left whose finding is gone: the stale one is deleted,
// the new one posted in one review.
func suggestionsScenario() faultScenario {
	return faultScenario{name: "pull request, suggested changes",
		doc: "The pull_request route with a near-miss anchor on a line the pull request adds: the files listed with their patches, the bot's review comments read, the stale suggestion of an earlier run deleted, one review of one suggested change posted.",
		setup: func(w *faultWorld) (func() faultRun, func() string) {
			files := maps.Clone(prFiles)
			files["docs/setup.md"] = "# Setup\n\n## Install\n\nSteps.\n"
			files["docs/guide.md"] = "# Guide\n\nRead [setup](setup.md#instal) first.\n"
			w.gh.SetFiles(faultPR, []string{"docs/guide.md"})
			w.gh.SetPatch(faultPR, "docs/guide.md", "@@ -0,0 +1,3 @@\n+# Guide\n+\n+Read [setup](setup.md#instal) first.\n")
			w.gh.SeedReviewComment(ghapitest.ReviewComment{PR: faultPR, User: ghapitest.Bot, Path: "docs/guide.md", Line: 3,
				Body: review.SuggestionMarker("0123456789abcdef") + "\nan earlier run's suggestion\n", CommitID: faultHeadSHA})
			ws := testtree.New(w.t, files)
			return func() faultRun { return w.run(actionenv.EventPullRequest, prPayload(w.t), ws, nil) }, func() string { return suggestCheck(w) }
		}}
}

// suggestCheck: prCheck's, and each suggestion the bot stands by once,
// in at most one review.
func suggestCheck(w *faultWorld) string {
	prCheck(w)
	t := w.t
	if n := len(w.gh.Reviews()); n > 1 {
		t.Errorf("%d reviews: posted twice", n)
	}
	seen := map[string]bool{}
	for _, c := range w.gh.ReviewComments() {
		fp, ok := review.SuggestionFingerprint(c.Body)
		if !ok || c.User != ghapitest.Bot {
			continue
		}
		if seen[fp] {
			t.Errorf("suggestion %s posted twice", fp)
		}
		seen[fp] = true
	}
	switch {
	case seen["0123456789abcdef"] && len(seen) > 1:
		return "stale one left"
	case seen["0123456789abcdef"]:
		return "stale one left, none posted"
	case len(seen) == 0:
		return "none posted"
	}
	return ""
}

// enrichFiles is a repository the built-in curator proposes for, one
// proposal needing a person's decision.
var enrichFiles = map[string]string{
	"docbridge.yaml":                "enrich:\n  agent: builtin\n",
	"README.md":                     "# Widgets\n\nWidgets turns plain configuration files into running widget servers, one per team.\n\nSee [the guide](docs/guide.md).\n",
	"docs/guide.md":                 "# Guide\n\nThis page walks through a first widget server.\n\n## Installing the CLI\n\nDownload it.\n",
	"docs/architecture.md":          "# Architecture\n\nThe server reads its configuration through internal/settings and hands every request on.\n",
	"go.mod":                        "module example.com/widgets\n\ngo 1.22\n",
	"main.go":                       "package main\n\nimport \"example.com/widgets/internal/settings\"\n\nfunc main() { settings.Load() }\n",
	"internal/settings/settings.go": "// Package settings reads widget configuration.\npackage settings\n\n// Load reads it.\nfunc Load() {}\n",
}

func schedulePayload() []byte {
	return []byte(`{"schedule":"17 3 * * *","repository":{"full_name":"` + ghapitest.Repo + `","default_branch":"` + ghapitest.DefaultBranch + `"}}`)
}

// seedMain makes the fake's default branch hold enrichFiles.
func seedMain(w *faultWorld) {
	b := map[string][]byte{}
	for p, c := range enrichFiles {
		b[p] = []byte(c)
	}
	w.gh.Push(ghapitest.DefaultBranch, b, "files")
}

// nightlyScenario is the schedule route's first night: the overlay
// committed to a new enrichment branch, its pull request opened, the
// proposals comment posted.
func nightlyScenario() faultScenario {
	return faultScenario{name: "nightly enrichment",
		doc: "The schedule route's first night: the overlay committed to a new enrichment branch through the Git Data API, its pull request opened, the proposals comment posted.",
		setup: func(w *faultWorld) (func() faultRun, func() string) {
			seedMain(w)
			rerun := func() faultRun {
				return w.run(actionenv.EventSchedule, schedulePayload(), testtree.New(w.t, enrichFiles), nil)
			}
			return rerun, func() string { return nightlyCheck(w, rerun) }
		}}
}

// nightlyCheck: nothing posted twice, and the next night publishes what
// this one could not.
func nightlyCheck(w *faultWorld, rerun func() faultRun) string {
	t := w.t
	wantOnce(t, w.gh)
	outcome := ""
	if len(w.gh.PRs()) == 0 {
		outcome = "published by the next night"
	}
	// The next night publishes whatever this one could not.
	if res := rerun(); res.code != 0 {
		t.Errorf("the next night: exit %d\n%s", res.code, res.stdout)
	}
	wantOnce(t, w.gh)
	if len(w.gh.PRs()) != 1 {
		t.Errorf("after the next night, %d pull requests", len(w.gh.PRs()))
	}
	return outcome
}

// wantOnce fails t on anything of the enrichment posted twice: pull
// requests, proposals comments, replies, reactions.
func wantOnce(t *testing.T, gh *ghapitest.Fake) {
	t.Helper()
	if n := len(gh.PRs()); n > 1 {
		t.Errorf("%d enrichment pull requests: opened twice", n)
	}
	bodies := map[string]int{}
	for _, c := range gh.Comments() {
		if c.User != ghapitest.Bot {
			continue
		}
		key := c.Body
		if strings.HasPrefix(c.Body, ProposalsMarker) {
			key = ProposalsMarker
		}
		bodies[key]++
		if bodies[key] == 2 {
			t.Errorf("the bot's comment posted twice: %.80q", c.Body)
		}
	}
}

// approveScenario is the issue_comment route: a maintainer's /approve
// of the pending proposal, on the enrichment pull request a fault-free
// night opened.
func approveScenario() faultScenario {
	return faultScenario{name: "/approve",
		doc: "The issue_comment route: a maintainer comments /approve on the enrichment pull request a fault-free night opened; the decision is committed to its branch, the comment gets its reactions, the proposals comment and the pull request's title and body are refreshed.",
		setup: func(w *faultWorld) (func() faultRun, func() string) {
			seedMain(w)
			if res := w.run(actionenv.EventSchedule, schedulePayload(), testtree.New(w.t, enrichFiles), nil); res.code != 0 {
				w.t.Fatalf("the night before: exit %d\n%s", res.code, res.stdout)
			}
			ov, err := enrich.ParseOverlay(w.gh.Files(EnrichmentBranch)[enrich.OverlayPath])
			if err != nil || len(ov.Pending) == 0 {
				w.t.Fatalf("no pending proposal after the night: %v", err)
			}
			proposal, pr := ov.Pending[0].Proposal.ProposalID, w.gh.PRs()[0].Number
			w.gh.SetPermission("mona", "write")
			body := "/approve " + proposal
			id := w.gh.SeedComment(pr, "mona", body)
			payload := commentPayload(w.t, pr, id, "mona", body)
			rerun := func() faultRun { return w.run(actionenv.EventIssueComment, payload, w.t.TempDir(), nil) }
			return rerun, func() string { return approveCheck(w, proposal, rerun) }
		}}
}

// approveCheck: the decision is recorded once — by this run, or, when it
// could not, by the next — and nothing is posted twice.
func approveCheck(w *faultWorld, proposal string, rerun func() faultRun) string {
	t := w.t
	wantOnce(t, w.gh)
	outcome := "decided"
	answered := slices.ContainsFunc(w.gh.Comments(), func(c ghapitest.Comment) bool {
		return c.User == ghapitest.Bot && strings.Contains(c.Body, "docbridge:answer")
	})
	if records(w.gh, proposal) == 0 && answered {
		// Refused for good: only on GitHub's word that the permission,
		// the branch or the overlay does not exist, and the reply says so.
		if w.lastingStatus != http.StatusNotFound {
			t.Errorf("the decision was refused for good: lost")
		}
		return "refused: GitHub said 404"
	}
	if records(w.gh, proposal) == 0 {
		outcome = "left for the next run"
		// The next run — the same event again, or any run on the
		// pull request — decides it.
		if res := rerun(); res.code != 0 {
			t.Errorf("the next run: exit %d\n%s", res.code, res.stdout)
		}
		wantOnce(t, w.gh)
	}
	if n := records(w.gh, proposal); n != 1 {
		var said []string
		for _, c := range w.gh.Comments() {
			if c.User == ghapitest.Bot && !strings.HasPrefix(c.Body, ProposalsMarker) {
				said = append(said, c.Body)
			}
		}
		t.Errorf("proposal %s: %d approval records, want 1; the bot said %q", proposal, n, said)
	}
	ov, err := enrich.ParseOverlay(w.gh.Files(EnrichmentBranch)[enrich.OverlayPath])
	if err != nil {
		t.Fatalf("the branch's overlay: %v", err)
	}
	accepted := 0
	for _, a := range ov.Accepted {
		if a.Proposal.ProposalID == proposal {
			accepted++
		}
	}
	for _, p := range ov.Pending {
		if p.Proposal.ProposalID == proposal {
			t.Errorf("proposal %s still pending after the next run", proposal)
		}
	}
	if accepted != 1 {
		t.Errorf("proposal %s accepted %d times", proposal, accepted)
	}
	return outcome
}

// records counts the approval records of proposal on the enrichment
// branch.
func records(gh *ghapitest.Fake, proposal string) int {
	n := 0
	for p, data := range gh.Files(EnrichmentBranch) {
		if strings.HasPrefix(p, enrich.ApprovalsDir+"/") && bytes.Contains(data, []byte(proposal)) {
			n++
		}
	}
	return n
}

func commentPayload(t *testing.T, pr int, id int64, login, body string) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{
		"action": "created",
		"issue":  map[string]any{"number": pr, "pull_request": map[string]any{"url": "https://api.github.com/repos/" + ghapitest.Repo + "/pulls/1"}},
		"comment": map[string]any{"id": id, "body": body, "user": map[string]any{"login": login, "type": "User"},
			"created_at": "2026-12-01T10:00:00Z"},
		"sender":     map[string]any{"login": login, "type": "User"},
		"repository": map[string]any{"full_name": ghapitest.Repo, "default_branch": ghapitest.DefaultBranch},
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func pushPayload(t *testing.T) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{"ref": "refs/heads/" + ghapitest.DefaultBranch,
		"before": strings.Repeat("0", 40), "after": "ba5eba11ba5eba11ba5eba11ba5eba11ba5eba11",
		"repository": map[string]any{"full_name": ghapitest.Repo, "default_branch": ghapitest.DefaultBranch}})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// cacheScenario is the pull_request route with the Actions cache: a
// fault-free push to the default branch saved its state, which the pull
// request restores as its base; the pull request's state is saved.
func cacheScenario() faultScenario {
	return faultScenario{name: "pull request, Actions cache", prefix: "cache/",
		doc: "The pull_request route with the Actions cache (act's cache server, protocol v1): the base branch's state, saved by a fault-free push, is looked up and downloaded as the base; the pull request's own is looked up (a miss) and its new state reserved, uploaded and committed. In the never-answered column each cache call is bounded at 2 s (30 s to restore and 60 s to save in the action).",
		setup: func(w *faultWorld) (func() faultRun, func() string) {
			w.cache = cachetest.StartV1Server(w.t).Proxy(w.t)
			base := maps.Clone(prFiles)
			delete(base, "docs/guide.md")
			if res := w.run(actionenv.EventPush, pushPayload(w.t), testtree.New(w.t, base), nil); res.code != 0 || !strings.Contains(res.stdout, "cache: saved the state") {
				w.t.Fatalf("the push before: exit %d\n%s", res.code, res.stdout)
			}
			w.gh.SetFiles(faultPR, []string{"docs/guide.md"})
			ws := testtree.New(w.t, prFiles)
			var last faultRun
			run := func() faultRun {
				last = w.run(actionenv.EventPullRequest, prPayload(w.t), ws, nil)
				return last
			}
			return run, func() string {
				prCheck(w)
				var out []string
				if !strings.Contains(last.stdout, "cache: restored the base state") {
					out = append(out, "no base")
				}
				if !strings.Contains(last.stdout, "cache: saved the state") {
					out = append(out, "not saved")
				}
				return strings.Join(out, ", ")
			}
		}}
}

// markdownUnescaped matches a backslash escape of Markdown (\# in a job
// summary's table), whose character a reader sees.
var markdownUnescaped = regexp.MustCompile(`\\([!-/:-@\[-` + "`" + `{-~])`)

func faultScenarios() []faultScenario {
	return []faultScenario{
		pullRequestScenario("pull request, first run",
			"The pull_request route, a broken link in a changed file (exit 1): the check run created and completed with its annotation, the changed files listed, the enrichment pull request looked for, the sticky comment created.", false),
		pullRequestScenario("pull request, a run before",
			"The same, on a pull request whose sticky comment an earlier run posted: it is edited.", true),
		suggestionsScenario(),
		cacheScenario(),
		approveScenario(),
		nightlyScenario(),
	}
}

// baseline is a scenario's fault-free run: its exit code and the
// operations it made, in order of first use.
type baseline struct {
	code int
	ops  []string
	// findings are the report's, which every faulted run must still show.
	findings []report.Finding
	// summary is set when the run wrote a job summary.
	summary bool
	// tries counts the requests of each operation.
	tries map[string]int
}

func runBaseline(t *testing.T, sc faultScenario) baseline {
	t.Helper()
	w := &faultWorld{t: t, gh: ghapitest.New(t)}
	run, _ := sc.setup(w)
	gh, c := w.counts()
	res := run()
	b := baseline{code: res.code, summary: res.summary != "", tries: map[string]int{}}
	for _, op := range w.since(gh, c) {
		if op != "" && strings.HasPrefix(op, sc.prefix) && !slices.Contains(b.ops, op) {
			b.ops = append(b.ops, op)
		}
		b.tries[op]++
	}
	if res.report != nil {
		b.findings = res.report.Findings
	}
	if strings.Contains(res.stdout, "::warning::") {
		t.Fatalf("the fault-free run warned:\n%s", res.stdout)
	}
	return b
}

// runCell runs sc with fk on op, checks the invariants, and returns the
// outcome for the table.
func runCell(t *testing.T, sc faultScenario, b baseline, op string, fk faultKind) string {
	w := &faultWorld{t: t, gh: ghapitest.New(t)}
	run, check := sc.setup(w)
	fl := fk.fault(op)
	w.hang = fl.Kind == ghapitest.Hang
	w.addFault(op, fl)
	if fl.Times == every {
		w.lasting, w.lastingStatus = op, fl.Status
	}
	gh, c := w.counts()
	res := run()
	reqs := w.since(gh, c)

	// The exit code is the check's own verdict.
	if res.code != b.code {
		t.Errorf("exit %d, the check's own verdict is %d\n%s", res.code, b.code, res.stdout)
	}
	// The findings reach the log and the job summary.
	for _, f := range b.findings {
		if !strings.Contains(res.stdout, f.Location.Path) || !strings.Contains(res.stdout, f.Detail) {
			t.Errorf("the log lacks %s (%s)", f.Location.Path, f.Detail)
		}
		if summary := markdownUnescaped.ReplaceAllString(res.summary, "$1"); !strings.Contains(summary, f.Location.Path) || !strings.Contains(summary, f.Detail) {
			t.Errorf("the job summary lacks %s (%s)\n%s", f.Location.Path, f.Detail, res.summary)
		}
	}
	if b.summary && res.summary == "" {
		t.Errorf("no job summary")
	}
	// The run ended within its deadline: runAction returned (w.run fails
	// past faultHangBound) and gave up every request it left hanging.
	// The server sees a connection close a moment after the client.
	for wait := time.Now().Add(10 * time.Second); w.hung() > 0 && time.Now().Before(wait); {
		time.Sleep(10 * time.Millisecond)
	}
	if n := w.hung(); n > 0 {
		t.Errorf("%d requests still open after the run", n)
	}
	tries := 0
	for _, o := range reqs {
		if o == op {
			tries++
		}
	}
	if tries == 0 {
		t.Errorf("the run made no %s request: the fault met nothing", op)
	}
	// Nothing posted twice, no decision lost or recorded twice: the
	// scenario's own check, which may run the route again on a GitHub
	// that works.
	w.clearFaults()
	w.hang = false // the next run has the usual deadlines
	said := check()

	var out []string
	if tries > b.tries[op] {
		out = append(out, fmt.Sprintf("tried %d×", tries))
	}
	if strings.Contains(res.stdout, "but it took effect; not sending it again") {
		out = append(out, "found, not resent")
	}
	if strings.Contains(res.stdout, "publish-timeout of "+hangTimeout+" passed") {
		out = append(out, "deadline")
	}
	if strings.Contains(res.stdout, "::warning::") {
		out = append(out, "warned")
	} else {
		out = append(out, "ok")
	}
	if said != "" {
		out = append(out, said)
	}
	return strings.Join(out, ", ")
}

// TestFaultMatrix runs every cell and compares the table with
// docs/faults.md (-update rewrites it). Under -short it runs the first
// scenario under three faults (a lasting 502, a lost answer, a hang) and
// compares nothing: the table needs every cell.
func TestFaultMatrix(t *testing.T) {
	scenarios := faultScenarios()
	kinds := faultKinds
	if testing.Short() {
		scenarios = scenarios[:1]
		kinds = slices.DeleteFunc(slices.Clone(kinds), func(k faultKind) bool {
			return k.name != "502" && k.name != "answer lost" && k.name != "never answered"
		})
	}
	var mu sync.Mutex
	cells := map[[3]string]string{}
	bases := map[string]baseline{}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			b := runBaseline(t, sc)
			mu.Lock()
			bases[sc.name] = b
			mu.Unlock()
			for _, op := range b.ops {
				for _, fk := range kinds {
					t.Run(op+"/"+fk.name, func(t *testing.T) {
						t.Parallel()
						out := runCell(t, sc, b, op, fk)
						mu.Lock()
						cells[[3]string{sc.name, op, fk.name}] = out
						mu.Unlock()
					})
				}
			}
		})
	}
	if t.Failed() || testing.Short() || len(bases) < len(scenarios) {
		return // the table needs every cell (-run may have chosen some)
	}
	got := faultTable(scenarios, bases, cells)
	golden.Check(t, faultsDoc, []byte(got))
}

// faultTable renders docs/faults.md: the page's prose, then a table per
// scenario (its operations × the faults), then what each scenario does
// not make.
func faultTable(scenarios []faultScenario, bases map[string]baseline, cells map[[3]string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, faultsIntro, len(cells))
	for _, fk := range faultKinds {
		fmt.Fprintf(&b, "- **%s**: %s\n", fk.name, fk.doc)
	}
	b.WriteString(faultsLegend)
	var all []string
	for _, sc := range scenarios {
		for _, op := range bases[sc.name].ops {
			if !slices.Contains(all, op) {
				all = append(all, op)
			}
		}
	}
	for _, sc := range scenarios {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n| operation |", sc.name, sc.doc)
		for _, fk := range faultKinds {
			b.WriteString(" " + fk.name + " |")
		}
		b.WriteString("\n|---|")
		for range faultKinds {
			b.WriteString("---|")
		}
		b.WriteString("\n")
		ops := bases[sc.name].ops
		for _, op := range ops {
			fmt.Fprintf(&b, "| %s |", op)
			for _, fk := range faultKinds {
				b.WriteString(" " + cells[[3]string{sc.name, op, fk.name}] + " |")
			}
			b.WriteString("\n")
		}
		var not []string
		for _, op := range all {
			// The cache's operations are one scenario's rows; the others
			// run without a cache, and that scenario's GitHub calls are
			// the pull request's above.
			family := strings.HasPrefix(op, "cache/") == (sc.prefix == "cache/")
			if family && !slices.Contains(ops, op) {
				not = append(not, op)
			}
		}
		if len(not) > 0 {
			fmt.Fprintf(&b, "\nNot made on this path, so no cell applies: %s.\n", strings.Join(not, ", "))
		}
	}
	b.WriteString(faultsNeverMade)
	return b.String()
}

const faultsIntro = `# Fault matrix

<!-- Generated by TestFaultMatrix (internal/actionrun/faults_test.go): do not edit; after a change, run
go test ./internal/actionrun -run TestFaultMatrix -update -->

What the action does when GitHub or the Actions cache fails: every operation each route makes,
under every fault. Each cell is one real run of the action (its wiring, its GitHub client and
retries, its cache client) against the fake GitHub, which validates every request against GitHub's
OpenAPI description and fails the cell's operation — named by its OpenAPI operationId — as the
column says, or against act's cache server behind a proxy that fails one of its operations. The
retries wait no time; in the never-answered column the API calls share a publish-timeout of 2 s, so
the whole matrix (%d cells) takes about a minute on two cores:

    go test ./internal/actionrun -run TestFaultMatrix

Every cell checks, and fails the test otherwise:

- the exit code is the fault-free run's: GitHub's failures never change the verdict;
- every finding of the fault-free run is in the log and the job summary;
- nothing is posted twice: one check run, completed (unless the fault fails every update of it),
  each annotation once, one sticky comment, one proposals comment, each reply once, one enrichment
  pull request;
- no decision is lost or recorded twice: the approved proposal has exactly one approval record and
  is accepted once — recorded by the faulted run, or, when it could not be, by the next run on a
  GitHub that works;
- the run ends within its deadline, every request it left hanging given up.

The faults (a lasting fault fails every request of the operation during the run; the others fail
the first only):

`

const faultsLegend = `
What a cell says, in this order:

- **tried N×**: the operation was sent N times, more than without the fault (retries).
- **found, not resent**: a create or an append whose answer was lost or broken had taken effect;
  docbridge found it on GitHub (the check run by its external id, the annotations by their count,
  the comment by its marker or body) instead of sending it again.
- **deadline**: the publish-timeout passed; the calls after it went to the fallback at once.
- **warned**: the run said what failed as a warning, and the findings went to the log (workflow
  commands) and the job summary instead; **ok**: no warning.
- On the /approve path: **decided** (the faulted run committed the decision), **left for the next
  run** (nothing committed; the next run decides it), **refused: GitHub said 404** (GitHub answered
  that the permission, the branch or the overlay does not exist, and the reply says so).
- On the nightly path: **published by the next night** when the faulted night did not open the
  pull request.
`

const faultsNeverMade = `
## Operations docbridge never makes

docbridge never edits a review comment (a suggestion whose fix changed is deleted and posted
again, above), and it does not call GitHub's REST API for the Actions cache
(actions/get-actions-cache-list): it reaches the cache through the runner's cache service, above.
The cache service's protocol v2 (github.com) fails the same way through the same code
(internal/cache's TestActionsOutage); the matrix drives v1, whose server runs in process.
`
