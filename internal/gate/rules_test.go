package gate

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
)

const prFile = "issue_comment.created.pr.json"

// Rule 1: only a created comment on a pull request carries commands.
func TestRule01NewCommentsOnly(t *testing.T) {
	f := newFixture(t)
	body := with("/approve PROPOSAL", f.relation.ProposalID)
	onPR := func(in Input) Input { in.Event.OnPullRequest = true; return in }
	cases := []struct {
		name string
		in   Input
		why  string
	}{
		{"edited comment", onPR(input(t, f, "issue_comment.edited.0.json", body)), "the comment was edited"},
		{"deleted comment", onPR(input(t, f, "issue_comment.deleted.0.json", body)), "the comment was deleted"},
		{"comment on a plain issue", input(t, f, "issue_comment.created.0.json", body), "on an issue, not a pull request"},
		{"a maintainer editing someone else's comment", input(t, f, "issue_comment.edited.pr-by-maintainer.json", body), "the comment was edited"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := plan(c.in)
			if out.Act || !strings.Contains(out.Why, c.why) || len(out.Results) != 0 || len(out.Reactions) != 0 || replyText(out) != "" || out.Decisions != nil {
				t.Fatalf("%+v, want nothing because %q", out, c.why)
			}
		})
	}
	// The same body in a new comment on the pull request is decided.
	if out := plan(input(t, f, prFile, body)); !slices.Equal(statuses(out), []string{"accepted"}) {
		t.Fatalf("created: %v", statuses(out))
	}
}

// Rule 2: a command is a whole line of the strict grammar.
func TestRule02StrictGrammar(t *testing.T) {
	f := newFixture(t)
	id, other := f.relation.ProposalID, f.redundant.ProposalID
	cases := []struct {
		name, body string
		want       []string
	}{
		{"upper-case verb", "/APPROVE " + id, []string{"accepted"}},
		{"trailing spaces and tabs", "/approve " + id + " \t  ", []string{"accepted"}},
		{"tabs between words", "/reject\t" + id + "\tnot related", []string{"accepted"}},
		{"/approved", "/approved " + id, []string{"refused:grammar"}},
		{"/approve without an id", "/approve", []string{"refused:grammar"}},
		{"/reject without an id, trailing blanks", "/reject   ", []string{"refused:grammar"}},
		{"two ids on one line", "/approve " + id + " " + other, []string{"refused:grammar"}},
		{"an id in capitals", "/approve " + strings.ToUpper(id), []string{"refused:grammar"}},
		{"an id too short", "/approve " + id[:15], []string{"refused:grammar"}},
		{"an unknown id", "/approve ffffffffffffffff", []string{"refused:" + enrich.RefusedUnknown}},
		{"text before the slash", "please /approve " + id, []string{"refused:grammar"}},
		{"a no-break space is no blank", "/approve\u00a0" + id, []string{"refused:grammar"}},
		{"several lines, several decisions", "/approve " + id + "\n/reject " + other + " duplicate of nothing", []string{"accepted", "accepted"}},
		{"a command among prose", "Checked both.\n/approve " + id + "\nThanks!", []string{"accepted"}},
		{"a list item", "- /approve " + id, []string{"refused:grammar"}},
		{"a slash word that is no verb", "/lgtm " + id, nil},
		{"a path that mentions the verb", "see docs/approve/x", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, f, prFile, c.body)
			out := plan(in)
			if got := statuses(out); !slices.Equal(got, c.want) {
				t.Fatalf("%q: %v, want %v (%+v)", c.body, got, c.want, out.Results)
			}
			for _, r := range out.Results {
				if r.Status == statusRefused && (len(out.Decisions) > len(out.Results)-1 || r.Reason == "") {
					t.Fatalf("a refused line without a reason, or recorded: %+v", out)
				}
			}
			if c.want == nil && out.Act {
				t.Fatalf("acted on %q", c.body)
			}
		})
	}
	// The reason is kept, the verb read in lower case.
	out := plan(input(t, f, prFile, "/Reject "+id+"   not a relation at all  "))
	if len(out.Decisions) != 1 || out.Decisions[0].Decision != enrich.DecisionReject || out.Decisions[0].Reason != "not a relation at all" {
		t.Fatalf("%+v", out.Decisions)
	}
	// An unknown id records nothing and is answered.
	out = plan(input(t, f, prFile, "/approve ffffffffffffffff"))
	if out.Decisions != nil || out.Overlay != nil || !strings.Contains(replyText(out), "no pending proposal ffffffffffffffff") {
		t.Fatalf("unknown id: %+v", out)
	}
}

