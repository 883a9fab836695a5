package ghapi

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/google/go-github/v66/github"

	"github.com/docbridge/docbridge/internal/review"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// maxReviewCommentPages bounds the search for earlier suggestions
// (10,000 review comments); past it they are left as they are.
const maxReviewCommentPages = 100

// ReviewSuggestion is one suggested change to stand on a pull request's
// diff: head lines StartLine..Line of Path (the repository's path), its
// body rendered by review.SuggestionComment and carrying Fingerprint in
// its marker.
type ReviewSuggestion struct {
	Fingerprint     string
	Path            string
	StartLine, Line int
	Body            string
}

// SyncResult counts what SyncSuggestions did.
type SyncResult struct {
	// Posted were created in this run's review; Kept stood already (same
	// fingerprint); Removed were this bot's earlier suggestions no longer
	// wanted, deleted.
	Posted, Kept, Removed int
}

// SyncSuggestions makes the bot's suggested changes on pull request pr
// the wanted ones: its earlier suggestion comments (found, as the sticky
// comment is, by the marker and the bot's login, over every page) whose
// fingerprint is still wanted are left alone, the others deleted, and
// the wanted ones not there yet posted together as one review (event
// COMMENT) on commit, the head. Nothing is posted twice, also when the
// review's answer is lost (its comments are looked for before it is sent
// again); a run that wants what is there makes no write.
func (g *GitHub) SyncSuggestions(ctx context.Context, pr int, commit string, want []ReviewSuggestion) (SyncResult, error) {
	var res SyncResult
	if pr <= 0 || commit == "" {
		return res, fmt.Errorf("suggestions: pull request %d at commit %q", pr, commit)
	}
	have, err := g.suggestionComments(ctx, pr)
	if err != nil {
		return res, err
	}
	wanted := map[string]bool{}
	for _, s := range want {
		wanted[s.Fingerprint] = true
	}
	standing := map[string]bool{}
	var errs []error
	for _, c := range have {
		fp, _ := review.SuggestionFingerprint(c.GetBody())
		if wanted[fp] && !standing[fp] {
			standing[fp] = true
			res.Kept++
			continue
		}
		// Gone, changed, or a duplicate: withdrawn.
		err := g.retry.do(ctx, fmt.Sprintf("delete review comment %d", c.GetID()), func() (*github.Response, error) {
			return g.client.PullRequests.DeleteComment(ctx, g.owner, g.repo, c.GetID())
		})
		// A 404 after a try whose answer was lost: the first try took it.
		if err != nil && !isStatus(err, http.StatusNotFound) {
			errs = append(errs, err)
			continue
		}
		res.Removed++
	}
	var drafts []*github.DraftReviewComment
	for _, s := range want {
		if standing[s.Fingerprint] {
			continue
		}
		standing[s.Fingerprint] = true
		d := &github.DraftReviewComment{Path: github.String(s.Path), Body: github.String(s.Body), Side: github.String("RIGHT"),
			Line: github.Int(s.Line)}
		if s.StartLine < s.Line {
			d.StartLine, d.StartSide = github.Int(s.StartLine), github.String("RIGHT")
		}
		drafts = append(drafts, d)
	}
	if len(drafts) > 0 {
		req := &github.PullRequestReviewRequest{CommitID: github.String(commit), Event: github.String("COMMENT"),
			Body:     github.String(fmt.Sprintf("docbridge suggests %s; each removes its finding and adds none.", textwriter.Plural(len(drafts), "change", "changes"))),
			Comments: drafts}
		// A review whose answer was lost may stand: it did when the bot's
		// comments hold every suggestion it carried.
		took := func() (bool, error) {
			now, err := g.suggestionComments(ctx, pr)
			if err != nil {
				return false, err
			}
			there := map[string]bool{}
			for _, c := range now {
				fp, _ := review.SuggestionFingerprint(c.GetBody())
				there[fp] = true
			}
			for _, s := range want {
				if !there[s.Fingerprint] {
					return false, nil
				}
			}
			return true, nil
		}
		err := g.retry.create(ctx, fmt.Sprintf("create a review on #%d", pr), func() (*github.Response, error) {
			_, resp, err := g.client.PullRequests.CreateReview(ctx, g.owner, g.repo, pr, req)
			return resp, err
		}, took)
		if err != nil {
			errs = append(errs, err)
		} else {
			res.Posted = len(drafts)
		}
	}
	return res, errors.Join(errs...)
}

// suggestionComments lists the pull request's review comments, page by
// page, and keeps this bot's suggestions.
func (g *GitHub) suggestionComments(ctx context.Context, pr int) ([]*github.PullRequestComment, error) {
	opts := &github.PullRequestListCommentsOptions{ListOptions: github.ListOptions{PerPage: commentsPerPage}}
	var out []*github.PullRequestComment
	for page := 1; ; page++ {
		var comments []*github.PullRequestComment
		var resp *github.Response
		err := g.retry.do(ctx, fmt.Sprintf("list review comments of #%d (page %d)", pr, page), func() (*github.Response, error) {
			var err error
			comments, resp, err = g.client.PullRequests.ListComments(ctx, g.owner, g.repo, pr, opts)
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		for _, c := range comments {
			if _, ok := review.SuggestionFingerprint(c.GetBody()); ok && strings.EqualFold(c.GetUser().GetLogin(), g.bot) {
				out = append(out, c)
			}
		}
		if resp.NextPage == 0 {
			break
		}
		if page == maxReviewCommentPages {
			fmt.Fprintf(g.log, "docbridge: looked for earlier suggestions in the first %d pages of review comments on #%d only\n", page, pr)
			break
		}
		opts.Page = resp.NextPage
	}
	slices.SortFunc(out, func(a, b *github.PullRequestComment) int { return cmp.Compare(a.GetID(), b.GetID()) })
	return out, nil
}
