package doctor

import (
	"fmt"
	"slices"
	"strings"
)

// entryNames are the root documents a reader starts from, lower case:
// the README (GitHub's landing page) and AGENTS.md (an agent's).
var (
	readmeNames = []string{"readme.md", "readme.markdown", "readme.mdx"}
	agentsNames = []string{"agents.md"}
)

// entryDocuments scores where readers start: a README at the root
// (entryReadmeShare), an AGENTS.md at the root (entryAgentsShare) and the
// share of every other document reachable from them by following links
// (entryReachedShare) — an index is whatever makes that share whole. A
// page a documentation site's navigation lists (MkDocs nav, mdBook's
// SUMMARY.md, VitePress' sidebar) is reached from every page of the site,
// so it counts as reached once an entry exists, and so do the documents
// it links to. Without documents it scores 0.
func entryDocuments(f *facts) measure {
	m := measure{dim: Dimension{Name: dimEntryDocuments, Weight: weightEntryDocuments}}
	if len(f.documents) == 0 {
		m.dim.Status = statusNotApplicable
		m.dim.Explanation = "no documents: no README.md, no AGENTS.md (scores 0)"
		m.action = "add a README.md at the root"
		return m
	}
	readme, agents := rootDocument(f, readmeNames), rootDocument(f, agentsNames)
	var entries []string
	var actions []string
	value := 0.0
	if readme != "" {
		value += entryReadmeShare
		entries = append(entries, readme)
	} else {
		m.issues = append(m.issues, Issue{Dimension: dimEntryDocuments, Code: "readme-missing", Message: "no README.md at the repository root"})
		actions = append(actions, "add a README.md at the root")
	}
	if agents != "" {
		value += entryAgentsShare
		entries = append(entries, agents)
	} else {
		m.issues = append(m.issues, Issue{Dimension: dimEntryDocuments, Code: "agents-missing", Message: "no AGENTS.md at the repository root"})
		actions = append(actions, "add an AGENTS.md at the root")
	}
	var reached map[string]bool
	if len(entries) > 0 {
		reached = reachableFrom(f, append(slices.Clone(entries), f.navigated...))
	}
	others := len(f.documents) - len(entries)
	orNav := ""
	if len(f.navigated) > 0 {
		orNav = " or from a site's navigation"
	}
	var unreached []Issue
	for _, p := range f.documents {
		if !reached[p] {
			unreached = append(unreached, Issue{Dimension: dimEntryDocuments, Code: "not-linked-from-entry", Path: p,
				Message: p + " cannot be reached by following links from README.md or AGENTS.md" + orNav})
		}
	}
	reachedShare := 1.0
	switch {
	case len(entries) == 0:
		reachedShare = 0
	case others > 0:
		reachedShare = share(others-len(unreached), others)
	}
	value += entryReachedShare * reachedShare
	if len(unreached) > 0 {
		actions = append(actions, fmt.Sprintf("link %d document(s) from README.md, AGENTS.md or an index they link to%s", len(unreached), firstPlaces(unreached)))
	}
	m.issues = append(m.issues, unreached...)
	m.dim.Status = statusMeasured
	m.dim.Value = value
	m.dim.Problems = len(m.issues)
	nav := ""
	if len(f.navigated) > 0 && len(entries) > 0 {
		nav = fmt.Sprintf(" or from a site's navigation (%d listed)", len(f.navigated))
	}
	m.dim.Explanation = fmt.Sprintf("README.md at the root: %s; AGENTS.md at the root: %s; %d of %d other document(s) reachable by links from them%s (%s): %.1f×README + %.1f×AGENTS + %.1f×reachable = %s",
		yesNo(readme), yesNo(agents), others-len(unreached), others, nav, pct(reachedShare),
		entryReadmeShare, entryAgentsShare, entryReachedShare, pct(value))
	m.action = strings.Join(actions, "; ")
	return m
}

// rootDocument returns the first document at the root whose lower-case
// name is one of names, or "".
func rootDocument(f *facts, names []string) string {
	for _, p := range f.documents {
		if strings.Contains(p, "/") {
			continue
		}
		for _, n := range names {
			if strings.EqualFold(p, n) {
				return p
			}
		}
	}
	return ""
}

// reachableFrom returns the documents reachable from the entries by
// links-to edges, the entries included. Each document is visited once, so
// the walk is linear in the links.
func reachableFrom(f *facts, entries []string) map[string]bool {
	seen := map[string]bool{}
	queue := append([]string(nil), entries...)
	for _, e := range entries {
		seen[e] = true
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range f.docLinks[p] {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return seen
}

func yesNo(s string) string {
	if s == "" {
		return "no"
	}
	return "yes (" + s + ")"
}
