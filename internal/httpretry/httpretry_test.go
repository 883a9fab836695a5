package httpretry

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		value string
		want  time.Duration
		ok    bool
	}{
		{"7", 7 * time.Second, true},
		{" 0 ", 0, true},
		{now.Add(30 * time.Second).Format(http.TimeFormat), 30 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true}, // a past date: no wait
		{"", 0, false},
		{"-1", 0, false},
		{"soon", 0, false},
	} {
		h := http.Header{}
		if c.value != "" {
			h.Set("Retry-After", c.value)
		}
		if got, ok := RetryAfter(h, now); got != c.want || ok != c.ok {
			t.Errorf("Retry-After %q: %s %v, want %s %v", c.value, got, ok, c.want, c.ok)
		}
	}
}

// TestBackoffDoublesAndIsBounded: the backoff doubles per failure and
// never overflows, however many failures.
func TestBackoffDoublesAndIsBounded(t *testing.T) {
	p := Policy{Base: time.Second}
	for n, want := range map[int]time.Duration{0: time.Second, 1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 8 * time.Second} {
		if got := p.Backoff(n); got != want {
			t.Errorf("Backoff(%d) = %s, want %s", n, got, want)
		}
	}
	if got := p.Backoff(1 << 20); got != time.Second<<maxShift || got <= 0 {
		t.Errorf("Backoff(large) = %s", got)
	}
}

// TestNextWaitsAsAskedWithinTheBounds: the server's wait is taken when it
// names one, the backoff otherwise, and each bound ends the retries with
// its own error, the single wait checked before the attempts and the
// attempts before the budget.
func TestNextWaitsAsAskedWithinTheBounds(t *testing.T) {
	t.Run("attempts", func(t *testing.T) {
		tr := Policy{Attempts: 3, Base: time.Second}.Start()
		var waits []time.Duration
		for {
			w, err := tr.Next(0, false)
			if err != nil {
				if !errors.Is(err, ErrAttempts) || tr.Failed() != 3 {
					t.Fatalf("%v after %d failures", err, tr.Failed())
				}
				break
			}
			waits = append(waits, w)
		}
		if len(waits) != 2 || waits[0] != time.Second || waits[1] != 2*time.Second {
			t.Fatalf("waits %v", waits)
		}
	})
	t.Run("hinted", func(t *testing.T) {
		tr := Policy{Attempts: 5, Base: time.Second}.Start()
		if w, err := tr.Next(7*time.Second, true); w != 7*time.Second || err != nil {
			t.Fatalf("%s %v", w, err)
		}
		if w, err := tr.Next(-time.Second, true); w != 0 || err != nil {
			t.Fatalf("a negative wait: %s %v", w, err)
		}
	})
	t.Run("budget", func(t *testing.T) {
		tr := Policy{Attempts: 5, Base: time.Second, Budget: 90 * time.Second}.Start()
		if _, err := tr.Next(60*time.Second, true); err != nil {
			t.Fatal(err)
		}
		if w, err := tr.Next(31*time.Second, true); !errors.Is(err, errBudget) || w != 31*time.Second {
			t.Fatalf("%s %v, want the budget passed", w, err)
		}
	})
	t.Run("one wait too long", func(t *testing.T) {
		tr := Policy{Attempts: 1, Base: time.Second, MaxWait: 2 * time.Minute}.Start()
		if w, err := tr.Next(24*time.Hour, true); !errors.Is(err, ErrWaitTooLong) || w != 24*time.Hour {
			t.Fatalf("%s %v, want the wait too long before the attempts", w, err)
		}
	})
	t.Run("attempts before budget", func(t *testing.T) {
		tr := Policy{Attempts: 1, Base: time.Second, Budget: time.Second}.Start()
		if _, err := tr.Next(time.Hour, true); !errors.Is(err, ErrAttempts) {
			t.Fatalf("%v, want the attempts", err)
		}
	})
}

// TestSleepEndsWithTheContext: a cancelled context ends the wait at once
// with its error.
func TestSleepEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := Sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Fatalf("%v after %s", err, time.Since(start))
	}
	if err := Sleep(context.Background(), time.Millisecond); err != nil {
		t.Fatal(err)
	}
}
