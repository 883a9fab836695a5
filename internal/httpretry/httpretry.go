package httpretry

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The bounds Next reports, wrapped in nothing: compare with errors.Is.
var (
	// ErrAttempts: the request was tried Policy.Attempts times.
	ErrAttempts = errors.New("out of attempts")
	// ErrWaitTooLong: the wait asked for is longer than Policy.MaxWait.
	ErrWaitTooLong = errors.New("the wait is longer than the longest wait")
	// errBudget: the wait would take the request's waits past
	// Policy.Budget.
	errBudget = errors.New("the wait would pass the budget")
)

// maxShift bounds the backoff's doubling, so a large attempt count cannot
// overflow the duration.
const maxShift = 16

// Policy bounds the retries of one request (or of one kind of failure of
// it: a caller may keep one Tries per kind).
type Policy struct {
	// Attempts is how many times the request is tried at most, the first
	// try included.
	Attempts int
	// Base is the first backoff wait, doubled after each further failure;
	// it is used when the server names no wait.
	Base time.Duration
	// MaxWait is the longest single wait taken; 0 means no bound.
	MaxWait time.Duration
	// Budget bounds the request's waits added up; a wait that would pass
	// it is not taken. 0 means no bound.
	Budget time.Duration
}

// Backoff is the wait after the n-th failure (from 1) when the server
// names none: Base, doubled per failure before it.
func (p Policy) Backoff(n int) time.Duration {
	return p.Base << min(max(n-1, 0), maxShift)
}

// Tries counts the failures of one request against its Policy.
type Tries struct {
	policy Policy
	failed int
	waited time.Duration
}

// Start returns the count of a request not yet tried.
func (p Policy) Start() *Tries { return &Tries{policy: p} }

// Failed is how many tries have failed so far (Next counts them).
func (t *Tries) Failed() int { return t.failed }

// Next counts a failed try and returns the wait before the next one:
// wait when the server named one (hinted), else the backoff. It returns
// ErrWaitTooLong, ErrAttempts or errBudget — checked in that order —
// when the request is to be given up instead; the wait is returned then
// too, for the caller's message. A returned wait is counted as waited.
func (t *Tries) Next(wait time.Duration, hinted bool) (time.Duration, error) {
	t.failed++
	if !hinted {
		wait = t.policy.Backoff(t.failed)
	}
	wait = max(wait, 0)
	switch {
	case t.policy.MaxWait > 0 && wait > t.policy.MaxWait:
		return wait, ErrWaitTooLong
	case t.failed >= t.policy.Attempts:
		return wait, ErrAttempts
	case t.policy.Budget > 0 && t.waited+wait > t.policy.Budget:
		return wait, errBudget
	}
	t.waited += wait
	return wait, nil
}

// RetryAfter reads a Retry-After header: delta-seconds, or an HTTP date
// (a past one is no wait). It is false when the header is absent or
// neither.
func RetryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// Sleep waits d, or less when ctx ends first (its error then).
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
