package cache

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/state"
)

// The cache may cost a run this much time and no more; past it the run
// scans cold (restore) or leaves the next run an older entry (save).
const (
	restoreTimeout = 30 * time.Second
	saveTimeout    = 60 * time.Second
)

// maxWarnLen bounds a warning: it ends up in a log line or an annotation.
const maxWarnLen = 1000

// Warning says why the cache was not used, by kind, so the caller decides
// what it means: a miss on a first run is expected, an outage or a refused
// entry is worth a warning. Text is one bounded line, URL queries redacted.
type Warning struct {
	Kind WarningKind
	Text string
}

// WarningKind classifies a Warning.
type WarningKind int

// The kinds of Warning.
const (
	// Miss: nothing is saved under the keys yet.
	Miss WarningKind = iota + 1
	// unavailable: no cache service in this run.
	unavailable
	// TimedOut: the restore or the save passed its deadline (or the run
	// was cancelled).
	TimedOut
	// failed: the service answered with an error.
	failed
	// Refused: an entry came back that this binary will not reuse (a key
	// not asked for, a corrupt or foreign state).
	Refused
	// exists: the save key is taken already (a re-run).
	exists
)

func (w *Warning) String() string {
	if w == nil {
		return ""
	}
	return w.Text
}

// Restored is a verified entry.
type Restored struct {
	// Key is the key that matched.
	Key string
	// Data is the state file's bytes.
	Data []byte
	// State is Data decoded.
	State *state.State
}

// RestoreState loads the first entry matching keys (see Store.Load) and
// returns it, decoded, once it is a state this binary can reuse: the caller
// need not decode it again. Anything else — no store, a miss, an error, a
// timeout, an entry under a key that was not asked for, a corrupt or
// foreign state — returns nothing and a warning for the caller to print;
// the caller then scans cold.
func RestoreState(ctx context.Context, s Store, keys []string) (Restored, *Warning) {
	e, warn := Restore(ctx, s, keys, "state", "scanning cold")
	if warn != nil {
		return Restored{}, warn
	}
	st, err := state.Decode(e.Data)
	if err != nil {
		return Restored{}, warning(Refused, "refused cache entry %q: %v: scanning cold", e.Key, err)
	}
	if why := foreign(st); why != "" {
		return Restored{}, warning(Refused, "refused cache entry %q: %s: scanning cold", e.Key, why)
	}
	return Restored{Key: e.Key, Data: e.Data, State: st}, nil
}

// Restore loads the first entry matching keys, bounded by restoreTimeout,
// and returns it once its key is one asked for; the caller decodes and
// judges the bytes. Anything else returns a typed warning whose text ends
// with then (what the caller does without the entry: "scanning cold");
// what names the entry ("state").
func Restore(ctx context.Context, s Store, keys []string, what, then string) (Entry, *Warning) {
	if s == nil {
		return Entry{}, warning(unavailable, "no cache available: %s", then)
	}
	ctx, cancel := context.WithTimeout(ctx, restoreTimeout)
	defer cancel()
	e, err := s.Load(ctx, keys...)
	switch {
	case errors.Is(err, errMiss):
		return Entry{}, warning(Miss, "no cached %s for %s: %s", what, strings.Join(keys, " or "), then)
	case err != nil && ctx.Err() != nil:
		return Entry{}, warning(TimedOut, "cache restore %s (limit %s): %s", interrupted(ctx), restoreTimeout, then)
	case err != nil:
		return Entry{}, warning(failed, "cache restore failed: %v: %s", err, then)
	}
	if !matchesAny(e.Key, keys) {
		return Entry{}, warning(Refused, "refused cache entry %q: it matches none of the keys asked for: %s", e.Key, then)
	}
	return e, nil
}

// Persist saves data under key. A failure returns a warning for the caller
// to print: the check's result stands, the next run starts from an older
// entry or cold.
func Persist(ctx context.Context, s Store, key string, data []byte) *Warning {
	if s == nil {
		return warning(unavailable, "no cache available: state not saved")
	}
	ctx, cancel := context.WithTimeout(ctx, saveTimeout)
	defer cancel()
	err := s.Save(ctx, key, data)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errExists):
		return warning(exists, "cache entry %q exists already (a re-run?): kept it, state not saved again", key)
	case ctx.Err() != nil:
		return warning(TimedOut, "cache save %s (limit %s): state not saved", interrupted(ctx), saveTimeout)
	default:
		return warning(failed, "cache save failed: %v: state not saved", err)
	}
}

// foreign says why a state that decoded is still not this binary's to
// reuse, or "": the scan's own decision (scan.Refusal), for any
// configuration — the cache key holds the configuration hash.
func foreign(st *state.State) string {
	if st.Store == nil {
		return "the state holds no extraction store"
	}
	return scan.Refusal(st.Store.Header, "")
}

// matchesAny reports whether key is one of keys or starts with one. Case is
// ignored: the v1 servers of act and Gitea lower-case keys.
func matchesAny(key string, keys []string) bool {
	for _, k := range keys {
		if len(key) >= len(k) && strings.EqualFold(key[:len(k)], k) {
			return true
		}
	}
	return false
}

func interrupted(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "timed out"
	}
	return "was canceled"
}

// signedQuery matches a URL's query string: signed blob URLs carry their
// credentials there, and warnings go to public logs.
var signedQuery = regexp.MustCompile(`(https?://[^\s?#"']+)\?[^\s#"']*`)

// warning formats a one-line, bounded message with URL queries redacted.
func warning(kind WarningKind, format string, args ...any) *Warning {
	return &Warning{Kind: kind, Text: cleanWarning(fmt.Sprintf(format, args...))}
}

func cleanWarning(s string) string {
	s = signedQuery.ReplaceAllString(s, "$1?REDACTED")
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxWarnLen {
		cut := maxWarnLen - len("…")
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
