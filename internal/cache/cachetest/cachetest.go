// Package cachetest starts real Actions cache peers for tests in any
// package: act's v1 cache server (what act and Gitea runners serve as
// ACTIONS_CACHE_URL), in process, and a runtime token it accepts.
package cachetest

import (
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/nektos/act/pkg/artifactcache"
)

// StartV1 starts act's cache server for the duration of t, storing under a
// temporary directory, and returns its URL for ACTIONS_CACHE_URL (ending
// in "/", as the runner sets it).
func StartV1(t testing.TB) string {
	t.Helper()
	h, err := artifactcache.StartHandler(t.TempDir(), "", "127.0.0.1", 0, nil)
	if err != nil {
		t.Fatalf("cachetest: start act's cache server: %v", err)
	}
	t.Cleanup(func() { _ = h.Close() })
	return h.ExternalURL() + "/"
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
