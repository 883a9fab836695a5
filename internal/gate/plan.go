package gate

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// actionCreated is the only issue_comment action the gate acts on.
const actionCreated = "created"

// viaComment is the enrich.Approval.Via of a decision made in a comment.
const viaComment = "comment"

// The reactions the gate posts on a comment, as GitHub names their
// contents: eyes when it is recognised, then +1 or -1. The transport's
// React (internal/ghapi) accepts these and no other.
const (
	ReactionEyes  = "eyes"
	ReactionPlus  = "+1"
	ReactionMinus = "-1"
)

// Refusal codes of the gate itself; a refusal by enrich.Decide keeps
// Decide's code (enrich.RefusedUnknown, ...).
const (
	refusedGrammar    = "grammar"
	refusedFork       = "fork"
	refusedPermission = "permission"
	// refusedUnverified: the permission could not be read (fail closed).
	refusedUnverified = "unverified"
	refusedAllowlist  = "allowlist"
	refusedConfig     = "configuration"
	// refusedWithdrawn: a decision taken, then not committed (Withdraw).
	refusedWithdrawn = "withdrawn"
)

// Account is a GitHub account as an event payload carries it; Type is
// User, Bot or Organization.
type Account struct {
	Login string
	Type  string
}

// Event is the issue_comment event, as its payload carries it.
type Event struct {
	// Action is created, edited or deleted.
	Action string
	// OnPullRequest: the issue is a pull request (issue.pull_request is
	// present).
	OnPullRequest bool
	// Number is the pull request's (the issue's) number.
	Number    int
	CommentID int64
	Body      string
	// Author is comment.user (not sender, which on an edit is the editor).
	Author Account
}

// PullRequest is the pull request as the API answered it at event time.
type PullRequest struct {
	// HeadRepo and BaseRepo are owner/name; HeadRepo is "" when the
	// head's fork was deleted.
	HeadRepo, BaseRepo string
	HeadSHA            string
}

// Fork reports whether the head lives in another repository than the base
// (or in a deleted one): the action cannot push to its branch
// (actionenv.IsFork, the pull_request route's rule).
func (p PullRequest) Fork() bool {
	return actionenv.IsFork(p.HeadRepo, p.BaseRepo)
}

// Input is everything one event is decided on, as values the caller read
// through the API: nothing here reads a file or the network.
type Input struct {
	Event Event
	// Self is the action's own login (the bot-login input).
	Self        string
	PullRequest PullRequest
	// Permission is the author's, from the collaborator-permission API.
	Permission Permission
	// Policy is the approvals section of the default branch's
	// docbridge.yaml.
	Policy config.Approvals
	// Overlay and Records are the pull request branch's overlay and
	// approval records (nil and none when it has no overlay); Targets the
	// current content hash of each entity (enrich.TargetHashes).
	Overlay *enrich.Overlay
	Records []enrich.Approval
	Targets map[string]string
	// OverlayErr says why the branch's overlay could not be read (a hand
	// edit breaks its content hash); "" when it could, or there is none.
	OverlayErr string
	// DecidedAt is recorded on each decision (RFC 3339): the comment's
	// creation time, so that a replay writes the same record.
	DecidedAt string
}

// Status is what became of one command line.
type Status string

// The statuses.
const (
	statusAccepted Status = "accepted"
	statusRefused  Status = "refused"
	// statusReplayed: this comment's decision is already recorded (the
	// event came again); nothing new is decided.
	statusReplayed Status = "replayed"
)

// Result is one command line's outcome.
type Result struct {
	Line   Line
	Status Status
	// Code and Reason say why a refused line was refused (Reason is plain
	// text, untrusted parts included: escape it to show it).
	Code   string
	Reason string
	// Approval is the record of an accepted or replayed line.
	Approval enrich.Approval
}

// Reply is the reply comment to a comment whose commands were refused,
// as data: the caller renders it (internal/review's CommandReply quotes
// and escapes every line), so the gate needs no renderer.
type Reply struct {
	// Head opens the reply; Tail, when not "", closes it.
	Head, Tail string
	// Refused are the refused command lines, in body order.
	Refused []RefusedLine
}

// RefusedLine is one refused command line and why.
type RefusedLine struct {
	// Line is the line as its author wrote it (untrusted).
	Line   string
	Reason string
}

// Outcome is what the caller does for one event.
type Outcome struct {
	// Act is false when the event is not for the gate; Why says why, for
	// the log. Nothing else is set then.
	Act bool
	Why string
	// Results are the command lines in body order; Omitted counts the
	// lines past maxCommandLines, which were not read.
	Results []Result
	Omitted int
	// Reactions to put on the comment, in order: eyes first (post it
	// before committing), then +1 and/or -1 (after).
	Reactions []string
	// Reply is what one reply comment says when something was refused,
	// else nil.
	Reply *Reply
	// Overlay is the overlay after every accepted decision and Decisions
	// the records to commit with it, in order; nil and none when nothing
	// was accepted. Commit them together or not at all (Files).
	Overlay   *enrich.Overlay
	Decisions []enrich.Approval
	// Retry is set when the decisions were withdrawn for a reason that is
	// not the comment's (the commit failed): the next run decides the
	// comment again, so its reply carries no answerLine.
	Retry bool
	// wide is a refusal of the whole comment (fork, permission).
	wide string
}

