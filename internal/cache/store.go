package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/docbridge/docbridge/internal/state"
)

// Store keeps immutable entries under keys.
type Store interface {
	// Load returns the entry of the first key that matches: for each key in
	// order, an entry with exactly that key, else the newest entry whose key
	// starts with it. Nothing matching is errMiss.
	Load(ctx context.Context, keys ...string) (Entry, error)
	// Save stores data under key; a taken key is errExists.
	Save(ctx context.Context, key string, data []byte) error
}

// Entry is one stored entry.
type Entry struct {
	// Key is the key the entry was saved under (the one that matched).
	Key string
	// Data is what was saved.
	Data []byte
}

var (
	// errMiss is returned by Load when no entry matches.
	errMiss = errors.New("cache miss")
	// errExists is returned by Save when the key is taken: entries are
	// immutable.
	errExists = errors.New("cache entry exists")
)

const (
	// maxKeyLen is the Actions cache's bound on a key.
	maxKeyLen = 512
	// maxRestoreKeys bounds the keys one Load may try (the primary key and
	// the restore prefixes), as actions/cache does.
	maxRestoreKeys = 10
)

// checkKey refuses a key that no Actions cache would take: empty, too long,
// with a comma (v1 sends the keys comma-separated) or a control character.
func checkKey(key string) error {
	switch {
	case key == "":
		return errors.New("empty cache key")
	case len(key) > maxKeyLen:
		return fmt.Errorf("cache key of %d bytes, the bound is %d", len(key), maxKeyLen)
	case strings.Contains(key, ","):
		return fmt.Errorf("cache key %q has a comma", key)
	case strings.ContainsFunc(key, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return fmt.Errorf("cache key %q has a control character", key)
	}
	return nil
}

// checkKeys validates the keys of one Load.
func checkKeys(keys []string) error {
	if len(keys) == 0 {
		return errors.New("no cache key to load")
	}
	if len(keys) > maxRestoreKeys {
		return fmt.Errorf("%d cache keys, the bound is %d", len(keys), maxRestoreKeys)
	}
	for _, k := range keys {
		if err := checkKey(k); err != nil {
			return err
		}
	}
	return nil
}

// maxBytesOr returns n, or the state's own bound when n is not positive.
func maxBytesOr(n int64) int64 {
	if n <= 0 {
		return state.DefaultMaxBytes
	}
	return n
}

// tooLarge is the error for an entry over the bound.
func tooLarge(n, max int64) error {
	return fmt.Errorf("%w: %d bytes, the bound is %d", state.ErrTooLarge, n, max)
}

// boundedBuffer collects at most max bytes and fails the write that would
// cross the bound, so an oversized download stops there instead of filling
// memory.
type boundedBuffer struct {
	buf []byte
	max int64
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if int64(len(b.buf))+int64(len(p)) > b.max {
		return 0, tooLarge(int64(len(b.buf))+int64(len(p)), b.max)
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// readBounded reads r whole, refusing more than max bytes.
func readBounded(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w: more than %d bytes", state.ErrTooLarge, max)
	}
	return data, nil
}
