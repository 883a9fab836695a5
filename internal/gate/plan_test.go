package gate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
)

func TestScreenNeedsNoAPI(t *testing.T) {
	f := newFixture(t)
	ev := event(t, prFile, "just a remark")
	if _, why := Screen(ev, botLogin); why != "the comment holds no command" {
		t.Fatalf("why %q", why)
	}
	ev = event(t, prFile, with("/approve PROPOSAL", f.relation.ProposalID))
	cmds, why := Screen(ev, botLogin)
	if why != "" || len(cmds.Lines) != 1 || cmds.Lines[0].ProposalID != f.relation.ProposalID || cmds.Lines[0].Number != 1 {
		t.Fatalf("%q %+v", why, cmds)
	}
	ev.Action = "edited\n::error::x"
	if _, why := Screen(ev, botLogin); strings.ContainsAny(why, "\n:") {
		t.Fatalf("the action word reached the log line: %q", why)
	}
}

func TestBodyBounds(t *testing.T) {
	if _, err := parseCommands(strings.Repeat("é", MaxBodyChars+1)); err != errBodyTooLong {
		t.Fatalf("err %v", err)
	}
	if _, err := parseCommands(strings.Repeat("é", MaxBodyChars)); err != nil {
		t.Fatalf("at the bound: %v", err)
	}
	// Past maxCommandLines, the lines are counted, not read.
	var b strings.Builder
	for i := range maxCommandLines + 3 {
		fmt.Fprintf(&b, "/approve %016x\n", i)
	}
	cmds, err := parseCommands(b.String())
	if err != nil || len(cmds.Lines) != maxCommandLines || cmds.Omitted != 3 {
		t.Fatalf("%d lines, %d omitted, %v", len(cmds.Lines), cmds.Omitted, err)
	}
	f := newFixture(t)
	out := plan(input(t, f, prFile, b.String()))
	if out.Omitted != 3 || !strings.Contains(replyText(out), "3 command lines past the first 20 were not read") {
		t.Fatalf("%d %q", out.Omitted, replyText(out))
	}
	// A long refused line is kept short.
	cmds, _ = parseCommands("/approved " + strings.Repeat("x", 1000))
	if n := len([]rune(cmds.Lines[0].Text)); n != maxLineRunes {
		t.Fatalf("kept %d runes", n)
	}
	// A reason over enrich's bound is refused before Decide.
	cmds, _ = parseCommands(fmt.Sprintf("/reject %016x %s", 1, strings.Repeat("y", enrich.MaxReasonRunes+1)))
	if cmds.Lines[0].Refused == "" {
		t.Fatal("a reason over the bound was taken")
	}
}

// Decisions that cannot be committed are withdrawn: a -1 and a reply,
// nothing to commit; replayed lines stay.
func TestWithdraw(t *testing.T) {
	f := newFixture(t)
	out := plan(input(t, f, prFile, "/approve "+f.relation.ProposalID+"\n/approve "+f.redundant.ProposalID))
	w := out.Withdraw("the pull request's head moved since the comment; comment again")
	if w.Overlay != nil || w.Decisions != nil || !slices.Equal(w.Reactions, []string{ReactionEyes, ReactionMinus}) ||
		strings.Count(replyText(w), "head moved") != 2 || !slices.Equal(statuses(w), []string{"refused:withdrawn", "refused:withdrawn"}) {
		t.Fatalf("%v %v %q", statuses(w), w.Reactions, replyText(w))
	}
	if files, err := w.Files(); files != nil || err != nil {
		t.Fatalf("files %v %v", files, err)
	}
	if statuses(out)[0] != "accepted" {
		t.Fatal("Withdraw changed the outcome it was called on")
	}
	// A line already recorded by this comment stays replayed.
	in := input(t, f, prFile, "/approve "+f.relation.ProposalID+"\n/approve "+f.redundant.ProposalID)
	one := plan(input(t, f, prFile, "/approve "+f.relation.ProposalID))
	in.Overlay, in.Records = one.Overlay, one.Decisions
	w = plan(in).Withdraw("the head moved")
	if !slices.Equal(statuses(w), []string{"replayed", "refused:withdrawn"}) || !slices.Equal(w.Reactions, []string{ReactionEyes, ReactionPlus, ReactionMinus}) {
		t.Fatalf("%v %v", statuses(w), w.Reactions)
	}
}

func TestFiles(t *testing.T) {
	f := newFixture(t)
	out := plan(input(t, f, prFile, "/approve "+f.relation.ProposalID+"\n/reject "+f.canon.ProposalID+" two install pages"))
	files := mustFiles(t, out)
	if len(files) != 3 || files[0].Path != enrich.OverlayPath {
		t.Fatalf("%+v", files)
	}
	ov, err := enrich.ParseOverlay(files[0].Bytes)
	if err != nil || len(ov.Pending) != 1 {
		t.Fatalf("overlay: %v", err)
	}
	for i, rec := range out.Decisions {
		fl := files[i+1]
		if fl.Path != enrich.ApprovalsDir+"/"+rec.ApprovalID+".json" {
			t.Fatalf("path %s", fl.Path)
		}
		if a, err := enrich.ParseApproval(fl.Bytes); err != nil || a != rec {
			t.Fatalf("record %v", err)
		}
	}
}

// The outcome depends on the input only: planning twice gives the same
// bytes, and the order of the records given does not matter.
func TestPlanDeterministic(t *testing.T) {
	f := newFixture(t)
	body := "/approve " + f.relation.ProposalID + "\n/approve ffffffffffffffff\n/reject " + f.canon.ProposalID
	in := input(t, f, prFile, body)
	in.Records = []enrich.Approval{
		{ApprovalID: "a1", ProposalID: "1111111111111111", Decision: enrich.DecisionApprove, By: "x", Via: viaComment, CommentID: 1},
		{ApprovalID: "a2", ProposalID: "2222222222222222", Decision: enrich.DecisionApprove, By: "y", Via: viaComment, CommentID: 2},
	}
	a := plan(in)
	slices.Reverse(in.Records)
	b := plan(in)
	if fmt.Sprintf("%v%v%q", statuses(a), a.Reactions, replyText(a)) != fmt.Sprintf("%v%v%q", statuses(b), b.Reactions, replyText(b)) {
		t.Fatal("the outcome moved with the order of the records")
	}
	fa, fb := mustFiles(t, a), mustFiles(t, b)
	if !slices.EqualFunc(fa, fb, func(x, y File) bool { return x.Path == y.Path && string(x.Bytes) == string(y.Bytes) }) {
		t.Fatal("the files moved with the order of the records")
	}
}