// Screen decides, from the event alone, whether the gate acts on it: a
// created comment on a pull request, by a person other than the action,
// with at least one command line. It returns the command lines, or why
// the event is ignored. Callers use it before making any API call.
func Screen(ev Event, self string) (Commands, string) {
	switch {
	case ev.Action != actionCreated:
		return Commands{}, fmt.Sprintf("the comment was %s; only new comments carry commands", safeWord(ev.Action))
	case !ev.OnPullRequest:
		return Commands{}, "the comment is on an issue, not a pull request"
	case self != "" && strings.EqualFold(ev.Author.Login, self):
		return Commands{}, "the comment is the action's own"
	case !human(ev.Author):
		return Commands{}, "the comment's author is not a person"
	}
	cmds, err := parseCommands(ev.Body)
	if err != nil {
		return Commands{}, err.Error()
	}
	if len(cmds.Lines) == 0 {
		return Commands{}, "the comment holds no command"
	}
	return cmds, ""
}

// human reports whether an account is a person: a User that is not an
// app's "name[bot]".
func human(a Account) bool {
	return a.Type == "User" && !strings.HasSuffix(strings.ToLower(a.Login), "[bot]")
}

// plan decides one issue_comment event. Pure: the same Input gives the
// same Outcome, and planning again with the overlay and records the
// outcome committed decides nothing new (a replay).
func plan(in Input) Outcome {
	cmds, why := Screen(in.Event, in.Self)
	if why != "" {
		return Outcome{Why: why}
	}
	out := Outcome{Act: true, Omitted: cmds.Omitted}
	if code, reason := authorize(in); code != "" {
		out.wide = reason
		// An unread permission is GitHub's failure, not the comment's:
		// the next run decides the comment again.
		out.Retry = code == refusedUnverified
		for _, l := range cmds.Lines {
			out.Results = append(out.Results, Result{Line: l, Status: statusRefused, Code: code, Reason: reason})
		}
		return out.finish()
	}
	ov, records := in.Overlay, slices.Clone(in.Records)
	for _, l := range cmds.Lines {
		r := Result{Line: l}
		switch replayed := replayOf(records, in.Event.CommentID, l); {
		case l.Refused != "":
			r.Status, r.Code, r.Reason = statusRefused, refusedGrammar, l.Refused
		case replayed != nil:
			r.Status, r.Approval = statusReplayed, *replayed
		default:
			next, rec, err := enrich.Decide(enrich.DecideInput{Overlay: ov, Approvals: records, Targets: in.Targets}, enrich.DecideRequest{
				ProposalID: l.ProposalID, Decision: l.Decision, By: in.Event.Author.Login, Reason: l.Reason,
				Via: viaComment, HeadSHA: in.PullRequest.HeadSHA, CommentID: in.Event.CommentID, DecidedAt: in.DecidedAt,
			})
			if err != nil {
				r.Status, r.Code, r.Reason = statusRefused, refusalCode(err), refusalReason(err, ov, in.OverlayErr)
				break
			}
			ov, records = next, append(records, rec)
			r.Status, r.Approval = statusAccepted, rec
			out.Overlay = next
			out.Decisions = append(out.Decisions, rec)
		}
		out.Results = append(out.Results, r)
	}
	return out.finish()
}

// authorize checks the comment as a whole: the pull request's branch is
// one the action can push to, and the author may decide.
func authorize(in Input) (code, reason string) {
	login := in.Event.Author.Login
	if in.PullRequest.Fork() {
		return refusedFork, "this pull request comes from a fork, and docbridge cannot commit a decision to a fork's branch. " +
			"Decide on the enrichment pull request of this repository, or with docbridge enrich approve on a clone"
	}
	minimum := LevelWrite
	if m := in.Policy.MinimumPermission; m != "" {
		l, err := ParseLevel(m)
		if err != nil || l < LevelTriage {
			return refusedConfig, fmt.Sprintf("approvals.minimumPermission %q in the default branch's docbridge.yaml is not a permission docbridge accepts "+
				"(triage, write, maintain or admin): fix it there, then comment again", clipRunes(m, 40))
		}
		minimum = l
	}
	if err := in.Permission.Err; err != nil {
		return refusedUnverified, "docbridge could not read the author's permission on this repository; the next docbridge run on this pull request decides it again, or comment again"
	}
	if in.Permission.Level < minimum {
		return refusedPermission, fmt.Sprintf("deciding proposals needs the %s permission on this repository; %s has %s: "+
			"ask someone who has it to comment the command", minimum, login, in.Permission.Level)
	}
	if len(in.Policy.Allowlist) > 0 && !slices.ContainsFunc(in.Policy.Allowlist, func(a string) bool { return strings.EqualFold(a, login) }) {
		return refusedAllowlist, fmt.Sprintf("%s is not in approvals.allowlist of the default branch's docbridge.yaml: "+
			"ask someone on it to comment the command", login)
	}
	return "", ""
}

