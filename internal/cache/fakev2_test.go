package cache

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/sas"
)

// twirpPrefix is where the cache service v2 answers.
const twirpPrefix = "/twirp/github.actions.results.api.v1.CacheService/"

// Faults the fake can inject.
const (
	faultNone     = ""
	fault500      = "500"      // every call answers 500
	faultHang     = "hang"     // every call hangs until the client gives up
	faultWrongKey = "wrongkey" // hits report a key nobody asked for
)

// fakeV2 serves CreateCacheEntry, FinalizeCacheEntryUpload and
// GetCacheEntryDownloadURL as the results service does: JSON in and out,
// bearer token, immutable keys, restore by prefix with the newest winning,
// ok:false for a miss. Blobs live in azurite behind SAS URLs.
type fakeV2 struct {
	t     *testing.T
	token string
	blobs *blobPeer // nil when only faults are served

	mu      sync.Mutex
	fault   string
	seq     int
	entries map[string]*fakeEntry
	calls   map[string]int
	release chan struct{}
}

type fakeEntry struct {
	key, version, blob string
	seq                int
	done               bool
}

// startFakeV2 serves the fake; its URL is an ACTIONS_RESULTS_URL.
func startFakeV2(t *testing.T, token string, blobs *blobPeer) (*fakeV2, *httptest.Server) {
	f := &fakeV2{t: t, token: token, blobs: blobs, entries: map[string]*fakeEntry{}, calls: map[string]int{}, release: make(chan struct{})}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(f.release) }) // runs first: frees hung handlers
	return f, srv
}

func (f *fakeV2) setFault(fault string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fault = fault
}

func (f *fakeV2) callCount(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[method]
}

// blobOf is the blob an entry's bytes are in.
func (f *fakeV2) blobOf(key string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if e := f.entries[key]; e != nil {
		return e.blob
	}
	return ""
}

func (f *fakeV2) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method, ok := strings.CutPrefix(r.URL.Path, twirpPrefix)
	if !ok || r.Method != http.MethodPost {
		twirpError(w, http.StatusNotFound, "bad_route", r.Method+" "+r.URL.Path)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+f.token {
		twirpError(w, http.StatusUnauthorized, "unauthenticated", "bad token")
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		twirpError(w, http.StatusBadRequest, "malformed", "content type "+ct)
		return
	}
	f.mu.Lock()
	f.calls[method]++
	fault := f.fault
	f.mu.Unlock()
	switch fault {
	case fault500:
		twirpError(w, http.StatusInternalServerError, "internal", "the cache service is down")
		return
	case faultHang:
		select {
		case <-r.Context().Done():
		case <-f.release:
		}
		return
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields() // the request shapes are part of the contract
	switch method {
	case "CreateCacheEntry":
		var req struct {
			Key     string `json:"key"`
			Version string `json:"version"`
		}
		if err := dec.Decode(&req); err != nil || req.Key == "" || req.Version == "" {
			twirpError(w, http.StatusBadRequest, "malformed", fmt.Sprintf("%+v %v", req, err))
			return
		}
		f.create(w, req.Key, req.Version)
	case "FinalizeCacheEntryUpload":
		var req struct {
			Key       string `json:"key"`
			SizeBytes int64  `json:"size_bytes"`
			Version   string `json:"version"`
		}
		if err := dec.Decode(&req); err != nil {
			twirpError(w, http.StatusBadRequest, "malformed", err.Error())
			return
		}
		f.finalize(w, r, req.Key, req.Version, req.SizeBytes)
	case "GetCacheEntryDownloadURL":
		var req struct {
			Key         string   `json:"key"`
			RestoreKeys []string `json:"restore_keys"`
			Version     string   `json:"version"`
		}
		if err := dec.Decode(&req); err != nil {
			twirpError(w, http.StatusBadRequest, "malformed", err.Error())
			return
		}
		f.download(w, req.Key, req.RestoreKeys, req.Version, fault)
	default:
		twirpError(w, http.StatusNotFound, "bad_route", method)
	}
}

func (f *fakeV2) create(w http.ResponseWriter, key, version string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, taken := f.entries[key]; taken {
		twirpError(w, http.StatusConflict, "already_exists", "cache entry "+key+" exists")
		return
	}
	f.seq++
	e := &fakeEntry{key: key, version: version, blob: "entry-" + strconv.Itoa(f.seq), seq: f.seq}
	u, err := f.blobs.signedURL(e.blob, sas.BlobPermissions{Create: true, Write: true})
	if err != nil {
		twirpError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	f.entries[key] = e
	writeJSON(w, map[string]any{"ok": true, "signed_upload_url": u})
}

func (f *fakeV2) finalize(w http.ResponseWriter, r *http.Request, key, version string, size int64) {
	f.mu.Lock()
	e := f.entries[key]
	reserved := e != nil && !e.done && e.version == version
	f.mu.Unlock()
	if !reserved {
		writeJSON(w, map[string]any{"ok": false, "message": "no reserved entry " + key})
		return
	}
	// The service trusts no client: the uploaded blob must be as long as said.
	got, err := f.blobs.size(r.Context(), e.blob)
	if err != nil || got != size {
		writeJSON(w, map[string]any{"ok": false, "message": fmt.Sprintf("blob size %d (%v), finalize says %d", got, err, size)})
		return
	}
	f.mu.Lock()
	e.done = true
	f.mu.Unlock()
	writeJSON(w, map[string]any{"ok": true, "entry_id": strconv.Itoa(e.seq)})
}

func (f *fakeV2) download(w http.ResponseWriter, key string, restore []string, version, fault string) {
	f.mu.Lock()
	hit := f.match(key, restore, version)
	f.mu.Unlock()
	if hit == nil {
		writeJSON(w, map[string]any{"ok": false})
		return
	}
	u, err := f.blobs.signedURL(hit.blob, sas.BlobPermissions{Read: true})
	if err != nil {
		twirpError(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	matched := hit.key
	if fault == faultWrongKey {
		matched = "docbridge-v1-someone-else"
	}
	writeJSON(w, map[string]any{"ok": true, "signed_download_url": u, "matched_key": matched})
}

// match is the service's lookup: the key exactly, else each restore key as
// a prefix, newest first. Callers hold f.mu.
func (f *fakeV2) match(key string, restore []string, version string) *fakeEntry {
	if e := f.entries[key]; e != nil && e.done && e.version == version {
		return e
	}
	for _, p := range restore {
		var best *fakeEntry
		for _, e := range f.entries {
			if e.done && e.version == version && strings.HasPrefix(e.key, p) && (best == nil || e.seq > best.seq) {
				best = e
			}
		}
		if best != nil {
			return best
		}
	}
	return nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// twirpError writes a twirp error body.
func twirpError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"code": code, "msg": msg})
}
