package actionenv

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readEvent(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "events", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestDecodeEventFixtures(t *testing.T) {
	pr, err := DecodeEvent(EventPullRequest, readEvent(t, "pull_request.opened.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := pr.PullRequest
	if p == nil || pr.Push != nil || p.Action != "opened" || p.Number != 2 || p.PullRequest.Head.SHA != "ec26c3e57ca3a959ca5aad62de7213c562f8c821" ||
		p.PullRequest.Head.Ref != "changes" || p.PullRequest.Base.Ref != "master" || p.Repository.DefaultBranch != "master" ||
		p.PullRequest.Head.Repo.FullName != "Codertocat/Hello-World" || p.Fork() {
		t.Fatalf("pull_request %+v", p)
	}
	fork, err := DecodeEvent(EventPullRequest, readEvent(t, "pull_request.fork.json"))
	if err != nil || !fork.PullRequest.Fork() {
		t.Fatalf("fork: %v %+v", err, fork)
	}

	push, err := DecodeEvent(EventPush, readEvent(t, "push.default.json"))
	if err != nil || push.Push.Ref != "refs/heads/master" || push.Push.After != "6113728f27ae82c7b1a177c8d03f9e96e0adf246" || push.Push.Deleted {
		t.Fatalf("push: %v %+v", err, push.Push)
	}
	deleted, err := DecodeEvent(EventPush, readEvent(t, "push.deleted.json"))
	if err != nil || !deleted.Push.Deleted {
		t.Fatalf("deleted push: %v %+v", err, deleted)
	}

	ic, err := DecodeEvent(EventIssueComment, readEvent(t, "issue_comment.created.0.json"))
	if err != nil || ic.IssueComment.Issue.Number != 1 || ic.IssueComment.Issue.PullRequest != nil ||
		ic.IssueComment.Comment.User.Login != "Codertocat" || ic.IssueComment.Comment.User.Type != "User" || ic.IssueComment.Comment.ID == 0 {
		t.Fatalf("issue_comment: %v %+v", err, ic.IssueComment)
	}
	wd, err := DecodeEvent(eventWorkflowDispatch, readEvent(t, "workflow_dispatch.event.0.json"))
	if err != nil || wd.WorkflowDispatch.Ref != "refs/heads/main" || wd.WorkflowDispatch.Repository.DefaultBranch != "main" {
		t.Fatalf("workflow_dispatch: %v %+v", err, wd.WorkflowDispatch)
	}
	sc, err := DecodeEvent(EventSchedule, readEvent(t, "schedule.json"))
	if err != nil || sc.Schedule.Schedule != "30 5 * * 1" {
		t.Fatalf("schedule: %v %+v", err, sc.Schedule)
	}
	other, err := DecodeEvent("deployment", []byte("not even json"))
	if err != nil || other.Name != "deployment" || other.PullRequest != nil || other.Push != nil {
		t.Fatalf("an unknown event is its name alone: %v %+v", err, other)
	}
}

func TestDecodeEventRefuses(t *testing.T) {
	sha := strings.Repeat("a", 40)
	tests := []struct{ name, event, payload, want string }{
		{"empty", EventPush, "  ", "push payload: empty"},
		{"not JSON", EventPullRequest, "{", "pull_request payload"},
		{"wrong type", EventPullRequest, `{"number":"2"}`, "pull_request payload"},
		{"no number", EventPullRequest, `{"pull_request":{"head":{"sha":"` + sha + `"},"base":{"ref":"main"}}}`, "no pull request number"},
		{"numbers differ", EventPullRequest, `{"number":2,"pull_request":{"number":3,"head":{"sha":"` + sha + `"},"base":{"ref":"main"}}}`, "differ"},
		{"short sha", EventPullRequest, `{"number":2,"pull_request":{"head":{"sha":"abc"},"base":{"ref":"main"}}}`, "not a commit id"},
		{"upper-case sha", EventPullRequest, `{"number":2,"pull_request":{"head":{"sha":"` + strings.Repeat("A", 40) + `"},"base":{"ref":"main"}}}`, "not a commit id"},
		{"no base ref", EventPullRequest, `{"number":2,"pull_request":{"head":{"sha":"` + sha + `"}}}`, "no base ref"},
		{"push without ref", EventPush, `{"after":"` + sha + `"}`, "no ref"},
		{"push with a bad after", EventPush, `{"ref":"refs/heads/main","after":"../../x"}`, "not a commit id"},
		{"issue_comment without issue", EventIssueComment, `{"action":"created"}`, "no issue number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeEvent(tc.event, []byte(tc.payload))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
	big := append([]byte(`{"ref":"refs/heads/main","x":"`), bytes.Repeat([]byte("x"), MaxEventBytes)...)
	if _, err := DecodeEvent(EventPush, append(big, `"}`...)); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("oversized payload: %v", err)
	}
}

func TestIsSHA(t *testing.T) {
	for s, want := range map[string]bool{
		strings.Repeat("0", 40): true, strings.Repeat("f", 64): true, strings.Repeat("f", 41): false,
		strings.Repeat("g", 40): false, "": false, strings.Repeat("0", 39) + "\n": false,
	} {
		if isSHA(s) != want {
			t.Errorf("isSHA(%q) = %v", s, !want)
		}
	}
}

// TestIsFork: another owner is a fork, the same repository in other case
// is not (GitHub names are case-insensitive), a deleted head is.
func TestIsFork(t *testing.T) {
	const base = "octo/docs-demo"
	for _, c := range []struct {
		head string
		want bool
	}{{"someone/docs-demo", true}, {"Octo/Docs-Demo", false}, {"octo/docs-demo", false}, {"", true}} {
		if got := IsFork(c.head, base); got != c.want {
			t.Errorf("IsFork(%q, %q) = %v, want %v", c.head, base, got, c.want)
		}
		e := &PullRequestEvent{PullRequest: PullRequest{Head: Branch{Repo: &Repository{FullName: c.head}}, Base: Branch{Repo: &Repository{FullName: base}}}}
		if got := e.Fork(); got != c.want {
			t.Errorf("Fork() with head %q = %v, want %v", c.head, got, c.want)
		}
	}
}

// TestDecodeEventErrorsArePlain: a payload of the wrong shape names the
// event and what was expected, not Go's types.
func TestDecodeEventErrorsArePlain(t *testing.T) {
	for _, tc := range []struct{ data, want string }{
		{`[1]`, "push payload: the top level: expected an object, got a list"},
		{`{"ref": 5}`, `push payload: "ref": expected a string, got a number`},
	} {
		_, err := DecodeEvent(EventPush, []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go ") {
			t.Errorf("%s: %v, want %q", tc.data, err, tc.want)
		}
	}
}
