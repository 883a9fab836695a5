package reconcile

import (
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// scanCodes lists the catalog's codes of the scan group: the problems the
// scan records as coverage with a code (docbridge block errors, front
// matter, unclosed generated regions, links outside the root).
func scanCodes() []string {
	var out []string
	for _, r := range catalog.All() {
		if r.Group == catalog.GroupScan {
			out = append(out, r.Code)
		}
	}
	return out
}

// scanCodeFindings passes every coded coverage entry of the scan through
// as a diagnostic at its file and line, with the scan's reason as message.
// Only codes of the scan group pass: a coverage code the catalog does not
// list (or lists for another rule) is not this rule's to report. The key
// is the reason, which names the field path, so that two problems on one
// line stay two findings.
func scanCodeFindings(v *view) []draft {
	var out []draft
	for _, c := range v.snap.Coverage {
		if c.Code == "" {
			continue
		}
		r, ok := catalog.Lookup(c.Code)
		if !ok || r.Group != catalog.GroupScan {
			continue
		}
		ids := []string{}
		if d := v.docByPath[c.Scope]; d != nil {
			ids = append(ids, d.ID)
		} else if v.entity(snapshot.EntityID(snapshot.KindModule, c.Scope)) != nil {
			ids = append(ids, snapshot.EntityID(snapshot.KindModule, c.Scope))
		}
		out = append(out, draft{
			Code:      c.Code,
			Message:   c.Reason,
			Evidence:  []finding.Location{{Path: c.Scope, Line: c.Line}},
			EntityIDs: ids,
			Key:       c.Reason,
		})
	}
	return out
}
