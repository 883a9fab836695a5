package ghapi

import (
	"context"
	"errors"
	"fmt"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/review"
)

// checkName is the name of the check run docbridge creates.
const checkName = "docbridge"

// defaultBotLogin is the identity of comments and check runs made with a
// workflow's GITHUB_TOKEN. The token cannot tell who it is (GET /user
// answers 403), so the login is an input with this default; a GitHub App
// token posts as "<app-slug>[bot]". It is the bot-login input's default.
const defaultBotLogin = actionenv.DefaultBotLogin

// CheckRef identifies a started check run. ID 0 means no check run exists
// on GitHub (the workflow-command fallback, a dry run): finishing it goes
// to the fallback.
type CheckRef struct {
	ID int64
}

// Poster is what the action posts through.
type Poster interface {
	// StartCheck creates the check run, in progress, on the head commit.
	StartCheck(ctx context.Context, headSHA string) (CheckRef, error)
	// FinishCheck completes the check run with its conclusion, title,
	// summary and annotations.
	FinishCheck(ctx context.Context, ref CheckRef, out review.CheckRunOutput, conclusion string) error
	// UpsertComment creates the pull request's sticky comment, or edits
	// the one it posted before. body must start with review.StickyMarker.
	UpsertComment(ctx context.Context, pr int, body string) error
}

// Publication is everything one pull-request run posts.
type Publication struct {
	HeadSHA    string
	CheckRun   review.CheckRunOutput
	Conclusion string
	// PR is the pull request's number; 0 posts no comment.
	PR int
	// Comment is the sticky comment's body; "" posts none.
	Comment string
}

// publish posts pub through p: the check run (started now unless ref
// names one started earlier), then the comment. Every step is attempted
// even when an earlier one failed; the errors are joined. The caller
// writes the job summary itself, before or after, whatever this returns.
func publish(ctx context.Context, p Poster, ref *CheckRef, pub Publication) error {
	var errs []error
	if ref == nil {
		r, err := p.StartCheck(ctx, pub.HeadSHA)
		if err != nil {
			errs = append(errs, fmt.Errorf("start check run: %w", err))
		}
		ref = &r
	}
	if err := p.FinishCheck(ctx, *ref, pub.CheckRun, pub.Conclusion); err != nil {
		errs = append(errs, fmt.Errorf("finish check run: %w", err))
	}
	if pub.PR > 0 && pub.Comment != "" {
		if err := p.UpsertComment(ctx, pub.PR, pub.Comment); err != nil {
			errs = append(errs, fmt.Errorf("sticky comment on #%d: %w", pub.PR, err))
		}
	}
	return errors.Join(errs...)
}