// replayOf returns the record this very comment already made for the
// line's decision, or nil.
func replayOf(records []enrich.Approval, commentID int64, l Line) *enrich.Approval {
	for i := range records {
		r := &records[i]
		if r.Via == viaComment && r.CommentID == commentID && r.ProposalID == l.ProposalID && r.Decision == l.Decision {
			return r
		}
	}
	return nil
}

func refusalCode(err error) string {
	var r *enrich.Refusal
	if errors.As(err, &r) {
		return r.Code
	}
	return enrich.RefusedInvalid
}

// refusalReason says in a sentence why Decide refused, and what to do.
func refusalReason(err error, ov *enrich.Overlay, overlayErr string) string {
	var r *enrich.Refusal
	if !errors.As(err, &r) {
		return err.Error()
	}
	switch r.Code {
	case enrich.RefusedUnknown:
		switch {
		case ov == nil && overlayErr != "":
			return "the overlay on the branch was edited by hand, so docbridge cannot read it (" + clipRunes(overlayErr, 200) + "): " +
				"revert that edit, or let the next nightly run write the overlay again, then comment again"
		case ov == nil:
			return "this pull request carries no enrichment overlay, so there is nothing to decide"
		}
		return "unknown proposal: " + r.Detail + "; copy the id from the proposals comment"
	case enrich.RefusedAlreadyDecided:
		return "already decided: " + r.Detail
	case enrich.RefusedStale:
		return "stale: " + r.Detail + "; a decision is bound to the content it was made about: the next nightly run proposes again on the new content"
	case enrich.RefusedSelfApproval:
		return "self-approval: " + r.Detail
	case enrich.RefusedPolicy:
		return "policy: " + r.Detail
	case enrich.RefusedConflict:
		return "canonical conflict: " + r.Detail
	}
	return r.Detail
}

// finish sets the reactions and the reply from the results.
func (o Outcome) finish() Outcome {
	o.Reactions, o.Reply = nil, nil
	if len(o.Results) == 0 {
		return o
	}
	o.Reactions = []string{ReactionEyes}
	var took, refused int
	var lines []RefusedLine
	for _, r := range o.Results {
		if r.Status == statusRefused {
			refused++
			lines = append(lines, RefusedLine{Line: r.Line.Text, Reason: r.Reason})
		} else {
			took++
		}
	}
	if took > 0 {
		o.Reactions = append(o.Reactions, ReactionPlus)
	}
	if refused == 0 {
		return o
	}
	o.Reactions = append(o.Reactions, ReactionMinus)
	if o.wide != "" {
		o.Reply = &Reply{Head: "docbridge decided nothing from this comment: " + o.wide + ".", Tail: o.omittedLine()}
		return o
	}
	head := fmt.Sprintf("docbridge took %d of %s of this comment and refused these:", took,
		textwriter.Plural(len(o.Results), "command", "commands"))
	if took == 0 {
		head = "docbridge refused " + textwriter.Plural(refused, "command", "commands") + " of this comment:"
		if refused == 1 {
			head = "docbridge refused the command of this comment:"
		}
	}
	o.Reply = &Reply{Head: head, Refused: lines, Tail: o.omittedLine()}
	return o
}

// omittedLine counts the command lines not read, or is "".
func (o Outcome) omittedLine() string {
	if o.Omitted == 0 {
		return ""
	}
	return fmt.Sprintf("%s past the first %d were not read: write them in another comment.",
		textwriter.Plural(o.Omitted, "command line", "command lines"), maxCommandLines)
}

// Withdraw turns the accepted decisions into refusals with reason, when
// they could not be committed (the head moved since the event, the
// commit kept failing): no overlay and no records to commit, a -1 and a
// reply that says so. Replayed lines stay as they are.
func (o Outcome) Withdraw(reason string) Outcome {
	o.Results = slices.Clone(o.Results)
	for i := range o.Results {
		if r := &o.Results[i]; r.Status == statusAccepted {
			r.Status, r.Code, r.Reason, r.Approval = statusRefused, refusedWithdrawn, reason, enrich.Approval{}
		}
	}
	o.Overlay, o.Decisions = nil, nil
	return o.finish()
}

// File is one file of a decision's commit: a path from the repository
// root and its bytes.
type File struct {
	Path  string
	Bytes []byte
}

// Files are the overlay and the approval records to commit in one commit
// (nil when nothing was accepted).
func (o Outcome) Files() ([]File, error) {
	if o.Overlay == nil || len(o.Decisions) == 0 {
		return nil, nil
	}
	b, err := enrich.MarshalOverlay(o.Overlay)
	if err != nil {
		return nil, err
	}
	files := []File{{Path: enrich.OverlayPath, Bytes: b}}
	for _, a := range o.Decisions {
		b, err := enrich.MarshalApproval(a)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: enrich.ApprovalsDir + "/" + a.ApprovalID + ".json", Bytes: b})
	}
	return files, nil
}

// safeWord keeps an event's action word for a log line: letters and
// underscores, at most 20.
func safeWord(s string) string {
	s = clipRunes(s, 20)
	if strings.IndexFunc(s, func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' }) >= 0 {
		return "changed"
	}
	return s
}
