// Package ghapitest is an in-process fake of the GitHub REST API for the
// endpoints docbridge posts through, for tests in any package (the
// transport package's own, the action's end-to-end tests).
//
// Every request is validated — path, method, parameters, body — against
// GitHub's OpenAPI description (testdata/github-rest-openapi-subset.json,
// embedded); a request that does not validate is answered 422 and recorded
// as a violation, which fails the test at cleanup. The fake records what
// was posted (check runs with the annotations of each update, comments
// with their author, reactions, pull requests) and injects faults: answers
// for the next matching requests, a test's own step before them (a push
// between docbridge's read and write), 403s on writes, or an outage of
// every request. Its repository is real git (git.go): the Git Data and
// contents APIs read and write git objects, so a test reads a commit's
// tree back; collaborators' permissions are set per test.
package ghapitest

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/docbridge/docbridge/internal/httpfault"
)

// The fake's identity: the one token it accepts, the login it posts as,
// the one repository it serves.
const (
	Token = "ghs_fake"
	Bot   = "github-actions[bot]"
	Repo  = "octo/docs-demo"
)

// SecondaryLimitDoc is the documentation URL of GitHub's secondary rate
// limit answers, by which go-github recognises them.
const SecondaryLimitDoc = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"

// maxCommentBody is GitHub's limit on a comment body: above it GitHub
// answers 422 "Body is too long".
const maxCommentBody = 65536

// Write scopes Forbid takes: the route families a read-only token cannot
// write to.
const (
	CheckRuns = "check-runs"
	Comments  = "comments"
	// Contents is the Git Data API's writes (blobs, trees, commits, refs).
	Contents = "contents"
	Pulls    = "pulls"
)

//go:embed testdata/github-rest-openapi-subset.json
var openAPIJSON []byte

// openAPI is the parsed description, loaded once: it is only read.
var openAPI = sync.OnceValues(func() (*openapi3.T, error) {
	return openapi3.NewLoader().LoadFromData(openAPIJSON)
})

// Fake is an in-process GitHub. Its methods are safe for concurrent use.
type Fake struct {
	// URL is the API's base URL, for GITHUB_API_URL.
	URL string

	srv    *httptest.Server
	router routers.Router
	multi  []multiRoute

	mu         sync.Mutex
	requests   []Request
	violations []string
	runs       map[int64]*CheckRun
	comments   []*Comment
	nextID     int64
	faults     []*Fault
	down       *Fault
	forbid     map[string]bool
	files      map[int][]string
	// patches are the files' patches by pull request, as listed.
	patches        map[int]map[string]string
	reviews        []*Review
	reviewComments []*ReviewComment

	git       objectStore
	refs      map[string]string // refs/heads/x → commit SHA
	clock     int
	pulls     []*PR
	nextPR    int
	perms     map[string]string
	reactions []Reaction
	// stop ends hung requests; hung counts those still waiting.
	stop chan struct{}
	hung int
}

// Request is one request as received, with the status it was answered
// (0 when it was not answered: a Reset, a Lost or a Hang fault).
type Request struct {
	Method, Path, Query string
	// Operation is its route's operationId ("" when it has no route).
	Operation string
	Body      []byte
	At        time.Time
	Status    int
}

// CheckRun is a check run as posted.
type CheckRun struct {
	ID                                int64
	Name, HeadSHA, Status, Conclusion string
	Title, Summary                    string
	// ExternalID is the integrator's own id of the run, as created.
	ExternalID string
	// Annotations are every update's annotations, appended (as GitHub
	// does); Batches holds them per update and UpdateSizes their counts.
	Annotations []map[string]any
	Batches     [][]map[string]any
	UpdateSizes []int
	Updates     int
}

// Comment is an issue comment; User is its author's login.
type Comment struct {
	ID    int64
	Issue int
	User  string
	Body  string
	// Edits counts the PATCHes it received.
	Edits int
}

