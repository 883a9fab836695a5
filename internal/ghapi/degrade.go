package ghapi

import (
	"context"
	"fmt"

	"github.com/docbridge/docbridge/internal/review"
)

// degrading posts through Primary (GitHub) and, when a call fails, through
// Fallback (workflow commands) instead, so the annotations reach the log
// whatever happens. A 403 — a read-only token, a missing permission, an
// exhausted rate limit — is an expected degradation: the fallback is used
// and nil is returned. Any other failure (GitHub down after the retries)
// is used the same way but also returned, for the caller to report.
type degrading struct {
	Primary  Poster
	Fallback *workflowCommands
}

var _ Poster = (*degrading)(nil)

// StartCheck starts the run on Primary; on failure the returned ref (ID 0)
// sends FinishCheck to Fallback.
func (d *degrading) StartCheck(ctx context.Context, headSHA string) (CheckRef, error) {
	ref, err := d.Primary.StartCheck(ctx, headSHA)
	if err == nil {
		return ref, nil
	}
	d.Fallback.logf("docbridge: could not create the check run: %v", err)
	return CheckRef{}, d.outcome(err)
}

// FinishCheck completes the run on Primary, or writes the annotations as
// workflow commands when there is no run or Primary fails.
func (d *degrading) FinishCheck(ctx context.Context, ref CheckRef, out review.CheckRunOutput, conclusion string) error {
	if ref.ID != 0 {
		err := d.Primary.FinishCheck(ctx, ref, out, conclusion)
		if err == nil {
			return nil
		}
		d.Fallback.logf("docbridge: could not complete the check run: %v", err)
		if ferr := d.Fallback.FinishCheck(ctx, ref, out, conclusion); ferr != nil {
			return fmt.Errorf("%w; fallback: %w", err, ferr)
		}
		return d.outcome(err)
	}
	return d.Fallback.FinishCheck(ctx, ref, out, conclusion)
}

// UpsertComment posts the comment on Primary; on failure it says so in
// the log.
func (d *degrading) UpsertComment(ctx context.Context, pr int, body string) error {
	err := d.Primary.UpsertComment(ctx, pr, body)
	if err == nil {
		return nil
	}
	d.Fallback.logf("docbridge: could not post the sticky comment: %v", err)
	if ferr := d.Fallback.UpsertComment(ctx, pr, body); ferr != nil {
		return fmt.Errorf("%w; fallback: %w", err, ferr)
	}
	return d.outcome(err)
}

// outcome is what a degraded call returns: nil for a 403, err otherwise.
func (d *degrading) outcome(err error) error {
	if IsForbidden(err) {
		return nil
	}
	return fmt.Errorf("%w (reported in the log and the job summary instead)", err)
}
