package reconcile

import (
	"fmt"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/snapshot"
)

func init() {
	register(rule{codes: []string{catalog.BrokenLink}, run: brokenLinks})
}

// brokenLinks reports every relative link whose target does not exist: a
// links-to relation into an unresolved entity, once per place it is
// written.
func brokenLinks(v *view) []finding {
	var out []finding
	for _, d := range v.documents {
		for _, r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
			to := v.entity(r.To)
			if to == nil || to.Kind != snapshot.KindUnresolved {
				continue
			}
			target := strings.TrimPrefix(r.To, snapshot.KindUnresolved+":")
			for _, loc := range locationsIn(r.Evidence, d.Path) {
				out = append(out, finding{
					Code:      catalog.BrokenLink,
					Message:   fmt.Sprintf("link to %s: no such file", target),
					Evidence:  []Location{loc},
					EntityIDs: []string{d.ID, r.To},
					Key:       target,
				})
			}
		}
	}
	return out
}

// locationsIn returns the evidence locations in path (a relation's
// occurrences in the document that makes it), or the document itself when
// the evidence names no line there.
func locationsIn(ev []snapshot.Evidence, path string) []Location {
	var out []Location
	for _, e := range ev {
		if e.Path == path {
			out = append(out, Location{Path: path, Line: e.LineStart})
		}
	}
	if len(out) == 0 {
		out = []Location{{Path: path}}
	}
	return out
}
