package actionrun

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/stage"
	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/testtree"
)

// fakeRepo is the repository behind repoAPI in memory: branches with a
// head and files, pull requests, permissions, and what was posted. It
// checks what the real API would refuse: a commit onto a head that moved.
type fakeRepo struct {
	mu       sync.Mutex
	branches map[string]*fakeBranch
	prs      map[int]*fakePR
	perms    map[string]gate.Permission
	commits  []fakeCommit
	reacts   []string
	replies  []string
	// comments are the bot's replies, as the listing shows them.
	comments []gate.Comment
	marked   map[int]string
	// moveHead, when set, is called after the first PullRequest read of a
	// run: a push between the event and the commit.
	moveHead func()
	seq      int
	// trees keeps every commit's files by its sha: an old head stays
	// readable, as on GitHub.
	trees map[string]map[string][]byte
}

type fakeBranch struct {
	head  string
	files map[string][]byte
}

type fakePR struct {
	branch, base string
	headRepo     string
	title, body  string
	edits        int
}

type fakeCommit struct {
	branch string
	files  map[string][]byte
}

func newFakeRepo(def map[string]string) *fakeRepo {
	f := &fakeRepo{branches: map[string]*fakeBranch{}, prs: map[int]*fakePR{}, perms: map[string]gate.Permission{}, marked: map[int]string{},
		trees: map[string]map[string][]byte{}}
	files := map[string][]byte{}
	for p, c := range def {
		files[p] = []byte(c)
	}
	f.branches["master"] = &fakeBranch{files: files}
	f.advance(f.branches["master"])
	return f
}

func (f *fakeRepo) sha() string {
	f.seq++
	return fmt.Sprintf("%040x", f.seq)
}

// advance gives b a new head holding its files.
func (f *fakeRepo) advance(b *fakeBranch) {
	b.head = f.sha()
	f.trees[b.head] = maps.Clone(b.files)
}

func (f *fakeRepo) ReadDecisions(_ context.Context, branch string, dir repopath.Dir) (map[string][]byte, string, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.branches[branch]
	if !ok {
		return nil, "", false, nil
	}
	out := map[string][]byte{}
	for p, d := range b.files {
		rel, in := dir.FromRepo(p)
		if in && (rel == enrich.OverlayPath || strings.HasPrefix(rel, enrich.ApprovalsDir+"/")) {
			out[rel] = d
		}
	}
	return out, b.head, true, nil
}

func (f *fakeRepo) ReadFile(_ context.Context, ref, path string, max int64) ([]byte, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	tree, ok := f.trees[ref]
	if b, isBranch := f.branches[ref]; isBranch {
		tree, ok = b.files, true
	}
	if !ok {
		return nil, false, fmt.Errorf("no ref %s", ref)
	}
	d, found := tree[path]
	if int64(len(d)) > max {
		return nil, false, fmt.Errorf("%s: larger than %d", path, max)
	}
	return d, found, nil
}

func (f *fakeRepo) Commit(_ context.Context, branch, base, head string, files map[string][]byte, _ string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.branches[branch]
	if !ok {
		from := f.branches["master"]
		b = &fakeBranch{files: maps.Clone(from.files)}
		f.branches[branch] = b
	} else if b.head != head {
		return "", fmt.Errorf("%s moved: head %s, expected %s", branch, b.head, head)
	}
	for p, d := range files {
		b.files[p] = d
	}
	f.advance(b)
	f.commits = append(f.commits, fakeCommit{branch: branch, files: files})
	return b.head, nil
}

func (f *fakeRepo) FindPR(_ context.Context, branch string) (int, string, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for n, pr := range f.prs {
		if pr.branch == branch {
			return n, "https://github.com/Codertocat/Hello-World/pull/" + strconv.Itoa(n), true, nil
		}
	}
	return 0, "", false, nil
}

