package cache

import (
	"context"
	"errors"
	"testing"
)

// contract is what every Store promises, run against each implementation
// (the directory, v1 against act's cache server, v2 against the twirp fake
// and azurite).
type contract struct {
	// tick separates saves whose order "newest" must see: act's server
	// orders by a creation time in whole seconds.
	tick func()
	// immutable: the store refuses a taken key (act's v1 server does not).
	immutable bool
}

func (c contract) run(t *testing.T, s Store) {
	ctx := context.Background()
	const (
		main  = "docbridge-v1-p-c-main.1a2b3c4d-"
		dev   = "docbridge-v1-p-c-dev.5e6f7a8b-"
		other = "docbridge-v1-p-c-main.1a2b3c4d.x-" // main's stem is its prefix, not its branch
	)
	if _, err := s.Load(ctx, main); !errors.Is(err, errMiss) {
		t.Fatalf("empty store: Load = %v, want errMiss", err)
	}
	older, newer, devData, otherData := []byte("main run 100"), []byte("main run 101"), []byte("dev run 102"), []byte("main.x run 103")
	mustSave(t, s, main+"100-1", older)
	c.tick()
	mustSave(t, s, main+"101-1", newer)
	c.tick()
	mustSave(t, s, dev+"102-1", devData)
	c.tick()
	mustSave(t, s, other+"103-1", otherData)

	t.Run("exact key beats a newer prefix match", func(t *testing.T) {
		wantEntry(t, mustLoad(t, s, main+"100-1", main), main+"100-1", older)
	})
	t.Run("prefix restores the newest", func(t *testing.T) {
		// other's entry is newer and also starts with main's text up to the
		// dot; the '-' that closes main's branch field keeps it out.
		wantEntry(t, mustLoad(t, s, main), main+"101-1", newer)
	})
	t.Run("first key as prefix when nothing matches it exactly", func(t *testing.T) {
		wantEntry(t, mustLoad(t, s, main+"1"), main+"101-1", newer)
	})
	t.Run("keys in order: an earlier key's match beats a newer later one", func(t *testing.T) {
		wantEntry(t, mustLoad(t, s, main, dev), main+"101-1", newer)
	})
	t.Run("falls through to later keys", func(t *testing.T) {
		wantEntry(t, mustLoad(t, s, "docbridge-v1-p-c-gone.00000000-", dev), dev+"102-1", devData)
	})
	t.Run("miss", func(t *testing.T) {
		if e, err := s.Load(ctx, "docbridge-v1-p-c-gone.00000000-", "docbridge-v1-q-"); !errors.Is(err, errMiss) {
			t.Fatalf("Load = %q, %v, want errMiss", e.Key, err)
		}
	})
	t.Run("taken key", func(t *testing.T) {
		if !c.immutable {
			t.Skip("this server accepts a taken key")
		}
		err := s.Save(ctx, main+"100-1", []byte("again"))
		if !errors.Is(err, errExists) {
			t.Fatalf("Save of a taken key = %v, want errExists", err)
		}
		wantEntry(t, mustLoad(t, s, main+"100-1"), main+"100-1", older)
	})
	t.Run("invalid keys refused before any request", func(t *testing.T) {
		for _, k := range []string{"", "a,b"} {
			if err := s.Save(ctx, k, older); err == nil {
				t.Errorf("Save(%q) accepted", k)
			}
			if _, err := s.Load(ctx, k); err == nil || errors.Is(err, errMiss) {
				t.Errorf("Load(%q) = %v, want a refusal", k, err)
			}
		}
		many := make([]string, maxRestoreKeys+1)
		for i := range many {
			many[i] = main
		}
		if _, err := s.Load(ctx, many...); err == nil || errors.Is(err, errMiss) {
			t.Errorf("Load of %d keys = %v, want a refusal", len(many), err)
		}
	})
}
