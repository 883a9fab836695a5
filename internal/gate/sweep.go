package gate

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/enrich"
)

// answerLine is the hidden first line of the action's reply to comment
// id. A later run reads it back to know that the comment has its answer;
// only a reply by the action itself counts.
func answerLine(id int64) string {
	return "<!-- docbridge:answer " + strconv.FormatInt(id, 10) + " -->"
}

var answerMarker = regexp.MustCompile(`<!-- docbridge:answer ([0-9]{1,19}) -->`)

// Comment is one comment of a pull request, as the API lists it.
type Comment struct {
	ID     int64
	Author Account
	Body   string
	// CreatedAt is recorded as the decision's time (RFC 3339), so that
	// any run deciding the comment writes the same record.
	CreatedAt string
}

// Event is the comment as the issue_comment event of its creation on
// pull request number carries it.
func (c Comment) Event(number int) Event {
	return Event{Action: actionCreated, OnPullRequest: true, Number: number, CommentID: c.ID, Body: c.Body, Author: c.Author}
}

// Unanswered returns, in the order given, the comments of pull request
// number that hold commands without an answer yet: a person's comment
// with at least one command line (Screen), that no reply of self's names
// (answerLine), and not every command line of which is already recorded
// by its comment id (the replay rule: an accepted decision is its own
// answer). Every run answers them, not only the comment that started it,
// so a run that never started or was cancelled loses nothing.
func Unanswered(number int, comments []Comment, self string, records []enrich.Approval) []Comment {
	answered := map[int64]bool{}
	for _, c := range comments {
		if self == "" || !strings.EqualFold(c.Author.Login, self) {
			continue
		}
		for _, m := range answerMarker.FindAllStringSubmatch(c.Body, -1) {
			if id, err := strconv.ParseInt(m[1], 10, 64); err == nil {
				answered[id] = true
			}
		}
	}
	var out []Comment
	for _, c := range comments {
		if answered[c.ID] || slices.ContainsFunc(out, func(x Comment) bool { return x.ID == c.ID }) {
			continue
		}
		cmds, why := Screen(c.Event(number), self)
		if why != "" {
			continue
		}
		if !slices.ContainsFunc(cmds.Lines, func(l Line) bool { return l.Refused != "" || replayOf(records, c.ID, l) == nil }) {
			continue // every line recorded: decided
		}
		out = append(out, c)
	}
	return out
}

// Sweep is one run's decisions on a pull request: the unanswered
// comments, each planned in order on the overlay and the records the ones
// before it left.
type Sweep struct {
	Comments []Comment
	// Outcomes are the comments' outcomes, in the same order.
	Outcomes []Outcome
	// Overlay is the overlay after every accepted decision, Decisions the
	// records to commit with it; nil and none when nothing was accepted.
	Overlay   *enrich.Overlay
	Decisions []enrich.Approval
}

// errUnread is the permission of an author nobody read: fail closed.
var errUnread = errors.New("the permission was not read")

// PlanSweep decides comments (Unanswered's) of pull request number in
// order. base holds what they share — Self, PullRequest, Policy, the
// branch's Overlay, OverlayErr, Records and Targets —; perms each
// author's permission by lower-case login (one missing is refused as
// unverified). Pure, as plan.
func PlanSweep(base Input, number int, comments []Comment, perms map[string]Permission) Sweep {
	s := Sweep{Comments: comments}
	in := base
	in.Records = slices.Clone(base.Records)
	for _, c := range comments {
		in.Event, in.DecidedAt = c.Event(number), c.CreatedAt
		p, ok := perms[strings.ToLower(c.Author.Login)]
		if !ok {
			p = Permission{Err: errUnread}
		}
		in.Permission = p
		out := plan(in)
		if out.Overlay != nil {
			in.Overlay, s.Overlay = out.Overlay, out.Overlay
		}
		in.Records = append(in.Records, out.Decisions...)
		s.Decisions = append(s.Decisions, out.Decisions...)
		s.Outcomes = append(s.Outcomes, out)
	}
	return s
}

// Files are the overlay and every record of the sweep, to commit in one
// commit (nil when nothing was accepted).
func (s Sweep) Files() ([]File, error) {
	return Outcome{Overlay: s.Overlay, Decisions: s.Decisions}.Files()
}

// Withdraw turns every accepted decision of the sweep into a refusal
// with reason (Outcome.Withdraw), when they could not be committed. The
// comments that had one are marked Retry: their reply carries no
// answerLine, so the next run decides them again.
func (s Sweep) Withdraw(reason string) Sweep {
	s.Outcomes = slices.Clone(s.Outcomes)
	for i, o := range s.Outcomes {
		if len(o.Decisions) > 0 {
			s.Outcomes[i] = o.Withdraw(reason)
			s.Outcomes[i].Retry = true
		}
	}
	s.Overlay, s.Decisions = nil, nil
	return s
}

// Logins are the authors of the comments who pass Screen, lower-cased,
// sorted and each once: whose permission the caller reads.
func Logins(comments []Comment) []string {
	var out []string
	for _, c := range comments {
		if l := strings.ToLower(c.Author.Login); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// ReplyBody is the reply to comment id of the outcome, "" when none: the
// answerLine first (unless the outcome is to be decided again), then a
// link to the comment it answers, then the reply as render writes it.
func (o Outcome) ReplyBody(id int64, commentURL string, render func(Reply) string) string {
	if o.Reply == nil {
		return ""
	}
	var b strings.Builder
	if !o.Retry {
		b.WriteString(answerLine(id) + "\n")
	}
	if commentURL != "" {
		fmt.Fprintf(&b, "In answer to [comment %d](%s):\n\n", id, commentURL)
	}
	b.WriteString(render(*o.Reply))
	return b.String()
}
