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
	now         func() time.Time
	// spent is set when a call ran out of the budget; the run says so once.
	spent bool
}

func newAPIBudget(total time.Duration) *apiBudget {
	return &apiBudget{total: total, left: total, now: time.Now}
}

// do runs call with what is left of the budget as its deadline, and
// charges the time it took.
func (b *apiBudget) do(ctx context.Context, call func(ctx context.Context) error) error {
	cctx, cancel := context.WithTimeout(ctx, max(b.left, 0))
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
