package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// MemoryStore is a Store in memory.
type MemoryStore map[string]Entry

func (m MemoryStore) Get(key string) (Entry, bool) { e, ok := m[key]; return e, ok }

func (m MemoryStore) Put(key string, e Entry) error { m[key] = e; return nil }

// countingAgent answers a summary for every other pack (silence for the
// rest) and records what it was asked.
type countingAgent struct {
	calls int
	asked []string
	fail  error
}

func (a *countingAgent) Identity() Identity { return Identity{ID: "fake", Version: "1"} }

func (a *countingAgent) Ask(_ context.Context, req Request) (Response, error) {
	a.calls++
	if a.fail != nil {
		return Response{}, a.fail
	}
	out := Response{Proposals: []json.RawMessage{}}
	for _, p := range req.Packs {
		a.asked = append(a.asked, p.Target.ID)
		if strings.HasSuffix(p.Target.ID, "0.md") || strings.HasSuffix(p.Target.ID, "2.md") {
			out.Proposals = append(out.Proposals, json.RawMessage(fmt.Sprintf(`{"kind":"summarize","entity":%q}`, p.Target.ID)))
		}
	}
	return out, nil
}

// repo is a small repository: docs d0..d3, d0 linking to d1.
type repo map[string]string

func (r repo) packs(t *testing.T) []pack.Pack {
	t.Helper()
	s := &snapshot.Snapshot{}
	files := fstest.MapFS{}
	var paths []string
	for p := range r {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		files[p] = &fstest.MapFile{Data: []byte(r[p])}
		s.Entities = append(s.Entities, snapshot.Entity{ID: "document:" + p, Kind: snapshot.KindDocument, Name: p, Path: p,
			Provenance: snapshot.Observed, Evidence: []snapshot.Evidence{{Source: "scan", Path: p, ContentHash: snapshot.HashBytes([]byte(r[p]))}}})
	}
	s.Relations = []snapshot.Relation{{ID: "links-to:document:docs/d0.md->document:docs/d1.md", Kind: snapshot.RelLinksTo,
		From: "document:docs/d0.md", To: "document:docs/d1.md", Provenance: snapshot.Observed}}
	packs, err := pack.Build(pack.Input{Snapshot: s, Files: files, TargetHash: enrich.TargetHash})
	if err != nil {
		t.Fatal(err)
	}
	return packs
}

