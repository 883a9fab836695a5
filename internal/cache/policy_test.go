package cache

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan"
)

// stubStore answers Load and Save with functions.
type stubStore struct {
	load func(ctx context.Context, keys []string) (Entry, error)
	save func(ctx context.Context, key string, data []byte) error
}

func (s stubStore) Load(ctx context.Context, keys ...string) (Entry, error) { return s.load(ctx, keys) }
func (s stubStore) Save(ctx context.Context, key string, data []byte) error {
	return s.save(ctx, key, data)
}

// hang blocks until the context ends, as a server that never answers.
func hang(ctx context.Context) error {
	<-ctx.Done()
	return fmt.Errorf("GET https://results.example/x: %w", ctx.Err())
}

func TestRestore(t *testing.T) {
	good := stateBytes(t)
	keys := []string{"docbridge-v1-p-c-feature.1-", "docbridge-v1-p-c-main.2-"}
	entry := func(key string, data []byte) func(context.Context, []string) (Entry, error) {
		return func(context.Context, []string) (Entry, error) { return Entry{Key: key, Data: data}, nil }
	}
	cases := []struct {
		name     string
		load     func(context.Context, []string) (Entry, error)
		deadline time.Duration // 0: none beyond restoreTimeout
		want     []string      // substrings of the warning; nil: success
		not      []string      // substrings the warning must not have
	}{
		{name: "hit on the own branch", load: entry(keys[0]+"9-1", good)},
		{name: "hit on the default branch", load: entry(keys[1]+"8-2", good)},
		{name: "key case ignored (v1 servers lower-case keys)", load: entry(strings.ToUpper(keys[1])+"8-2", good)},
		{name: "miss", load: func(context.Context, []string) (Entry, error) { return Entry{}, errMiss },
			want: []string{"no cached state for " + keys[0] + " or " + keys[1], "scanning cold"}},
		{name: "outage", load: func(context.Context, []string) (Entry, error) {
			return Entry{}, errors.New("HTTP 503: unavailable")
		}, want: []string{"cache restore failed: HTTP 503: unavailable", "scanning cold"}},
		{name: "signed URL redacted", load: func(context.Context, []string) (Entry, error) {
			return Entry{}, errors.New(`GET "https://blob.example/c/e?sv=2024&sig=SECRET%3D&se=1": 403`)
		}, want: []string{"https://blob.example/c/e?REDACTED"}, not: []string{"SECRET", "sv=2024"}},
		{name: "timeout", load: func(ctx context.Context, _ []string) (Entry, error) { return Entry{}, hang(ctx) },
			deadline: 50 * time.Millisecond, want: []string{"timed out", "scanning cold"}},
		{name: "key not asked for", load: entry("docbridge-v1-p-c-other.3-7-1", good),
			want: []string{`refused cache entry "docbridge-v1-p-c-other.3-7-1": it matches none of the keys`}},
		{name: "garbage", load: entry(keys[0]+"9-1", []byte("garbage garbage garbage garbage!")),
			want: []string{"refused cache entry", "not a docbridge state file", "scanning cold"}},
		{name: "corrupt", load: entry(keys[0]+"9-1", flipLast(good)), want: []string{"checksum mismatch"}},
		{name: "other pipeline", load: entry(keys[0]+"9-1", foreignStateBytes(t, "scan/0")),
			want: []string{"the stored extractions come from pipeline scan/0, this is " + scan.PipelineVersion}},
		{name: "other analyzer version", load: entry(keys[0]+"9-1", otherAnalyzerBytes(t)),
			want: []string{"an analyzer version changed (markdown markdown/0 → "}},
		{name: "other file format", load: entry(keys[0]+"9-1", otherFormatBytes(t)), want: []string{"state file format"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			if c.deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.deadline)
				defer cancel()
			}
			var sawDeadline bool
			s := stubStore{load: func(ctx context.Context, got []string) (Entry, error) {
				_, sawDeadline = ctx.Deadline()
				if strings.Join(got, " ") != strings.Join(keys, " ") {
					t.Errorf("Load got keys %q", got)
				}
				return c.load(ctx, got)
			}}
			r, warn := restoreText(ctx, s, keys)
			data := r.Data
			if !sawDeadline {
				t.Error("Load ran without a deadline")
			}
			if c.want == nil {
				if warn != "" || r.State == nil || len(r.Data) != len(good) || len(data) != len(good) {
					t.Fatalf("Restore = %d bytes, warning %q", len(data), warn)
				}
				e, _ := c.load(ctx, nil)
				if r.Key != e.Key {
					t.Errorf("matched key %q, want %q", r.Key, e.Key)
				}
				if got := len(r.State.Store.Extractions); got != len(fixtureScan(t).Extractions) {
					t.Errorf("restored %d extractions, want %d", got, len(fixtureScan(t).Extractions))
				}
				return
			}
			if data != nil || r.Data != nil || r.State != nil {
				t.Errorf("a refused restore returned %d bytes", len(data))
			}
			for _, w := range c.want {
				if !strings.Contains(warn, w) {
					t.Errorf("warning %q lacks %q", warn, w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(warn, w) {
					t.Errorf("warning %q has %q", warn, w)
				}
			}
		})
	}
	t.Run("no store", func(t *testing.T) {
		if r, warn := restoreText(context.Background(), nil, keys); r.Data != nil || !strings.Contains(warn, "scanning cold") {
			t.Errorf("restoreText(nil) = %d bytes, %q", len(r.Data), warn)
		}
	})
}

