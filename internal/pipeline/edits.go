package pipeline

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

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
	return o.judgeEdited([]finding.Diagnostic{d}, edited)
}

// VerifyAll judges the tree once with the documents in edited holding the
// edits of every finding of ds, and returns nil only when that shows what
// Verify would say of each alone: each finding's edits remove it and add
// none. It answers only for edits that cannot meet (independent); for any
// others, or when the edits together fail, it says why not, and the
// caller verifies the findings one by one to learn which.
func (o *Outcome) VerifyAll(ds []finding.Diagnostic, edited map[string][]byte) error {
	if err := o.independent(ds); err != nil {
		return err
	}
	return o.judgeEdited(ds, edited)
}

// independent says why the edits of ds could meet — one's verdict alone
// differ from the verdict of all together — or nil when they cannot:
// every edit rewrites only a link's #fragment, so each link still points
// at the same document (no relation of the graph changes and no other
// reference resolves differently), and no two findings share a code, file
// and subject, so that removing one never renumbers another's id (a
// finding's id is its ordinal among those, reconcile's fingerprint). What
// such an edit changes is then its own reference's findings alone.
func (o *Outcome) independent(ds []finding.Diagnostic) error {
	type subject struct{ code, path, key string }
	judged := make(map[string]*finding.Diagnostic, len(o.judged))
	for i := range o.judged {
		judged[o.judged[i].ID] = &o.judged[i]
	}
	seen := make(map[subject]bool, len(ds))
	for _, d := range ds {
		h := judged[d.ID]
		if h == nil {
			return fmt.Errorf("%s %s is not a finding of the head", d.Code, d.ID)
		}
		for _, e := range h.Edits {
			if !fragmentOnly(e) {
				return fmt.Errorf("the edit of %s on %s:%d rewrites more than a link's #fragment", h.Code, e.Path, e.Line)
			}
		}
		k := subject{h.Code, h.Primary().Path, h.Subject}
		if seen[k] {
			return fmt.Errorf("two %s findings in %s share their subject", h.Code, k.path)
		}
		seen[k] = true
	}
	return nil
}

// fragmentOnly reports whether e rewrites a link's #fragment and nothing
// before it.
func fragmentOnly(e finding.Edit) bool {
	oldTarget, _, ok1 := strings.Cut(e.Old, "#")
	newTarget, _, ok2 := strings.Cut(e.New, "#")
	return e.Kind == finding.EditLink && ok1 && ok2 && oldTarget == newTarget
}

// judgeEdited judges the tree again with the documents in edited
// replacing the head's, and returns nil when every finding of ds is gone
// and no finding appears that the head did not have, else why not.
func (o *Outcome) judgeEdited(ds []finding.Diagnostic, edited map[string][]byte) error {
	in, err := o.editedInput(edited)
	if err != nil {
		return err
	}
	before := map[string]bool{}
	for _, b := range o.judged {
		before[b.ID] = true
	}
	fixed := make(map[string]bool, len(ds))
	for _, d := range ds {
		fixed[d.ID] = true
	}
	for _, a := range reconcile.Run(in) {
		if fixed[a.ID] {
			return fmt.Errorf("%s is still reported after the edit", a.Code)
		}
		if !before[a.ID] {
			at := a.Primary()
			return fmt.Errorf("the edit would add %s at %s:%d (%s)", a.Code, at.Path, at.Line, a.Message)
		}
	}
	return nil
}

// editedInput is the reconciliation's input for the tree with the
// documents in edited replacing the head's.
func (o *Outcome) editedInput(edited map[string][]byte) (reconcile.Input, error) {
	if o.Store == nil {
		return reconcile.Input{}, errors.New("no scan to judge again")
	}
	store := o.Store
	for _, p := range slices.Sorted(maps.Keys(edited)) {
		var err error
		if store, err = scan.WithDocument(store, p, edited[p]); err != nil {
			return reconcile.Input{}, err
		}
	}
	// Judged and dropped: its content hash would be read by nothing.
	snap, err := scan.RebuildUnhashed(store)
	if err != nil {
		return reconcile.Input{}, err
	}
	in := o.input
	in.Head = snap
	// The head's signals when the edits change no relation they walk (a
	// link's #fragment changes none), else computed again.
	in.Signals = graph.Reuse(o.Signals, snap, reconcile.SignalOptions(o.Config, o.Base))
	return in, nil
}
