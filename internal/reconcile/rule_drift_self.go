package reconcile

import (
	"fmt"
	"path"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// driftSelfLinks reports the links of moved document d (bd in the base)
// that named the document itself by its path: `guide.md`,
// `guide.md#setup`. The scan records no relation from a document to
// itself (it is a same-document anchor), so the base holds none for them
// to drift from; yet the change moved their target, the document, and
// the link names nothing now. Each is a DRIFT_LINK to the document's
// head path, which `fix` writes, as for any link whose target was found
// again by its content.
func driftSelfLinks(v *view, d, bd *document) []draft {
	var out []draft
	for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
		if to := v.entity(r.To); to == nil || to.Kind != snapshot.KindUnresolved {
			continue
		}
		for _, ev := range r.Evidence {
			if !writtenIn(ev, d) {
				continue
			}
			dest, ok := selfLink(ev.Context, bd.Path, d.Path)
			if !ok {
				continue
			}
			out = append(out, draft{
				Code:        catalog.DriftLink,
				Evidence:    []finding.Location{{Path: d.Path, Line: ev.LineStart}, {Path: d.Path}},
				EntityIDs:   []string{d.ID, r.To, bd.ID},
				Key:         ev.Context,
				Message:     fmt.Sprintf("link `%s`: %s", ev.Context, gone(bd.Path, d.Path, true)),
				Remediation: fmt.Sprintf("Link to `%s`.", dest),
				moved: &movedRef{oldPath: bd.Path, newPath: d.Path, exact: true, kind: finding.EditLink,
					written: ev.Context, doc: d.Path, line: ev.LineStart},
				edits: []finding.Edit{{Path: d.Path, Line: ev.LineStart, Kind: finding.EditLink, Old: ev.Context, New: dest}},
			})
		}
	}
	return out
}

// selfLink reports whether link destination dest, written in the base
// document at basePath, named that document itself, and returns it
// rewritten to name the document at headPath from there: a relative link
// by the document's own name ("./" kept), a link from the root or a URL
// of the repository with the new path; the fragment kept.
func selfLink(dest, basePath, headPath string) (string, bool) {
	rewritten, ok := linkEdit(basePath, dest, basePath, headPath)
	if !ok || strings.Contains(dest, "://") || strings.HasPrefix(dest, "/") {
		return rewritten, ok
	}
	rel := path.Base(headPath)
	if strings.HasPrefix(dest, "./") {
		rel = "./" + rel
	}
	return rel + fragment(dest), true
}
