package agent

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// maxArchiveBytes bounds an archived cache (the action keeps it in the
// Actions cache beside the scan state): a larger one is refused whole.
const maxArchiveBytes = 64 << 20

// MapStore is a Store in memory, read from and written to one archive: the
// form the action keeps the agent-call cache in between runs. It records
// which entries a run used, so that Archive keeps only those.
type MapStore struct {
	entries map[string]Entry
	used    map[string]bool
}

// NewMapStore returns an empty store.
func NewMapStore() *MapStore {
	return &MapStore{entries: map[string]Entry{}, used: map[string]bool{}}
}

// Get implements Store.
func (m *MapStore) Get(key string) (Entry, bool) {
	e, ok := m.entries[key]
	if ok {
		m.used[key] = true
	}
	return e, ok
}

// Put implements Store.
func (m *MapStore) Put(key string, e Entry) error {
	if !cacheKeyPattern.MatchString(key) {
		return fmt.Errorf("agent cache: %q is not a cache key", key)
	}
	if e.Proposals == nil {
		e.Proposals = []json.RawMessage{}
	}
	m.entries[key], m.used[key] = e, true
	return nil
}

// archive is the archive's shape: entries by key.
type archive struct {
	Entries map[string]Entry `json:"entries"`
}

// Archive encodes the entries this run read or wrote (all of them when
// all is set), keys sorted: the same entries give the same bytes.
func (m *MapStore) Archive(all bool) ([]byte, error) {
	out := archive{Entries: map[string]Entry{}}
	for _, k := range slices.Sorted(maps.Keys(m.entries)) {
		if all || m.used[k] {
			out.Entries[k] = m.entries[k]
		}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("agent cache: %w", err)
	}
	return data, nil
}

// ReadArchive decodes an archive as untrusted input: bounded, every key of
// cacheKey's shape, every entry an answer parseAnswer accepts. Anything
// else refuses the whole archive (the run then asks every pack).
func ReadArchive(data []byte) (*MapStore, error) {
	if len(data) > maxArchiveBytes {
		return nil, fmt.Errorf("agent cache archive: %d bytes, more than %d", len(data), maxArchiveBytes)
	}
	var a struct {
		Entries map[string]json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("agent cache archive: %w", err)
	}
	m := NewMapStore()
	for k, raw := range a.Entries {
		if !cacheKeyPattern.MatchString(k) {
			return nil, fmt.Errorf("agent cache archive: %q is not a cache key", k)
		}
		r, err := parseAnswer(raw)
		if err != nil {
			return nil, fmt.Errorf("agent cache archive: entry %s: %w", k, err)
		}
		m.entries[k] = Entry(r)
	}
	return m, nil
}
