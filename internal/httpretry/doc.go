// Package httpretry is the one retry policy of docbridge's HTTP clients:
// the GitHub transport (internal/ghapi) and the models agent's chat client
// (internal/enrich/agent). Each caller decides which failures are worth
// another try — that depends on its API (a secondary rate limit is
// GitHub's, a cut-off completion the agent's) — and this package decides
// how long to wait and when to stop:
//
//   - RetryAfter reads a Retry-After header, delta-seconds or an HTTP date.
//   - A Policy bounds one request's retries: the attempts, the longest
//     single wait, the waits added up, and the backoff (Base, doubled per
//     retry) used when the server names no wait.
//   - Tries counts one request's failures against its Policy; Next gives
//     the wait before the next try or says which bound was reached
//     (ErrAttempts, ErrWaitTooLong, errBudget), for the caller to phrase.
//   - Sleep waits, or returns early with the context's error.
//
// It is pure but for Sleep: no clock, no HTTP client, no logging.
package httpretry