// Rule 3: Markdown that is not paragraph text never counts.
func TestRule03MarkdownIsNotACommand(t *testing.T) {
	f := newFixture(t)
	cmd := "/approve " + f.relation.ProposalID
	cases := map[string]string{
		"fenced code, backticks":       "```\n" + cmd + "\n```",
		"fenced code, tildes":          "~~~text\n" + cmd + "\n~~~",
		"unclosed fence":               "```\n" + cmd,
		"indented code":                "Some text.\n\n    " + cmd,
		"block quote":                  "> " + cmd,
		"block quote, nested":          "> > " + cmd,
		"block quote, lazy line":       "> I wrote:\n" + cmd,
		"block quote in a list":        "- > " + cmd,
		"HTML comment":                 "<!-- " + cmd + " -->",
		"HTML comment over lines":      "<!--\n" + cmd + "\n-->",
		"inline HTML comment in prose": "text <!-- x\n" + cmd + " -->",
		"HTML block":                   "<details>\n" + cmd + "\n</details>",
		"inline code":                  "`" + cmd + "`",
		"inline code, the id":          "/approve `" + f.relation.ProposalID + "`",
		"code span over lines":         "see `x\n" + cmd + "` here",
		"heading":                      "# " + cmd,
		"setext heading":               cmd + "\n---",
		"table cell":                   "| a |\n| --- |\n| " + cmd + " |",
		"table row without pipes":      "a | b\n--|--\n" + cmd,
		"emphasis":                     "*" + cmd + "*",
		"a link":                       "[" + cmd + "](https://example.com)",
		"escaped slash":                "\\" + cmd,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			cmds, err := parseCommands(body)
			if err != nil {
				t.Fatal(err)
			}
			if len(cmds.Lines) != 0 {
				t.Fatalf("%q gave %+v", body, cmds.Lines)
			}
			if out := plan(input(t, f, prFile, body)); out.Act {
				t.Fatalf("acted on %q: %+v", body, out)
			}
		})
	}
	// Control: after a fence closes, a line is a command again.
	cmds, _ := parseCommands("```\n" + cmd + "\n```\n\n" + cmd + "\r\n")
	if len(cmds.Lines) != 1 || cmds.Lines[0].Number != 5 || cmds.Lines[0].Decision != enrich.DecisionApprove {
		t.Fatalf("control: %+v", cmds)
	}
}

// Rule 4: the collaborator-permission API decides, failing closed.
func TestRule04AuthorizeByPermission(t *testing.T) {
	f := newFixture(t)
	body := with("/approve PROPOSAL", f.relation.ProposalID)
	cases := []struct {
		name      string
		perm      Permission
		minimum   string
		allowlist []string
		want      string
	}{
		{"read-only user", Permission{Level: LevelRead}, "", nil, "refused:" + refusedPermission},
		{"triage shows as read", Permission{Level: LevelTriage}, "", nil, "refused:" + refusedPermission},
		{"private org member with write", Permission{Level: LevelWrite}, "", nil, "accepted"},
		{"outside collaborator with write", Permission{Level: LevelWrite}, "", nil, "accepted"},
		{"maintain", Permission{Level: LevelMaintain}, "", nil, "accepted"},
		{"404 is none", Permission{Level: LevelNone}, "", nil, "refused:" + refusedPermission},
		{"5xx fails closed", Permission{Level: LevelAdmin, Err: errors.New("GET permission: 502 Bad Gateway")}, "", nil, "refused:" + refusedUnverified},
		{"write below a maintain minimum", Permission{Level: LevelWrite}, "maintain", nil, "refused:" + refusedPermission},
		{"triage at a triage minimum", Permission{Level: LevelTriage}, "triage", nil, "accepted"},
		{"a minimum of read is refused", Permission{Level: LevelAdmin}, "read", nil, "refused:" + refusedConfig},
		{"not in the allowlist", Permission{Level: LevelAdmin}, "", []string{"mona"}, "refused:" + refusedAllowlist},
		{"in the allowlist, other case", Permission{Level: LevelWrite}, "", []string{"mona", "codertocat"}, "accepted"},
		{"in the allowlist without the permission", Permission{Level: LevelRead}, "", []string{"Codertocat"}, "refused:" + refusedPermission},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, f, prFile, body)
			in.Permission, in.Policy.MinimumPermission, in.Policy.Allowlist = c.perm, c.minimum, c.allowlist
			out := plan(in)
			if got := statuses(out); !slices.Equal(got, []string{c.want}) {
				t.Fatalf("%v, want %s", got, c.want)
			}
			if c.want != "accepted" && (out.Decisions != nil || out.Overlay != nil || replyText(out) == "") {
				t.Fatalf("refused but %+v", out)
			}
		})
	}
}