func (f *fakeRepo) UpsertPR(ctx context.Context, branch, base, title, body string) (int, string, error) {
	n, url, ok, _ := f.FindPR(ctx, branch)
	f.mu.Lock()
	defer f.mu.Unlock()
	if !ok {
		n = 100 + len(f.prs)
		url = "https://github.com/Codertocat/Hello-World/pull/" + strconv.Itoa(n)
		f.prs[n] = &fakePR{branch: branch, base: base, headRepo: "Codertocat/Hello-World"}
	} else if f.prs[n].title == title && f.prs[n].body == body {
		return n, url, nil
	}
	f.prs[n].title, f.prs[n].body = title, body
	return n, url, nil
}

func (f *fakeRepo) PullRequest(_ context.Context, number int) (pullInfo, error) {
	f.mu.Lock()
	pr, ok := f.prs[number]
	var out pullInfo
	if ok {
		out = pullInfo{gate: gate.PullRequest{HeadRepo: pr.headRepo, BaseRepo: "Codertocat/Hello-World", HeadSHA: f.branches[pr.branch].head},
			branch: pr.branch, author: "github-actions[bot]", title: pr.title, body: pr.body}
	}
	move := f.moveHead
	f.moveHead = nil
	f.mu.Unlock()
	if !ok {
		return pullInfo{}, fmt.Errorf("no pull request #%d", number)
	}
	if move != nil {
		move()
	}
	return out, nil
}

func (f *fakeRepo) Comments(_ context.Context, pr int) ([]gate.Comment, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.comments), nil
}

func (f *fakeRepo) UpdatePR(_ context.Context, n int, title, body string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	pr, ok := f.prs[n]
	if !ok {
		return fmt.Errorf("no pull request #%d", n)
	}
	pr.title, pr.body = title, body
	pr.edits++
	return nil
}

func (f *fakeRepo) Permission(_ context.Context, login string) gate.Permission {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p, ok := f.perms[login]; ok {
		return p
	}
	return gate.Permission{Level: gate.LevelNone}
}

func (f *fakeRepo) React(_ context.Context, id int64, content string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reacts = append(f.reacts, content)
	return nil
}

func (f *fakeRepo) Reply(_ context.Context, pr int, body string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.replies = append(f.replies, body)
	f.seq++
	f.comments = append(f.comments, gate.Comment{ID: int64(f.seq), Author: gate.Account{Login: "github-actions[bot]", Type: "Bot"}, Body: body})
	return nil
}

func (f *fakeRepo) UpsertMarked(_ context.Context, pr int, marker, body string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.marked[pr] = body
	return nil
}

// nightlyFiles is a repository the curator has things to say about, one
// of them needing a person: a document naming a package in prose.
func nightlyFiles() map[string]string {
	return map[string]string{
		"docbridge.yaml":                "enrich:\n  agent: builtin\n",
		"README.md":                     "# Widgets\n\nWidgets turns plain configuration files into running widget servers, one per team.\n\nSee [the guide](docs/guide.md).\n",
		"docs/guide.md":                 "# Guide\n\nThis page walks through a first widget server.\n\n## Installing the CLI\n\nDownload it.\n",
		"docs/architecture.md":          "# Architecture\n\nThe server reads its configuration through internal/settings and hands every request on.\n",
		"go.mod":                        "module example.com/widgets\n\ngo 1.22\n",
		"main.go":                       "package main\n\nimport \"example.com/widgets/internal/settings\"\n\nfunc main() { settings.Load() }\n",
		"internal/settings/settings.go": "// Package settings reads widget configuration.\npackage settings\n\n// Load reads it.\nfunc Load() {}\n",
	}
}

// nightly runs the schedule route on a fresh checkout of files.
func nightly(t *testing.T, files map[string]string, repo *fakeRepo, c *fakeCache) (string, error) {
	t.Helper()
	h := newHarness(t, testtree.New(t, files), "schedule", "schedule.json")
	h.cache = c
	h.api = repo
	return h.run(Options{})
}

var callsRe = regexp.MustCompile(`asked about (\d+) of (\d+) packs \((\d+) from the cache, (\d+) calls\)`)

// agentCalls reads the run's agent calls and packs asked from its log.
func agentCalls(t *testing.T, out string) (asked, calls int) {
	t.Helper()
	m := callsRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no enrichment line in the log:\n%s", out)
	}
	a, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[4])
	return a, c
}

