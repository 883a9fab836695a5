package ghapi

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

// The fake GitHub is ghapitest's; these name its identity here.
const (
	fakeToken = ghapitest.Token
	fakeBot   = ghapitest.Bot
	fakeRepo  = ghapitest.Repo
)

// down is the answer of a GitHub that is down for good.
var down = ghapitest.Fault{Status: http.StatusBadGateway, Body: `{"message":"Server Error"}`}

func newFakeGitHub(t *testing.T) *ghapitest.Fake {
	t.Helper()
	return ghapitest.New(t)
}

// fakeOptions are GitHub poster options pointed at f, with waits recorded
// instead of slept when sleeps is not nil.
func fakeOptions(f *ghapitest.Fake, sleeps *[]time.Duration) GitHubOptions {
	opts := GitHubOptions{Token: fakeToken, APIURL: f.URL, Repository: fakeRepo, DetailsURL: "https://github.com/octo/docs-demo/actions/runs/42"}
	if sleeps != nil {
		var mu sync.Mutex
		opts.Sleep = func(_ context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			*sleeps = append(*sleeps, d)
			return nil
		}
	}
	return opts
}
