package actionrun

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// apiBudget is the one deadline of a run's GitHub API calls: starting the
// check run, listing the changed files, finishing the run and the sticky
// comment share it, whatever the scan between them takes. Once it is
// spent, each call runs with a context already past its deadline, so the
// poster's fallback (workflow commands; the job summary is already
// written) takes over at once instead of waiting on an unreachable API.
type apiBudget struct {
	total, left time.Duration
	// reserve is kept for the final call (a review's: completing the
	// check run); 0 for a route without one.
	reserve time.Duration
	now     func() time.Time
	// spent is set when a call ran out of the budget; the run says so once.
	spent bool
}

func newAPIBudget(total time.Duration) *apiBudget {
	return &apiBudget{total: total, left: total, now: time.Now}
}

// finalShare is the part of a review's budget kept for the call that
// completes the check run: a hung call before it (the changed files, the
// enrichment pull request) may spend the rest, never this, so the check
// run is completed — not left in progress — within the deadline.
const finalShare = 4

// reserveFinal keeps the final call's share of the budget (a review's).
func (b *apiBudget) reserveFinal() *apiBudget {
	b.reserve = b.total / finalShare
	return b
}

// do runs call with what is left of the budget, less the final call's
// reserve, as its deadline, and charges the time it took.
func (b *apiBudget) do(ctx context.Context, call func(ctx context.Context) error) error {
	return b.run(ctx, b.left-b.reserve, call)
}

// final runs the call that completes the check run, with all that is
// left of the budget.
func (b *apiBudget) final(ctx context.Context, call func(ctx context.Context) error) error {
	return b.run(ctx, b.left, call)
}

func (b *apiBudget) run(ctx context.Context, limit time.Duration, call func(ctx context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, max(limit, 0))
	defer cancel()
	start := b.now()
	err := call(cctx)
	b.left -= b.now().Sub(start)
	if err != nil && ctx.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
		b.spent = true
		return fmt.Errorf("%w (the publish-timeout of %s passed)", err, b.total)
	}
	return err
}
