package review

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
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
)

// fakeToken is the token the fake accepts; the fake posts as fakeBot.
const (
	fakeToken = "ghs_fake"
	fakeBot   = "github-actions[bot]"
	fakeRepo  = "octo/docs-demo"
)

// Documentation URL of GitHub's secondary-rate-limit answers, which
// go-github recognises.
const secondaryLimitDoc = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"

// fakeGitHub is an in-process GitHub for the endpoints the poster uses.
// Every request is validated (path, method, parameters, body) against the
// OpenAPI description in testdata; a request that does not validate is
// answered 422 and recorded as a violation, which fails the test.
type fakeGitHub struct {
	srv    *httptest.Server
	router routers.Router

	mu         sync.Mutex
	requests   []recorded
	violations []string
	runs       map[int64]*fakeRun
	comments   []*fakeComment
	nextID     int64
	faults     []*fault
	// down answers every request 502.
	down bool
	// forbid answers 403 to writes on these route prefixes ("check-runs",
	// "comments"), as a read-only token gets.
	forbid map[string]bool
	// files are the pull requests' changed files.
	files map[int][]string
}

// recorded is one request as received.
type recorded struct {
	Method, Path, Query string
	Body                []byte
	At                  time.Time
	Status              int
}

type fakeRun struct {
	ID                                int64
	Name, HeadSHA, Status, Conclusion string
	Title, Summary                    string
	Annotations                       []map[string]any
	Updates                           int
	UpdateSizes                       []int
}

type fakeComment struct {
	ID    int64
	Issue int
	User  string
	Body  string
}

// fault answers the next times matching requests with status, header and
// body instead of serving them.
type fault struct {
	method, pathContains string
	// skip lets this many matching requests through first.
	skip   int
	times  int
	status int
	header map[string]string
	body   string
}

// openAPI is the OpenAPI description, loaded once: it is only read.
var openAPI = sync.OnceValues(func() (*openapi3.T, error) {
	return openapi3.NewLoader().LoadFromFile("testdata/github-rest-openapi-subset.json")
})

func newFakeGitHub(t *testing.T) *fakeGitHub {
	t.Helper()
	shared, err := openAPI()
	if err != nil {
		t.Fatalf("load the OpenAPI description: %v", err)
	}
	f := &fakeGitHub{runs: map[int64]*fakeRun{}, nextID: 1000, forbid: map[string]bool{}, files: map[int][]string{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	// A shallow copy with this server's URL: the router matches servers.
	doc := *shared
	doc.Servers = openapi3.Servers{{URL: f.srv.URL}}
	if f.router, err = gorillamux.NewRouter(&doc); err != nil {
		t.Fatalf("OpenAPI router: %v", err)
	}
	t.Cleanup(func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, v := range f.violations {
			t.Errorf("request outside the OpenAPI description: %s", v)
		}
	})
	return f
}

// options are GitHub poster options pointed at the fake, with waits
// recorded instead of slept when sleeps is not nil.
func (f *fakeGitHub) options(sleeps *[]time.Duration) GitHubOptions {
	opts := GitHubOptions{Token: fakeToken, APIURL: f.srv.URL, Repository: fakeRepo, DetailsURL: "https://github.com/octo/docs-demo/actions/runs/42"}
	if sleeps != nil {
		r := defaultRetrier()
		var mu sync.Mutex
		r.sleep = func(_ context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			*sleeps = append(*sleeps, d)
			return nil
		}
		opts.retry = &r
	}
	return opts
}

func (f *fakeGitHub) addFault(fl *fault) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, fl)
}

// seedComment adds a comment as user.
func (f *fakeGitHub) seedComment(issue int, user, body string) *fakeComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c := &fakeComment{ID: f.nextID, Issue: issue, User: user, Body: body}
	f.comments = append(f.comments, c)
	return c
}

// requestsMatching returns the recorded requests with this method whose
// path contains sub.
func (f *fakeGitHub) requestsMatching(method, sub string) []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []recorded
	for _, r := range f.requests {
		if r.Method == method && strings.Contains(r.Path, sub) {
			out = append(out, r)
		}
	}
	return out
}

// allRequests, allRuns and allComments copy the fake's state under its
// lock (runs in creation order).
func (f *fakeGitHub) allRequests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

func (f *fakeGitHub) allRuns() []fakeRun {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeRun
	for _, r := range f.runs {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b fakeRun) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

func (f *fakeGitHub) allComments() []fakeComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeComment
	for _, c := range f.comments {
		out = append(out, *c)
	}
	return out
}

// serve records and answers one request. The lock is held until the
// handler returns, which is before the client has the whole answer, so a
// test that reads the state after a call sees that call.
func (f *fakeGitHub) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, recorded{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Body: body, At: time.Now()})
	i := len(f.requests) - 1
	f.requests[i].Status = f.handle(w, r, body)
}