// Fault answers matching requests with Status, Header and Body instead of
// serving them: requests whose method is Method and whose path contains
// PathContains ("" matches every path) — or, when Operation is set, whose
// route is that OpenAPI operation (its operationId: "checks/create") —
// after letting Skip of them through, Times times. A Fault with Run calls
// it first, outside the fake's lock (it may call the fake: Push moves a
// branch between docbridge's read and write), then answers with Status,
// or serves the request when Status is 0. A Fault with a Kind misbehaves
// as the Kind says instead of answering Status.
type Fault struct {
	Method, PathContains string
	Operation            string
	Skip, Times          int
	Status               int
	Header               map[string]string
	Body                 string
	Run                  func()
	Kind                 FaultKind
}

// FaultKind is a way of failing other than an answer (httpfault's).
type FaultKind = httpfault.Kind

// The fault kinds (see httpfault).
const (
	Reset           = httpfault.Reset
	Hang            = httpfault.Hang
	Lost            = httpfault.Lost
	Truncated       = httpfault.Truncated
	Malformed       = httpfault.Malformed
	BadGatewayAfter = httpfault.BadGatewayAfter
)

// New starts a fake for the duration of t. At cleanup every request that
// did not validate against the OpenAPI description fails t.
func New(t testing.TB) *Fake {
	t.Helper()
	shared, err := openAPI()
	if err != nil {
		t.Fatalf("ghapitest: load the OpenAPI description: %v", err)
	}
	f := &Fake{runs: map[int64]*CheckRun{}, nextID: 1000, forbid: map[string]bool{}, files: map[int][]string{},
		patches: map[int]map[string]string{}, git: objectStore{}, refs: map[string]string{}, nextPR: 100, perms: map[string]string{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	f.URL = f.srv.URL
	t.Cleanup(f.srv.Close)
	// Before the server's Close, which waits for every handler: a hung
	// request ends when the test does.
	f.stop = make(chan struct{})
	t.Cleanup(func() { close(f.stop) })
	// A shallow copy with this server's URL: the router matches servers.
	doc := *shared
	doc.Servers = openapi3.Servers{{URL: f.srv.URL}}
	if f.router, err = gorillamux.NewRouter(&doc); err != nil {
		t.Fatalf("ghapitest: OpenAPI router: %v", err)
	}
	f.multi = multiSegmentRoutes(&doc)
	t.Cleanup(func() {
		for _, v := range f.TakeViolations() {
			t.Errorf("request outside the OpenAPI description: %s", v)
		}
	})
	return f
}

// AddFault injects fl (see Fault).
func (f *Fake) AddFault(fl Fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, &fl)
}

// ClearFaults removes every fault AddFault injected: the next run meets a
// GitHub that works.
func (f *Fake) ClearFaults() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = nil
}

// GoDown answers every further request (valid ones; authentication is
// checked first) with fl's status, header and body: GitHub down for good.
func (f *Fake) GoDown(fl Fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = &fl
}

// Forbid answers 403 "Resource not accessible by integration" to writes
// on these route families (CheckRuns, Comments, Contents, Pulls), as a
// read-only token gets.
func (f *Fake) Forbid(families ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range families {
		f.forbid[s] = true
	}
}

// SetFiles sets a pull request's changed files, as the files listing
// serves them.
func (f *Fake) SetFiles(pr int, files []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.files[pr] = slices.Clone(files)
}

// SeedComment adds a comment by user and returns its id.
func (f *Fake) SeedComment(issue int, user, body string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	f.comments = append(f.comments, &Comment{ID: f.nextID, Issue: issue, User: user, Body: body})
	return f.nextID
}

// SeedRun adds a check run, as if created earlier, and returns its id.
func (f *Fake) SeedRun(headSHA string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	f.runs[f.nextID] = &CheckRun{ID: f.nextID, Name: "docbridge", HeadSHA: headSHA, Status: "queued"}
	return f.nextID
}

