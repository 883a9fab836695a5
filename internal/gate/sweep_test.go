package gate

import (
	"slices"
	"strings"
	"testing"
)

func person(login string) Account { return Account{Login: login, Type: "User"} }

// Unanswered keeps the comments with commands that no reply of the
// action's names and that are not all recorded; a reply by anyone else
// naming a comment does not count.
func TestUnanswered(t *testing.T) {
	f := newFixture(t)
	base := input(t, f, prFile, "")
	comments := []Comment{
		{ID: 1, Author: person("mona"), Body: "/approve " + f.relation.ProposalID},
		{ID: 2, Author: person("lisa"), Body: "a remark"},
		{ID: 3, Author: person("rita"), Body: "/approve " + f.canon.ProposalID},
		{ID: 4, Author: Account{Login: botLogin, Type: "Bot"}, Body: answerLine(3) + "\nrefused"},
		{ID: 5, Author: person("eve"), Body: answerLine(6) + "\n/approve " + f.redundant.ProposalID},
		{ID: 6, Author: person("kim"), Body: "/reject " + f.redundant.ProposalID},
		{ID: 7, Author: Account{Login: "helper[bot]", Type: "Bot"}, Body: "/approve " + f.canon.ProposalID},
	}
	ids := func(cs []Comment) []int64 {
		var out []int64
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	if got := ids(Unanswered(base.Event.Number, comments, botLogin, nil)); !slices.Equal(got, []int64{1, 5, 6}) {
		t.Fatalf("unanswered %v, want [1 5 6]", got)
	}
	// Comment 1's decision recorded: decided, answered.
	s := PlanSweep(base, base.Event.Number, comments[:1], map[string]Permission{"mona": {Level: LevelWrite}})
	if got := ids(Unanswered(base.Event.Number, comments, botLogin, s.Decisions)); !slices.Equal(got, []int64{5, 6}) {
		t.Fatalf("after comment 1 was recorded: %v", got)
	}
}

// PlanSweep decides the comments in order, each on what the ones before
// left: two approvals compose into one overlay and two records, a second
// decision on one proposal is "already decided", an author whose
// permission was not read is refused (fail closed).
func TestPlanSweep(t *testing.T) {
	f := newFixture(t)
	base := input(t, f, prFile, "")
	comments := []Comment{
		{ID: 1, Author: person("mona"), Body: "/approve " + f.relation.ProposalID, CreatedAt: "2026-01-01T00:00:00Z"},
		{ID: 2, Author: person("Lisa"), Body: "/approve " + f.canon.ProposalID, CreatedAt: "2026-01-01T00:01:00Z"},
		{ID: 3, Author: person("kim"), Body: "/reject " + f.relation.ProposalID},
		{ID: 4, Author: person("nobody"), Body: "/approve " + f.redundant.ProposalID},
	}
	perms := map[string]Permission{"mona": {Level: LevelWrite}, "lisa": {Level: LevelAdmin}, "kim": {Level: LevelWrite}}
	if got := Logins(comments); !slices.Equal(got, []string{"kim", "lisa", "mona", "nobody"}) {
		t.Fatalf("logins %v", got)
	}
	s := PlanSweep(base, base.Event.Number, comments, perms)
	var got []string
	for _, o := range s.Outcomes {
		got = append(got, strings.Join(statuses(o), ","))
	}
	if want := []string{"accepted", "accepted", "refused:already-decided", "refused:unverified"}; !slices.Equal(got, want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
	if len(s.Decisions) != 2 || s.Decisions[0].CommentID != 1 || s.Decisions[1].DecidedAt != "2026-01-01T00:01:00Z" || len(s.Overlay.Pending) != 1 {
		t.Fatalf("decisions %+v", s.Decisions)
	}
	files, err := s.Files()
	if err != nil || len(files) != 3 {
		t.Fatalf("files %d %v", len(files), err)
	}
	// Withdrawn: nothing to commit, and the next run decides again.
	w := s.Withdraw("the commit failed; the next run decides it again")
	if files, _ := w.Files(); files != nil || !w.Outcomes[0].Retry || w.Outcomes[2].Retry {
		t.Fatalf("withdrawn: %v %+v", files, w.Outcomes)
	}
	if b := w.Outcomes[0].ReplyBody(1, "", renderReply); strings.Contains(b, answerLine(1)) || !strings.Contains(b, "next run") {
		t.Fatalf("a withdrawn decision's reply %q", b)
	}
	if b := s.Outcomes[2].ReplyBody(3, "https://github.com/o/r/pull/1#issuecomment-3", renderReply); !strings.HasPrefix(b, answerLine(3)+"\n") ||
		!strings.Contains(b, "issuecomment-3") {
		t.Fatalf("a refusal's reply %q", b)
	}
}

// A hand-edited overlay is refused for what it is, with what to do.
func TestRefusalOfAnUnreadableOverlay(t *testing.T) {
	f := newFixture(t)
	in := input(t, f, prFile, "/approve "+f.relation.ProposalID)
	in.Overlay, in.OverlayErr = nil, "overlay: content hash 1 does not match its contents (2): edited by hand?"
	out := plan(in)
	if r := out.Results[0]; r.Status != statusRefused || !strings.Contains(r.Reason, "edited by hand") || !strings.Contains(r.Reason, "comment again") {
		t.Fatalf("%+v", r)
	}
}
