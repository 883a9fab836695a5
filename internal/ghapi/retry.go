package ghapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/google/go-github/v66/github"

	"github.com/docbridge/docbridge/internal/httpretry"
)

// Retry bounds. A request is tried at most maxAttempts times, and the
// waits between tries add up to at most maxRetryWait: a wait that would
// cross it is not taken, and the last error is returned instead.
const (
	maxAttempts  = 5
	maxRetryWait = 90 * time.Second
	// backoffBase is the first wait after a 5xx or a network error; each
	// further wait doubles.
	backoffBase = time.Second
	// secondaryLimitWait is the wait after a secondary rate limit that
	// names no Retry-After: GitHub asks for at least a minute.
	secondaryLimitWait = 60 * time.Second
)

// retryPolicy is the GitHub transport's httpretry policy.
var retryPolicy = httpretry.Policy{Attempts: maxAttempts, Base: backoffBase, Budget: maxRetryWait}

// retrier runs API calls with bounded retries.
type retrier struct {
	policy httpretry.Policy
	// sleep waits d or until ctx ends; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
	// log receives a line before each wait: what failed, why, and how long
	// the wait is, so a slow GitHub is visible in the run's log.
	log io.Writer
}

func defaultRetrier() retrier {
	return retrier{policy: retryPolicy, sleep: httpretry.Sleep}
}

// do runs call until it succeeds, fails for good, or the bounds are
// reached. op names the call in errors.
func (r retrier) do(ctx context.Context, op string, call func() (*github.Response, error)) error {
	return r.create(ctx, op, call, nil)
}

// create is do for a call that is not idempotent (it creates something,
// or appends): a try whose answer was lost or broken — no answer, a 5xx,
// a success whose body does not decode — may have taken effect on
// GitHub, and trying again would make it twice. took, when not nil, asks
// GitHub whether it did (a lookup: the check run by its external id, the
// comment by its marker or body, the branch by its head); when it did,
// the call is done (took has kept what the caller needs of it); when it
// cannot tell, the call goes on as do would, asking no more: a GitHub
// that cannot answer the question is down, and each question would only
// add requests.
func (r retrier) create(ctx context.Context, op string, call func() (*github.Response, error), took func() (bool, error)) error {
	tries := r.policy.Start()
	for {
		resp, err := call()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if took != nil && mayHaveApplied(resp) {
			done, terr := took()
			if terr != nil {
				took = nil
			}
			if done {
				if r.log != nil {
					fmt.Fprintf(r.log, "docbridge: %s: %s, but it took effect; not sending it again\n", op, failure(resp, err))
				}
				return nil
			}
		}
		hint, hinted, retry := retryAfter(resp, err)
		if !retry {
			return fmt.Errorf("%s: %w", op, err)
		}
		wait, stop := tries.Next(hint, hinted)
		attempt := tries.Failed()
		switch {
		case errors.Is(stop, httpretry.ErrAttempts):
			return fmt.Errorf("%s: giving up after %d attempts: %w", op, attempt, err)
		case stop != nil:
			return fmt.Errorf("%s: giving up after %d attempts (the next wait of %s would pass the %s budget): %w",
				op, attempt, wait, r.policy.Budget, err)
		}
		if r.log != nil {
			fmt.Fprintf(r.log, "docbridge: %s: %s; retrying in %s (attempt %d of %d)\n", op, failure(resp, err), wait, attempt+1, r.policy.Attempts)
		}
		if serr := r.sleep(ctx, wait); serr != nil {
			return fmt.Errorf("%s: %w (while waiting to retry: %w)", op, err, serr)
		}
	}
}

// mayHaveApplied reports a failed try that GitHub may have carried out:
// no answer (the connection closed after the request was sent), a 5xx (a
// proxy in front of a server that did it), or a success whose body did
// not decode.
func mayHaveApplied(resp *github.Response) bool {
	if resp == nil || resp.Response == nil {
		return true
	}
	code := resp.StatusCode
	return code >= 500 || (code >= 200 && code < 300)
}

// failure says in a few words why a call failed: its HTTP status, or the
// error of a call GitHub never answered.
func failure(resp *github.Response, err error) string {
	if resp != nil && resp.Response != nil {
		return "HTTP " + strconv.Itoa(resp.StatusCode)
	}
	return err.Error()
}

// retryAfter says whether a failed call is worth retrying and whether
// GitHub named the wait: a secondary rate limit after its Retry-After (a
// minute without one), a 429 after its Retry-After or the backoff, a 5xx
// or a network error after the backoff. A primary rate limit is not
// retried (its reset can be an hour away), nor is any other 4xx.
func retryAfter(resp *github.Response, err error) (wait time.Duration, hinted, retry bool) {
	var abuse *github.AbuseRateLimitError
	if errors.As(err, &abuse) {
		if abuse.RetryAfter != nil {
			return *abuse.RetryAfter, true, true
		}
		return secondaryLimitWait, true, true
	}
	var primary *github.RateLimitError
	if errors.As(err, &primary) {
		return 0, false, false
	}
	if resp == nil || resp.Response == nil {
		// No answer at all: a refused connection, a reset, a timeout.
		return 0, false, true
	}
	switch code := resp.StatusCode; {
	case code == http.StatusTooManyRequests:
		wait, hinted := httpretry.RetryAfter(resp.Header, time.Now())
		return wait, hinted, true
	case code >= 500:
		return 0, false, true
	}
	return 0, false, false
}

// IsForbidden reports whether err is a 403 from GitHub: a read-only token
// (fork pull requests), a missing permission, or a rate limit that
// outlasted the retries. The action degrades to workflow commands then.
func IsForbidden(err error) bool {
	var primary *github.RateLimitError
	var abuse *github.AbuseRateLimitError
	var resp *github.ErrorResponse
	switch {
	case errors.As(err, &primary), errors.As(err, &abuse):
		return true
	case errors.As(err, &resp):
		return resp.Response != nil && resp.Response.StatusCode == http.StatusForbidden
	}
	return false
}
