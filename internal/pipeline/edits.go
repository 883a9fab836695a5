package pipeline

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/fix"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/scan"
)

// maxEditedFileBytes bounds a document read to locate its edits; a larger
// one keeps its edits unlocated.
const maxEditedFileBytes = 64 << 20

// locateEdits sets the columns of every edit among ds (finding.Edit.Columns)
// from the documents under dir as they are now, so that the reports carry
// where each rewrite lands; files caches the documents read (nil for one
// that cannot be read or passes maxEditedFileBytes, whose edits stay
// unlocated). ds's edits are replaced, never written through: a
// diagnostic's edits may be shared with another list's copy.
func locateEdits(dir string, files map[string][]byte, ds []finding.Diagnostic) {
	var root *os.Root
	defer func() {
		if root != nil {
			root.Close()
		}
	}()
	for i := range ds {
		if len(ds[i].Edits) == 0 {
			continue
		}
		edits := slices.Clone(ds[i].Edits)
		for j := range edits {
			e := &edits[j]
			src, ok := files[e.Path]
			if !ok {
				if root == nil {
					var err error
					if root, err = os.OpenRoot(dir); err != nil {
						return
					}
				}
				src = readEdited(root, e.Path)
				files[e.Path] = src
			}
			e.Columns = nil
			if cols := fix.Locate(src, *e); len(cols) > 0 {
				e.Columns = cols
			}
		}
		ds[i].Edits = edits
	}
}

// readEdited reads the document at p inside root, nil when it cannot or
// it is larger than maxEditedFileBytes.
func readEdited(root *os.Root, p string) []byte {
	data, err := ReadRepoFile(root, p, maxEditedFileBytes+1)
	if err != nil || len(data) > maxEditedFileBytes {
		return nil
	}
	return data
}

// Verify judges the tree again with the documents in edited (path →
// bytes) replacing the head's, and returns nil when d is gone and no
// finding appears that the head did not have — an edit that fixes d and
// breaks nothing else — else why not. Only Markdown documents can be
// judged as edited.
func (o *Outcome) Verify(d finding.Diagnostic, edited map[string][]byte) error {
	if o.Store == nil {
		return errors.New("no scan to judge again")
	}
	store := o.Store
	paths := slices.Sorted(maps.Keys(edited))
	for _, p := range paths {
		var err error
		if store, err = scan.WithDocument(store, p, edited[p]); err != nil {
			return err
		}
	}
	snap, err := scan.Rebuild(store)
	if err != nil {
		return err
	}
	in := o.input
	in.Head = snap
	in.Signals = graph.Compute(snap, reconcile.SignalOptions(o.Config, o.Base))
	before := map[string]bool{}
	for _, b := range o.judged {
		before[b.ID] = true
	}
	for _, a := range reconcile.Run(in) {
		if a.ID == d.ID {
			return fmt.Errorf("%s is still reported after the edit", d.Code)
		}
		if !before[a.ID] {
			at := a.Primary()
			return fmt.Errorf("the edit would add %s at %s:%d (%s)", a.Code, at.Path, at.Line, a.Message)
		}
	}
	return nil
}
