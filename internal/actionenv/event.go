package actionenv

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/jsonerr"
)

// Event names docbridge recognises.
const (
	EventPullRequest      = "pull_request"
	EventPush             = "push"
	eventWorkflowDispatch = "workflow_dispatch"
	EventSchedule         = "schedule"
	EventIssueComment     = "issue_comment"
)

// MaxEventBytes bounds the payload file: GitHub caps webhook payloads at
// 25 MB, and a larger file is not one the runner wrote.
const MaxEventBytes = 25 << 20

// Repository is the part of a payload's repository docbridge reads.
type Repository struct {
	FullName      string `json:"full_name"`
	DefaultBranch string `json:"default_branch"`
}

// Branch is one side of a pull request. Repo is nil when the head's fork
// was deleted.
type Branch struct {
	Ref  string      `json:"ref"`
	SHA  string      `json:"sha"`
	Repo *Repository `json:"repo"`
}

// PullRequest is a pull request as payloads carry it.
type PullRequest struct {
	Number int    `json:"number"`
	Head   Branch `json:"head"`
	Base   Branch `json:"base"`
}

// PullRequestEvent is the pull_request payload.
type PullRequestEvent struct {
	Action      string      `json:"action"`
	Number      int         `json:"number"`
	PullRequest PullRequest `json:"pull_request"`
	Repository  Repository  `json:"repository"`
}

// Fork reports whether the head lives in another repository than the base
// (or in a deleted one): the token is then read-only and posting degrades.
func (e *PullRequestEvent) Fork() bool {
	h, b := e.PullRequest.Head.Repo, e.PullRequest.Base.Repo
	return h == nil || b == nil || IsFork(h.FullName, b.FullName)
}

// IsFork reports whether a head repository is another than the base
// repository. GitHub's owner and repository names are case-insensitive
// (Octo/Docs-Demo is octo/docs-demo), so they compare without case; an
// empty head (a deleted fork) counts as a fork: its token is read-only too.
func IsFork(headRepo, baseRepo string) bool {
	return headRepo == "" || !strings.EqualFold(headRepo, baseRepo)
}

// PushEvent is the push payload.
type PushEvent struct {
	Ref        string     `json:"ref"`
	Before     string     `json:"before"`
	After      string     `json:"after"`
	Deleted    bool       `json:"deleted"`
	Repository Repository `json:"repository"`
}

// User is an account as payloads carry it; Type is User, Bot or
// Organization.
type User struct {
	Login string `json:"login"`
	Type  string `json:"type"`
}

// IssueCommentEvent is the issue_comment payload. It carries no head SHA:
// acting on it means fetching the pull request.
type IssueCommentEvent struct {
	Action string `json:"action"`
	Issue  struct {
		Number int `json:"number"`
		// PullRequest is present only when the issue is a pull request.
		PullRequest *struct {
			URL string `json:"url"`
		} `json:"pull_request"`
	} `json:"issue"`
	Comment struct {
		ID   int64  `json:"id"`
		Body string `json:"body"`
		User User   `json:"user"`
		// CreatedAt is when the comment was made (RFC 3339): recorded with
		// a decision, so a replayed event writes the same record.
		CreatedAt string `json:"created_at"`
	} `json:"comment"`
	// Sender is who acted: on "edited", the editor, not the author.
	Sender     User       `json:"sender"`
	Repository Repository `json:"repository"`
}

// ScheduleEvent is the schedule payload.
type ScheduleEvent struct {
	Schedule   string     `json:"schedule"`
	Repository Repository `json:"repository"`
}

// WorkflowDispatchEvent is the workflow_dispatch payload.
type WorkflowDispatchEvent struct {
	Ref        string     `json:"ref"`
	Workflow   string     `json:"workflow"`
	Repository Repository `json:"repository"`
}

// Event is a decoded payload: the member for Name is set, the others nil.
// An event docbridge does not know decodes to its Name alone.
type Event struct {
	Name             string
	PullRequest      *PullRequestEvent
	Push             *PushEvent
	IssueComment     *IssueCommentEvent
	Schedule         *ScheduleEvent
	WorkflowDispatch *WorkflowDispatchEvent
}

// DecodeEvent decodes the payload of the named event and checks the fields
// docbridge acts on (they end up in API paths and cache keys). Unknown
// fields are ignored: payloads carry hundreds.
func DecodeEvent(name string, data []byte) (*Event, error) {
	ev := &Event{Name: name}
	var target any
	switch name {
	case EventPullRequest:
		target = newMember(&ev.PullRequest)
	case EventPush:
		target = newMember(&ev.Push)
	case EventIssueComment:
		target = newMember(&ev.IssueComment)
	case EventSchedule:
		target = newMember(&ev.Schedule)
	case eventWorkflowDispatch:
		target = newMember(&ev.WorkflowDispatch)
	default:
		return ev, nil
	}
	if len(data) > MaxEventBytes {
		return nil, fmt.Errorf("%s payload: %d bytes, more than %d", name, len(data), MaxEventBytes)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s payload: empty", name)
	}
	if err := json.Unmarshal(data, target); err != nil {
		return nil, fmt.Errorf("%s payload: %w", name, jsonerr.Plain(err))
	}
	if err := ev.check(); err != nil {
		return nil, fmt.Errorf("%s payload: %w", name, err)
	}
	return ev, nil
}

// newMember sets *p to a new zero T and returns it as the decode target.
func newMember[T any](p **T) any {
	*p = new(T)
	return *p
}

func (ev *Event) check() error {
	switch {
	case ev.PullRequest != nil:
		pr := ev.PullRequest
		if pr.Number <= 0 {
			return errors.New("no pull request number")
		}
		if pr.PullRequest.Number != 0 && pr.PullRequest.Number != pr.Number {
			return fmt.Errorf("number %d and pull_request.number %d differ", pr.Number, pr.PullRequest.Number)
		}
		if !isSHA(pr.PullRequest.Head.SHA) {
			return fmt.Errorf("head sha %q is not a commit id", pr.PullRequest.Head.SHA)
		}
		if pr.PullRequest.Base.Ref == "" {
			return errors.New("no base ref")
		}
	case ev.Push != nil:
		if ev.Push.Ref == "" {
			return errors.New("no ref")
		}
		if !ev.Push.Deleted && !isSHA(ev.Push.After) {
			return fmt.Errorf("after %q is not a commit id", ev.Push.After)
		}
	case ev.IssueComment != nil:
		if ev.IssueComment.Issue.Number <= 0 {
			return errors.New("no issue number")
		}
	}
	return nil
}

// isSHA reports whether s is a full commit id: 40 (SHA-1) or 64 (SHA-256)
// lowercase hex digits.
func isSHA(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
