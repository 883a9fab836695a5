package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/actionrun"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The tests of issue 26's observations 3 to 8 on the gate and the
// enrichment pull request, each through the binary against the fake
// GitHub.

// branchOverlay is the overlay on the enrichment branch now.
func (w *e2eWorld) branchOverlay(t *testing.T) *enrich.Overlay {
	t.Helper()
	ov, err := enrich.ParseOverlay(w.gh.Files(actionrun.EnrichmentBranch)[enrich.OverlayPath])
	if err != nil {
		t.Fatalf("the branch's overlay: %v", err)
	}
	return ov
}

// decided reports whether proposal id is decided on the branch: out of
// pending, with an approval record.
func (w *e2eWorld) decided(t *testing.T, id string) bool {
	t.Helper()
	for _, p := range w.branchOverlay(t).Pending {
		if p.Proposal.ProposalID == id {
			return false
		}
	}
	for p, b := range w.gh.Files(actionrun.EnrichmentBranch) {
		if a, err := enrich.ParseApproval(b); strings.HasPrefix(p, enrich.ApprovalsDir+"/") && err == nil && a.ProposalID == id {
			return true
		}
	}
	return false
}

// sticky is the bot's proposals comment on pr ("" when none).
func sticky(gh *ghapitest.Fake, pr int) string {
	for _, c := range gh.Comments() {
		if c.Issue == pr && c.User == ghapitest.Bot && strings.HasPrefix(c.Body, actionrun.ProposalsMarker) {
			return c.Body
		}
	}
	return ""
}

// wantBranchState fails unless the proposals comment is the rendering of
// the branch's overlay.
func (w *e2eWorld) wantBranchState(t *testing.T, pr int) {
	t.Helper()
	want := actionrun.ProposalsMarker + "\n" + review.ProposalsSection(w.branchOverlay(t), review.MaxCommentChars-len(actionrun.ProposalsMarker)-1)
	if got := sticky(w.gh, pr); got != want {
		t.Fatalf("the proposals comment is not the branch's state:\n%s\n--- want ---\n%s", got, want)
	}
}

// Observation 3: a run that loses the race to another (which commits its
// decisions between this run's read and its ref update) shows the
// branch's state afterwards, not the overlay it read before the race.
func TestE2EGateObs3LostRaceShowsTheBranch(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 2)
	w.gh.SetPermission("mona", "write")
	w.gh.SetPermission("lisa", "write")
	var other e2eResult
	w.gh.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/git/refs/", Times: 1, Run: func() {
		id := w.gh.SeedComment(pr, "lisa", "/approve "+ids[1])
		other = w.run(e2eRun{event: actionenv.EventIssueComment, runID: 7301,
			eventData: commentPayload(t, pr, id, "lisa", "/approve "+ids[1]), workspace: t.TempDir()})
	}})
	_, res := w.comment(t, pr, "mona", "/approve "+ids[0])
	if other.code != 0 {
		t.Fatalf("the winning run: exit %d\n%s\n%s", other.code, other.stdout, other.stderr)
	}
	w.wantBranchState(t, pr)
	if !w.decided(t, ids[0]) || !w.decided(t, ids[1]) {
		t.Fatalf("both approvals should be on the branch\n%s\n--- the winner ---\n%s", res.stdout, other.stdout)
	}
}

