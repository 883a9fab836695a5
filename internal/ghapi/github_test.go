package ghapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/review"
)

// findingsReport is a compared report with n new findings spread over
// files and levels, plus one unchanged and one resolved finding.
func findingsReport(n int) *report.Report {
	levels := []catalog.Level{"error", "warn", "info"}
	ds := make([]finding.Diagnostic, 0, n)
	for i := range n {
		ds = append(ds, finding.Diagnostic{ID: fmt.Sprintf("%016x", i), Code: "BROKEN_LINK", Severity: levels[i%3],
			Message:  fmt.Sprintf("link %d to docs/missing-%d.md: no such file", i, i),
			Evidence: []finding.Location{{Path: fmt.Sprintf("docs/page-%02d.md", i%9), Line: i + 1}}})
	}
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &finding.Comparison{New: ds,
			Unchanged: []finding.Diagnostic{{ID: "u1", Code: "UNRESOLVED_PATH", Severity: "warn", Message: "old",
				Evidence: []finding.Location{{Path: "docs/old.md", Line: 2}}}},
			Resolved: []finding.Diagnostic{{ID: "r1", Code: "BROKEN_ANCHOR", Severity: "error", Message: "fixed",
				Evidence: []finding.Location{{Path: "docs/fixed.md", Line: 5}}}}}})
}

var ghCtx = review.GitHubContext{ServerURL: "https://github.com", Repository: fakeRepo, HeadSHA: "headsha1", BaseSHA: "basesha0",
	RunURL: "https://github.com/octo/docs-demo/actions/runs/42"}

// publication renders what a run posts for r.
func publication(r *report.Report, pr int) Publication {
	opts := review.RenderOptions{GitHub: ghCtx, FailOn: "error"}
	return Publication{HeadSHA: ghCtx.HeadSHA, CheckRun: review.CheckRun(r, opts),
		Conclusion: review.Conclusion(errorCount(r)), PR: pr, Comment: review.Comment(r, opts)}
}