// Rule 5: bots and the action itself are ignored.
func TestRule05HumansOnly(t *testing.T) {
	f := newFixture(t)
	body := with("/approve PROPOSAL", f.relation.ProposalID)
	cases := []struct {
		name string
		who  Account
	}{
		{"type Bot", Account{Login: "renovate", Type: "Bot"}},
		{"a [bot] login typed User", Account{Login: "evil[bot]", Type: "User"}},
		{"the action's own login", Account{Login: botLogin, Type: "Bot"}},
		{"the action's own login, other case, typed User", Account{Login: "GitHub-Actions[Bot]", Type: "User"}},
		{"an organization", Account{Login: "octo-org", Type: "Organization"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, f, prFile, body)
			in.Event.Author = c.who
			in.Permission = Permission{Level: LevelAdmin}
			if out := plan(in); out.Act || len(out.Reactions) != 0 || out.Decisions != nil {
				t.Fatalf("%+v", out)
			}
		})
	}
	// An App's own identity that is no [bot] login is ignored through Self.
	in := input(t, f, prFile, body)
	in.Self = "Codertocat"
	if out := plan(in); out.Act || !strings.Contains(out.Why, "own") {
		t.Fatalf("self: %+v", out)
	}
}

// Rule 6: the proposal's agent and the policy never decide; a person may
// reject what they may approve.
func TestRule06NoSelfApproval(t *testing.T) {
	f := newFixture(t)
	cases := []struct {
		name, login, verb, want string
	}{
		{"the agent approves", testAgent.AgentID, "approve", "refused:" + enrich.RefusedSelfApproval},
		{"the agent rejects", "Curator", "reject", "refused:" + enrich.RefusedSelfApproval},
		{"a person named policy", "policy", "approve", "refused:" + enrich.RefusedPolicy},
		{"a person approves", "Codertocat", "approve", "accepted"},
		{"a person rejects", "Codertocat", "reject", "accepted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, f, prFile, "/"+c.verb+" "+f.canon.ProposalID)
			in.Event.Author.Login = c.login
			in.Permission = Permission{Level: LevelAdmin}
			if got := statuses(plan(in)); !slices.Equal(got, []string{c.want}) {
				t.Fatalf("%v, want %s", got, c.want)
			}
		})
	}
}

// Rule 7: a decision is bound to the content it was made about.
func TestRule07BoundToContent(t *testing.T) {
	f := newFixture(t)
	in := input(t, f, prFile, with("/approve PROPOSAL", f.relation.ProposalID))
	out := plan(in)
	if len(out.Decisions) != 1 {
		t.Fatalf("%+v", out.Results)
	}
	rec := out.Decisions[0]
	if rec.ApprovalID != enrich.ApprovalID(f.relation.ProposalID, f.relation.TargetContentHash) || rec.HeadSHA != headSHA ||
		rec.CommentID != in.Event.CommentID || rec.By != "Codertocat" || rec.Via != viaComment || rec.DecidedAt != in.DecidedAt {
		t.Fatalf("record %+v", rec)
	}
	if _, err := enrich.ParseApproval(mustApproval(t, rec)); err != nil {
		t.Fatalf("the record does not read back: %v", err)
	}
	// The target changed after the proposal: refused, nothing recorded.
	stale := input(t, f, prFile, with("/approve PROPOSAL", f.relation.ProposalID))
	stale.Targets[docGuide] = "00000000000000ff"
	out = plan(stale)
	if got := statuses(out); !slices.Equal(got, []string{"refused:" + enrich.RefusedStale}) || out.Decisions != nil || out.Overlay != nil {
		t.Fatalf("stale: %v %+v", got, out)
	}
	// The old approval cannot be replayed against the next version: its id
	// names the old content.
	if enrich.ApprovalID(f.relation.ProposalID, "00000000000000ff") == rec.ApprovalID {
		t.Fatal("the approval id does not depend on the content")
	}
}

