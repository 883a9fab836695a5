package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/testtree"
)

// e2eEnrichFiles is a repository the built-in curator has things to say
// about, one needing a person (a package named in prose).
func e2eEnrichFiles() map[string]string {
	return map[string]string{
		"docbridge.yaml":                "enrich:\n  agent: builtin\n",
		"README.md":                     "# Widgets\n\nWidgets turns plain configuration files into running widget servers, one per team.\n\nSee [the guide](docs/guide.md).\n",
		"docs/guide.md":                 "# Guide\n\nThis page walks through a first widget server.\n\n## Installing the CLI\n\nDownload it.\n",
		"docs/architecture.md":          "# Architecture\n\nThe server reads its configuration through internal/settings and hands every request on.\n",
		"docs/operations.md":            "# Operations\n\nOperators change the limits in internal/settings before a release.\n",
		"go.mod":                        "module example.com/widgets\n\ngo 1.22\n",
		"main.go":                       "package main\n\nimport \"example.com/widgets/internal/settings\"\n\nfunc main() { settings.Load() }\n",
		"internal/settings/settings.go": "// Package settings reads widget configuration.\npackage settings\n\n// Load reads it.\nfunc Load() {}\n",
	}
}

// seedMain makes the fake's default branch hold files.
func (w *e2eWorld) seedMain(files map[string]string) {
	b := map[string][]byte{}
	for p, c := range files {
		b[p] = []byte(c)
	}
	w.gh.Push(ghapitest.DefaultBranch, b, "files")
}

func schedulePayload() []byte {
	return []byte(`{"schedule":"17 3 * * *","repository":{"full_name":"` + ghapitest.Repo + `","default_branch":"main"}}`)
}

func commentPayload(t *testing.T, pr int, id int64, login, body string) []byte {
	t.Helper()
	return commentEvent(t, "created", pr, id, login, "User", body)
}

// commentEvent is an issue_comment payload on pull request pr.
func commentEvent(t *testing.T, action string, pr int, id int64, login, typ, body string) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]any{
		"action": action,
		"issue":  map[string]any{"number": pr, "pull_request": map[string]any{"url": "https://api.github.com/repos/" + ghapitest.Repo + "/pulls/1"}},
		"comment": map[string]any{"id": id, "body": body, "user": map[string]any{"login": login, "type": typ},
			"created_at": "2026-12-01T10:00:00Z"},
		"sender":     map[string]any{"login": login, "type": typ},
		"repository": map[string]any{"full_name": ghapitest.Repo, "default_branch": "main"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

var e2eCallsRe = regexp.MustCompile(`asked about (\d+) of \d+ packs \(\d+ from the cache, (\d+) calls\)`)

// TestE2ENightlyEnrichment: the schedule route through the real wiring,
// act's cache server and the fake GitHub (requests validated against the
// OpenAPI subset): the first night commits the overlay to the enrichment
// branch — a real git commit whose tree is read back — and opens the pull
// request; an unchanged repository makes no agent call and no commit;
// after one document changes, one commit.
func TestE2ENightlyEnrichment(t *testing.T) {
	w := newWorld(t)
	files := e2eEnrichFiles()
	w.seedMain(files)
	night := func() (int, string) {
		res := w.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)})
		if res.code != 0 {
			t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
		}
		m := e2eCallsRe.FindStringSubmatch(res.stdout)
		if m == nil {
			t.Fatalf("no enrichment line:\n%s", res.stdout)
		}
		return len(w.gh.Log(actionrun.EnrichmentBranch)), m[2]
	}
	commits, calls := night()
	if calls == "0" {
		t.Fatalf("the first night made no agent call")
	}
	overlay := w.gh.Files(actionrun.EnrichmentBranch)[enrich.OverlayPath]
	ov, err := enrich.ParseOverlay(overlay)
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("the branch's overlay: %v", err)
	}
	prs := w.gh.PRs()
	if len(prs) != 1 || prs[0].Head != actionrun.EnrichmentBranch || !strings.Contains(prs[0].Body, "/approve "+ov.Pending[0].Proposal.ProposalID) {
		t.Fatalf("pull requests %+v", prs)
	}

	again, calls := night()
	if calls != "0" || again != commits {
		t.Fatalf("an unchanged repository: %s agent calls, %d commits after %d", calls, again, commits)
	}

	files["docs/guide.md"] += "\n## Configure the cache\n\nEdit it.\n"
	w.seedMain(files)
	after, calls := night()
	if calls != "1" || after != again+1 {
		t.Fatalf("after one document changed: %s agent calls, %d commits after %d", calls, after, again)
	}
	if n := len(w.gh.PRs()); n != 1 {
		t.Fatalf("%d pull requests: the open one is updated, not doubled", n)
	}
}

