package ghapi

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/google/go-github/v66/github"

	"github.com/docbridge/docbridge/internal/gate"
)

// loginPattern is a GitHub user login: alphanumerics and single hyphens,
// at most 39 characters. A login goes into an API path unescaped, so
// nothing else is sent.
var loginPattern = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$`)

// CollaboratorPermission returns login's permission on the repository
// through the collaborator-permission API. It reads the role's name
// (role_name: maintain and triage included) and falls back on the
// permission field for a custom role. Every failure is an error — a 404
// (wrapping ErrNotFound: not a collaborator, no such user), a 5xx after
// the retries, an answer naming no known level — for the caller to refuse
// on: the gate fails closed.
func (g *GitHub) CollaboratorPermission(ctx context.Context, login string) (gate.Level, error) {
	if !loginPattern.MatchString(login) {
		return gate.LevelNone, fmt.Errorf("collaborator permission: login %q is not a user's", login)
	}
	var level *github.RepositoryPermissionLevel
	err := g.retry.do(ctx, "read the permission of "+login, func() (*github.Response, error) {
		var resp *github.Response
		var err error
		level, resp, err = g.client.Repositories.GetPermissionLevel(ctx, g.owner, g.repo, login)
		return resp, err
	})
	if isStatus(err, http.StatusNotFound) {
		// Not a collaborator, or no such user: still an error, named.
		return gate.LevelNone, fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if err != nil {
		return gate.LevelNone, err
	}
	if p, err := gate.ParseLevel(level.GetRoleName()); err == nil {
		return p, nil
	}
	p, err := gate.ParseLevel(level.GetPermission())
	if err != nil {
		return gate.LevelNone, fmt.Errorf("the permission of %s: %w", login, err)
	}
	return p, nil
}

// React adds a reaction (gate.ReactionEyes, ReactionPlus, ReactionMinus)
// to an issue or pull-request comment. Adding one that is already there
// is not an error.
func (g *GitHub) React(ctx context.Context, commentID int64, content string) error {
	if commentID <= 0 {
		return fmt.Errorf("react: comment id %d", commentID)
	}
	if content != gate.ReactionEyes && content != gate.ReactionPlus && content != gate.ReactionMinus {
		return fmt.Errorf("react: reaction %q", content)
	}
	return g.retry.do(ctx, fmt.Sprintf("react %s to comment %d", content, commentID), func() (*github.Response, error) {
		_, resp, err := g.client.Reactions.CreateIssueCommentReaction(ctx, g.owner, g.repo, commentID, content)
		return resp, err
	})
}

// Reply posts a new comment on an issue or pull request (the answer to a
// refused command) and returns its id. Unlike UpsertComment it never
// edits: each reply is its own comment.
func (g *GitHub) Reply(ctx context.Context, issue int, body string) (int64, error) {
	if issue <= 0 {
		return 0, fmt.Errorf("reply: issue number %d", issue)
	}
	if strings.TrimSpace(body) == "" {
		return 0, fmt.Errorf("reply on #%d: empty body", issue)
	}
	if len(body) > maxCommentBody {
		return 0, fmt.Errorf("reply on #%d: body of %d characters passes GitHub's limit of %d", issue, len(body), maxCommentBody)
	}
	var id int64
	err := g.retry.create(ctx, fmt.Sprintf("reply on #%d", issue), func() (*github.Response, error) {
		c, resp, err := g.client.Issues.CreateComment(ctx, g.owner, g.repo, issue, &github.IssueComment{Body: github.String(body)})
		id = c.GetID()
		return resp, err
	}, func() (bool, error) {
		// A reply names the comment it answers: the bot's comment with
		// this very body is this reply, posted by a try whose answer was
		// lost.
		list, err := g.ListComments(ctx, issue)
		for _, c := range list {
			if strings.EqualFold(c.Login, g.bot) && c.Body == body {
				id = c.ID
				return true, nil
			}
		}
		return false, err
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// IssueComment is a comment of an issue or pull request as the listing
// answers it; Type is the author's (User, Bot, Organization) and
// CreatedAt RFC 3339.
type IssueComment struct {
	ID                           int64
	Login, Type, Body, CreatedAt string
}

// ListComments lists the comments of an issue or pull request, oldest
// first, page by page; past maxCommentPages pages it is an error (a
// command would be missed silently otherwise).
func (g *GitHub) ListComments(ctx context.Context, issue int) ([]IssueComment, error) {
	if issue <= 0 {
		return nil, fmt.Errorf("list comments: issue number %d", issue)
	}
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: commentsPerPage}}
	var out []IssueComment
	for page := 1; ; page++ {
		var list []*github.IssueComment
		var resp *github.Response
		err := g.retry.do(ctx, fmt.Sprintf("list comments of #%d (page %d)", issue, page), func() (*github.Response, error) {
			var err error
			list, resp, err = g.client.Issues.ListComments(ctx, g.owner, g.repo, issue, opts)
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		for _, c := range list {
			created := ""
			if c.CreatedAt != nil {
				created = c.GetCreatedAt().UTC().Format(time.RFC3339)
			}
			out = append(out, IssueComment{ID: c.GetID(), Login: c.GetUser().GetLogin(), Type: c.GetUser().GetType(), Body: c.GetBody(), CreatedAt: created})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		if page == maxCommentPages {
			return nil, fmt.Errorf("list comments of #%d: more than %d pages", issue, maxCommentPages)
		}
		opts.Page = resp.NextPage
	}
}