// Observation 4: the enrichment pull request's title and body follow the
// decisions: the gate refreshes them; and when it could not, the next
// nightly run does, though the overlay it makes is the branch's.
func TestE2EGateObs4TitleAndBodyFollowTheBranch(t *testing.T) {
	w := newWorld(t)
	files := e2eEnrichFiles()
	pr, ids := w.nightlyWithPending(t, files, 2)
	w.gh.SetPermission("mona", "write")
	want := func(when string) {
		t.Helper()
		ov := w.branchOverlay(t)
		p := w.gh.PRs()[0]
		if !strings.Contains(p.Title, "("+strconv.Itoa(len(ov.Pending))+" waiting") {
			t.Fatalf("%s: the title %q, with %d pending on the branch", when, p.Title, len(ov.Pending))
		}
		for _, id := range ids {
			if w.decided(t, id) == strings.Contains(p.Body, "/approve "+id) {
				t.Fatalf("%s: the body offers /approve %s: %v, decided: %v", when, id, !w.decided(t, id), w.decided(t, id))
			}
		}
	}
	want("after the nightly")
	w.comment(t, pr, "mona", "/approve "+ids[0])
	want("after an approval")

	// The gate's update fails: the next nightly run puts it right.
	w.gh.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/pulls/", Times: 1, Status: 403,
		Body: `{"message":"Resource not accessible by integration"}`})
	_, res := w.comment(t, pr, "mona", "/reject "+ids[1]+" not one we keep")
	if !w.decided(t, ids[1]) {
		t.Fatalf("the rejection was not recorded\n%s", res.stdout)
	}
	if night := w.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)}); night.code != 0 {
		t.Fatalf("nightly: exit %d\n%s", night.code, night.stderr)
	}
	want("after the next nightly")
	w.wantBranchState(t, pr)
}

// Observation 5: two approvals racing end in one linear history holding
// both. Here a push lands between the run's read and its ref update: the
// run reads the branch again and commits its decision on the new head;
// the log says each attempt and promises no rebuild that does not come.
func TestE2EGateObs5RacingApprovalsAreRebuilt(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 1)
	w.gh.SetPermission("mona", "write")
	w.gh.AddFault(ghapitest.Fault{Method: "PATCH", PathContains: "/git/refs/", Times: 1, Run: func() {
		w.gh.Push(actionrun.EnrichmentBranch, map[string][]byte{"docs/late.md": []byte("# Late\n")}, "a push meanwhile")
	}})
	before := len(w.gh.Log(actionrun.EnrichmentBranch))
	id, res := w.comment(t, pr, "mona", "/approve "+ids[0])
	log := w.gh.Log(actionrun.EnrichmentBranch)
	if len(log) != before+2 || !w.decided(t, ids[0]) || w.gh.Files(actionrun.EnrichmentBranch)["docs/late.md"] == nil {
		t.Fatalf("%d commits after %d (want the push and the decision, in one history)\n%s", len(log), before, res.stdout)
	}
	if len(log[0].Parents) != 1 || log[0].Parents[0] != log[1].SHA {
		t.Fatalf("the decision is not built on the push: %+v", log[:2])
	}
	if rs := w.gh.Reactions(id); !hasReaction(rs, "+1") || hasReaction(rs, "-1") {
		t.Fatalf("reactions %v, want +1 alone", rs)
	}
	if !strings.Contains(res.stdout, "(attempt 1 of 5); reading it again and deciding on its new head") {
		t.Fatalf("the log does not say the attempt:\n%s", res.stdout)
	}
	if strings.Contains(res.stdout+res.stderr, "rebuilding on its new head") {
		t.Fatalf("the log promises a rebuild the commit step does not make:\n%s", res.stdout)
	}
}

