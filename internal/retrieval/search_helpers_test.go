package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// coreIndex indexes hand-made entries; rels are {kind, from, to}.
func coreIndex(entries []Entry, rels ...[3]string) *Index {
	p := &Projection{Entries: slices.Clone(entries)}
	slices.SortFunc(p.Entries, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
	p.Hash = projectionHash(p.Entries)
	s := &snapshot.Snapshot{}
	for _, r := range rels {
		s.Relations = append(s.Relations, snapshot.Relation{ID: snapshot.RelationID(r[0], r[1], r[2]), Kind: r[0], From: r[1], To: r[2]})
	}
	return NewIndex(p, s)
}

// coreDoc is a document entry at path p.
func coreDoc(p, title, body string) Entry {
	return Entry{ID: snapshot.EntityID(snapshot.KindDocument, p), Kind: snapshot.KindDocument, Path: p, Title: title, Body: body}
}

// coreModule is a module entry at path p exporting symbols.
func coreModule(p string, symbols ...string) Entry {
	return Entry{ID: snapshot.EntityID(snapshot.KindModule, p), Kind: snapshot.KindModule, Path: p, Title: filepath.Base(p), Symbols: symbols}
}

// coreFiller returns n unrelated documents, so that idf is meaningful.
func coreFiller(n int) []Entry {
	out := make([]Entry, n)
	words := []string{"lorem", "ipsum", "dolor", "amet", "consectetur", "adipiscing", "elit", "sed"}
	for i := range out {
		out[i] = coreDoc("filler/f"+string(rune('a'+i%26))+string(rune('a'+i/26))+".md", words[i%len(words)]+" page", words[(i+3)%len(words)]+" "+words[(i+5)%len(words)])
	}
	return out
}

// hitIDs lists the hits' ids in rank order.
func hitIDs(r Results) []string {
	out := make([]string, len(r.Hits))
	for i, h := range r.Hits {
		out[i] = h.ID
	}
	return out
}

// rankOf is the 0-based rank of id in r, -1 when absent.
func rankOf(r Results, id string) int { return slices.Index(hitIDs(r), id) }

// coreScan scans dir (testdata/core-repo or a copy) with its graph signals
// and a body reader.
func coreScan(t testing.TB, dir string) (*snapshot.Snapshot, *graph.Signals, func(string) []byte) {
	t.Helper()
	res, err := scan.Scan(context.Background(), dir, config.Default(), scan.Options{})
	if err != nil {
		t.Fatalf("scan %s: %v", dir, err)
	}
	body := func(p string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			return nil
		}
		return b
	}
	return res.Snapshot, graph.Compute(res.Snapshot, graph.Options{}), body
}

const coreRepoDir = "testdata/core-repo"

// corePos is the index position of the entry with id (-1 when absent).
func corePos(ix *Index, id string) int32 {
	for i := range ix.entries {
		if ix.entries[i].ID == id {
			return int32(i)
		}
	}
	return -1
}
