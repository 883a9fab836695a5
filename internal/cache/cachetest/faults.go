package cachetest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/docbridge/docbridge/internal/httpfault"
)

// The v1 cache protocol's operations, as a Proxy names them.
const (
	// Lookup finds the entry for a list of keys (GET cache).
	Lookup = "cache/lookup"
	// Download fetches an entry's archive (GET artifacts/{id}).
	Download = "cache/download"
	// reserve reserves a key to save under (POST caches).
	reserve = "cache/reserve"
	// upload sends a chunk of the archive (PATCH caches/{id}).
	upload = "cache/upload"
	// commit ends a save (POST caches/{id}).
	commit = "cache/commit"
)

// Fault fails the requests of operation Op, Times times: with Status,
// Header and Body instead of serving them, or as Kind says.
type Fault struct {
	Op            string
	Times, Status int
	Header        map[string]string
	Body          string
	Kind          httpfault.Kind
}

// Proxy stands in front of act's cache server and fails the requests of
// one operation as a test asks; the others pass through. Its URL is the
// one to give as ACTIONS_CACHE_URL; lookups name the proxy as the
// archive's location, so downloads pass through it too.
type Proxy struct {
	URL string

	target *url.URL
	rp     *httputil.ReverseProxy
	stop   chan struct{}

	mu     sync.Mutex
	faults []*Fault
	ops    []string
	hung   int
}

// Proxy starts a proxy in front of s for the duration of t.
func (s *V1) Proxy(t testing.TB) *Proxy {
	t.Helper()
	target, err := url.Parse(s.URL)
	if err != nil {
		t.Fatalf("cachetest: %v", err)
	}
	p := &Proxy{target: target, stop: make(chan struct{})}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(p.serve))
	// Every answer closes its connection. Go's transport sends an
	// idempotent request again when a connection it reused closes before
	// answering, so with keep-alives a closed connection would be tried
	// once or twice as the pool happened to hold one, and a cell's count
	// of tries would vary from run to run.
	srv.Config.SetKeepAlivesEnabled(false)
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(p.stop) }) // before Close, which waits for a hung request
	p.URL = srv.URL + "/"
	p.rp = &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(target) },
		ModifyResponse: func(resp *http.Response) error {
			// The archive's location is the server's own address.
			data, err := io.ReadAll(resp.Body)
			if err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte(strings.TrimSuffix(s.URL, "/")), []byte(srv.URL))
			resp.Body = io.NopCloser(bytes.NewReader(data))
			resp.ContentLength = int64(len(data))
			resp.Header.Del("Content-Length")
			return nil
		},
	}
	return p
}

// AddFault injects fl.
func (p *Proxy) AddFault(fl Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = append(p.faults, &fl)
}

// ClearFaults removes every fault: the next run meets a cache that works.
func (p *Proxy) ClearFaults() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = nil
}

// Ops returns the operations of the requests so far, in arrival order.
func (p *Proxy) Ops() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.ops...)
}

// Hung counts the requests a Hang fault holds now.
func (p *Proxy) Hung() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hung
}

// operation names a request of the v1 protocol, "" for another.
func operation(r *http.Request) string {
	_, rest, ok := strings.Cut(r.URL.Path, "/_apis/artifactcache/")
	if !ok {
		return ""
	}
	switch name, _, hasID := strings.Cut(rest, "/"); {
	case r.Method == http.MethodGet && name == "cache":
		return Lookup
	case r.Method == http.MethodGet && name == "artifacts" && hasID:
		return Download
	case r.Method == http.MethodPost && name == "caches" && !hasID:
		return reserve
	case r.Method == http.MethodPatch && name == "caches" && hasID:
		return upload
	case r.Method == http.MethodPost && name == "caches" && hasID:
		return commit
	}
	return ""
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	op := operation(r)
	p.mu.Lock()
	p.ops = append(p.ops, op)
	var fl *Fault
	for _, f := range p.faults {
		if f.Op == op && f.Times > 0 {
			f.Times--
			fl = f
			break
		}
	}
	if fl != nil && fl.Kind == httpfault.Hang {
		p.hung++
	}
	p.mu.Unlock()
	switch {
	case fl == nil:
		p.rp.ServeHTTP(w, r)
	case fl.Kind == httpfault.Hang:
		httpfault.Wait(r, p.stop)
		p.mu.Lock()
		p.hung--
		p.mu.Unlock()
	case fl.Kind != "":
		httpfault.Fail(w, fl.Kind, func(w http.ResponseWriter) int {
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			p.rp.ServeHTTP(rec, r)
			return rec.status
		})
	default:
		for k, v := range fl.Header {
			w.Header().Set(k, v)
		}
		w.WriteHeader(fl.Status)
		_, _ = io.WriteString(w, fl.Body)
	}
}

// statusRecorder keeps the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}