func newPoster(t *testing.T, f *ghapitest.Fake, sleeps *[]time.Duration, out *bytes.Buffer) Poster {
	t.Helper()
	p, err := New(Config{Out: out, GitHub: fakeOptions(f, sleeps)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCheckRunBatches posts 120 findings: one create, then three updates
// of 50, 50 and 20 annotations; the first completes the run.
func TestCheckRunBatches(t *testing.T) {
	f := newFakeGitHub(t)
	var out bytes.Buffer
	pub := publication(findingsReport(120), 0)
	if err := publish(context.Background(), newPoster(t, f, nil, &out), nil, pub); err != nil {
		t.Fatal(err)
	}
	runs := f.Runs()
	if len(runs) != 1 {
		t.Fatalf("%d check runs", len(runs))
	}
	run := runs[0]
	if run.HeadSHA != ghCtx.HeadSHA || run.Name != checkName || run.Status != "completed" || run.Conclusion != review.ConclusionFailure {
		t.Errorf("run %+v", run)
	}
	if want := []int{50, 50, 20}; !slices.Equal(run.UpdateSizes, want) {
		t.Errorf("annotation batches %v, want %v", run.UpdateSizes, want)
	}
	creates := f.Requests("POST", "/check-runs")
	var created map[string]any
	if len(creates) != 1 || json.Unmarshal(creates[0].Body, &created) != nil || created["status"] != "in_progress" {
		t.Errorf("create request: %+v", creates)
	}
	patches := f.Requests("PATCH", "/check-runs/")
	for i, p := range patches {
		var body struct {
			Status, Conclusion string
			Output             struct{ Title, Summary string }
		}
		if err := json.Unmarshal(p.Body, &body); err != nil {
			t.Fatal(err)
		}
		if (i == 0) != (body.Conclusion == review.ConclusionFailure && body.Status == "completed") {
			t.Errorf("update %d: status %q conclusion %q; only the first completes", i, body.Status, body.Conclusion)
		}
		if body.Output.Summary != pub.CheckRun.Summary || body.Output.Title != pub.CheckRun.Title {
			t.Errorf("update %d does not carry the title and summary", i)
		}
	}
	if len(run.Annotations) != 120 {
		t.Fatalf("%d annotations posted", len(run.Annotations))
	}
	for i, a := range run.Annotations {
		want := pub.CheckRun.Annotations[i]
		if a["path"] != want.Path || int(a["start_line"].(float64)) != want.StartLine || a["annotation_level"] != want.Level ||
			a["message"] != want.Message || a["title"] != want.Title {
			t.Errorf("annotation %d: %v, want %+v", i, a, want)
		}
		if _, ok := a["start_column"]; ok {
			t.Errorf("annotation %d has columns", i)
		}
	}
	if out.Len() != 0 {
		t.Errorf("the fallback wrote although GitHub worked:\n%s", out.String())
	}
}

// TestStickyCommentRerun runs twice on a pull request with 120 other
// comments (two pages), one of them another user's with the marker: the
// first run creates the sticky comment, the second edits it, and the
// other user's comment is never touched.
func TestStickyCommentRerun(t *testing.T) {
	f := newFakeGitHub(t)
	const pr = 7
	for i := range 120 {
		f.SeedComment(pr, fmt.Sprintf("user%d", i%5), fmt.Sprintf("comment %d", i))
		if i == 10 {
			f.SeedComment(pr, "mallory", review.StickyMarker+"\nfake results")
		}
		if i == 20 {
			// The bot's own comment without the marker is not the sticky one.
			f.SeedComment(pr, fakeBot, "some other bot message")
		}
	}
	f.SeedComment(pr+1, fakeBot, review.StickyMarker+"\nanother pull request's")
	ctx := context.Background()
	var out bytes.Buffer
	first := publication(findingsReport(3), pr).Comment
	if err := newPoster(t, f, nil, &out).UpsertComment(ctx, pr, first); err != nil {
		t.Fatal(err)
	}
	second := publication(findingsReport(5), pr).Comment
	if first == second {
		t.Fatal("the two runs' comments are the same; the test would prove nothing")
	}
	if err := newPoster(t, f, nil, &out).UpsertComment(ctx, pr, second); err != nil {
		t.Fatal(err)
	}
	var sticky []ghapitest.Comment
	for _, c := range f.Comments() {
		if c.Issue == pr && c.User == fakeBot && strings.HasPrefix(c.Body, review.StickyMarker) {
			sticky = append(sticky, c)
		}
		if c.User == "mallory" && c.Body != review.StickyMarker+"\nfake results" {
			t.Errorf("another user's comment was changed")
		}
	}
	if len(sticky) != 1 || sticky[0].Body != second {
		t.Fatalf("%d sticky comments after two runs (want 1 with the second body)", len(sticky))
	}
	if n := len(f.Requests("POST", "/issues/7/comments")); n != 1 {
		t.Errorf("%d comments created, want 1", n)
	}
	edits := f.Requests("PATCH", "/issues/comments/")
	if len(edits) != 1 || edits[0].Path != fmt.Sprintf("/repos/%s/issues/comments/%d", fakeRepo, sticky[0].ID) {
		t.Errorf("edits %+v, want one of comment %d", edits, sticky[0].ID)
	}
	var pages []string
	for _, r := range f.Requests("GET", "/issues/7/comments") {
		pages = append(pages, r.Query)
	}
	// Run 1 reads both pages and finds nothing; run 2 reads both and finds
	// the comment on page 2.
	if len(pages) != 4 || !strings.Contains(pages[1], "page=2") || !strings.Contains(pages[3], "page=2") {
		t.Errorf("listing requests %q, want pages 1 and 2 twice", pages)
	}
	// A third run with the same body sends nothing but the listing.
	before := len(f.Requests("", ""))
	if err := newPoster(t, f, nil, &out).UpsertComment(ctx, pr, second); err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Requests("", "")[before:] {
		if r.Method != "GET" {
			t.Errorf("unchanged body, yet %s %s", r.Method, r.Path)
		}
	}
}

// TestForkUsesWorkflowCommands: a fork's run sends nothing to GitHub and
// writes the annotations as workflow commands.
func TestForkUsesWorkflowCommands(t *testing.T) {
	f := newFakeGitHub(t)
	var out bytes.Buffer
	p, err := New(Config{Fork: true, Out: &out, GitHub: fakeOptions(f, nil)})
	if err != nil {
		t.Fatal(err)
	}
	pub := publication(findingsReport(30), 7)
	if err := publish(context.Background(), p, nil, pub); err != nil {
		t.Fatal(err)
	}
	if n := len(f.Requests("", "")); n != 0 {
		t.Errorf("a fork's run sent %d requests", n)
	}
	checkWorkflowCommands(t, out.String(), pub.CheckRun.Annotations)
	if !strings.Contains(out.String(), "pull request from a fork") {
		t.Errorf("the log does not say why:\n%s", out.String())
	}
}

// checkWorkflowCommands asserts that log holds anns as workflow commands:
// per type the first ones (all when ten or fewer, else nine and a count).
func checkWorkflowCommands(t *testing.T, log string, anns []review.Annotation) {
	t.Helper()
	byType := map[string][]string{}
	for _, line := range strings.Split(log, "\n") {
		for _, name := range []string{"error", "warning", "notice"} {
			if strings.HasPrefix(line, "::"+name+" ") {
				byType[name] = append(byType[name], line)
			}
		}
	}
	want := map[string][]review.Annotation{}
	names := map[string]string{review.AnnotationFailure: "error", review.AnnotationWarning: "warning", review.AnnotationNotice: "notice"}
	for _, a := range anns {
		want[names[a.Level]] = append(want[names[a.Level]], a)
	}
	for name, as := range want {
		got := byType[name]
		shown := len(as)
		if shown > review.MaxWorkflowAnnotationsPerType {
			shown = review.MaxWorkflowAnnotationsPerType - 1
			if len(got) != review.MaxWorkflowAnnotationsPerType ||
				!strings.Contains(got[len(got)-1], fmt.Sprintf("::%d more %ss not shown", len(as)-shown, name)) {
				t.Errorf("%s: %d lines, the last %q; want %d with a count of %d more", name, len(got), got[len(got)-1],
					review.MaxWorkflowAnnotationsPerType, len(as)-shown)
			}
		} else if len(got) != shown {
			t.Errorf("%s: %d lines, want %d", name, len(got), shown)
		}
		for i := range shown {
			if got[i] != review.WorkflowAnnotation(as[i]) {
				t.Errorf("%s %d: %q, want %q", name, i, got[i], review.WorkflowAnnotation(as[i]))
			}
		}
	}
}

// TestForbiddenDegrades: a read-only token (403 on every write) makes
// one attempt each, no retry, and the run degrades without an error.
func TestForbiddenDegrades(t *testing.T) {
	f := newFakeGitHub(t)
	f.Forbid(ghapitest.CheckRuns, ghapitest.Comments)
	var out bytes.Buffer
	var sleeps []time.Duration
	pub := publication(findingsReport(12), 7)
	if err := publish(context.Background(), newPoster(t, f, &sleeps, &out), nil, pub); err != nil {
		t.Fatalf("a 403 should degrade quietly: %v", err)
	}
	if len(sleeps) != 0 || len(f.Requests("POST", "/check-runs")) != 1 || len(f.Requests("POST", "/comments")) != 1 {
		t.Errorf("403s were retried: %d waits, requests %+v", len(sleeps), f.Requests("", ""))
	}
	checkWorkflowCommands(t, out.String(), pub.CheckRun.Annotations)
	for _, want := range []string{"could not create the check run", "could not post the sticky comment", "no comment posted on #7"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRetries: 502s, a 429 and a secondary rate limit are retried, with
// the waits the policy and the answers ask for, and the posting succeeds.
func TestRetries(t *testing.T) {
	f := newFakeGitHub(t)
	f.AddFault(ghapitest.Fault{Method: "POST", PathContains: "/check-runs", Times: 2, Status: http.StatusBadGateway, Body: `{"message":"Server Error"}`})
	f.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/check-runs/", Times: 1, Status: http.StatusTooManyRequests,
		Header: map[string]string{"Retry-After": "7"}, Body: `{"message":"Too Many Requests"}`})
	f.AddFault(ghapitest.Fault{Method: "GET", PathContains: "/comments", Times: 3, Status: http.StatusServiceUnavailable, Body: `{"message":"Unavailable"}`})
	var sleeps []time.Duration
	var out bytes.Buffer
	pub := publication(findingsReport(60), 7)
	if err := publish(context.Background(), newPoster(t, f, &sleeps, &out), nil, pub); err != nil {
		t.Fatal(err)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 7 * time.Second, time.Second, 2 * time.Second, 4 * time.Second}
	if !slices.Equal(sleeps, want) {
		t.Errorf("waits %v, want %v", sleeps, want)
	}
	runs, comments := f.Runs(), f.Comments()
	if len(runs) != 1 || len(comments) != 1 || out.Len() != 0 {
		t.Errorf("%d runs, %d comments, fallback output %q", len(runs), len(comments), out.String())
	}
	for _, r := range runs {
		if len(r.Annotations) != 60 || r.Status != "completed" {
			t.Errorf("run after retries: %d annotations, %s", len(r.Annotations), r.Status)
		}
	}
}

// TestSecondaryRateLimit: a 403 secondary limit with Retry-After: 1 is
// waited out (really: go-github also refuses requests until then) and
// retried.
func TestSecondaryRateLimit(t *testing.T) {
	f := newFakeGitHub(t)
	f.AddFault(ghapitest.Fault{Method: "POST", PathContains: "/comments", Times: 1, Status: http.StatusForbidden,
		Header: map[string]string{"Retry-After": "1", "Content-Type": "application/json"},
		Body:   `{"message":"You have exceeded a secondary rate limit.","documentation_url":"` + ghapitest.SecondaryLimitDoc + `"}`})
	var out bytes.Buffer
	body := publication(findingsReport(2), 7).Comment
	if err := newPoster(t, f, nil, &out).UpsertComment(context.Background(), 7, body); err != nil {
		t.Fatal(err)
	}
	posts := f.Requests("POST", "/comments")
	if len(posts) != 2 || posts[0].Status != http.StatusForbidden || posts[1].Status != http.StatusCreated {
		t.Fatalf("posts %+v", posts)
	}
	if gap := posts[1].At.Sub(posts[0].At); gap < time.Second {
		t.Errorf("retried after %s, before the Retry-After of 1s", gap)
	}
	if comments := f.Comments(); len(comments) != 1 || comments[0].Body != body {
		t.Errorf("comments %+v", comments)
	}
}

// TestRetryBudget: a Retry-After beyond the budget is not waited for.
func TestRetryBudget(t *testing.T) {
	f := newFakeGitHub(t)
	f.AddFault(ghapitest.Fault{Method: "POST", PathContains: "/check-runs", Times: 1, Status: http.StatusTooManyRequests,
		Header: map[string]string{"Retry-After": "3600"}, Body: `{"message":"Too Many Requests"}`})
	var sleeps []time.Duration
	g, err := NewGitHub(fakeOptions(f, &sleeps))
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.StartCheck(context.Background(), "headsha1")
	if err == nil || !strings.Contains(err.Error(), "would pass the 1m30s budget") || len(sleeps) != 0 {
		t.Errorf("error %v after waits %v", err, sleeps)
	}
}

// TestGitHubDown: every request answers 502. Each call is tried
// maxAttempts times, the error is reported, the annotations still reach
// the log, and the job summary the caller writes holds every finding.
func TestGitHubDown(t *testing.T) {
	f := newFakeGitHub(t)
	f.GoDown(down)
	var sleeps []time.Duration
	var out bytes.Buffer
	r := findingsReport(120)
	pub := publication(r, 7)
	err := publish(context.Background(), newPoster(t, f, &sleeps, &out), nil, pub)
	if err == nil || !strings.Contains(err.Error(), "502") || !strings.Contains(err.Error(), "giving up after 5 attempts") {
		t.Fatalf("error %v", err)
	}
	// StartCheck and the comment listing fail; FinishCheck goes straight
	// to the fallback, with no run to update. After StartCheck's first
	// 502 one request asks whether the check run was made all the same;
	// that failing too, it asks no more.
	if n := len(f.Requests("", "")); n != 2*maxAttempts+1 {
		t.Errorf("%d requests, want %d", n, 2*maxAttempts+1)
	}
	if len(sleeps) != 2*(maxAttempts-1) {
		t.Errorf("waits %v", sleeps)
	}
	checkWorkflowCommands(t, out.String(), pub.CheckRun.Annotations)
	// The job summary lists the first findings of each code and counts
	// the rest; nothing is cut.
	summary := review.JobSummary(r, review.RenderOptions{GitHub: ghCtx, FailOn: "error"})
	for _, fd := range r.Findings {
		if !strings.Contains(summary, fd.Detail) && !strings.Contains(summary, "more `"+fd.Code+"` finding") {
			t.Errorf("the job summary neither lists nor counts %q", fd.Detail)
		}
	}
	if want := fmt.Sprintf("… and %d more `BROKEN_LINK` findings", len(r.Findings)-1-report.DefaultMaxPerCode); !strings.Contains(summary, want) {
		t.Errorf("the job summary lacks %q", want)
	}
	if strings.Contains(summary, "✂️") || len(summary) > review.MaxJobSummary {
		t.Errorf("the job summary was cut")
	}
}

// TestValidatorRejects proves the fake's OpenAPI validation is live: a
// batch of 51 annotations and an unknown level are refused.
func TestValidatorRejects(t *testing.T) {
	f := newFakeGitHub(t)
	id := f.SeedRun("headsha1")
	anns := make([]map[string]any, 51)
	for i := range anns {
		anns[i] = map[string]any{"path": "a.md", "start_line": 1, "end_line": 1, "annotation_level": "failure", "message": "m"}
	}
	bad := []map[string]any{
		{"name": "docbridge", "output": map[string]any{"summary": "s", "annotations": anns}},
		{"name": "docbridge", "output": map[string]any{"summary": "s", "annotations": []any{
			map[string]any{"path": "a.md", "start_line": 1, "end_line": 1, "annotation_level": "error", "message": "m"}}}},
		{"name": "docbridge", "status": "completed", "output": map[string]any{"title": "no summary"}},
	}
	for i, body := range bad {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("PATCH", fmt.Sprintf("%s/repos/%s/check-runs/%d", f.URL, fakeRepo, id), bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+fakeToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("bad body %d: status %d, want 422", i, resp.StatusCode)
		}
	}
	// Taking them also keeps these expected ones from failing the test.
	if v := f.TakeViolations(); len(v) != len(bad) {
		t.Errorf("%d violations recorded, want %d: %q", len(v), len(bad), v)
	}
}

// TestPosterRefusesBadInput: what GitHub would refuse is refused before
// any request.
func TestPosterRefusesBadInput(t *testing.T) {
	f := newFakeGitHub(t)
	g, err := NewGitHub(fakeOptions(f, nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := map[string]error{
		"no marker":      g.UpsertComment(ctx, 7, "hello"),
		"too long":       g.UpsertComment(ctx, 7, review.StickyMarker+strings.Repeat("x", maxCommentBody)),
		"no PR":          g.UpsertComment(ctx, 0, review.StickyMarker),
		"bad conclusion": g.FinishCheck(ctx, CheckRef{ID: 5}, review.CheckRunOutput{Summary: "s"}, "maybe"),
		"no run":         g.FinishCheck(ctx, CheckRef{}, review.CheckRunOutput{Summary: "s"}, review.ConclusionSuccess),
	}
	for name, err := range cases {
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if n := len(f.Requests("", "")); n != 0 {
		t.Errorf("%d requests sent", n)
	}
	for _, bad := range []GitHubOptions{{Token: "t", Repository: "noslash"}, {Token: "t", Repository: "a/b/c"},
		{Repository: "a/b"}, {Token: "t", Repository: "a/b", APIURL: "ftp://x"}} {
		if _, err := NewGitHub(bad); err == nil {
			t.Errorf("NewGitHub(%+v) accepted", bad)
		}
	}
}

// TestChangedFiles lists 250 files over three pages, sorted and unique;
// a listing at GitHub's cap is refused.
func TestChangedFiles(t *testing.T) {
	f := newFakeGitHub(t)
	var files7 []string
	for i := 249; i >= 0; i-- {
		files7 = append(files7, fmt.Sprintf("docs/f%03d.md", i))
	}
	f.SetFiles(7, append(files7, "docs/f001.md"))
	files8 := make([]string, maxChangedFiles)
	for i := range files8 {
		files8[i] = fmt.Sprintf("f%d", i)
	}
	f.SetFiles(8, files8)
	g, err := NewGitHub(fakeOptions(f, nil))
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.ChangedFiles(context.Background(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 250 || !slices.IsSorted(got) || got[0] != "docs/f000.md" || got[249] != "docs/f249.md" {
		t.Errorf("%d files, first %q", len(got), got[0])
	}
	if n := len(f.Requests("GET", "/pulls/7/files")); n != 3 {
		t.Errorf("%d pages read, want 3", n)
	}
	if _, err := g.ChangedFiles(context.Background(), 8); err == nil || !strings.Contains(err.Error(), "at most 3000 files") {
		t.Errorf("a listing at the cap: %v", err)
	}
}

// errorCount counts r's judged findings at level error: what fails a run
// with fail-on error.
func errorCount(r *report.Report) int {
	n := 0
	for _, f := range report.Judged(r) {
		if f.Level == "error" {
			n++
		}
	}
	return n
}

// TestWritesWhoseAnswerWasLostAreNotSentAgain: GitHub carries out the
// check run's create, its second annotation batch and the sticky
// comment's create, and each answer is lost (the connection closes), cut,
// garbled or a proxy's 502. docbridge finds each on GitHub instead of sending it again:
// one check run, completed, with 120 annotations (not 170), one comment.
func TestWritesWhoseAnswerWasLostAreNotSentAgain(t *testing.T) {
	for _, kind := range []ghapitest.FaultKind{ghapitest.Lost, ghapitest.Truncated, ghapitest.Malformed, ghapitest.BadGatewayAfter} {
		t.Run(string(kind), func(t *testing.T) {
			f := newFakeGitHub(t)
			f.AddFault(ghapitest.Fault{Operation: "checks/create", Times: 1, Kind: kind})
			f.AddFault(ghapitest.Fault{Operation: "checks/update", Skip: 1, Times: 1, Kind: kind})
			f.AddFault(ghapitest.Fault{Operation: "issues/create-comment", Times: 1, Kind: kind})
			var out bytes.Buffer
			var sleeps []time.Duration
			opts := fakeOptions(f, &sleeps)
			opts.Log = &out
			p, err := New(Config{Out: &out, GitHub: opts})
			if err != nil {
				t.Fatal(err)
			}
			if err := publish(context.Background(), p, nil, publication(findingsReport(120), 7)); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			runs := f.Runs()
			if len(runs) != 1 || runs[0].Status != "completed" || len(runs[0].Annotations) != 120 || runs[0].ExternalID == "" {
				t.Fatalf("check runs %d, first %+v", len(runs), runs[0])
			}
			if got := len(f.Comments()); got != 1 {
				t.Errorf("%d comments", got)
			}
			if n := strings.Count(out.String(), "but it took effect; not sending it again"); n != 3 {
				t.Errorf("%d writes found instead of sent again, want 3:\n%s", n, out.String())
			}
		})
	}
}