// TakeViolations returns the requests that did not validate so far and
// forgets them (for a test that sends invalid ones on purpose).
func (f *Fake) TakeViolations() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	v := f.violations
	f.violations = nil
	return v
}

// Requests returns the requests with this method ("" for any) whose path
// contains sub, in arrival order.
func (f *Fake) Requests(method, sub string) []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Request
	for _, r := range f.requests {
		if (method == "" || r.Method == method) && strings.Contains(r.Path, sub) {
			out = append(out, r)
		}
	}
	return out
}

// Writes returns the requests other than GET, in arrival order.
func (f *Fake) Writes() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Request
	for _, r := range f.requests {
		if r.Method != http.MethodGet {
			out = append(out, r)
		}
	}
	return out
}

// Runs returns copies of the check runs, in creation order.
func (f *Fake) Runs() []CheckRun {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]CheckRun, 0, len(f.runs))
	for _, r := range f.runs {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b CheckRun) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Comments returns copies of the comments, in creation order.
func (f *Fake) Comments() []Comment {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Comment, 0, len(f.comments))
	for _, c := range f.comments {
		out = append(out, *c)
	}
	return out
}

// serve records and answers one request. The lock is held until the
// handler returns, which is before the client has the whole answer, so a
// test that reads the state after a call sees that call.
func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	op := f.operation(r)
	stepped := f.takeRun(r, op)
	if stepped != nil {
		stepped.Run()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Operation: op, Body: body, At: time.Now()})
	i := len(f.requests) - 1
	status := f.handle(w, r, body, stepped)
	f.requests[i].Status = status
}

// operation is the operationId of r's route, "" when it has none.
func (f *Fake) operation(r *http.Request) string {
	route, _, err := f.findRoute(r)
	if err != nil || route.Operation == nil {
		return ""
	}
	return route.Operation.OperationID
}

// Hung counts the requests a Hang fault holds now: after a run, any is a
// request the client never gave up.
func (f *Fake) Hung() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hung
}

// takeRun returns the first fault with a Run that matches r (of operation
// op), counting it; nil when none does.
func (f *Fake) takeRun(r *http.Request, op string) *Fault {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.takeFault(r, op, true)
}

// matches reports whether fl applies to r, of operation op.
func (fl *Fault) matches(r *http.Request, op string) bool {
	if fl.Operation != "" {
		return fl.Operation == op
	}
	return fl.Method == r.Method && strings.Contains(r.URL.Path, fl.PathContains)
}

// takeFault returns the first fault that matches r (of operation op) and
// has a Run (withRun) or none, after letting its Skip through, and counts
// it; nil when none does. The caller holds f.mu.
func (f *Fake) takeFault(r *http.Request, op string, withRun bool) *Fault {
	for _, fl := range f.faults {
		if (fl.Run != nil) == withRun && fl.Times > 0 && fl.matches(r, op) {
			if fl.Skip > 0 {
				fl.Skip--
				continue
			}
			fl.Times--
			return fl
		}
	}
	return nil
}

// handle serves one request and returns the status it answered. stepped
// is the fault whose Run ran before it, if any: its Status, when set, is
// the answer.
func (f *Fake) handle(w http.ResponseWriter, r *http.Request, body []byte, stepped *Fault) int {
	route, params, err := f.findRoute(r)
	if err != nil {
		f.violations = append(f.violations, fmt.Sprintf("%s %s: %v", r.Method, r.URL.Path, err))
		return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
	}
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		f.violations = append(f.violations, fmt.Sprintf("%s %s: %v", r.Method, r.URL.Path, err))
		return reply(w, http.StatusUnprocessableEntity, nil, map[string]any{"message": "Validation Failed"})
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if r.Header.Get("Authorization") != "Bearer "+Token {
		return reply(w, http.StatusUnauthorized, nil, map[string]any{"message": "Bad credentials"})
	}
	if f.down != nil {
		return answer(w, f.down)
	}
	if stepped != nil && stepped.Status != 0 {
		return answer(w, stepped)
	}
	fl := f.takeFault(r, route.Operation.OperationID, false)
	switch {
	case fl == nil:
		return f.dispatch(w, r, route, params, body)
	case fl.Kind == "":
		return answer(w, fl)
	}
	return f.misbehave(w, r, fl, func(w http.ResponseWriter) int { return f.dispatch(w, r, route, params, body) })
}

