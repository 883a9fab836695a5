// Package httpfault fails HTTP requests on purpose, for the in-process
// fakes of the peers docbridge talks to (ghapitest's GitHub, cachetest's
// cache service): the ways a transport fails, and the answers that are
// lost or broken after the server acted on the request.
package httpfault

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
)

// Kind is a way of failing other than an answer.
type Kind string

const (
	// Reset closes the connection without serving the request or
	// answering: the request had no effect, as behind a refused
	// connection (which cannot be refused per request: the client has
	// connected before the server knows the request).
	Reset Kind = "reset"
	// Hang accepts the request and never answers, until the client gives
	// up (or the server stops). The server waits itself (Wait): a fake
	// lets go of its lock first.
	Hang Kind = "hang"
	// Lost serves the request — it takes effect — then closes the
	// connection without the answer: a client that retries repeats a
	// request that succeeded.
	Lost Kind = "lost"
	// Truncated serves the request, then answers its status with the
	// first half of its body.
	Truncated Kind = "truncated"
	// Malformed serves the request, then answers its status with a body
	// that is not JSON (a proxy's error page).
	Malformed Kind = "malformed"
	// BadGatewayAfter serves the request, then answers 502 Bad Gateway:
	// the proxy in front of the server gave up before the server's answer.
	BadGatewayAfter Kind = "502 after"
)

// Fail fails a request as k says (Reset, Lost, Truncated, Malformed);
// serve serves it into the writer it is given and returns its status.
// Fail returns the status the client saw, 0 when it saw none.
func Fail(w http.ResponseWriter, k Kind, serve func(http.ResponseWriter) int) int {
	if k == Reset {
		hangUp(w)
		return 0
	}
	rec := httptest.NewRecorder()
	status := serve(rec)
	body := rec.Body.Bytes()
	switch k {
	case Lost:
		hangUp(w)
		return 0
	case Truncated:
		body = body[:len(body)/2]
	case Malformed:
		body = []byte("<html><body><h1>Unicorn!</h1></body></html>\n")
		rec.Header().Set("Content-Type", "text/html")
	case BadGatewayAfter:
		status, body = http.StatusBadGateway, []byte(`{"message":"Server Error"}`)
		rec.Header().Set("Content-Type", "application/json; charset=utf-8")
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
	return status
}

// Wait holds a hung request until its client gives up or stop closes.
// It reads the request's body first: the server notices a client that
// went away only once the body is read.
func Wait(r *http.Request, stop <-chan struct{}) {
	_, _ = io.Copy(io.Discard, r.Body)
	select {
	case <-r.Context().Done():
	case <-stop:
	}
}

// hangUp closes the connection of w without an answer.
func hangUp(w http.ResponseWriter) {
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		_ = conn.Close()
	}
}
