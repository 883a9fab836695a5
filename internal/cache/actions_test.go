package cache

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/cache/cachetest"
	"github.com/docbridge/docbridge/internal/httpfault"
)

func newActions(t *testing.T, env Env, opts ActionsOptions) *Actions {
	t.Helper()
	a, err := NewActions(env, opts)
	if err != nil {
		t.Fatalf("NewActions: %v", err)
	}
	return a
}

// nextSecond waits until the wall clock's second changes: act's server
// records creation times in whole seconds and orders "newest" by them.
func nextSecond() {
	now := time.Now()
	time.Sleep(now.Truncate(time.Second).Add(time.Second + 10*time.Millisecond).Sub(now))
}

func TestActionsV1Contract(t *testing.T) {
	a := newActions(t, Env{CacheURL: cachetest.StartV1(t), RuntimeToken: cachetest.RuntimeToken(t)}, ActionsOptions{})
	if got := a.Protocol(); got != "v1" {
		t.Fatalf("protocol %s, want v1", got)
	}
	contract{tick: nextSecond}.run(t, a)
}

func TestActionsV2Contract(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	f, srv := startFakeV2(t, token, startAzurite(t))
	a := newActions(t, Env{ResultsURL: srv.URL, RuntimeToken: token}, ActionsOptions{})
	if got := a.Protocol(); got != "v2" {
		t.Fatalf("protocol %s, want v2", got)
	}
	contract{tick: func() {}, immutable: true}.run(t, a)
	for _, m := range []string{"CreateCacheEntry", "FinalizeCacheEntryUpload", "GetCacheEntryDownloadURL"} {
		if f.callCount(m) == 0 {
			t.Errorf("the client never called %s", m)
		}
	}
}

// TestActionsRestorePolicy runs Restore and Persist through both protocols:
// a real state round-trips; garbage, another pipeline's state and another
// format are refused with the reason; a state over the bound is refused on
// save and on load.
func TestActionsRestorePolicy(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	peers := map[string]func(t *testing.T) Env{
		"v1": func(t *testing.T) Env { return Env{CacheURL: cachetest.StartV1(t), RuntimeToken: token} },
		"v2": func(t *testing.T) Env {
			_, srv := startFakeV2(t, token, startAzurite(t))
			return Env{ResultsURL: srv.URL, RuntimeToken: token}
		},
	}
	for _, proto := range []string{"v1", "v2"} {
		t.Run(proto, func(t *testing.T) {
			env := peers[proto](t)
			good := stateBytes(t)
			cases := []struct {
				name, key string
				data      []byte
				warn      string // "" for a restore that succeeds
			}{
				{"state", "docbridge-v1-good-main.1-1-1", good, ""},
				{"garbage", "docbridge-v1-garbage-main.1-1-1", []byte("<html>502 Bad Gateway</html>"), "not a docbridge state file"},
				{"truncated", "docbridge-v1-trunc-main.1-1-1", good[:len(good)-7], "truncated"},
				{"foreign pipeline", "docbridge-v1-foreign-main.1-1-1", foreignStateBytes(t, "scan/0"), "come from pipeline scan/0"},
				{"foreign format", "docbridge-v1-format-main.1-1-1", otherFormatBytes(t), "state file format"},
			}
			s := newActions(t, env, ActionsOptions{})
			for _, c := range cases {
				if w := persistText(context.Background(), s, c.key, c.data); w != "" {
					t.Fatalf("Persist %s: %s", c.name, w)
				}
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					prefix := strings.TrimSuffix(c.key, "1-1-1")
					r, warn := restoreText(context.Background(), s, []string{prefix})
					if c.warn == "" {
						if warn != "" {
							t.Fatalf("Restore warned: %s", warn)
						}
						if r.Key != c.key || string(r.Data) != string(c.data) || r.State == nil {
							t.Fatalf("Restore = %q, %d bytes, state %v", r.Key, len(r.Data), r.State != nil)
						}
						return
					}
					if r.Data != nil || r.State != nil {
						t.Errorf("refused entry still returned %d bytes", len(r.Data))
					}
					if !strings.Contains(warn, c.warn) || !strings.Contains(warn, "scanning cold") || !strings.Contains(warn, c.key) {
						t.Errorf("warning %q, want the key, %q and scanning cold", warn, c.warn)
					}
				})
			}
			t.Run("size bound", func(t *testing.T) {
				small := newActions(t, env, ActionsOptions{MaxBytes: int64(len(good) - 1)})
				if w := persistText(context.Background(), small, "docbridge-v1-big-main.1-2-1", good); !strings.Contains(w, "size bound") {
					t.Errorf("Persist over the bound: %q", w)
				}
				if _, err := s.Load(context.Background(), "docbridge-v1-big-"); !errors.Is(err, errMiss) {
					t.Errorf("the refused save reached the cache: %v", err)
				}
				// The entry saved under the full bound is too large for this reader.
				if r, w := restoreText(context.Background(), small, []string{"docbridge-v1-good-"}); r.Data != nil || !strings.Contains(w, "size bound") {
					t.Errorf("Restore over the bound = %d bytes, %q", len(r.Data), w)
				}
			})
		})
	}
}

