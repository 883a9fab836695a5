package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/docbridge/docbridge/internal/atomicfile"
	"github.com/docbridge/docbridge/internal/enrich/pack"
)

// cacheKey is the agent-call cache key of one pack: the task, the role,
// the agent's identity and version, the prompt version, the capabilities
// asked for and the pack's hash. Anything else that could change an
// answer moves the pack hash.
func cacheKey(req Request, id Identity, packHash string) string {
	caps := slices.Clone(req.Capabilities)
	slices.Sort(caps)
	d := xxhash.New()
	parts := append([]string{"agent-cache/v1", req.Task, req.Role, id.ID, id.Version, id.Model, id.Provider,
		req.PromptVersion, packHash}, caps...)
	for _, s := range parts {
		fmt.Fprintf(d, "%d:%s;", len(s), s) // length-prefixed: no two lists hash alike
	}
	return fmt.Sprintf("%016x", d.Sum64())
}

// Entry is what the cache holds for one pack: the raw proposals the agent
// returned about the pack's target. An empty list is cached silence.
type Entry struct {
	Proposals []json.RawMessage `json:"proposals"`
	// Judgements mirror Response's, so an answer converts to an entry;
	// the cache keeps curate answers only, where it is always empty.
	Judgements []json.RawMessage `json:"judgements,omitempty"`
}

// Store keeps cache entries by key.
type Store interface {
	Get(key string) (Entry, bool)
	Put(key string, e Entry) error
}

// CacheStats count what a cached agent did: packs answered from the cache
// (Hits) or asked (Misses), calls to the agent behind it, and entries that
// could not be stored (the cache is an optimisation; a failed write only
// costs a call next time).
type CacheStats struct {
	Hits        int `json:"hits"`
	Misses      int `json:"misses"`
	Calls       int `json:"calls"`
	StoreErrors int `json:"storeErrors"`
}

// CachedAgent is an Agent answering from a Store where it can and asking
// the agent behind it for the rest.
type CachedAgent struct {
	agent Agent
	store Store
	stats CacheStats
	// StoreErr is the first error storing an entry, if any.
	StoreErr error
}

// Cached wraps a with the cache s: packs whose key is stored are answered
// from it, the others are asked in one call, and each answered pack's
// proposals are stored, an empty list included. So an unchanged repository
// makes no call, and a changed document re-asks only the packs whose hash
// moved. Proposals whose entity is none of the asked packs' targets are
// returned but not stored. Skipped packs (see Incomplete) are not stored,
// so the next run asks them again.
//
// A stored proposal is answered with the request's baseSnapshotHash: the
// pack it answers is unchanged, so it stands on the new snapshot as it
// stood on the old one (the proposal id does not cover the base).
func Cached(a Agent, s Store) *CachedAgent { return &CachedAgent{agent: a, store: s} }

// Identity implements Agent: the identity of the agent behind the cache.
func (c *CachedAgent) Identity() Identity { return c.agent.Identity() }

// Stats returns the counts so far.
func (c *CachedAgent) Stats() CacheStats { return c.stats }

// Ask implements Agent. The answer lists proposals in pack order whether
// they came from the cache or the agent, then those matching no pack.
func (c *CachedAgent) Ask(ctx context.Context, req Request) (Response, error) {
	id := c.agent.Identity()
	byPack := make([][]json.RawMessage, len(req.Packs))
	var misses []pack.Pack
	missAt := map[string]int{} // target id → index in req.Packs
	for i, p := range req.Packs {
		if e, ok := c.store.Get(cacheKey(req, id, p.PackHash)); ok {
			byPack[i] = rebase(e.Proposals, req.BaseSnapshotHash)
			c.stats.Hits++
			continue
		}
		misses = append(misses, p)
		missAt[p.Target.ID] = i
	}
	c.stats.Misses += len(misses)
	var extra []json.RawMessage
	var askErr error
	if len(misses) > 0 {
		asked := req
		asked.Packs = misses
		c.stats.Calls++
		resp, err := c.agent.Ask(ctx, asked)
		var inc *Incomplete
		if err != nil && !errors.As(err, &inc) {
			inc = &Incomplete{Skipped: skipAll(misses, skipAgentFailed), Err: err}
			resp = Response{}
		}
		skipped := map[string]bool{}
		if inc != nil {
			for _, s := range inc.Skipped {
				skipped[s.Target] = true
			}
			askErr = inc
		}
		got := map[string][]json.RawMessage{}
		for _, raw := range resp.Proposals {
			if i, ok := missAt[proposalEntity(raw)]; ok {
				got[req.Packs[i].Target.ID] = append(got[req.Packs[i].Target.ID], raw)
				continue
			}
			extra = append(extra, raw)
		}
		for _, p := range misses {
			if skipped[p.Target.ID] {
				continue
			}
			ps := got[p.Target.ID]
			if ps == nil {
				ps = []json.RawMessage{}
			}
			byPack[missAt[p.Target.ID]] = ps
			if err := c.store.Put(cacheKey(req, id, p.PackHash), Entry{Proposals: ps}); err != nil {
				c.stats.StoreErrors++
				if c.StoreErr == nil {
					c.StoreErr = err
				}
			}
		}
	}
	out := Response{Proposals: []json.RawMessage{}}
	for _, ps := range byPack {
		out.Proposals = append(out.Proposals, ps...)
	}
	out.Proposals = append(out.Proposals, extra...)
	return out, askErr
}

