package reconcile

import (
	"fmt"
	"maps"
	"slices"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// brokenLinks reports every relative link whose target does not exist: a
// links-to relation into an unresolved entity, once per place it is
// written. The links of a tree the scan marked as failing in no known
// site pattern (snapshot.MetaUnrecognisedSite) are counted into one
// SITE_LINKS_UNRESOLVED finding per tree instead; those of a page a
// generator the scan does not know renders (snapshot.MetaUnverifiedSite)
// are UNVERIFIED_LINK, as are those of a partial or a template
// (snapshot.MetaRenderedElsewhere).
func brokenLinks(v *view) []draft {
	var out []draft
	flood := map[string]*siteFlood{}
	for _, d := range v.documents {
		for r := range v.outgoing(d.ID, snapshot.RelLinksTo) {
			to := v.entity(r.To)
			if to == nil || to.Kind != snapshot.KindUnresolved {
				continue
			}
			_, target, _ := snapshot.ParseEntityID(r.To)
			if tree, ok := r.Metadata[snapshot.MetaUnrecognisedSite].(string); ok {
				f := flood[tree]
				if f == nil {
					f = &siteFlood{}
					flood[tree] = f
				}
				generator, _ := r.Metadata[snapshot.MetaMisreadSite].(string)
				f.add(locationsIn(r.Evidence, d.Path), target, generator)
				continue
			}
			code, msg := catalog.BrokenLink, fmt.Sprintf("link to %s: no such file", target)
			if why, ok := r.Metadata[snapshot.MetaUnlisted].(string); ok {
				code = catalog.UnverifiedLink
				msg = fmt.Sprintf("link to %s: not checked: %s, and the file may be among the rest", target, why)
			} else if why, ok := r.Metadata[snapshot.MetaUnreachable].(string); ok {
				msg = fmt.Sprintf("link to %s: %s", target, why)
			} else if tree, ok := r.Metadata[snapshot.MetaUnverifiedSite].(string); ok {
				code = catalog.UnverifiedLink
				msg = fmt.Sprintf("link to %s: no such file, though its site may serve it (a route, a redirect, a generated page): a site generator docbridge does not recognise renders %s", target, textwriter.Dir(tree))
			} else if kind, ok := r.Metadata[snapshot.MetaRenderedElsewhere].(string); ok && kind == snapshot.ReadByAgent {
				code = catalog.UnverifiedLink
				msg = fmt.Sprintf("link to %s: no such file; this is an AI agent's instruction file, read by the agent rather than published, and often copied in without the files it links", target)
			} else if ok {
				code = catalog.UnverifiedLink
				msg = fmt.Sprintf("link to %s: no such file beside this %s, which is shown where it is included or copied, where the link may resolve", target, kind)
			}
			for _, loc := range locationsIn(r.Evidence, d.Path) {
				out = append(out, draft{
					Code:      code,
					Message:   msg,
					Evidence:  []finding.Location{loc},
					EntityIDs: []string{d.ID, r.To},
					Key:       target,
				})
			}
		}
	}
	for _, tree := range slices.Sorted(maps.Keys(flood)) {
		out = append(out, flood[tree].draft(tree))
	}
	return out
}

// siteFlood counts the failing links of one tree that no site pattern
// explains.
type siteFlood struct {
	links int
	// first is the first failing link in document order (documents are
	// visited in path order), named as an example.
	first  finding.Location
	target string
	// generator is the generator the tree's site was detected as, when
	// its rules resolve too few of the site's links (MetaMisreadSite).
	generator string
}

func (f *siteFlood) add(locs []finding.Location, target, generator string) {
	if f.links == 0 {
		f.first, f.target = locs[0], target
	}
	if generator != "" {
		f.generator = generator
	}
	f.links += len(locs)
}

// finding is the tree's one finding, located at the tree itself: its key
// is the tree, so a change that fixes or breaks one more of its links
// leaves it unchanged rather than new.
func (f *siteFlood) draft(tree string) draft {
	label := textwriter.Dir(tree)
	lead := "site generator not recognised in " + label
	if f.generator != "" {
		lead = fmt.Sprintf("%s site detected in %s, yet its rules do not explain its links", f.generator, label)
	}
	return draft{
		Code: catalog.SiteLinksUnresolved,
		Message: fmt.Sprintf("%s: %d root-absolute or extensionless %s resolve to no file under any convention docbridge knows (first: %s at %s:%d); counted here, not reported one by one",
			lead, f.links, textwriter.PluralWord(f.links, "link", "links"), f.target, f.first.Path, f.first.Line),
		Evidence: []finding.Location{{Path: tree}},
		Key:      tree,
	}
}

// locationsIn returns the evidence locations in path (a relation's
// occurrences in the document that makes it), or the document itself when
// the evidence names no line there.
func locationsIn(ev []snapshot.Evidence, path string) []finding.Location {
	var out []finding.Location
	for _, e := range ev {
		if e.Path == path {
			out = append(out, finding.Location{Path: path, Line: e.LineStart})
		}
	}
	if len(out) == 0 {
		out = []finding.Location{{Path: path}}
	}
	return out
}