// TestNightlyEnrichment: the first night commits the overlay to the
// enrichment branch and opens its pull request, listing the proposal that
// waits with its /approve line; an unchanged repository the next night
// makes no agent call and no commit; after one document changes, only the
// packs whose hash moved are asked, and there is one commit.
func TestNightlyEnrichment(t *testing.T) {
	files := nightlyFiles()
	repo, c := newFakeRepo(files), &fakeCache{}
	out, err := nightly(t, files, repo, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if asked, calls := agentCalls(t, out); asked == 0 || calls == 0 {
		t.Fatalf("the first night asked %d packs in %d calls", asked, calls)
	}
	if len(repo.commits) != 1 || repo.commits[0].branch != EnrichmentBranch || repo.commits[0].files[enrich.OverlayPath] == nil {
		t.Fatalf("commits %+v", repo.commits)
	}
	pr := repo.prs[100]
	if pr == nil || pr.branch != EnrichmentBranch || pr.base != "master" {
		t.Fatalf("pull requests %+v", repo.prs)
	}
	ov, err := enrich.ParseOverlay(repo.branches[EnrichmentBranch].files[enrich.OverlayPath])
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("overlay on the branch: %v, %+v", err, ov)
	}
	if id := ov.Pending[0].Proposal.ProposalID; !strings.Contains(pr.body, "/approve "+id) {
		t.Fatalf("the body lacks the /approve line of %s:\n%s", id, pr.body)
	}
	if !slices.ContainsFunc(slices.Collect(maps.Keys(c.saved)), func(k string) bool { return strings.HasPrefix(k, "k-enrich-") }) {
		t.Fatalf("the agent-call cache was not saved: %v", slices.Collect(maps.Keys(c.saved)))
	}

	out, err = nightly(t, files, repo, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if asked, calls := agentCalls(t, out); asked != 0 || calls != 0 {
		t.Fatalf("an unchanged repository asked %d packs in %d calls:\n%s", asked, calls, out)
	}
	if len(repo.commits) != 1 {
		t.Fatalf("an unchanged repository committed again: %d commits", len(repo.commits))
	}

	files["docs/guide.md"] += "\n## Configure the cache\n\nEdit it.\n"
	out, err = nightly(t, files, repo, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	asked, calls := agentCalls(t, out)
	if asked == 0 || calls != 1 || asked > 3 {
		t.Fatalf("after one document changed: %d packs asked in %d calls, want the few whose hash moved in one call:\n%s", asked, calls, out)
	}
	if len(repo.commits) != 2 {
		t.Fatalf("after one document changed: %d commits, want 2", len(repo.commits))
	}
}

// TestNightlyModelsFallback: with enrich.agent auto the action asks GitHub
// Models; refused (401 here), the built-in curator answers and the summary
// says so.
func TestNightlyModelsFallback(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": "models: read is not granted"}})
	}))
	defer srv.Close()
	files := nightlyFiles()
	files["docbridge.yaml"] = "enrich:\n  agent: auto\n  models:\n    baseURL: " + srv.URL + "\n"
	repo := newFakeRepo(files)
	h := newHarness(t, testtree.New(t, files), "schedule", "schedule.json")
	h.api = repo
	out, err := h.run(Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s := h.summary(); !strings.Contains(s, "the built-in curator answered because GitHub Models did not") {
		t.Fatalf("the summary does not say the curator answered:\n%s", s)
	}
	if len(repo.commits) != 1 || !strings.Contains(repo.prs[100].body, "built-in curator") {
		t.Fatalf("commits %d, body %q", len(repo.commits), repo.prs[100].body)
	}
}

