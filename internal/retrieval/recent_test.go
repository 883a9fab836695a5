package retrieval

import (
	"slices"
	"testing"
)

func TestRecent(t *testing.T) {
	entries := []Entry{
		coreDoc("b.md", "B", ""), coreDoc("a.md", "A", ""), coreDoc("c.md", "C", ""),
		coreDoc("old.md", "Old", ""), coreDoc("nodate.md", "No date", ""), coreDoc("nodate0.md", "No date", ""),
		coreModule("new.go"),
	}
	times := map[string]int64{"a.md": 200, "b.md": 200, "c.md": 300, "old.md": 100, "new.go": 999}
	modified := func(p string) (int64, bool) { t, ok := times[p]; return t, ok }
	ix := coreIndex(entries)
	r := ix.Recent(0, modified)
	want := []string{"document:c.md", "document:a.md", "document:b.md", "document:old.md", "document:nodate.md", "document:nodate0.md"}
	if !slices.Equal(hitIDs(r), want) || !r.Recent || r.Total != 6 || r.Cut != 0 {
		t.Fatalf("recent = %v (total %d, recent %v), want %v", hitIDs(r), r.Total, r.Recent, want)
	}
	if r.Hits[0].Modified != 300 || r.Hits[4].Modified != 0 {
		t.Errorf("modified times: %+v", r.Hits)
	}
	r = ix.Recent(2, modified)
	if !slices.Equal(hitIDs(r), want[:2]) || r.Total != 6 || r.Cut != 4 {
		t.Errorf("limit 2: %v total %d cut %d", hitIDs(r), r.Total, r.Cut)
	}
	r = ix.Recent(3, nil)
	if !slices.Equal(hitIDs(r), []string{"document:a.md", "document:b.md", "document:c.md"}) {
		t.Errorf("without times the order is by path: %v", hitIDs(r))
	}
}
