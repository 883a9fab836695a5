package reconcile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestKnowledgeTwins(t *testing.T) {
	doc := func(area, keywords, title, body string) string {
		return "---\nArea: " + area + "\nKeywords: [" + keywords + "]\nSummary: s\n---\n\n# " + title + "\n\n" + body + "\n"
	}
	dir := t.TempDir()
	files := map[string]string{
		"docs/cache/eviction.md": doc("cache", "cache, eviction", "Cache eviction of stale entries", "## Facts\n\nOld entries go."),
		// Same declared area, every identity term in the first: a twin,
		// wherever it lives under the root.
		"docs/evicting-cache-entries.md": doc("Cache", "eviction, stale, entries", "Stale entries eviction", "## Facts\n\nIt evicts."),
		// Same title terms, another declared area: not a twin.
		"docs/store/eviction.md": doc("store", "cache, eviction", "Cache eviction of stale entries", "## Facts\n\nThe store's cache."),
		// Same area, a distinct subject.
		"docs/cache/sizing.md": doc("cache", "cache, sizing, memory", "Sizing the cache memory", "## Facts\n\nHow big."),
		// Outside the root: not a knowledge document.
		"notes/cache-eviction.md": doc("cache", "cache, eviction", "Cache eviction by age", ""),
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, cfg := scanDir(t, dir)
	got := KnowledgeTwins(s, cfg, "docs/evicting-cache-entries.md")
	if len(got) != 1 || got[0].Path != "docs/cache/eviction.md" || got[0].Area != "Cache" || got[0].Message == "" {
		t.Fatalf("twins %+v, want the cache eviction record", got)
	}
	if got := KnowledgeTwins(s, cfg, "docs/cache/sizing.md"); len(got) != 0 {
		t.Errorf("a distinct subject has no twin: %+v", got)
	}
	if got := KnowledgeTwins(s, cfg, "docs/store/eviction.md"); len(got) != 0 {
		t.Errorf("another area's record is no twin: %+v", got)
	}
	if got := KnowledgeTwins(s, cfg, "notes/cache-eviction.md"); got != nil {
		t.Errorf("outside the root: %+v", got)
	}
}