// gateEvent writes an issue_comment payload on pull request n by login
// with body, and returns its path.
func gateEvent(t *testing.T, n int, id int64, login, typ, body string) string {
	t.Helper()
	ev := map[string]any{
		"action": "created",
		"issue":  map[string]any{"number": n, "pull_request": map[string]any{"url": "https://api.github.com/repos/Codertocat/Hello-World/pulls/" + strconv.Itoa(n)}},
		"comment": map[string]any{"id": id, "body": body, "user": map[string]any{"login": login, "type": typ},
			"created_at": "2026-12-01T10:00:00Z"},
		"sender":     map[string]any{"login": login, "type": typ},
		"repository": map[string]any{"full_name": "Codertocat/Hello-World", "default_branch": "master"},
	}
	data, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// comment runs the issue_comment route with an empty workspace: the gate
// checks nothing out.
func comment(t *testing.T, repo *fakeRepo, eventPath string) (string, error) {
	t.Helper()
	h := newHarness(t, t.TempDir(), "issue_comment", "issue_comment.created.0.json")
	h.vars["GITHUB_EVENT_PATH"] = eventPath
	h.api = repo
	return h.run(Options{})
}

// TestGateApproveOnTheEnrichmentPullRequest: a collaborator with write
// approves the pending proposal with one comment: one commit on the
// enrichment branch holding the overlay (the proposal accepted, by the
// person) and the approval record, eyes then +1, the proposals comment
// refreshed. The same event again commits nothing (replay). A reader's
// comment is refused with a reply. A head that moved between the event
// and the read is decided on as it is: the branch's ref is the truth.
func TestGateApproveOnTheEnrichmentPullRequest(t *testing.T) {
	files := nightlyFiles()
	repo := newFakeRepo(files)
	if out, err := nightly(t, files, repo, &fakeCache{}); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ov, err := enrich.ParseOverlay(repo.branches[EnrichmentBranch].files[enrich.OverlayPath])
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("no pending proposal to decide: %v", err)
	}
	id := ov.Pending[0].Proposal.ProposalID
	repo.perms["mona"] = gate.Permission{Level: gate.LevelWrite}
	repo.perms["reader"] = gate.Permission{Level: gate.LevelRead}

	// A reader is refused, with a reply that quotes the line.
	out, err := comment(t, repo, gateEvent(t, 100, 11, "reader", "User", "/approve "+id))
	if err != nil || len(repo.commits) != 1 || len(repo.replies) != 1 || !strings.Contains(repo.replies[0], "write") {
		t.Fatalf("reader: err %v, commits %d, replies %q\n%s", err, len(repo.commits), repo.replies, out)
	}

	// The head moves after the event: decided on the new head.
	repo.reacts = nil
	repo.moveHead = func() { repo.advance(repo.branches[EnrichmentBranch]) }
	ev := gateEvent(t, 100, 13, "mona", "User", "Looks right.\n\n/approve "+id+"\n")
	if out, err := comment(t, repo, ev); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(repo.commits) != 2 || !slices.Equal(repo.reacts, []string{"eyes", "+1"}) {
		t.Fatalf("approve: %d commits, reactions %v", len(repo.commits), repo.reacts)
	}
	last := repo.commits[1]
	var record string
	for p := range last.files {
		if strings.HasPrefix(p, enrich.ApprovalsDir+"/") {
			record = p
		}
	}
	after, err := enrich.ParseOverlay(last.files[enrich.OverlayPath])
	if err != nil || record == "" || !slices.ContainsFunc(after.Accepted, func(a enrich.Accepted) bool {
		return a.Proposal.ProposalID == id && a.AcceptedBy == "mona"
	}) {
		t.Fatalf("the commit holds %v; overlay err %v", slices.Collect(maps.Keys(last.files)), err)
	}
	if !strings.HasPrefix(repo.marked[100], ProposalsMarker) {
		t.Fatalf("the proposals comment was not refreshed: %q", repo.marked[100])
	}

	// Replay: the same event once more decides nothing new.
	if out, err := comment(t, repo, ev); err != nil || len(repo.commits) != 2 {
		t.Fatalf("replay: err %v, %d commits\n%s", err, len(repo.commits), out)
	}
}

