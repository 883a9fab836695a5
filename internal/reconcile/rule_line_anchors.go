package reconcile

import (
	"fmt"
	"slices"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// lineAnchorFindings reports the line anchors (#L10, #L10-L20) of a link
// to the repository's own URL that reach past the end of the file: the
// relation's missingLines, once per place each is written, as
// BROKEN_ANCHOR. A line anchor within the file is fine whatever the line
// holds now: lines shift with every edit, so they are neither checked for
// content nor drift.
func lineAnchorFindings(v *view, d *document, r *snapshot.Relation) []draft {
	missing := snapshot.MetaStrings(r.Metadata["missingLines"])
	if len(missing) == 0 {
		return nil
	}
	target := v.entity(r.To)
	if target == nil {
		return nil
	}
	p, n := snapshot.EntityPath(target), snapshot.MetaInt(r.Metadata["lineCount"])
	var out []draft
	seen := map[string]bool{}
	add := func(a string, line int) {
		out = append(out, draft{
			Code:      catalog.BrokenAnchor,
			Message:   fmt.Sprintf("line anchor #%s is past the end of %s (%d lines)", a, p, n),
			Evidence:  []finding.Location{{Path: d.Path, Line: line}},
			EntityIDs: []string{d.ID, target.ID},
			Key:       p + "#" + a,
		})
	}
	for _, e := range r.Evidence {
		a, ok := destinationAnchor(e.Context)
		if e.Path != d.Path || !ok || !slices.Contains(missing, a) {
			continue
		}
		seen[a] = true
		add(a, e.LineStart)
	}
	for _, a := range missing {
		if !seen[a] {
			add(a, 0)
		}
	}
	return out
}
