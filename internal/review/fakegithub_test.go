package review

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/review/reviewtest"
)

// The fake GitHub is reviewtest's; these name its identity here.
const (
	fakeToken = reviewtest.Token
	fakeBot   = reviewtest.Bot
	fakeRepo  = reviewtest.Repo
)

// down is the answer of a GitHub that is down for good.
var down = reviewtest.Fault{Status: http.StatusBadGateway, Body: `{"message":"Server Error"}`}

func newFakeGitHub(t *testing.T) *reviewtest.Fake {
	t.Helper()
	return reviewtest.New(t)
}

// fakeOptions are GitHub poster options pointed at f, with waits recorded
// instead of slept when sleeps is not nil.
func fakeOptions(f *reviewtest.Fake, sleeps *[]time.Duration) GitHubOptions {
	opts := GitHubOptions{Token: fakeToken, APIURL: f.URL, Repository: fakeRepo, DetailsURL: "https://github.com/octo/docs-demo/actions/runs/42"}
	if sleeps != nil {
		r := defaultRetrier()
		var mu sync.Mutex
		r.sleep = func(_ context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			*sleeps = append(*sleeps, d)
			return nil
		}
		opts.retry = &r
	}
	return opts
}
