package doctor

import (
	"fmt"
	"slices"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// check describes one health dimension: which diagnostics are its
// problems and what it counts them against.
type check struct {
	name   string
	weight float64
	keep   func(code string) bool
	// noun names what the denominator counts; problem what is wrong.
	noun, problem string
	// fix is the action, given the problem count.
	fix string
}

var (
	linksCheck = check{name: dimLinks, weight: weightLinks,
		keep: func(c string) bool { return slices.Contains(linkCodes, c) },
		noun: "links and anchors", problem: "broken", fix: "fix %d broken link(s) or anchor(s)"}
	declarationsCheck = check{name: dimDeclarations, weight: weightDeclarations,
		keep: isDeclarationCode,
		noun: "declarations", problem: "stale or in an invalid docbridge block", fix: "fix %d stale declaration(s) or docbridge block error(s)"}
	regionsCheck = check{name: dimGeneratedRegions, weight: weightGeneratedRegions,
		keep: func(c string) bool { return slices.Contains(regionCodes, c) },
		noun: "generated regions", problem: "edited by hand or unclosed", fix: "regenerate or close %d generated region(s)"}
	requiredCheck = check{name: dimRequiredDocs, weight: weightRequiredDocs,
		keep: func(c string) bool { return c == catalog.RequiredDocMissing },
		noun: "required areas", problem: "without documentation", fix: "document %d required area(s)"}
)

// health scores a check as 1 − min(1, problems/denominator), the share of
// references without a problem. With nothing to check (no links, no
// declarations, …) it is not applicable and scores in full: having no
// links is not a broken link, and removing a reference to dodge its
// problem is also how the problem is fixed.
func health(c check, ds []finding.Diagnostic, denominator int) measure {
	m := measure{dim: Dimension{Name: c.name, Weight: c.weight}}
	problems := byCode(ds, c.keep)
	n := len(problems)
	if n == 0 && denominator <= 0 {
		m.dim.Status = statusNotApplicable
		m.dim.Value = 1
		m.dim.Explanation = fmt.Sprintf("no %s to check (scores in full)", c.noun)
		return m
	}
	d := max(n, denominator)
	m.dim.Status = statusMeasured
	m.dim.Value = ratio(n, d)
	m.dim.Explanation = fmt.Sprintf("%d of %d %s %s: 1 − %d/%d = %s", n, d, c.noun, c.problem, n, d, pct(m.dim.Value))
	m.dim.Problems = n
	m.issues = diagnosticIssues(c.name, problems)
	if n > 0 {
		m.action = fmt.Sprintf(c.fix, n) + firstPlaces(m.issues)
	}
	return m
}