// misbehave fails r as fl.Kind says; serve serves it, into w. The caller
// holds f.mu; a Hang lets go of it while it waits.
func (f *Fake) misbehave(w http.ResponseWriter, r *http.Request, fl *Fault, serve func(http.ResponseWriter) int) int {
	if fl.Kind != Hang {
		return httpfault.Fail(w, fl.Kind, serve)
	}
	f.hung++
	f.mu.Unlock()
	httpfault.Wait(r, f.stop)
	f.mu.Lock()
	f.hung--
	return 0
}

// dispatch serves a request that passed the checks and met no fault.
func (f *Fake) dispatch(w http.ResponseWriter, r *http.Request, route *routers.Route, params map[string]string, body []byte) int {
	var payload map[string]any
	if len(body) > 0 {
		if err := json.Unmarshal(body, &payload); err != nil {
			return reply(w, http.StatusBadRequest, nil, map[string]any{"message": "Problems parsing JSON"})
		}
	}
	switch route.Method + " " + route.Path {
	case "POST /repos/{owner}/{repo}/check-runs":
		return f.createRun(w, params, payload)
	case "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}":
		return f.updateRun(w, params, payload)
	case "GET /repos/{owner}/{repo}/check-runs/{check_run_id}":
		return f.getRun(w, params)
	case "GET /repos/{owner}/{repo}/commits/{ref}/check-runs":
		return f.listRunsForRef(w, r, params)
	case "GET /repos/{owner}/{repo}/issues/{issue_number}/comments":
		return f.listComments(w, r, params)
	case "POST /repos/{owner}/{repo}/issues/{issue_number}/comments":
		return f.createComment(w, params, payload)
	case "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}":
		return f.editComment(w, params, payload)
	case "GET /repos/{owner}/{repo}/pulls/{pull_number}/files":
		return f.listFiles(w, r, params)
	case "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments":
		return f.listReviewComments(w, r, params)
	case "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews":
		return f.createReview(w, params, payload)
	case "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}":
		return f.deleteReviewComment(w, params)
	case "GET /repos/{owner}/{repo}/git/ref/{ref}":
		return f.getRef(w, params)
	case "POST /repos/{owner}/{repo}/git/refs":
		return f.createRef(w, params, payload)
	case "PATCH /repos/{owner}/{repo}/git/refs/{ref}":
		return f.updateRef(w, params, payload)
	case "GET /repos/{owner}/{repo}/git/commits/{commit_sha}":
		return f.getCommit(w, params)
	case "POST /repos/{owner}/{repo}/git/commits":
		return f.createCommit(w, params, payload)
	case "POST /repos/{owner}/{repo}/git/blobs":
		return f.createBlob(w, params, payload)
	case "GET /repos/{owner}/{repo}/git/blobs/{file_sha}":
		return f.getBlob(w, params)
	case "POST /repos/{owner}/{repo}/git/trees":
		return f.createTree(w, params, payload)
	case "GET /repos/{owner}/{repo}/contents/{path}":
		return f.getContents(w, r, params)
	case "GET /repos/{owner}/{repo}/pulls":
		return f.listPulls(w, r, params)
	case "POST /repos/{owner}/{repo}/pulls":
		return f.createPull(w, params, payload)
	case "GET /repos/{owner}/{repo}/pulls/{pull_number}":
		return f.getPull(w, params)
	case "PATCH /repos/{owner}/{repo}/pulls/{pull_number}":
		return f.editPull(w, params, payload)
	case "GET /repos/{owner}/{repo}/collaborators/{username}/permission":
		return f.getPermission(w, params)
	case "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions":
		return f.createReaction(w, params, payload)
	}
	f.violations = append(f.violations, fmt.Sprintf("%s %s: valid, but docbridge should not call it", r.Method, r.URL.Path))
	return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
}

