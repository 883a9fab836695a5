package ghapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/google/go-github/v66/github"
)

// maxPRBody is GitHub's limit on a pull request's body, as on a comment.
const maxPRBody = maxCommentBody

// maxPRPages bounds the search for the bot's pull request: the listing is
// filtered by head branch, so one page holds every candidate.
const maxPRPages = 10

// PullRequest is what docbridge reads of a pull request.
type PullRequest struct {
	Number int
	// State is "open" or "closed".
	State       string
	Title, Body string
	// Author is the opener's login.
	Author string
	// HeadRef is the head branch; HeadSHA its commit when read.
	HeadRef, HeadSHA string
	// HeadRepo is the head repository's owner/name; "" when it was
	// deleted (a fork gone).
	HeadRepo string
	// Fork is set when the head is not in this repository: the bot
	// cannot push to it.
	Fork    bool
	BaseRef string
	// URL is the pull request's page.
	URL string
}

// NewPR is a pull request to open.
type NewPR struct {
	// Branch is the head branch, in this repository; Base the branch it
	// merges into.
	Branch, Base string
	Title, Body  string
}

// GetPR reads pull request number; ErrNotFound when there is none.
func (g *GitHub) GetPR(ctx context.Context, number int) (PullRequest, error) {
	if number <= 0 {
		return PullRequest{}, fmt.Errorf("read pull request: number %d", number)
	}
	var pr *github.PullRequest
	err := g.retry.do(ctx, fmt.Sprintf("read pull request #%d", number), func() (*github.Response, error) {
		var resp *github.Response
		var err error
		pr, resp, err = g.client.PullRequests.Get(ctx, g.owner, g.repo, number)
		return resp, err
	})
	if isStatus(err, http.StatusNotFound) {
		return PullRequest{}, fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if err != nil {
		return PullRequest{}, err
	}
	return g.pullRequest(pr), nil
}

// FindBotPR returns the open pull request whose head is branch of this
// repository and whose author is this bot; found is false when there is
// none. Another author's pull request from the same branch is not ours.
func (g *GitHub) FindBotPR(ctx context.Context, branch string) (pr PullRequest, found bool, err error) {
	if err := checkBranch(branch); err != nil {
		return PullRequest{}, false, fmt.Errorf("find pull request: %w", err)
	}
	opts := &github.PullRequestListOptions{State: "open", Head: g.owner + ":" + branch, ListOptions: github.ListOptions{PerPage: 100}}
	for page := 1; page <= maxPRPages; page++ {
		var list []*github.PullRequest
		var resp *github.Response
		err := g.retry.do(ctx, fmt.Sprintf("list pull requests from %s (page %d)", branch, page), func() (*github.Response, error) {
			var err error
			list, resp, err = g.client.PullRequests.List(ctx, g.owner, g.repo, opts)
			return resp, err
		})
		if err != nil {
			return PullRequest{}, false, err
		}
		for _, p := range list {
			got := g.pullRequest(p)
			if got.State == "open" && !got.Fork && got.HeadRef == branch && strings.EqualFold(got.Author, g.bot) {
				return got, true, nil
			}
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return PullRequest{}, false, nil
}

// CreatePR opens a pull request from a branch of this repository.
func (g *GitHub) CreatePR(ctx context.Context, in NewPR) (PullRequest, error) {
	if err := checkBranch(in.Branch); err != nil {
		return PullRequest{}, fmt.Errorf("open pull request: head: %w", err)
	}
	if err := checkBranch(in.Base); err != nil {
		return PullRequest{}, fmt.Errorf("open pull request: base: %w", err)
	}
	if err := checkPRText(in.Title, in.Body); err != nil {
		return PullRequest{}, fmt.Errorf("open pull request: %w", err)
	}
	np := &github.NewPullRequest{Title: github.String(in.Title), Head: github.String(in.Branch), Base: github.String(in.Base),
		Body: github.String(in.Body)}
	var pr *github.PullRequest
	var found PullRequest
	err := g.retry.create(ctx, fmt.Sprintf("open pull request from %s", in.Branch), func() (*github.Response, error) {
		var resp *github.Response
		var err error
		pr, resp, err = g.client.PullRequests.Create(ctx, g.owner, g.repo, np)
		return resp, err
	}, func() (bool, error) {
		// Opened by a try whose answer was lost: the bot's open pull
		// request from the branch is this one.
		var ok bool
		var err error
		found, ok, err = g.FindBotPR(ctx, in.Branch)
		return ok, err
	})
	if err != nil {
		return PullRequest{}, err
	}
	if found.Number != 0 {
		return found, nil
	}
	return g.pullRequest(pr), nil
}

// UpdatePR sets a pull request's title and body.
func (g *GitHub) UpdatePR(ctx context.Context, number int, title, body string) (PullRequest, error) {
	if number <= 0 {
		return PullRequest{}, fmt.Errorf("edit pull request: number %d", number)
	}
	if err := checkPRText(title, body); err != nil {
		return PullRequest{}, fmt.Errorf("edit pull request #%d: %w", number, err)
	}
	edit := &github.PullRequest{Title: github.String(title), Body: github.String(body)}
	var pr *github.PullRequest
	err := g.retry.do(ctx, fmt.Sprintf("edit pull request #%d", number), func() (*github.Response, error) {
		var resp *github.Response
		var err error
		pr, resp, err = g.client.PullRequests.Edit(ctx, g.owner, g.repo, number, edit)
		return resp, err
	})
	if err != nil {
		return PullRequest{}, err
	}
	return g.pullRequest(pr), nil
}

func checkPRText(title, body string) error {
	if strings.TrimSpace(title) == "" {
		return errors.New("no title")
	}
	if len(body) > maxPRBody {
		return fmt.Errorf("body of %d characters passes GitHub's limit of %d", len(body), maxPRBody)
	}
	return nil
}

// pullRequest converts go-github's pull request.
func (g *GitHub) pullRequest(p *github.PullRequest) PullRequest {
	head := p.GetHead()
	headRepo := head.GetRepo().GetFullName()
	return PullRequest{Number: p.GetNumber(), State: p.GetState(), Title: p.GetTitle(), Body: p.GetBody(),
		Author: p.GetUser().GetLogin(), HeadRef: head.GetRef(), HeadSHA: head.GetSHA(), HeadRepo: headRepo,
		Fork: !strings.EqualFold(headRepo, g.owner+"/"+g.repo), BaseRef: p.GetBase().GetRef(), URL: p.GetHTMLURL()}
}