func mustApproval(t *testing.T, a enrich.Approval) []byte {
	t.Helper()
	b, err := enrich.MarshalApproval(a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Rule 9: the same event twice gives one decision.
func TestRule09Idempotent(t *testing.T) {
	f := newFixture(t)
	body := "/approve " + f.relation.ProposalID + "\n/reject " + f.redundant.ProposalID + " not the same pages"
	in := input(t, f, prFile, body)
	first := plan(in)
	if !slices.Equal(statuses(first), []string{"accepted", "accepted"}) || len(first.Decisions) != 2 {
		t.Fatalf("first: %v", statuses(first))
	}
	// Two decisions in one comment compose: both left pending.
	if len(first.Overlay.Pending) != 1 || first.Overlay.Pending[0].Proposal.ProposalID != f.canon.ProposalID {
		t.Fatalf("pending after both: %+v", first.Overlay.Pending)
	}
	// Replay: the same event on what the first committed.
	again := in
	again.Overlay, again.Records = first.Overlay, first.Decisions
	second := plan(again)
	if !slices.Equal(statuses(second), []string{"replayed", "replayed"}) || second.Decisions != nil || second.Overlay != nil || replyText(second) != "" {
		t.Fatalf("replay: %v %+v", statuses(second), second)
	}
	if !slices.Equal(second.Reactions, first.Reactions) {
		t.Fatalf("replay reactions %v, first %v", second.Reactions, first.Reactions)
	}
	// Another comment on a decided proposal is answered "already decided".
	other := again
	other.Event.CommentID++
	third := plan(other)
	if !slices.Equal(statuses(third), []string{"refused:" + enrich.RefusedAlreadyDecided, "refused:" + enrich.RefusedAlreadyDecided}) ||
		!strings.Contains(replyText(third), "already decided") || third.Decisions != nil {
		t.Fatalf("other comment: %v %q", statuses(third), replyText(third))
	}
	// A replay before the first commit landed decides the same, byte for byte.
	if a, b := mustFiles(t, first), mustFiles(t, plan(in)); !slices.EqualFunc(a, b, func(x, y File) bool { return x.Path == y.Path && string(x.Bytes) == string(y.Bytes) }) {
		t.Fatal("the same event planned twice gave other files")
	}
}

func mustFiles(t *testing.T, o Outcome) []File {
	t.Helper()
	files, err := o.Files()
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Rule 12: eyes when recognised, then +1 or -1; a refused line is
// quoted alone, escaped.
func TestRule12Acknowledge(t *testing.T) {
	f := newFixture(t)
	id := f.relation.ProposalID
	cases := []struct {
		name, body string
		reactions  []string
		reply      bool
	}{
		{"accepted", "/approve " + id, []string{ReactionEyes, ReactionPlus}, false},
		{"refused", "/approved " + id, []string{ReactionEyes, ReactionMinus}, true},
		{"both", "/approve " + id + "\n/approve", []string{ReactionEyes, ReactionPlus, ReactionMinus}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := plan(input(t, f, prFile, c.body))
			if !slices.Equal(out.Reactions, c.reactions) || (replyText(out) != "") != c.reply {
				t.Fatalf("%v %q", out.Reactions, replyText(out))
			}
		})
	}
	// A hostile refused line: only it is quoted, on one line, and it can
	// neither ping nor open markup.
	body := "secret context line\n/Approved @octocat @octo-org/team <script x [x] | $y$ \u202e #1\nmore context"
	out := plan(input(t, f, prFile, body))
	if got := statuses(out); !slices.Equal(got, []string{"refused:grammar"}) {
		t.Fatalf("%v", got)
	}
	for _, bad := range []string{"secret context", "more context", "@octocat", "@octo-org", "<script", "[x]", " | ", " $y$", "\u202e", " #1"} {
		if strings.Contains(replyText(out), bad) {
			t.Errorf("the reply holds %q:\n%s", bad, replyText(out))
		}
	}
	quoted := 0
	for _, l := range strings.Split(replyText(out), "\n") {
		if strings.HasPrefix(l, "> ") {
			quoted++
			if !strings.Contains(l, "/Approved @\u200boctocat @\u200bocto-org/team &lt;script x \\[x\\] \\| \\$y\\$ U+202E \\#1") {
				t.Errorf("quoted line %q", l)
			}
		}
	}
	if quoted != 1 {
		t.Fatalf("%d quoted lines:\n%s", quoted, replyText(out))
	}
	// A line that would open a list in the quote is escaped too.
	out = plan(input(t, f, prFile, "please /approve "+id+" - 1. x"))
	if !strings.Contains(replyText(out), "> please /approve") {
		t.Fatalf("%q", replyText(out))
	}
}

// Rule 13: a fork's pull request gets one clear refusal.
func TestRule13ForkPRs(t *testing.T) {
	f := newFixture(t)
	body := "/approve " + f.relation.ProposalID + "\n/reject " + f.redundant.ProposalID
	for _, c := range []struct {
		name, head string
		fork       bool
	}{
		{"another repository", "someone/Hello-World", true},
		{"a deleted fork", "", true},
		{"the same repository in other case", "codertocat/hello-world", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := input(t, f, prFile, body)
			in.PullRequest.HeadRepo = c.head
			out := plan(in)
			if !c.fork {
				if len(out.Decisions) != 2 {
					t.Fatalf("%v", statuses(out))
				}
				return
			}
			if !slices.Equal(statuses(out), []string{"refused:fork", "refused:fork"}) || out.Decisions != nil ||
				strings.Count(replyText(out), "fork") != 2 || strings.Contains(replyText(out), "> ") || !slices.Equal(out.Reactions, []string{ReactionEyes, ReactionMinus}) {
				t.Fatalf("%v %v\n%s", statuses(out), out.Reactions, replyText(out))
			}
		})
	}
}