// TestE2EApproveComment: a collaborator with write approves a pending
// proposal on the enrichment pull request with one comment: the overlay
// and the approval record land in one commit on its branch, the comment
// gets eyes then +1; the same event again makes no second commit; a
// reader's command is refused with -1 and a reply.
func TestE2EApproveComment(t *testing.T) {
	w := newWorld(t)
	files := e2eEnrichFiles()
	w.seedMain(files)
	if res := w.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)}); res.code != 0 {
		t.Fatalf("nightly: exit %d\n%s", res.code, res.stderr)
	}
	ov, err := enrich.ParseOverlay(w.gh.Files(actionrun.EnrichmentBranch)[enrich.OverlayPath])
	if err != nil || len(ov.Pending) == 0 {
		t.Fatalf("no pending proposal: %v", err)
	}
	id := ov.Pending[0].Proposal.ProposalID
	pr := w.gh.PRs()[0].Number
	w.gh.SetPermission("mona", "write")
	w.gh.SetPermission("reader", "read")

	decide := func(comment int64, login, body string) e2eResult {
		t.Helper()
		res := w.run(e2eRun{event: actionenv.EventIssueComment, eventData: commentPayload(t, pr, comment, login, body), workspace: t.TempDir()})
		if res.code != 0 {
			t.Fatalf("comment %d: exit %d\n%s\n%s", comment, res.code, res.stdout, res.stderr)
		}
		return res
	}
	before := len(w.gh.Log(actionrun.EnrichmentBranch))
	refused := w.gh.SeedComment(pr, "reader", "/approve "+id)
	r1 := decide(refused, "reader", "/approve "+id)
	if n := len(w.gh.Log(actionrun.EnrichmentBranch)); n != before || !hasReaction(w.gh.Reactions(refused), "-1") {
		t.Fatalf("a reader's approval: %d commits after %d, reactions %v\n%s", n, before, w.gh.Reactions(refused), r1.stdout)
	}

	body := "Reviewed.\n\n/approve " + id + "\n"
	approved := w.gh.SeedComment(pr, "mona", body)
	decide(approved, "mona", body)
	log := w.gh.Log(actionrun.EnrichmentBranch)
	if len(log) != before+1 || !hasReaction(w.gh.Reactions(approved), "eyes") || !hasReaction(w.gh.Reactions(approved), "+1") {
		t.Fatalf("approval: %d commits after %d, reactions %v", len(log), before, w.gh.Reactions(approved))
	}
	tree := w.gh.Files(actionrun.EnrichmentBranch)
	records := 0
	for p := range tree {
		if strings.HasPrefix(p, enrich.ApprovalsDir+"/") {
			records++
		}
	}
	after, err := enrich.ParseOverlay(tree[enrich.OverlayPath])
	if err != nil || records != 1 || len(after.Pending) != len(ov.Pending)-1 {
		t.Fatalf("the commit's tree: %d records, overlay %v (pending %d of %d)", records, err, len(after.Pending), len(ov.Pending))
	}

	var replies, sticky int
	for _, c := range w.gh.Comments() {
		switch {
		case c.User != ghapitest.Bot || c.Issue != pr:
		case strings.HasPrefix(c.Body, actionrun.ProposalsMarker):
			sticky++
		case strings.Contains(c.Body, "needs the write permission"):
			replies++
		}
	}
	if replies != 1 || sticky != 1 {
		t.Fatalf("%d replies saying why, %d proposals comments; want 1 and 1", replies, sticky)
	}

	decide(approved, "mona", body)
	if n := len(w.gh.Log(actionrun.EnrichmentBranch)); n != before+1 {
		t.Fatalf("a replayed event committed again: %d commits", n)
	}
}