// TestNightlyWithoutAToken: with no token GitHub Models cannot be asked;
// the curator answers and the summary says why.
func TestNightlyWithoutAToken(t *testing.T) {
	files := nightlyFiles()
	files["docbridge.yaml"] = "enrich:\n  agent: auto\n"
	h := newHarness(t, testtree.New(t, files), "schedule", "schedule.json")
	h.vars["INPUT_GITHUB-TOKEN"] = ""
	out, err := h.run(Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s := h.summary(); !strings.Contains(s, "the built-in curator answered because GitHub Models did not") || !strings.Contains(s, "not published") {
		t.Fatalf("summary:\n%s", s)
	}
}

// TestReviewSaysWhatWaits: an ordinary pull request's results carry the
// proposals waiting on the enrichment pull request and the accepted ones
// whose target the pull request changed (expiring), which the comment
// shows; a pull request that changes no target lists none.
func TestReviewSaysWhatWaits(t *testing.T) {
	files := nightlyFiles()
	repo := newFakeRepo(files)
	if out, err := nightly(t, files, repo, &fakeCache{}); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	overlay := repo.branches[EnrichmentBranch].files[enrich.OverlayPath]
	ov, err := enrich.ParseOverlay(overlay)
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("overlay: %v", err)
	}
	var target string
	for _, a := range ov.Accepted {
		if strings.HasPrefix(a.Proposal.Entity, "document:") {
			target = strings.TrimPrefix(a.Proposal.Entity, "document:")
			break
		}
	}
	if target == "" {
		t.Fatal("no accepted proposal on a document")
	}
	review := func(change bool) *fakePoster {
		t.Helper()
		head := maps.Clone(files)
		head[enrich.OverlayPath] = string(overlay)
		if change {
			head[target] += "\nOne more line.\n"
		}
		h := newHarness(t, testtree.New(t, head), "pull_request", "pull_request.opened.0.json")
		h.vars["GITHUB_REF"] = "refs/pull/2/merge"
		h.api = repo
		if out, err := h.run(Options{FailOn: "none"}); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return h.poster
	}
	p := review(true)
	e := p.published[0].Enrichment
	if e == nil || e.Pending != len(ov.Pending) || e.PR != 100 || len(e.Expiring) == 0 ||
		!slices.ContainsFunc(e.Expiring, func(x enrich.Proposal) bool { return x.Entity == "document:"+target }) {
		t.Fatalf("what waits: %+v", e)
	}
	if e := review(false).published[0].Enrichment; e == nil || len(e.Expiring) != 0 || e.Pending != len(ov.Pending) {
		t.Fatalf("a pull request changing no target: %+v", e)
	}
}

// TestPlaceDecisions: the branch's records replace the checkout's, and a
// checkout whose .docbridge is a symlink out of the workspace gets an
// error, not a write through it.
func TestPlaceDecisions(t *testing.T) {
	dir := t.TempDir()
	stale := filepath.Join(dir, filepath.FromSlash(enrich.ApprovalsDir), "stale.json")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{enrich.OverlayPath: []byte("overlay"), enrich.ApprovalsDir + "/a.json": []byte("a")}
	if err := placeDecisions(dir, files); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the checkout's stale approval record survived: %v", err)
	}
	for p, want := range files {
		if got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p))); err != nil || string(got) != string(want) {
			t.Errorf("%s = %q, %v; want %q", p, got, err, want)
		}
	}

	outside, ws := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(ws, ".docbridge")); err != nil {
		t.Fatal(err)
	}
	if err := placeDecisions(ws, files); err == nil {
		t.Error("placeDecisions wrote through a symlink out of the workspace")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside the workspace: %v", entries)
	}
}

