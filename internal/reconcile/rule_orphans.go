package reconcile

import (
	"path"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// entryStems are the file names (without extension, lower case) readers
// and tools find without a link: a directory's README or index, and the
// files GitHub and coding agents look for by name.
var entryStems = []string{"agents", "changelog", "code_of_conduct", "contributing", "index", "license", "readme", "security"}

// orphanedDocuments reports every document that no other document links
// to, unless a reader finds it without a link (isEntryDocument) or in
// its site's navigation (MkDocs nav, mdBook's SUMMARY.md, VitePress'
// sidebar). Only links count: a path in a code span is not something a
// reader can follow.
func orphanedDocuments(v *view) []draft {
	var out []draft
	for _, d := range v.documents {
		if isEntryDocument(d.Path) || d.Navigation != "" || linkedFromOther(v, d.ID) {
			continue
		}
		out = append(out, draft{
			Code:      catalog.OrphanedDocument,
			Message:   "no other document links to " + d.Path,
			Evidence:  []finding.Location{{Path: d.Path}},
			EntityIDs: []string{d.ID},
			Key:       d.Path,
		})
	}
	return out
}

// linkedFromOther reports whether a document other than id links to id.
func linkedFromOther(v *view, id string) bool {
	for r := range v.incoming(id, snapshot.RelLinksTo) {
		if r.From != id {
			if e := v.entity(r.From); e != nil && e.Kind == snapshot.KindDocument {
				return true
			}
		}
	}
	return false
}

// isEntryDocument reports whether readers reach a document without a link:
// it sits at the repository root (GitHub lists it), under a .github/
// directory at any depth (GitHub itself reads it), in a testdata/ tree at
// any depth (a fixture, read by its test), or its name is one of
// entryStems at any level.
func isEntryDocument(p string) bool {
	if !strings.Contains(p, "/") || underDir(p, ".github") || underDir(p, "testdata") {
		return true
	}
	return hasStem(p, entryStems)
}

// hasStem reports whether the file name of p without its extension is one
// of stems, compared without regard to case.
func hasStem(p string, stems []string) bool {
	base := path.Base(p)
	stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
	return slices.Contains(stems, stem)
}

// underDir reports whether p lies below a directory named name, at any
// depth.
func underDir(p, name string) bool {
	return strings.HasPrefix(p, name+"/") || strings.Contains(p, "/"+name+"/")
}
