package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	actionscache "github.com/tonistiigi/go-actions-cache"
)

// Env is what the runner tells a step about the Actions cache.
type Env struct {
	// ResultsURL is ACTIONS_RESULTS_URL, the cache service v2.
	ResultsURL string
	// CacheURL is ACTIONS_CACHE_URL, the v1 service (GHES, act, Gitea).
	CacheURL string
	// RuntimeToken is ACTIONS_RUNTIME_TOKEN.
	RuntimeToken string
}

// EnvFrom reads Env through getenv (os.Getenv in the action).
func EnvFrom(getenv func(string) string) Env {
	return Env{
		ResultsURL:   getenv("ACTIONS_RESULTS_URL"),
		CacheURL:     getenv("ACTIONS_CACHE_URL"),
		RuntimeToken: getenv("ACTIONS_RUNTIME_TOKEN"),
	}
}

// ActionsOptions tune NewActions.
type ActionsOptions struct {
	// Client makes the cache service's requests (and v1's downloads); nil
	// is http.DefaultClient. v2 moves blobs with the Azure SDK's own client.
	Client *http.Client
	// MaxBytes bounds an entry on save and on load; 0 is
	// state.DefaultMaxBytes.
	MaxBytes int64
}

// Actions is the GitHub Actions cache.
type Actions struct {
	c        *actionscache.Cache
	maxBytes int64
}

// NewActions connects to the Actions cache the environment names: v2
// whenever ACTIONS_RESULTS_URL is set — the runner does not pass
// ACTIONS_CACHE_SERVICE_V2 to container actions, so waiting for it would
// pick v1, which github.com has shut down — and v1 from ACTIONS_CACHE_URL
// otherwise. No token or no URL is an error: the caller runs without a
// cache.
func NewActions(env Env, opts ActionsOptions) (*Actions, error) {
	if env.RuntimeToken == "" {
		return nil, errors.New("ACTIONS_RUNTIME_TOKEN is not set: no Actions cache")
	}
	url, v2 := env.ResultsURL, true
	if url == "" {
		url, v2 = env.CacheURL, false
	}
	if url == "" {
		return nil, errors.New("neither ACTIONS_RESULTS_URL nor ACTIONS_CACHE_URL is set: no Actions cache")
	}
	c, err := actionscache.New(env.RuntimeToken, url, v2, actionscache.Opt{
		Client: opts.Client,
		// The library retries 429s until this horizon; the caller's
		// deadline (restoreTimeout, saveTimeout) usually ends them first.
		Timeout: saveTimeout,
		// Its default pool is shared by the whole process.
		BackoffPool: &actionscache.BackoffPool{},
	})
	if err != nil {
		return nil, fmt.Errorf("actions cache: %w", err)
	}
	return &Actions{c: c, maxBytes: maxBytesOr(opts.MaxBytes)}, nil
}

// Protocol is "v2" or "v1".
func (a *Actions) Protocol() string {
	if a.c.IsV2 {
		return "v2"
	}
	return "v1"
}

// Load implements Store.
func (a *Actions) Load(ctx context.Context, keys ...string) (Entry, error) {
	if err := checkKeys(keys); err != nil {
		return Entry{}, err
	}
	ce, err := a.c.Load(ctx, keys...)
	if lostAnswer(ctx, err) {
		ce, err = a.c.Load(ctx, keys...)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("actions cache %s lookup: %w", a.Protocol(), concise(err))
	}
	if ce == nil {
		return Entry{}, errMiss
	}
	buf := &boundedBuffer{max: a.maxBytes}
	err = ce.WriteTo(ctx, buf)
	if lostAnswer(ctx, err) {
		buf = &boundedBuffer{max: a.maxBytes}
		err = ce.WriteTo(ctx, buf)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("actions cache %s download of %q: %w", a.Protocol(), ce.Key, concise(err))
	}
	return Entry{Key: ce.Key, Data: buf.buf}, nil
}

// lostAnswer reports a read that failed without an answer from the
// service — the connection refused, reset or closed mid-answer — while
// the run goes on. A lookup and a download only read, so they are tried
// once more: a blip on the runner's network would otherwise cost the
// comparison with the base. An answer (a status, a refusal) is final, and
// so is a timeout, which a second try would only repeat inside the same
// restore deadline. (*url.Error is a net.Error.)
func lostAnswer(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return !netErr.Timeout()
	}
	return errors.Is(err, io.ErrUnexpectedEOF)
}

// Save implements Store.
func (a *Actions) Save(ctx context.Context, key string, data []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if int64(len(data)) > a.maxBytes {
		return tooLarge(int64(len(data)), a.maxBytes)
	}
	err := a.c.Save(ctx, key, actionscache.NewBlob(data))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, os.ErrExist):
		return fmt.Errorf("%w: %q", errExists, key)
	default:
		return fmt.Errorf("actions cache %s save of %q: %w", a.Protocol(), key, concise(err))
	}
}

// concise shortens the two verbose errors of the protocol — the Azure SDK's
// multi-line response dump and the library's bare error code — to status
// and code, keeping the chain for errors.Is.
func concise(err error) error {
	var azErr *azcore.ResponseError
	if errors.As(err, &azErr) {
		return shortError{msg: fmt.Sprintf("blob storage answered HTTP %d %s", azErr.StatusCode, azErr.ErrorCode), err: err}
	}
	var httpErr actionscache.HTTPError
	if errors.As(err, &httpErr) {
		return fmt.Errorf("HTTP %d: %w", httpErr.StatusCode, err)
	}
	return err
}

// shortError replaces an error's text and keeps it in the chain.
type shortError struct {
	msg string
	err error
}

func (e shortError) Error() string { return e.msg }
func (e shortError) Unwrap() error { return e.err }