func hasReaction(rs []ghapitest.Reaction, content string) bool {
	for _, r := range rs {
		if r.Content == content {
			return true
		}
	}
	return false
}

// nightlyWithPending runs the first night and returns the pull request
// and its pending proposals' ids.
func (w *e2eWorld) nightlyWithPending(t *testing.T, files map[string]string, want int) (int, []string) {
	t.Helper()
	w.seedMain(files)
	if res := w.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)}); res.code != 0 {
		t.Fatalf("nightly: exit %d\n%s", res.code, res.stderr)
	}
	ov, err := enrich.ParseOverlay(w.gh.Files(actionrun.EnrichmentBranch)[enrich.OverlayPath])
	if err != nil || len(ov.Pending) < want {
		t.Fatalf("want %d pending proposals: %v, %+v", want, err, ov)
	}
	var ids []string
	for _, p := range ov.Pending {
		ids = append(ids, p.Proposal.ProposalID)
	}
	return w.gh.PRs()[0].Number, ids
}

// comment seeds a comment by login on pr and runs the gate on it.
func (w *e2eWorld) comment(t *testing.T, pr int, login, body string) (int64, e2eResult) {
	t.Helper()
	id := w.gh.SeedComment(pr, login, body)
	res := w.run(e2eRun{event: actionenv.EventIssueComment, eventData: commentPayload(t, pr, id, login, body), workspace: t.TempDir()})
	if res.code != 0 {
		t.Fatalf("comment %d: exit %d\n%s\n%s", id, res.code, res.stdout, res.stderr)
	}
	return id, res
}

// TestE2EGateRule08HeadMoved: a push that changes the decided target
// lands on the pull request's branch between the read and the commit: the
// run reads the branch again, the decision is refused as stale, nothing
// of it is committed, and the reply says why and what comes next. (A push
// that leaves the target as it was is rebuilt on: TestE2EGateObs5….)
func TestE2EGateRule08HeadMoved(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 1)
	w.gh.SetPermission("mona", "write")
	w.gh.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/git/refs/", Times: 1, Run: func() {
		w.gh.Push(actionrun.EnrichmentBranch, map[string][]byte{
			"docs/architecture.md": []byte("# Architecture\n\nRewritten.\n"),
			"docs/operations.md":   []byte("# Operations\n\nRewritten.\n"),
		}, "a push meanwhile")
	}})
	before := len(w.gh.Log(actionrun.EnrichmentBranch))
	id, res := w.comment(t, pr, "mona", "/approve "+ids[0])
	if n := len(w.gh.Log(actionrun.EnrichmentBranch)); n != before+1 { // the push alone
		t.Fatalf("%d commits after %d: a decision was committed about content nobody saw\n%s", n, before, res.stdout)
	}
	if got := botReplies(w.gh, pr); !hasReaction(w.gh.Reactions(id), "-1") || !strings.Contains(got, "stale") || !strings.Contains(got, "next nightly run") {
		t.Fatalf("reactions %v, replies %q", w.gh.Reactions(id), got)
	}
}

// TestE2EGateRule10And11: the gate reads the overlay and the records from
// the branch through the API — the run's workspace is empty, nothing is
// checked out — and keeps one proposals comment, edited in place, however
// many decisions follow.
func TestE2EGateRule10And11(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 2)
	w.gh.SetPermission("mona", "write")
	w.comment(t, pr, "mona", "/approve "+ids[0])
	w.comment(t, pr, "mona", "/reject "+ids[1]+" not a relation we keep")
	sticky := 0
	for _, c := range w.gh.Comments() {
		if c.Issue == pr && c.User == ghapitest.Bot && strings.HasPrefix(c.Body, actionrun.ProposalsMarker) {
			sticky++
			if !strings.Contains(c.Body, ids[0]) || !strings.Contains(c.Body, ids[1]) {
				t.Fatalf("the proposals comment does not list both decisions:\n%s", c.Body)
			}
		}
	}
	if sticky != 1 {
		t.Fatalf("%d proposals comments, want one edited in place", sticky)
	}
}