func TestCachedUnchangedRepositoryMakesNoCall(t *testing.T) {
	dir := t.TempDir()
	r := repo{"docs/d0.md": "# Zero\n", "docs/d1.md": "# One\n", "docs/d2.md": "# Two\n", "docs/d3.md": "# Three\n"}
	fake := &countingAgent{}
	run := func() (Response, CacheStats) {
		// A new store per run, as a new process would open it.
		c := Cached(fake, OpenDir(dir))
		resp, err := c.Ask(context.Background(), testRequest(r.packs(t)))
		if err != nil {
			t.Fatal(err)
		}
		return resp, c.Stats()
	}
	first, st := run()
	if fake.calls != 1 || st.Misses != 4 || st.Hits != 0 || len(first.Proposals) != 2 {
		t.Fatalf("first run: calls %d, stats %+v, %d proposals", fake.calls, st, len(first.Proposals))
	}
	second, st := run()
	if fake.calls != 1 || st.Hits != 4 || st.Misses != 0 || st.Calls != 0 {
		t.Fatalf("unchanged repository: calls %d, stats %+v", fake.calls, st)
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(second)
	if string(a) != string(b) {
		t.Fatalf("cached answer differs:\n%s\n%s", a, b)
	}

	// Edit d1: its pack moves, and so does d0's (d1 is its neighbour); d2
	// and d3 stay cached.
	r["docs/d1.md"] = "# One, edited\n"
	fake.asked = nil
	_, st = run()
	slices.Sort(fake.asked)
	if fake.calls != 2 || strings.Join(fake.asked, ",") != "document:docs/d0.md,document:docs/d1.md" || st.Hits != 2 {
		t.Fatalf("after one edit: calls %d, asked %v, stats %+v", fake.calls, fake.asked, st)
	}
}

func TestCachedKeepsNothingForAFailedCall(t *testing.T) {
	store := MemoryStore{}
	fake := &countingAgent{fail: fmt.Errorf("%w: boom", errFailed)}
	r := repo{"docs/d0.md": "x", "docs/d1.md": "y"}
	c := Cached(fake, store)
	_, err := c.Ask(context.Background(), testRequest(r.packs(t)))
	var inc *Incomplete
	if !errors.As(err, &inc) || !errors.Is(err, errFailed) || len(inc.Skipped) != 2 {
		t.Fatalf("err = %v", err)
	}
	if len(store) != 0 {
		t.Fatalf("a failed call stored %d entries", len(store))
	}
	fake.fail = nil
	if _, err := Cached(fake, store).Ask(context.Background(), testRequest(r.packs(t))); err != nil || fake.calls != 2 {
		t.Fatalf("the next run did not ask again: calls %d, %v", fake.calls, err)
	}
}

// partialAgent answers the first pack and skips the rest for budget.
type partialAgent struct{ countingAgent }

func (a *partialAgent) Ask(ctx context.Context, req Request) (Response, error) {
	first := req
	first.Packs = req.Packs[:1]
	resp, _ := a.countingAgent.Ask(ctx, first)
	return resp, &Incomplete{Skipped: skipAll(req.Packs[1:], SkipBudgetRequests)}
}

func TestCachedStoresOnlyAnsweredPacks(t *testing.T) {
	store := MemoryStore{}
	r := repo{"docs/d0.md": "x", "docs/d1.md": "y", "docs/d2.md": "z"}
	_, err := Cached(&partialAgent{}, store).Ask(context.Background(), testRequest(r.packs(t)))
	var inc *Incomplete
	if !errors.As(err, &inc) || len(inc.Skipped) != 2 {
		t.Fatalf("err = %v", err)
	}
	if len(store) != 1 {
		t.Fatalf("stored %d entries, want the one answered pack", len(store))
	}
}

func TestCacheKeyCoversItsParts(t *testing.T) {
	req := testRequest(nil)
	id := Identity{ID: "a", Version: "1"}
	base := cacheKey(req, id, "p")
	variants := map[string]string{}
	r2 := req
	r2.Task = TaskReview
	variants["task"] = cacheKey(r2, id, "p")
	r3 := req
	r3.PromptVersion = "p2"
	variants["prompt"] = cacheKey(r3, id, "p")
	variants["version"] = cacheKey(req, Identity{ID: "a", Version: "2"}, "p")
	variants["agent"] = cacheKey(req, Identity{ID: "b", Version: "1"}, "p")
	variants["pack"] = cacheKey(req, id, "q")
	for name, k := range variants {
		if k == base {
			t.Errorf("the key ignores the %s", name)
		}
	}
}

func TestDirStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "c")
	s := OpenDir(dir)
	if _, ok := s.Get("0123456789abcdef"); ok {
		t.Fatal("hit in an empty store")
	}
	if err := s.Put("0123456789abcdef", Entry{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("../../etc/passwd", Entry{}); err == nil {
		t.Fatal("a key that is a path was accepted")
	}
	e, ok := OpenDir(dir).Get("0123456789abcdef")
	if !ok || e.Proposals == nil || len(e.Proposals) != 0 {
		t.Fatalf("silence was not stored: %+v %v", e, ok)
	}
	// A malformed entry is a miss.
	if err := os.WriteFile(filepath.Join(dir, "fedcba9876543210.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Get("fedcba9876543210"); ok {
		t.Fatal("a malformed entry was a hit")
	}
	// Prune keeps what this store used and removes the rest.
	n, err := s.Prune()
	if err != nil || n != 1 {
		t.Fatalf("Prune = %d, %v", n, err)
	}
	if _, ok := OpenDir(dir).Get("0123456789abcdef"); !ok {
		t.Fatal("Prune removed a used entry")
	}
	if a, b := CacheDir("r", Identity{ID: "models:x"}), CacheDir("r", Identity{ID: "models:x", Version: "2"}); a == b || !strings.HasPrefix(filepath.Base(a), "models-x-") {
		t.Fatalf("CacheDir = %s, %s", a, b)
	}
}

// baseAgent answers one proposal per pack carrying the request's base.
type baseAgent struct{ calls int }

func (a *baseAgent) Identity() Identity { return Identity{ID: "base", Version: "1"} }

func (a *baseAgent) Ask(_ context.Context, req Request) (Response, error) {
	a.calls++
	var out Response
	for _, p := range req.Packs {
		out.Proposals = append(out.Proposals, json.RawMessage(fmt.Sprintf(`{"entity":%q,"baseSnapshotHash":%q,"proposalId":"x"}`, p.Target.ID, req.BaseSnapshotHash)))
	}
	return out, nil
}

func TestCachedAnswersWithTheRequestsBase(t *testing.T) {
	store := MemoryStore{}
	packs := repo{"docs/d0.md": "x"}.packs(t)
	a := &baseAgent{}
	req := testRequest(packs)
	req.BaseSnapshotHash = "s1"
	if _, err := Cached(a, store).Ask(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	req.BaseSnapshotHash = "s2"
	resp, err := Cached(a, store).Ask(context.Background(), req)
	if err != nil || a.calls != 1 {
		t.Fatalf("calls %d, %v", a.calls, err)
	}
	var p struct{ BaseSnapshotHash, ProposalID string }
	if err := json.Unmarshal(resp.Proposals[0], &p); err != nil || p.BaseSnapshotHash != "s2" || p.ProposalID != "x" {
		t.Fatalf("cached proposal = %s", resp.Proposals[0])
	}
}
