// Package cachetest starts real Actions cache peers for tests in any
// package: act's v1 cache server (what act and Gitea runners serve as
// ACTIONS_CACHE_URL), in process, and a runtime token it accepts.
package cachetest

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/nektos/act/pkg/artifactcache"
	"github.com/timshannon/bolthold"
	"go.etcd.io/bbolt"
)

// V1 is act's cache server, started by StartV1Server.
type V1 struct {
	// URL is the server's address for ACTIONS_CACHE_URL (ending in "/", as
	// the runner sets it).
	URL string
	dir string
}

// StartV1 starts act's cache server for the duration of t, storing under a
// temporary directory, and returns its URL for ACTIONS_CACHE_URL (ending
// in "/", as the runner sets it).
func StartV1(t testing.TB) string {
	t.Helper()
	return StartV1Server(t).URL
}

// StartV1Server is StartV1 for a test that also evicts entries.
func StartV1Server(t testing.TB) *V1 {
	t.Helper()
	dir := t.TempDir()
	h, err := artifactcache.StartHandler(dir, "", "127.0.0.1", 0, nil)
	if err != nil {
		t.Fatalf("cachetest: start act's cache server: %v", err)
	}
	t.Cleanup(func() { _ = h.Close() })
	return &V1{URL: h.ExternalURL() + "/", dir: dir}
}

// Evict deletes every entry whose key match accepts, as the service does
// to an entry unused for 7 days or over the repository's 10 GB: a later
// lookup misses it. It returns the keys evicted. The server opens its
// database per request, so Evict may run between a test's runs.
func (s *V1) Evict(t testing.TB, match func(key string) bool) []string {
	t.Helper()
	var evicted []string
	s.update(t, func(db *bolthold.Store, c artifactcache.Cache) error {
		if !match(c.Key) {
			return nil
		}
		evicted = append(evicted, c.Key)
		return db.Delete(c.ID, artifactcache.Cache{})
	})
	return evicted
}

// Age moves every entry's creation and last use d into the past, as if d
// had passed since. The server keeps those times in whole seconds and a
// restore by prefix takes the newest entry, so two entries saved within
// one second tie, and the older may win; GitHub's service tells them
// apart. A test that saves several entries under one prefix ages the
// earlier ones before it saves the next.
func (s *V1) Age(t testing.TB, d time.Duration) {
	t.Helper()
	secs := int64(d / time.Second)
	s.update(t, func(db *bolthold.Store, c artifactcache.Cache) error {
		c.CreatedAt, c.UsedAt = c.CreatedAt-secs, c.UsedAt-secs
		return db.Update(c.ID, c)
	})
}

// update calls f on every entry, with the database open.
func (s *V1) update(t testing.TB, f func(db *bolthold.Store, c artifactcache.Cache) error) {
	t.Helper()
	db, err := bolthold.Open(filepath.Join(s.dir, "bolt.db"), 0o644, &bolthold.Options{
		Encoder: json.Marshal, Decoder: json.Unmarshal,
		Options: &bbolt.Options{Timeout: 5 * time.Second},
	})
	if err != nil {
		t.Fatalf("cachetest: open act's cache database: %v", err)
	}
	defer db.Close()
	var all []artifactcache.Cache
	if err := db.Find(&all, nil); err != nil {
		t.Fatalf("cachetest: list the entries: %v", err)
	}
	for _, c := range all {
		if err := f(db, c); err != nil {
			t.Fatalf("cachetest: entry %q: %v", c.Key, err)
		}
	}
}

// RuntimeToken returns an ACTIONS_RUNTIME_TOKEN-shaped JWT, valid for an
// hour: go-actions-cache reads its access-control, expiry and not-before
// claims, unverified.
func RuntimeToken(t testing.TB) string {
	t.Helper()
	now := time.Now()
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
		"ac":  `[{"Scope":"refs/heads/main","Permission":3}]`,
		"nbf": now.Add(-time.Minute).Unix(),
		"exp": now.Add(time.Hour).Unix(),
	})
	s, err := tok.SignedString([]byte("test"))
	if err != nil {
		t.Fatalf("cachetest: sign the runtime token: %v", err)
	}
	return s
}