// TestE2EGateRule14Racing: two approvals on one pull request at once (no
// concurrency group to serialise them): the branch's history stays
// linear and both land — the loser reads the branch again and decides on
// its new head — each comment with its +1.
func TestE2EGateRule14Racing(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 2)
	w.gh.SetPermission("mona", "write")
	w.gh.SetPermission("lisa", "write")
	before := len(w.gh.Log(actionrun.EnrichmentBranch))
	// Each run gets its run id here: w.run is called from two goroutines.
	type racer struct {
		id  int64
		res e2eResult
	}
	racers := make([]racer, 2)
	for i, login := range []string{"mona", "lisa"} {
		racers[i].id = w.gh.SeedComment(pr, login, "/approve "+ids[i])
	}
	var wg sync.WaitGroup
	for i, login := range []string{"mona", "lisa"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			racers[i].res = w.run(e2eRun{event: actionenv.EventIssueComment, runID: int64(7100 + i),
				eventData: commentPayload(t, pr, racers[i].id, login, "/approve "+ids[i]), workspace: t.TempDir()})
		}()
	}
	wg.Wait()
	for _, r := range racers {
		if r.res.code != 0 {
			t.Fatalf("comment %d: exit %d\n%s\n%s", r.id, r.res.code, r.res.stdout, r.res.stderr)
		}
	}
	a, b := racers[0].id, racers[1].id
	log := w.gh.Log(actionrun.EnrichmentBranch)
	landed := len(log) - before
	if landed < 1 || landed > 2 || !w.decided(t, ids[0]) || !w.decided(t, ids[1]) {
		t.Fatalf("%d decision commits from two approvals\n%s\n%s", landed, racers[0].res.stdout, racers[1].res.stdout)
	}
	for i := 1; i < len(log); i++ {
		if len(log[i-1].Parents) != 1 || log[i-1].Parents[0] != log[i].SHA {
			t.Fatalf("the history is not linear at %s: %+v", log[i-1].SHA, log[i-1])
		}
	}
	for _, id := range []int64{a, b} {
		if rs := w.gh.Reactions(id); !hasReaction(rs, "+1") || hasReaction(rs, "-1") {
			t.Fatalf("comment %d: reactions %v, want +1", id, rs)
		}
	}
}

// botReplies concatenates the bot's plain replies on pr.
func botReplies(gh *ghapitest.Fake, pr int) string {
	var b strings.Builder
	for _, c := range gh.Comments() {
		if c.Issue == pr && c.User == ghapitest.Bot && !strings.HasPrefix(c.Body, actionrun.ProposalsMarker) {
			b.WriteString(c.Body)
		}
	}
	return b.String()
}