// TestActionsV2BlobGone: the service still lists an entry whose blob was
// evicted; the download fails and the run scans cold.
func TestActionsV2BlobGone(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	blobs := startAzurite(t)
	f, srv := startFakeV2(t, token, blobs)
	s := newActions(t, Env{ResultsURL: srv.URL, RuntimeToken: token}, ActionsOptions{})
	key := "docbridge-v1-p-c-main.1-5-1"
	mustSave(t, s, key, stateBytes(t))
	if err := blobs.remove(context.Background(), f.blobOf(key)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, warn := restoreText(ctx, s, []string{key})
	data := r.Data
	t.Logf("warning: %s", warn)
	if data != nil || !strings.Contains(warn, "HTTP 404 BlobNotFound") || !strings.Contains(warn, "scanning cold") {
		t.Fatalf("Restore = %d bytes, %q", len(data), warn)
	}
}

func TestActionsV2WrongKey(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	f, srv := startFakeV2(t, token, startAzurite(t))
	s := newActions(t, Env{ResultsURL: srv.URL, RuntimeToken: token}, ActionsOptions{})
	mustSave(t, s, "docbridge-v1-p-c-main.1-6-1", stateBytes(t))
	f.setFault(faultWrongKey)
	r, warn := restoreText(context.Background(), s, []string{"docbridge-v1-p-c-main.1-"})
	data := r.Data
	if data != nil || !strings.Contains(warn, "matches none of the keys") {
		t.Fatalf("Restore = %d bytes, %q", len(data), warn)
	}
}

// TestActionsOutage: a cache service that answers 500 or hangs costs a
// warning, never an error, on both protocols; a hang ends at the deadline.
func TestActionsOutage(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	v1Down := func(t *testing.T, hang bool) Env {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hang {
				select {
				case <-r.Context().Done():
				case <-release:
				}
				return
			}
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"message":"the cache service is down","typeKey":"InternalServerError"}`))
		}))
		t.Cleanup(srv.Close)
		t.Cleanup(func() { close(release) })
		return Env{CacheURL: srv.URL + "/", RuntimeToken: token}
	}
	v2Down := func(t *testing.T, hang bool) Env {
		f, srv := startFakeV2(t, token, nil)
		f.setFault(map[bool]string{false: fault500, true: faultHang}[hang])
		return Env{ResultsURL: srv.URL, RuntimeToken: token}
	}
	for _, c := range []struct {
		name string
		env  func(*testing.T, bool) Env
		hang bool
		want string
	}{
		{"v1 500", v1Down, false, "the cache service is down"},
		{"v2 500", v2Down, false, "internal"},
		{"v1 hang", v1Down, true, "timed out"},
		{"v2 hang", v2Down, true, "timed out"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newActions(t, c.env(t, c.hang), ActionsOptions{})
			ctx := context.Background()
			if c.hang {
				// A short deadline stands in for restoreTimeout and saveTimeout.
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, 300*time.Millisecond)
				defer cancel()
			}
			r, warn := restoreText(ctx, s, []string{"docbridge-v1-p-c-main.1-"})
			data := r.Data
			t.Logf("restore warning: %s", warn)
			if data != nil || !strings.Contains(warn, c.want) || !strings.Contains(warn, "scanning cold") {
				t.Errorf("Restore = %d bytes, %q; want a warning with %q", len(data), warn, c.want)
			}
			if c.hang {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
				defer cancel()
			}
			warn = persistText(ctx, s, "docbridge-v1-p-c-main.1-7-1", stateBytes(t))
			t.Logf("persist warning: %s", warn)
			if !strings.Contains(warn, c.want) || !strings.Contains(warn, "not saved") {
				t.Errorf("Persist warning %q; want %q", warn, c.want)
			}
		})
	}
}

// TestNewActionsSelection: v2 whenever ACTIONS_RESULTS_URL is set, even
// with ACTIONS_CACHE_URL beside it; v1 from ACTIONS_CACHE_URL alone.
func TestNewActionsSelection(t *testing.T) {
	token := cachetest.RuntimeToken(t)
	var mu sync.Mutex
	hits := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case strings.HasPrefix(r.URL.Path, "/results"+twirpPrefix):
			hits["v2"]++
			writeJSON(w, map[string]any{"ok": false})
		case strings.HasPrefix(r.URL.Path, "/v1/_apis/artifactcache/"):
			hits["v1"]++
			w.WriteHeader(http.StatusNoContent)
		default:
			hits[r.URL.Path]++
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	for _, c := range []struct {
		name string
		env  Env
		want string
	}{
		{"results url only", Env{ResultsURL: srv.URL + "/results", RuntimeToken: token}, "v2"},
		{"both: v2 forced", Env{ResultsURL: srv.URL + "/results", CacheURL: srv.URL + "/v1/", RuntimeToken: token}, "v2"},
		{"cache url only", Env{CacheURL: srv.URL + "/v1/", RuntimeToken: token}, "v1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mu.Lock()
			clear(hits)
			mu.Unlock()
			s := newActions(t, c.env, ActionsOptions{})
			if s.Protocol() != c.want {
				t.Errorf("protocol %s, want %s", s.Protocol(), c.want)
			}
			if _, err := s.Load(context.Background(), "docbridge-v1-"); !errors.Is(err, errMiss) {
				t.Errorf("Load = %v, want errMiss", err)
			}
			mu.Lock()
			defer mu.Unlock()
			if hits[c.want] != 1 || len(hits) != 1 {
				t.Errorf("requests %v, want one to %s", hits, c.want)
			}
		})
	}
	for _, c := range []struct {
		name string
		env  Env
		want string
	}{
		{"no token", Env{ResultsURL: srv.URL}, "ACTIONS_RUNTIME_TOKEN"},
		{"no url", Env{RuntimeToken: token}, "neither"},
		{"not a token", Env{ResultsURL: srv.URL, RuntimeToken: "not-a-jwt"}, "actions cache"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := NewActions(c.env, ActionsOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("NewActions = %v, want an error with %q", err, c.want)
			}
		})
	}
}

func TestEnvFrom(t *testing.T) {
	vars := map[string]string{"ACTIONS_RESULTS_URL": "r", "ACTIONS_CACHE_URL": "c", "ACTIONS_RUNTIME_TOKEN": "t", "ACTIONS_CACHE_SERVICE_V2": "false"}
	got := EnvFrom(func(k string) string { return vars[k] })
	if got != (Env{ResultsURL: "r", CacheURL: "c", RuntimeToken: "t"}) {
		t.Errorf("EnvFrom = %+v", got)
	}
}

// TestActionsV1Evicted: an entry cachetest evicts is a miss afterwards, as
// one the service evicted; the others stay.
func TestActionsV1Evicted(t *testing.T) {
	srv := cachetest.StartV1Server(t)
	a := newActions(t, Env{CacheURL: srv.URL, RuntimeToken: cachetest.RuntimeToken(t)}, ActionsOptions{})
	const main, dev = "docbridge-v1-p-c-main.1a2b3c4d-", "docbridge-v1-p-c-dev.5e6f7a8b-"
	mustSave(t, a, main+"100-1", []byte("main"))
	mustSave(t, a, dev+"101-1", []byte("dev"))
	got := srv.Evict(t, func(key string) bool { return strings.HasPrefix(key, main) })
	if len(got) != 1 || got[0] != main+"100-1" {
		t.Fatalf("evicted %v, want main's entry", got)
	}
	if _, err := a.Load(context.Background(), main); !errors.Is(err, errMiss) {
		t.Fatalf("Load of the evicted entry = %v, want errMiss", err)
	}
	wantEntry(t, mustLoad(t, a, dev), dev+"101-1", []byte("dev"))
}

// TestActionsReadsTriedAgain: a lookup or a download whose answer is lost
// (the connection closed after the request) is tried once more, so a blip
// costs no base; one that fails again, and an answer such as a 500, are
// final.
func TestActionsReadsTriedAgain(t *testing.T) {
	ctx := context.Background()
	srv := cachetest.StartV1Server(t)
	token := cachetest.RuntimeToken(t)
	direct := newActions(t, Env{CacheURL: srv.URL, RuntimeToken: token}, ActionsOptions{})
	if err := direct.Save(ctx, "docbridge-v1-k-1", []byte("state")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		fault cachetest.Fault
		ok    bool
		tries int
	}{
		{"lookup's answer lost once", cachetest.Fault{Op: cachetest.Lookup, Times: 1, Kind: httpfault.Lost}, true, 2},
		{"download's answer lost once", cachetest.Fault{Op: cachetest.Download, Times: 1, Kind: httpfault.Lost}, true, 2},
		{"lookup's answer lost twice", cachetest.Fault{Op: cachetest.Lookup, Times: 2, Kind: httpfault.Lost}, false, 2},
		{"lookup answered 500", cachetest.Fault{Op: cachetest.Lookup, Times: 1, Status: http.StatusInternalServerError}, false, 1},
	} {
		p := srv.Proxy(t)
		p.AddFault(tt.fault)
		a := newActions(t, Env{CacheURL: p.URL, RuntimeToken: token}, ActionsOptions{})
		e, err := a.Load(ctx, "docbridge-v1-k-")
		if tt.ok && (err != nil || string(e.Data) != "state") {
			t.Errorf("%s: %q, %v; want the state", tt.name, e.Data, err)
		}
		if !tt.ok && err == nil {
			t.Errorf("%s: loaded %q; want an error", tt.name, e.Data)
		}
		n := 0
		for _, op := range p.Ops() {
			if op == tt.fault.Op {
				n++
			}
		}
		if n != tt.tries {
			t.Errorf("%s: %d %s requests, want %d", tt.name, n, tt.fault.Op, tt.tries)
		}
	}
}
