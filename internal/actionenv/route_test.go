package actionenv

import (
	"testing"
)

func TestRoute(t *testing.T) {
	const prHead = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
	env := &Env{Ref: "refs/heads/main", SHA: "1111111111111111111111111111111111111111"}
	tests := []struct {
		event, payload string
		want           Decision
	}{
		{EventPullRequest, "pull_request.opened.0.json", Decision{Act: ActReview, Reason: "checking pull request #2 (changes into master)",
			Branch: "pull/2/merge", BaseBranch: "master", DefaultBranch: "master", HeadSHA: prHead, PR: 2}},
		{EventPullRequest, "pull_request.synchronize.0.json", Decision{Act: ActReview, Reason: "checking pull request #2 (changes into master)",
			Branch: "pull/2/merge", BaseBranch: "master", DefaultBranch: "master", HeadSHA: prHead, PR: 2}},
		{EventPullRequest, "pull_request.fork.json", Decision{Act: ActReview, Reason: "checking pull request #2 (changes into master)",
			Branch: "pull/2/merge", BaseBranch: "master", DefaultBranch: "master", HeadSHA: prHead, PR: 2, Fork: true}},
		{EventPullRequest, "pull_request.closed.0.json", Decision{Act: ActIgnore,
			Reason: `pull_request "closed" events are not checked (only opened, synchronize and reopened change the head)`}},
		{EventPush, "push.default.json", Decision{Act: ActScan, Reason: "scanning the default branch master",
			Branch: "master", DefaultBranch: "master", HeadSHA: "6113728f27ae82c7b1a177c8d03f9e96e0adf246"}},
		{EventPush, "push.tag.json", Decision{Act: ActIgnore,
			Reason: "push to refs/tags/simple-tag: docbridge scans pushes to the default branch (master) and checks pull requests"}},
		{EventPush, "push.deleted.json", Decision{Act: ActIgnore, Reason: "push deleted refs/tags/simple-tag: nothing to scan"}},
		{eventWorkflowDispatch, "workflow_dispatch.event.0.json", Decision{Act: ActScan, Reason: "scanning refs/heads/main (workflow_dispatch)",
			Branch: "main", DefaultBranch: "main", HeadSHA: env.SHA}},
		{EventSchedule, "schedule.json", Decision{Act: ActIgnore, Reason: "enrichment runs on the default branch (master), not refs/heads/main (schedule)"}},
		{EventIssueComment, "issue_comment.created.0.json", Decision{Act: ActIgnore, Reason: "comment 492700400 is on issue #1, not a pull request: not read"}},
		{EventIssueComment, "issue_comment.created.pr.json", Decision{Act: ActGate, Reason: "reading comment 492700400 on pull request #2 for /approve and /reject",
			DefaultBranch: "master", PR: 2, Comment: 492700400}},
		{EventIssueComment, "issue_comment.edited.pr.json", Decision{Act: ActIgnore, Reason: `issue_comment "edited" events are not read: only a new comment can carry a decision`}},
		{"pull_request_target", "pull_request.opened.0.json", Decision{Act: ActIgnore, Reason: "docbridge does not act on pull_request_target events"}},
	}
	for _, tc := range tests {
		t.Run(tc.event+"/"+tc.payload, func(t *testing.T) {
			ev, err := DecodeEvent(tc.event, readEvent(t, tc.payload))
			if err != nil {
				t.Fatal(err)
			}
			if got := Route(env, ev, modeAuto); got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestRoutePushWithoutDefaultBranch(t *testing.T) {
	ev, err := DecodeEvent(EventPush, []byte(`{"ref":"refs/heads/main","after":"`+"0123456789012345678901234567890123456789"+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := Route(&Env{}, ev, modeAuto); d.Act != ActIgnore || d.Reason != "the push payload does not name the default branch: not scanned" {
		t.Fatalf("%+v", d)
	}
	wd, err := DecodeEvent(eventWorkflowDispatch, []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := Route(&Env{Ref: "refs/heads/dev", SHA: "x"}, wd, modeAuto); d.Act != ActScan || d.Branch != "dev" || d.HeadSHA != "x" {
		t.Fatalf("a dispatch payload without ref takes GITHUB_REF: %+v", d)
	}
}

// TestRouteModes: a schedule on the default branch enriches unless the
// mode input says scan; a workflow_dispatch scans unless it says enrich;
// enrichment never runs on another branch than the default.
func TestRouteModes(t *testing.T) {
	sched, err := DecodeEvent(EventSchedule, readEvent(t, "schedule.json"))
	if err != nil {
		t.Fatal(err)
	}
	wd, err := DecodeEvent(eventWorkflowDispatch, []byte(`{"ref":"refs/heads/master","repository":{"default_branch":"master"}}`))
	if err != nil {
		t.Fatal(err)
	}
	onMaster := &Env{Ref: "refs/heads/master", SHA: "2222222222222222222222222222222222222222"}
	for _, tc := range []struct {
		ev   *Event
		mode Mode
		want Act
	}{
		{sched, modeAuto, ActEnrich}, {sched, modeEnrich, ActEnrich}, {sched, ModeScan, ActScan},
		{wd, modeAuto, ActScan}, {wd, ModeScan, ActScan}, {wd, modeEnrich, ActEnrich},
	} {
		d := Route(onMaster, tc.ev, tc.mode)
		if d.Act != tc.want || d.Branch != "master" || d.HeadSHA != onMaster.SHA {
			t.Errorf("%s, mode %s: %+v, want %s on master", tc.ev.Name, tc.mode, d, tc.want)
		}
	}
	off, err := DecodeEvent(eventWorkflowDispatch, []byte(`{"ref":"refs/heads/feature","repository":{"default_branch":"master"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if d := Route(&Env{Ref: "refs/heads/feature", SHA: "x"}, off, modeEnrich); d.Act != ActIgnore {
		t.Errorf("enrichment on a feature branch: %+v", d)
	}
}
