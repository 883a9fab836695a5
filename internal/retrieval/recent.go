package retrieval

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// Recent lists documents by modification time (newest first, ties by
// path) for a blank query; modified returns a document's last commit time
// (or file time) — the CLI supplies it. Documents whose time is unknown
// come last. limit ≤ 0 means DefaultLimit; it is capped at MaxLimit.
func (ix *Index) Recent(limit int, modified func(path string) (int64, bool)) Results {
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	type doc struct {
		e     *Entry
		t     int64
		known bool
	}
	var docs []doc
	for i := range ix.entries {
		e := &ix.entries[i]
		if e.Kind != snapshot.KindDocument {
			continue
		}
		d := doc{e: e}
		if modified != nil {
			d.t, d.known = modified(e.Path)
		}
		docs = append(docs, d)
	}
	slices.SortFunc(docs, func(a, b doc) int {
		if a.known != b.known {
			if a.known {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(b.t, a.t); c != 0 {
			return c
		}
		if c := strings.Compare(a.e.Path, b.e.Path); c != 0 {
			return c
		}
		return strings.Compare(a.e.ID, b.e.ID)
	})
	res := Results{Hits: []Hit{}, Total: len(docs), Recent: true}
	for _, d := range docs[:min(len(docs), limit)] {
		h := Hit{ID: d.e.ID, Kind: d.e.Kind, Path: d.e.Path, Title: d.e.Title}
		if d.known {
			h.Modified = d.t
		}
		res.Hits = append(res.Hits, h)
	}
	res.Cut = res.Total - len(res.Hits)
	return res
}