// TestGateUnderAWorkingDirectory: with working-directory site, the nightly
// run commits the overlay to site/.docbridge/enrich/overlay.json, and the
// gate — whose workspace is empty, so the directory does not exist there —
// reads that overlay, the records and the targets under site/ and commits
// the decision there. A root .docbridge of another project on the branch
// is neither read nor written.
func TestGateUnderAWorkingDirectory(t *testing.T) {
	files := map[string]string{}
	for p, c := range nightlyFiles() {
		files["site/"+p] = c
	}
	repo := newFakeRepo(files)
	h := newHarness(t, testtree.New(t, files), "schedule", "schedule.json")
	h.vars["INPUT_WORKING-DIRECTORY"] = "site"
	h.api = repo
	if out, err := h.run(Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	b := repo.branches[EnrichmentBranch]
	if b == nil || b.files[enrich.OverlayPath] != nil {
		t.Fatalf("the nightly run committed no overlay, or one at the repository root")
	}
	siteOverlay := "site/" + enrich.OverlayPath
	ov, err := enrich.ParseOverlay(b.files[siteOverlay])
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("no pending proposal in %s: %v", siteOverlay, err)
	}
	decoy := []byte("another project's overlay, not docbridge's\n")
	b.files[enrich.OverlayPath] = decoy
	repo.advance(b)

	id := ov.Pending[0].Proposal.ProposalID
	repo.perms["mona"] = gate.Permission{Level: gate.LevelWrite}
	g := newHarness(t, t.TempDir(), "issue_comment", "issue_comment.created.0.json")
	g.vars["GITHUB_EVENT_PATH"] = gateEvent(t, 100, 13, "mona", "User", "/approve "+id)
	g.vars["INPUT_WORKING-DIRECTORY"] = "site"
	g.api = repo
	out, err := g.run(Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(repo.commits) != 2 || !slices.Equal(repo.reacts, []string{"eyes", "+1"}) || len(repo.replies) != 0 {
		t.Fatalf("%d commits, reactions %v, replies %q\n%s", len(repo.commits), repo.reacts, repo.replies, out)
	}
	var records int
	for p := range repo.commits[1].files {
		switch {
		case p == siteOverlay:
		case strings.HasPrefix(p, "site/"+enrich.ApprovalsDir+"/"):
			records++
		default:
			t.Errorf("the decision wrote %s, outside site/.docbridge", p)
		}
	}
	after, err := enrich.ParseOverlay(repo.commits[1].files[siteOverlay])
	if records != 1 || err != nil || len(after.Pending) != len(ov.Pending)-1 {
		t.Fatalf("%d approval records, overlay %v", records, err)
	}
	if got := repo.branches[EnrichmentBranch].files[enrich.OverlayPath]; string(got) != string(decoy) {
		t.Fatalf("the root overlay was changed: %q", got)
	}
}

// TestEnrichmentSummarySaysWhatWasCommitted: the nightly run's summary
// names a commit only when it made one; an unchanged overlay or a failed
// commit says so, beside the pull request it opened or updated.
func TestEnrichmentSummarySaysWhatWasCommitted(t *testing.T) {
	res := &stage.Result{AgentID: "docbridge-curator", PromptVersion: "rules/1", Overlay: &enrich.Overlay{ContentHash: "8fc7e2ba09a5673e"}}
	url := "https://github.com/Codertocat/Hello-World/pull/100"
	for _, tc := range []struct {
		e    enrichment
		want string
	}{
		{enrichment{commit: "bcafd258", pr: 100, prURL: url}, "Committed `bcafd258` to `docbridge/enrichment`; pull request [#100](" + url + ").\n"},
		{enrichment{commit: "bcafd258"}, "Committed `bcafd258` to `docbridge/enrichment`.\n"},
		{enrichment{note: "unchanged: nothing to commit", pr: 100, prURL: url}, "Overlay unchanged: nothing to commit; pull request [#100](" + url + ").\n"},
		{enrichment{note: "not committed: HTTP 403", pr: 100, prURL: url}, "Overlay not committed: HTTP 403; pull request [#100](" + url + ").\n"},
		{enrichment{note: "not published: no GitHub access in this run"}, "Overlay not published: no GitHub access in this run.\n"},
	} {
		tc.e.result = res
		got := enrichmentSummary(&tc.e)
		if !strings.HasSuffix(got, "\n\n"+tc.want) {
			t.Errorf("%+v: the summary ends\n%s\nwant\n%s", tc.e, got[strings.LastIndex(strings.TrimSuffix(got, "\n"), "\n")+1:], tc.want)
		}
	}
}