// TestE2EGateRules: the rule families of the approval gate that a single
// comment decides, each through the binary against the fake GitHub: what
// was committed to the branch, and the comment's verdict.
func TestE2EGateRules(t *testing.T) {
	type setup struct {
		w   *e2eWorld
		pr  int
		ids []string
	}
	cases := []struct {
		name string
		// prepare may change the world; it returns the comment's event.
		prepare func(t *testing.T, s setup) (action, login, typ, body string)
		commits int    // decision commits expected
		verdict string // "+1", "-1" or "" (no reaction at all)
		reply   string // a substring of the bot's reply, "" for none
	}{
		{"rule01 an edited comment decides nothing", func(t *testing.T, s setup) (string, string, string, string) {
			return "edited", "mona", "User", "/approve " + s.ids[0]
		}, 0, "", ""},
		{"rule02 a command breaking the grammar is refused", func(t *testing.T, s setup) (string, string, string, string) {
			return "created", "mona", "User", "/approve " + s.ids[0] + " " + s.ids[1]
		}, 0, "-1", "one proposal per line"},
		{"rule03 a command in a code block is no command", func(t *testing.T, s setup) (string, string, string, string) {
			return "created", "mona", "User", "```\n/approve " + s.ids[0] + "\n```\n"
		}, 0, "", ""},
		{"rule04 a reader may not decide", func(t *testing.T, s setup) (string, string, string, string) {
			s.w.gh.SetPermission("rita", "read")
			return "created", "rita", "User", "/approve " + s.ids[0]
		}, 0, "-1", "write permission"},
		{"rule04 the permission API failing refuses", func(t *testing.T, s setup) (string, string, string, string) {
			// An error the client does not retry (a 5xx is retried first:
			// the gate's own tests hold that it fails closed too).
			s.w.gh.AddFault(ghapitest.Fault{Method: "GET", PathContains: "/collaborators/mona/permission", Times: 1, Status: 403, Body: `{"message":"Resource not accessible by integration"}`})
			return "created", "mona", "User", "/approve " + s.ids[0]
		}, 0, "-1", "could not read"},
		{"rule05 a bot's command is ignored", func(t *testing.T, s setup) (string, string, string, string) {
			return "created", "helper[bot]", "Bot", "/approve " + s.ids[0]
		}, 0, "", ""},
		{"rule06 the proposing agent may not approve", func(t *testing.T, s setup) (string, string, string, string) {
			s.w.gh.SetPermission("docbridge-curator", "admin")
			return "created", "docbridge-curator", "User", "/approve " + s.ids[0]
		}, 0, "-1", "self-approval"},
		{"rule07 a target changed since the proposal is stale", func(t *testing.T, s setup) (string, string, string, string) {
			s.w.gh.Push(actionrun.EnrichmentBranch, map[string][]byte{
				"docs/architecture.md": []byte("# Architecture\n\nRewritten.\n"),
				"docs/operations.md":   []byte("# Operations\n\nRewritten.\n"),
			}, "edit the targets")
			return "created", "mona", "User", "/approve " + s.ids[0]
		}, 0, "-1", "stale"},
		{"rule12 a rejection with a reason is taken", func(t *testing.T, s setup) (string, string, string, string) {
			return "created", "mona", "User", "/reject " + s.ids[0] + " not a relation we keep"
		}, 1, "+1", ""},
		{"rule13 a fork's pull request is refused", func(t *testing.T, s setup) (string, string, string, string) {
			return "created", "mona", "User", "/approve " + s.ids[0]
		}, 0, "-1", "fork"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 2)
			w.gh.SetPermission("mona", "write")
			if strings.HasPrefix(c.name, "rule13") {
				pr = w.gh.SeedPR(ghapitest.PR{Head: "patch-1", HeadRepo: "someone/fork", HeadSHA: w.gh.Head(actionrun.EnrichmentBranch), Title: "from a fork", Author: "someone"})
			}
			action, login, typ, body := c.prepare(t, setup{w: w, pr: pr, ids: ids})
			before := len(w.gh.Log(actionrun.EnrichmentBranch))
			id := w.gh.SeedComment(pr, login, body)
			res := w.run(e2eRun{event: actionenv.EventIssueComment, eventData: commentEvent(t, action, pr, id, login, typ, body), workspace: t.TempDir()})
			if res.code != 0 {
				t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
			}
			if n := len(w.gh.Log(actionrun.EnrichmentBranch)) - before; n != c.commits {
				t.Errorf("%d decision commits, want %d\n%s", n, c.commits, res.stdout)
			}
			rs := w.gh.Reactions(id)
			switch {
			case c.verdict == "" && len(rs) != 0:
				t.Errorf("reactions %v, want none", rs)
			case c.verdict != "" && !hasReaction(rs, c.verdict):
				t.Errorf("reactions %v, want %s", rs, c.verdict)
			}
			if got := botReplies(w.gh, pr); (c.reply == "") != (got == "") || !strings.Contains(got, c.reply) {
				t.Errorf("reply %q, want one containing %q", got, c.reply)
			}
		})
	}
}
