package httpfault

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestFail: what a client sees of each kind, and whether the server
// served the request (its effect) before failing it.
func TestFail(t *testing.T) {
	const answer = `{"id":1234567890,"name":"docbridge"}`
	for _, c := range []struct {
		kind   Kind
		served bool
		// status and body are what the client reads; body "" when it
		// gets an error.
		status int
		body   string
	}{
		{Reset, false, 0, ""},
		{Lost, true, 0, ""},
		{Truncated, true, http.StatusCreated, answer[:len(answer)/2]},
		{Malformed, true, http.StatusCreated, "<html><body><h1>Unicorn!</h1></body></html>\n"},
		{BadGatewayAfter, true, http.StatusBadGateway, `{"message":"Server Error"}`},
	} {
		t.Run(string(c.kind), func(t *testing.T) {
			var served atomic.Bool
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				Fail(w, c.kind, func(w http.ResponseWriter) int {
					served.Store(true)
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusCreated)
					_, _ = io.WriteString(w, answer)
					return http.StatusCreated
				})
			}))
			defer srv.Close()
			resp, err := http.Post(srv.URL, "application/json", strings.NewReader(`{}`))
			if served.Load() != c.served {
				t.Errorf("served %v, want %v", served.Load(), c.served)
			}
			if c.body == "" {
				if err == nil {
					resp.Body.Close()
					t.Fatalf("the client got an answer, %d", resp.StatusCode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, err := io.ReadAll(resp.Body)
			if err != nil || string(got) != c.body || resp.StatusCode != c.status {
				t.Errorf("answer %d %q (%v), want %d %q", resp.StatusCode, got, err, c.status, c.body)
			}
		})
	}
}

// TestWaitEndsWithTheClient: a hung request ends when its client gives
// up, not only when the server stops. (That Wait reads the body first is
// held by the fault matrix's hung cache saves, whose requests the server
// otherwise never saw end.)
func TestWaitEndsWithTheClient(t *testing.T) {
	started, done := make(chan struct{}), make(chan struct{})
	stop := make(chan struct{})
	defer close(stop)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		Wait(r, stop)
		close(done)
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL, strings.NewReader(`{"a":1}`))
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
	}()
	<-started
	cancel()
	select {
	case <-done:
	case <-time.After(30 * time.Second): // a hang detector, not a timing
		t.Fatal("the hung request outlived its client")
	}
}