// handle serves one request and returns the status it answered.
func (f *fakeGitHub) handle(w http.ResponseWriter, r *http.Request, body []byte) int {
	route, params, err := f.router.FindRoute(r)
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
	if r.Header.Get("Authorization") != "Bearer "+fakeToken {
		return reply(w, http.StatusUnauthorized, nil, map[string]any{"message": "Bad credentials"})
	}
	if f.down {
		return reply(w, http.StatusBadGateway, nil, map[string]any{"message": "Server Error"})
	}
	for _, fl := range f.faults {
		if fl.times > 0 && fl.method == r.Method && strings.Contains(r.URL.Path, fl.pathContains) {
			if fl.skip > 0 {
				fl.skip--
				continue
			}
			fl.times--
			for k, v := range fl.header {
				w.Header().Set(k, v)
			}
			w.WriteHeader(fl.status)
			_, _ = io.WriteString(w, fl.body)
			return fl.status
		}
	}
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
	case "GET /repos/{owner}/{repo}/issues/{issue_number}/comments":
		return f.listComments(w, r, params)
	case "POST /repos/{owner}/{repo}/issues/{issue_number}/comments":
		return f.createComment(w, params, payload)
	case "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}":
		return f.editComment(w, params, payload)
	case "GET /repos/{owner}/{repo}/pulls/{pull_number}/files":
		return f.listFiles(w, r, params)
	}
	f.violations = append(f.violations, fmt.Sprintf("%s %s: valid, but the poster should not call it", r.Method, r.URL.Path))
	return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
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

func (f *fakeGitHub) repoOK(w http.ResponseWriter, params map[string]string) bool {
	if params["owner"]+"/"+params["repo"] != fakeRepo {
		reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
		return false
	}
	return true
}

func (f *fakeGitHub) createRun(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !f.repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid["check-runs"] {
		return forbidden(w)
	}
	f.nextID++
	run := &fakeRun{ID: f.nextID, Name: str(p["name"]), HeadSHA: str(p["head_sha"]), Status: cmp.Or(str(p["status"]), "queued")}
	f.runs[run.ID] = run
	return reply(w, http.StatusCreated, nil, runJSON(run))
}

func (f *fakeGitHub) updateRun(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !f.repoOK(w, params) {
		return http.StatusNotFound
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
	n := 0
	if out, ok := p["output"].(map[string]any); ok {
		run.Title, run.Summary = str(out["title"]), str(out["summary"])
		anns, _ := out["annotations"].([]any)
		for _, a := range anns {
			run.Annotations = append(run.Annotations, a.(map[string]any))
		}
		n = len(anns)
	}
	run.UpdateSizes = append(run.UpdateSizes, n)
	return reply(w, http.StatusOK, nil, runJSON(run))
}

func runJSON(run *fakeRun) map[string]any {
	return map[string]any{"id": run.ID, "node_id": "CR_" + strconv.FormatInt(run.ID, 10), "head_sha": run.HeadSHA,
		"name": run.Name, "status": run.Status, "conclusion": run.Conclusion}
}

func (f *fakeGitHub) listComments(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !f.repoOK(w, params) {
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

func (f *fakeGitHub) listFiles(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !f.repoOK(w, params) {
		return http.StatusNotFound
	}
	pr, _ := strconv.Atoi(params["pull_number"])
	var all []map[string]any
	for _, name := range f.files[pr] {
		all = append(all, map[string]any{"sha": "0123abcd", "filename": name, "status": "modified", "additions": 1,
			"deletions": 0, "changes": 1, "blob_url": "https://github.com/x", "raw_url": "https://github.com/x",
			"contents_url": "https://api.github.com/x"})
	}
	return f.paginate(w, r, all)
}

// paginate answers one page of all (per_page at most 100, as GitHub) with
// a Link header to the next page when there is one.
func (f *fakeGitHub) paginate(w http.ResponseWriter, r *http.Request, all []map[string]any) int {
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

func (f *fakeGitHub) createComment(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !f.repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid["comments"] {
		return forbidden(w)
	}
	body := str(p["body"])
	if len(body) > MaxCommentBody {
		return reply(w, http.StatusUnprocessableEntity, nil, map[string]any{"message": "Body is too long", "documentation_url": "https://docs.github.com/rest"})
	}
	issue, _ := strconv.Atoi(params["issue_number"])
	f.nextID++
	c := &fakeComment{ID: f.nextID, Issue: issue, User: fakeBot, Body: body}
	f.comments = append(f.comments, c)
	return reply(w, http.StatusCreated, nil, commentJSON(c))
}

func (f *fakeGitHub) editComment(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !f.repoOK(w, params) {
		return http.StatusNotFound
	}
	id, _ := strconv.ParseInt(params["comment_id"], 10, 64)
	for _, c := range f.comments {
		if c.ID != id {
			continue
		}
		if f.forbid["comments"] || c.User != fakeBot {
			// Nobody edits another user's comment.
			return forbidden(w)
		}
		body := str(p["body"])
		if len(body) > MaxCommentBody {
			return reply(w, http.StatusUnprocessableEntity, nil, map[string]any{"message": "Body is too long", "documentation_url": "https://docs.github.com/rest"})
		}
		c.Body = body
		return reply(w, http.StatusOK, nil, commentJSON(c))
	}
	return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found"})
}

func commentJSON(c *fakeComment) map[string]any {
	typ := "User"
	if strings.HasSuffix(c.User, "[bot]") {
		typ = "Bot"
	}
	url := fmt.Sprintf("https://api.github.com/repos/%s/issues/comments/%d", fakeRepo, c.ID)
	return map[string]any{"id": c.ID, "node_id": "IC_" + strconv.FormatInt(c.ID, 10), "body": c.Body,
		"user": map[string]any{"login": c.User, "type": typ}, "url": url,
		"html_url":   fmt.Sprintf("https://github.com/%s/pull/%d#issuecomment-%d", fakeRepo, c.Issue, c.ID),
		"issue_url":  fmt.Sprintf("https://api.github.com/repos/%s/issues/%d", fakeRepo, c.Issue),
		"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}