// rebase sets each proposal's baseSnapshotHash to base, leaving proposals
// that are not objects, or have none, as they are.
func rebase(ps []json.RawMessage, base string) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(ps))
	for _, raw := range ps {
		var m map[string]json.RawMessage
		if base == "" || json.Unmarshal(raw, &m) != nil || m["baseSnapshotHash"] == nil {
			out = append(out, raw)
			continue
		}
		b, _ := json.Marshal(base)
		m["baseSnapshotHash"] = b
		if re, err := json.Marshal(m); err == nil {
			raw = re
		}
		out = append(out, raw)
	}
	return out
}

// maxEntryBytes bounds a stored entry read back; a larger file is a miss.
const maxEntryBytes = 16 << 20

// cacheKeyPattern is the shape of cacheKey; other names in the directory
// are not entries.
var cacheKeyPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

// DirStore is a Store of one file per entry, <dir>/<key>.json, holding
// the entry as an answer ({"proposals": [...]}). Entries are written once
// (atomically) and never replaced; one that is unreadable, oversized or
// malformed is a miss. Keep one directory per agent (CacheDir), so that
// Prune only forgets that agent's entries.
type DirStore struct {
	dir  string
	used map[string]bool
}

// OpenDir returns the store in dir, created on the first Put.
func OpenDir(dir string) *DirStore { return &DirStore{dir: dir, used: map[string]bool{}} }

// CacheDir is the directory of one agent's entries below root: a
// readable, bounded form of the agent's id and a hash of its identity.
func CacheDir(root string, id Identity) string {
	slug := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, id.ID)
	if len(slug) > 40 {
		slug = slug[:40]
	}
	raw, _ := json.Marshal(id)
	return filepath.Join(root, fmt.Sprintf("%s-%016x", slug, xxhash.Sum64(raw)))
}

// Get implements Store.
func (s *DirStore) Get(key string) (Entry, bool) {
	if !cacheKeyPattern.MatchString(key) {
		return Entry{}, false
	}
	f, err := os.Open(filepath.Join(s.dir, key+".json"))
	if err != nil {
		return Entry{}, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxEntryBytes+1))
	if err != nil || len(data) > maxEntryBytes {
		return Entry{}, false
	}
	r, err := parseAnswer(data)
	if err != nil {
		return Entry{}, false
	}
	s.used[key] = true
	return Entry(r), true
}

// Put implements Store.
func (s *DirStore) Put(key string, e Entry) error {
	if !cacheKeyPattern.MatchString(key) {
		return fmt.Errorf("agent cache: %q is not a cache key", key)
	}
	if e.Proposals == nil {
		e.Proposals = []json.RawMessage{}
	}
	data, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("agent cache: %w", err)
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return fmt.Errorf("agent cache: %w", err)
	}
	s.used[key] = true
	if err := atomicfile.Create(filepath.Join(s.dir, key+".json"), data); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("agent cache: %w", err)
	}
	return nil
}

// Prune removes the entries this store neither read nor wrote, and
// returns how many. Call it after a complete run, so the directory holds
// what the repository needs now and no more.
func (s *DirStore) Prune() (int, error) {
	ents, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("agent cache: %w", err)
	}
	removed := 0
	for _, e := range ents {
		key, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !cacheKeyPattern.MatchString(key) || s.used[key] || !e.Type().IsRegular() {
			continue
		}
		if err := os.Remove(filepath.Join(s.dir, e.Name())); err != nil {
			return removed, fmt.Errorf("agent cache: %w", err)
		}
		removed++
	}
	return removed, nil
}