// answer writes a fault's answer.
func answer(w http.ResponseWriter, fl *Fault) int {
	for k, v := range fl.Header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(fl.Status)
	_, _ = io.WriteString(w, fl.Body)
	return fl.Status
}

func reply(w http.ResponseWriter, status int, header map[string]string, v any) int {
	for k, val := range header {
		w.Header().Set(k, val)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
	return status
}

func forbidden(w http.ResponseWriter) int {
	return reply(w, http.StatusForbidden, nil, map[string]any{"message": "Resource not accessible by integration",
		"documentation_url": "https://docs.github.com/rest"})
}

func tooLong(w http.ResponseWriter) int {
	return reply(w, http.StatusUnprocessableEntity, nil, map[string]any{"message": "Body is too long", "documentation_url": "https://docs.github.com/rest"})
}

func repoOK(w http.ResponseWriter, params map[string]string) bool {
	if params["owner"]+"/"+params["repo"] != Repo {
		reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
		return false
	}
	return true
}

func (f *Fake) createRun(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[CheckRuns] {
		return forbidden(w)
	}
	f.nextID++
	run := &CheckRun{ID: f.nextID, Name: str(p["name"]), HeadSHA: str(p["head_sha"]), Status: cmp.Or(str(p["status"]), "queued"),
		ExternalID: str(p["external_id"])}
	f.runs[run.ID] = run
	return reply(w, http.StatusCreated, nil, runJSON(run))
}

func (f *Fake) updateRun(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[CheckRuns] {
		return forbidden(w)
	}
	id, _ := strconv.ParseInt(params["check_run_id"], 10, 64)
	run := f.runs[id]
	if run == nil {
		return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
	}
	run.Updates++
	if s := str(p["status"]); s != "" {
		run.Status = s
	}
	if c := str(p["conclusion"]); c != "" {
		run.Conclusion, run.Status = c, "completed"
	}
	batch := []map[string]any{}
	if out, ok := p["output"].(map[string]any); ok {
		run.Title, run.Summary = str(out["title"]), str(out["summary"])
		anns, _ := out["annotations"].([]any)
		for _, a := range anns {
			if m, ok := a.(map[string]any); ok {
				batch = append(batch, m)
			}
		}
	}
	run.Annotations = append(run.Annotations, batch...)
	run.Batches = append(run.Batches, batch)
	run.UpdateSizes = append(run.UpdateSizes, len(batch))
	return reply(w, http.StatusOK, nil, runJSON(run))
}

func runJSON(run *CheckRun) map[string]any {
	return map[string]any{"id": run.ID, "node_id": "CR_" + strconv.FormatInt(run.ID, 10), "head_sha": run.HeadSHA,
		"name": run.Name, "status": run.Status, "conclusion": run.Conclusion, "external_id": run.ExternalID,
		"output": map[string]any{"title": run.Title, "summary": run.Summary, "annotations_count": len(run.Annotations)}}
}

// getRun answers one check run.
func (f *Fake) getRun(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	id, _ := strconv.ParseInt(params["check_run_id"], 10, 64)
	run := f.runs[id]
	if run == nil {
		return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
	}
	return reply(w, http.StatusOK, nil, runJSON(run))
}

// listRunsForRef answers the check runs on a commit, newest first,
// filtered by check_name when given (one page: the fake's runs are few).
func (f *Fake) listRunsForRef(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	name := r.URL.Query().Get("check_name")
	list := []map[string]any{}
	for _, id := range slices.Backward(slices.Sorted(maps.Keys(f.runs))) {
		if run := f.runs[id]; run.HeadSHA == params["ref"] && (name == "" || run.Name == name) {
			list = append(list, runJSON(run))
		}
	}
	return reply(w, http.StatusOK, nil, map[string]any{"total_count": len(list), "check_runs": list})
}

func (f *Fake) listComments(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	issue, _ := strconv.Atoi(params["issue_number"])
	var all []map[string]any
	for _, c := range f.comments {
		if c.Issue == issue {
			all = append(all, commentJSON(c))
		}
	}
	return f.paginate(w, r, all)
}

func (f *Fake) listFiles(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	pr, _ := strconv.Atoi(params["pull_number"])
	var all []map[string]any
	for _, name := range f.files[pr] {
		file := map[string]any{"sha": "0123abcd", "filename": name, "status": "modified", "additions": 1,
			"deletions": 0, "changes": 1, "blob_url": "https://github.com/x", "raw_url": "https://github.com/x",
			"contents_url": "https://api.github.com/x"}
		if patch, ok := f.patches[pr][name]; ok {
			file["patch"] = patch
		}
		all = append(all, file)
	}
	return f.paginate(w, r, all)
}

// paginate answers one page of all (per_page at most 100, as GitHub) with
// a Link header to the next page when there is one.
func (f *Fake) paginate(w http.ResponseWriter, r *http.Request, all []map[string]any) int {
	perPage, page := 30, 1
	if v, err := strconv.Atoi(r.URL.Query().Get("per_page")); err == nil && v > 0 {
		perPage = min(v, 100)
	}
	if v, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && v > 0 {
		page = v
	}
	lo, hi := min((page-1)*perPage, len(all)), min(page*perPage, len(all))
	out := append([]map[string]any{}, all[lo:hi]...)
	header := map[string]string{}
	if hi < len(all) {
		u := *r.URL
		q := u.Query()
		q.Set("page", strconv.Itoa(page+1))
		q.Set("per_page", strconv.Itoa(perPage))
		u.RawQuery = q.Encode()
		header["Link"] = fmt.Sprintf(`<%s%s>; rel="next"`, f.srv.URL, u.RequestURI())
	}
	return reply(w, http.StatusOK, header, out)
}

func (f *Fake) createComment(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Comments] {
		return forbidden(w)
	}
	body := str(p["body"])
	if len(body) > maxCommentBody {
		return tooLong(w)
	}
	issue, _ := strconv.Atoi(params["issue_number"])
	f.nextID++
	c := &Comment{ID: f.nextID, Issue: issue, User: Bot, Body: body}
	f.comments = append(f.comments, c)
	return reply(w, http.StatusCreated, nil, commentJSON(c))
}

func (f *Fake) editComment(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	id, _ := strconv.ParseInt(params["comment_id"], 10, 64)
	for _, c := range f.comments {
		if c.ID != id {
			continue
		}
		if f.forbid[Comments] || c.User != Bot {
			// Nobody edits another user's comment.
			return forbidden(w)
		}
		body := str(p["body"])
		if len(body) > maxCommentBody {
			return tooLong(w)
		}
		c.Body = body
		c.Edits++
		return reply(w, http.StatusOK, nil, commentJSON(c))
	}
	return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
}

func commentJSON(c *Comment) map[string]any {
	typ := "User"
	if strings.HasSuffix(c.User, "[bot]") {
		typ = "Bot"
	}
	url := fmt.Sprintf("https://api.github.com/repos/%s/issues/comments/%d", Repo, c.ID)
	return map[string]any{"id": c.ID, "node_id": "IC_" + strconv.FormatInt(c.ID, 10), "body": c.Body,
		"user": map[string]any{"login": c.User, "type": typ}, "url": url,
		"html_url":   fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", Repo, c.Issue, c.ID),
		"issue_url":  fmt.Sprintf("https://api.github.com/repos/%s/issues/%d", Repo, c.Issue),
		"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
