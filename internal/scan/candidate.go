package scan

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/snapshot"
)

// WithDocument returns a copy of store in which the Markdown document at
// the repository path p holds data, extracted as a scan extracts it, and
// its directories are listed: Rebuild of the copy is the snapshot a scan
// would give once the document is written (as long as nothing ignores or
// excludes p). It judges a document before it is written, without
// touching the tree; store is not changed.
func WithDocument(store *Store, p string, data []byte) (*Store, error) {
	cfg := store.Tree.Config
	if cfg == nil {
		return nil, fmt.Errorf("judge %s: the store holds no configuration", p)
	}
	if classify(p) != kindMarkdown || !enabled(cfg, kindMarkdown) {
		return nil, fmt.Errorf("judge %s: not a Markdown document the scan reads", p)
	}
	x := Extraction{Path: p, Analyzer: kindMarkdown.Kind(), Hash: contentHash(kindMarkdown, data)}
	e := newExtractor(cfg)
	defer e.close()
	e.analyze(&x, kindMarkdown, data)

	out := &Store{Header: store.Header, Tree: store.Tree}
	i, found := slices.BinarySearchFunc(store.Extractions, p, func(x Extraction, p string) int { return strings.Compare(x.Path, p) })
	out.Extractions = slices.Clone(store.Extractions)
	if found {
		out.Extractions[i] = x
	} else {
		out.Extractions = slices.Insert(out.Extractions, i, x)
	}
	dirs := slices.Clone(store.Tree.Dirs)
	for d := path.Dir(p); ; d = path.Dir(d) {
		if j, ok := slices.BinarySearch(dirs, d); !ok {
			dirs = slices.Insert(dirs, j, d)
		}
		if d == "." {
			break
		}
	}
	out.Tree.Dirs = dirs
	return out, nil
}

// RebuildUnhashed is Rebuild without the content hash (ContentHash is
// empty), for a caller that needs none or has it: the snapshot of a store
// WithDocument made, which is judged and dropped (nothing that judges a
// snapshot — the graph signals, the rules — reads its hash), or of a base
// state that kept its hash.
func RebuildUnhashed(store *Store) (*snapshot.Snapshot, error) { return rebuild(store) }

// FileHash is the hash an extraction records for the file at the
// repository path p holding data (Extraction.Hash): a caller that reads a
// file again can tell whether a scan read these bytes.
func FileHash(p string, data []byte) string { return contentHash(classify(p), data) }
