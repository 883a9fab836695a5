package cache

import (
	"context"
	"errors"
	"testing"
)

// restoreText and persistText are RestoreState and Persist with the
// warning as its text, "" for none: most tests judge what a person reads.
func restoreText(ctx context.Context, s Store, keys []string) (Restored, string) {
	r, w := RestoreState(ctx, s, keys)
	return r, w.String()
}

func persistText(ctx context.Context, s Store, key string, data []byte) string {
	return Persist(ctx, s, key, data).String()
}

// kindStore answers every call with err.
type kindStore struct{ err error }

func (k kindStore) Load(context.Context, ...string) (Entry, error) { return Entry{}, k.err }
func (k kindStore) Save(context.Context, string, []byte) error     { return k.err }

// TestWarningKinds: each way the cache is not used has its kind, so the
// caller can tell a first run's miss from an outage.
func TestWarningKinds(t *testing.T) {
	keys := []string{"docbridge-v1-p-c-main.1-"}
	for _, tc := range []struct {
		name    string
		store   Store
		restore WarningKind
		persist WarningKind
	}{
		{"no store", nil, unavailable, unavailable},
		{"miss", kindStore{errMiss}, Miss, failed},
		{"exists", kindStore{errExists}, failed, exists},
		{"outage", kindStore{errors.New("HTTP 503")}, failed, failed},
	} {
		if _, w := RestoreState(context.Background(), tc.store, keys); w == nil || w.Kind != tc.restore {
			t.Errorf("%s: restore warning %+v, want kind %d", tc.name, w, tc.restore)
		}
		if w := Persist(context.Background(), tc.store, "docbridge-v1-p-c-main.1-7-1", []byte("x")); w == nil || w.Kind != tc.persist {
			t.Errorf("%s: persist warning %+v, want kind %d", tc.name, w, tc.persist)
		}
	}
	var none *Warning
	if none.String() != "" {
		t.Error("no warning reads as nothing")
	}
}
