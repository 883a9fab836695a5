package ghapi

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

func TestBotPullRequest(t *testing.T) {
	f, g, base := newGitData(t)
	ctx := context.Background()
	if _, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), CreateFrom: base}); err != nil {
		t.Fatal(err)
	}
	// Not ours: another author's pull request from the same branch, the
	// bot's closed one, the bot's from a fork's branch of the same name.
	f.SeedPR(ghapitest.PR{Author: "mallory", Head: enrichBranch, Base: "develop", Title: "lookalike"})
	f.SeedPR(ghapitest.PR{Author: fakeBot, Head: enrichBranch, State: "closed", Title: "old"})
	f.SeedPR(ghapitest.PR{Author: fakeBot, Head: enrichBranch, HeadRepo: "mallory/docs-demo", HeadSHA: strings.Repeat("a", 40)})

	if pr, found, err := g.FindBotPR(ctx, enrichBranch); err != nil || found {
		t.Fatalf("before creation: %+v %v %v", pr, found, err)
	}
	list := f.Requests(http.MethodGet, "/pulls")
	if len(list) != 1 {
		t.Fatalf("%d list requests", len(list))
	}
	if q, _ := url.ParseQuery(list[0].Query); q.Get("head") != "octo:"+enrichBranch || q.Get("state") != "open" {
		t.Errorf("list query %q", list[0].Query)
	}

	created, err := g.CreatePR(ctx, NewPR{Branch: enrichBranch, Base: ghapitest.DefaultBranch, Title: "docbridge: enrichment", Body: "body 1"})
	if err != nil {
		t.Fatal(err)
	}
	if created.Number == 0 || created.Author != fakeBot || created.HeadSHA != f.Head(enrichBranch) || created.Fork || created.BaseRef != "main" {
		t.Fatalf("created %+v", created)
	}
	found, ok, err := g.FindBotPR(ctx, enrichBranch)
	if err != nil || !ok || found.Number != created.Number {
		t.Fatalf("found %+v %v %v, want #%d", found, ok, err, created.Number)
	}
	updated, err := g.UpdatePR(ctx, created.Number, "docbridge: 3 proposals wait", "body 2")
	if err != nil || updated.Title != "docbridge: 3 proposals wait" || updated.Body != "body 2" {
		t.Fatalf("updated %+v %v", updated, err)
	}
	got, err := g.GetPR(ctx, created.Number)
	if err != nil || got.Body != "body 2" || got.HeadRef != enrichBranch || got.HeadRepo != fakeRepo || got.State != "open" {
		t.Fatalf("get %+v %v", got, err)
	}
	// A second creation is GitHub's 422, returned.
	if _, err := g.CreatePR(ctx, NewPR{Branch: enrichBranch, Base: "main", Title: "again"}); err == nil {
		t.Error("a second pull request from the branch was not refused")
	}
}

func TestGetPR(t *testing.T) {
	f, g, _ := newGitData(t)
	ctx := context.Background()
	fork := f.SeedPR(ghapitest.PR{Author: "alice", Head: "feature", HeadRepo: "alice/docs-demo", HeadSHA: strings.Repeat("b", 40)})
	pr, err := g.GetPR(ctx, fork)
	if err != nil || !pr.Fork || pr.HeadRepo != "alice/docs-demo" || pr.HeadSHA != strings.Repeat("b", 40) || pr.Author != "alice" {
		t.Errorf("fork: %+v %v", pr, err)
	}
	if _, err := g.GetPR(ctx, 9999); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing: %v, want ErrNotFound", err)
	}
	for _, bad := range []func() error{
		func() error { _, err := g.GetPR(ctx, 0); return err },
		func() error { _, err := g.UpdatePR(ctx, fork, "", "b"); return err },
		func() error { _, err := g.UpdatePR(ctx, fork, "t", strings.Repeat("x", maxPRBody+1)); return err },
		func() error { _, err := g.CreatePR(ctx, NewPR{Branch: "a b", Base: "main", Title: "t"}); return err },
		func() error { _, _, err := g.FindBotPR(ctx, "x:y"); return err },
	} {
		if bad() == nil {
			t.Error("bad input accepted")
		}
	}
}

func TestCollaboratorPermission(t *testing.T) {
	f, g, _ := newGitData(t)
	ctx := context.Background()
	for role, want := range map[string]gate.Level{"admin": gate.LevelAdmin, "maintain": gate.LevelMaintain, "write": gate.LevelWrite,
		"triage": gate.LevelTriage, "read": gate.LevelRead, "none": gate.LevelNone} {
		f.SetPermission("user-"+role, role)
		got, err := g.CollaboratorPermission(ctx, "user-"+role)
		if err != nil || got != want {
			t.Errorf("%s: %v %v, want %v", role, got, err, want)
		}
	}
	// Fails closed: every error is an error.
	if p, err := g.CollaboratorPermission(ctx, "stranger"); !errors.Is(err, ErrNotFound) || p != gate.LevelNone {
		t.Errorf("404 answered %v, %v; want ErrNotFound", p, err)
	}
	f.SetPermission("flaky", "write")
	f.AddFault(ghapitest.Fault{Method: http.MethodGet, PathContains: "/collaborators/flaky/", Times: maxAttempts, Status: http.StatusBadGateway})
	if p, err := g.CollaboratorPermission(ctx, "flaky"); err == nil {
		t.Errorf("5xx answered %v and no error", p)
	}
	for _, login := range []string{"", "a/b", "../x", "dependabot[bot]", "-lead", strings.Repeat("a", 40)} {
		if _, err := g.CollaboratorPermission(ctx, login); err == nil {
			t.Errorf("login %q accepted", login)
		}
	}
	if n := len(f.Requests(http.MethodGet, "/collaborators/")); n != 6+1+maxAttempts {
		t.Errorf("%d permission requests", n)
	}
	// The comment bound the gate reads with is the one this client posts
	// with: both are GitHub's.
	if maxCommentBody != gate.MaxBodyChars {
		t.Errorf("maxCommentBody %d, gate.MaxBodyChars %d", maxCommentBody, gate.MaxBodyChars)
	}
}

func TestReactAndReply(t *testing.T) {
	f, g, _ := newGitData(t)
	ctx := context.Background()
	id := f.SeedComment(7, "alice", "/approve p1")
	for _, r := range []string{gate.ReactionEyes, gate.ReactionPlus, gate.ReactionEyes} {
		if err := g.React(ctx, id, r); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, r := range f.Reactions(id) {
		got = append(got, r.Content+" by "+r.User)
	}
	if strings.Join(got, ", ") != "eyes by "+fakeBot+", +1 by "+fakeBot {
		t.Errorf("reactions %q", got)
	}
	if err := g.React(ctx, id, "heart"); err == nil {
		t.Error("a reaction other than eyes, +1, -1 was sent")
	}
	if err := g.React(ctx, 424242, gate.ReactionMinus); err == nil {
		t.Error("a reaction to a missing comment answered no error")
	}
	reply, err := g.Reply(ctx, 7, "> /approve p1\n\nrefused: no write permission")
	if err != nil {
		t.Fatal(err)
	}
	comments := f.Comments()
	last := comments[len(comments)-1]
	if last.ID != reply || last.Issue != 7 || last.User != fakeBot || !strings.HasPrefix(last.Body, "> /approve p1") {
		t.Errorf("reply %+v (id %d)", last, reply)
	}
	if _, err := g.Reply(ctx, 7, " "); err == nil {
		t.Error("empty reply sent")
	}
}