// Observation 6 and the three quick approvals: GitHub keeps one running
// and one pending run per concurrency group and cancels the pending one
// when a newer run queues, so of three quick comments the middle one's
// run never starts. The next run answers it with its own; the nightly
// run answers a command no run answered.
func TestE2EGateObs6ThreeQuickApprovals(t *testing.T) {
	w := newWorld(t)
	files := e2eEnrichFiles()
	files["docs/deploy.md"] = "# Deploy\n\nA deployment reads internal/settings when it starts.\n"
	pr, ids := w.nightlyWithPending(t, files, 3)
	w.gh.SetPermission("mona", "write")
	w.gh.SetPermission("lisa", "write")
	w.gh.SetPermission("kim", "write")
	first, _ := w.comment(t, pr, "mona", "/approve "+ids[0])
	middle := w.gh.SeedComment(pr, "lisa", "/approve "+ids[1]) // its run was cancelled before it started
	last, res := w.comment(t, pr, "kim", "/approve "+ids[2])
	for i, id := range []int64{first, middle, last} {
		if !w.decided(t, ids[i]) || !hasReaction(w.gh.Reactions(id), "+1") {
			t.Fatalf("comment %d: decided %v, reactions %v\n%s", id, w.decided(t, ids[i]), w.gh.Reactions(id), res.stdout)
		}
	}
	w.wantBranchState(t, pr)
	if botReplies(w.gh, pr) != "" {
		t.Fatalf("replies to approvals that were taken: %q", botReplies(w.gh, pr))
	}

	// No run at all for this one: the nightly run answers it.
	w2 := newWorld(t)
	files = e2eEnrichFiles()
	pr2, ids2 := w2.nightlyWithPending(t, files, 1)
	w2.gh.SetPermission("mona", "write")
	w2.gh.SetPermission("rita", "read")
	lone := w2.gh.SeedComment(pr2, "mona", "/approve "+ids2[0])
	refused := w2.gh.SeedComment(pr2, "rita", "/approve "+ids2[0])
	if night := w2.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)}); night.code != 0 {
		t.Fatalf("nightly: exit %d\n%s", night.code, night.stderr)
	}
	if !w2.decided(t, ids2[0]) || !hasReaction(w2.gh.Reactions(lone), "+1") || !hasReaction(w2.gh.Reactions(refused), "-1") {
		t.Fatalf("the nightly run did not answer the commands: reactions %v and %v", w2.gh.Reactions(lone), w2.gh.Reactions(refused))
	}
	// Answered once: the next run leaves them be.
	replies := botReplies(w2.gh, pr2)
	if night := w2.run(e2eRun{event: actionenv.EventSchedule, eventData: schedulePayload(), workspace: testtree.New(t, files)}); night.code != 0 {
		t.Fatalf("nightly: exit %d\n%s", night.code, night.stderr)
	}
	if got := botReplies(w2.gh, pr2); got != replies || strings.Count(got, "write permission") != 1 {
		t.Fatalf("a comment answered twice:\n%s", got)
	}
	w2.wantBranchState(t, pr2)
}

// Observation 7: a hand-edited overlay (its content hash no longer
// matches) is refused for what it is, with what to do.
func TestE2EGateObs7HandEditedOverlay(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 1)
	w.gh.SetPermission("mona", "write")
	data := w.gh.Files(actionrun.EnrichmentBranch)[enrich.OverlayPath]
	edited := strings.Replace(string(data), `"confidence": `, `"confidence": 0`, 1)
	if edited == string(data) {
		t.Fatal("nothing to edit in the overlay")
	}
	w.gh.Push(actionrun.EnrichmentBranch, map[string][]byte{enrich.OverlayPath: []byte(edited)}, "edit the overlay by hand")
	id, res := w.comment(t, pr, "mona", "/approve "+ids[0])
	got := botReplies(w.gh, pr)
	if !hasReaction(w.gh.Reactions(id), "-1") || !strings.Contains(got, "edited by hand") || !strings.Contains(got, "comment again") ||
		strings.Contains(got, "carries no enrichment overlay") {
		t.Fatalf("reactions %v, reply %q\n%s", w.gh.Reactions(id), got, res.stdout)
	}
}

// Observation 8: GitHub updates a pull request's head.sha after a push,
// asynchronously. A decision made while it lags behind the branch is
// decided on the branch's ref, not withdrawn as "the branch moved".
func TestE2EGateObs8LaggingHeadSHA(t *testing.T) {
	w := newWorld(t)
	pr, ids := w.nightlyWithPending(t, e2eEnrichFiles(), 1)
	w.gh.SetPermission("mona", "write")
	old := w.gh.Head(actionrun.EnrichmentBranch)
	w.gh.Push(actionrun.EnrichmentBranch, map[string][]byte{"docs/late.md": []byte("# Late\n")}, "a push")
	w.gh.LagHead(pr, old)
	id, res := w.comment(t, pr, "mona", "/approve "+ids[0])
	if !w.decided(t, ids[0]) || !hasReaction(w.gh.Reactions(id), "+1") || hasReaction(w.gh.Reactions(id), "-1") {
		t.Fatalf("reactions %v, replies %q\n%s", w.gh.Reactions(id), botReplies(w.gh, pr), res.stdout)
	}
}