func flipLast(b []byte) []byte {
	out := append([]byte(nil), b...)
	out[len(out)-1] ^= 0xff
	return out
}

func TestPersist(t *testing.T) {
	const key = "docbridge-v1-p-c-main.1-5-1"
	data := []byte("state")
	cases := []struct {
		name     string
		save     func(context.Context, string, []byte) error
		deadline time.Duration
		want     string // "" for success
	}{
		{"saved", func(context.Context, string, []byte) error { return nil }, 0, ""},
		{"taken key", func(context.Context, string, []byte) error { return fmt.Errorf("%w: %q", errExists, key) }, 0, "exists already"},
		{"outage", func(context.Context, string, []byte) error { return errors.New("HTTP 500: internal") }, 0, "cache save failed: HTTP 500: internal: state not saved"},
		{"timeout", func(ctx context.Context, _ string, _ []byte) error { return hang(ctx) }, 50 * time.Millisecond, "cache save timed out"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			if c.deadline > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.deadline)
				defer cancel()
			}
			var gotKey string
			s := stubStore{save: func(ctx context.Context, k string, d []byte) error {
				if _, ok := ctx.Deadline(); !ok {
					t.Error("Save ran without a deadline")
				}
				gotKey = k
				if string(d) != string(data) {
					t.Errorf("saved %q", d)
				}
				return c.save(ctx, k, d)
			}}
			warn := persistText(ctx, s, key, data)
			if gotKey != key {
				t.Errorf("saved under %q", gotKey)
			}
			if c.want == "" && warn != "" || c.want != "" && !strings.Contains(warn, c.want) {
				t.Errorf("Persist = %q, want %q", warn, c.want)
			}
		})
	}
	if warn := persistText(context.Background(), nil, key, data); !strings.Contains(warn, "not saved") {
		t.Errorf("persistText(nil) = %q", warn)
	}
}

func TestCleanWarning(t *testing.T) {
	long := strings.Repeat("é", maxWarnLen)
	cases := []struct{ in, want string }{
		{"a\nb\r\n  c", "a b c"},
		{"see https://x.example/p?sig=1&a=2 now", "see https://x.example/p?REDACTED now"},
		{"http://h/p?q#frag", "http://h/p?REDACTED#frag"},
		{"no url?here", "no url?here"},
	}
	for _, c := range cases {
		if got := cleanWarning(c.in); got != c.want {
			t.Errorf("cleanWarning(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	got := cleanWarning(long)
	if len(got) > maxWarnLen || !strings.HasSuffix(got, "…") || !strings.HasPrefix(got, "éé") {
		t.Errorf("long warning: %d bytes, ends %q", len(got), got[len(got)-8:])
	}
	if !utf8.ValidString(got) {
		t.Error("cut inside a rune")
	}
}
