package report

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Findings shown per code. The text report, the job summary, the check
// run's summary and the PR comment group findings by code and list the
// first few of each; the rest are counted ("… and 37 more UNRESOLVED_PATH
// findings"). The JSON report and SARIF keep every finding.
const (
	// DefaultMaxPerCode is how many findings of one code the text report
	// (docbridge check --max-per-code), the job summary and the check
	// run's summary list.
	DefaultMaxPerCode = 10
)

// CodeGroup is the findings of one diagnostic code.
type CodeGroup struct {
	Code string
	// Title is the catalog's short name of the code; HelpURL its entry in
	// docs/diagnostics.md.
	Title   string
	HelpURL string
	// Level is the worst finding's (one code has one configured level in
	// a run, so usually every finding's).
	Level catalog.Level
	// Findings are all of the code's findings in display order: new ones
	// first, then worst first, then canonical order (path, line, id).
	Findings []Finding
	// New counts the findings whose status is new.
	New int
}

// Shown returns the first n findings of g (all when n <= 0) and how many
// are left out.
func (g CodeGroup) Shown(n int) (shown []Finding, more int) {
	if n <= 0 {
		return g.Findings, 0
	}
	return textwriter.Bound(g.Findings, n)
}

// newIn counts the new findings among fs.
func newIn(fs []Finding) int {
	n := 0
	for _, f := range fs {
		if f.Status == StatusNew {
			n++
		}
	}
	return n
}

// GroupByCode groups findings by code. Groups come worst first (by
// their worst severity), then larger before smaller, then by code; within
// a group new findings come first, then worst first, then canonical
// order. The result does not depend on the input's order, which is not
// modified.
func GroupByCode(fs []Finding) []CodeGroup {
	byCode := map[string]int{}
	var out []CodeGroup
	for _, f := range fs {
		i, ok := byCode[f.Code]
		if !ok {
			i = len(out)
			byCode[f.Code] = i
			out = append(out, CodeGroup{Code: f.Code})
		}
		out[i].Findings = append(out[i].Findings, f)
	}
	for i := range out {
		g := &out[i]
		slices.SortFunc(g.Findings, compareInGroup)
		worst := g.Findings[0]
		for _, f := range g.Findings[1:] {
			if levelRank(f.Level) < levelRank(worst.Level) {
				worst = f
			}
		}
		g.Level = worst.Level
		g.Title, g.HelpURL = titleOf(g.Findings), helpURLOf(g.Findings)
		g.New = newIn(g.Findings)
	}
	slices.SortFunc(out, func(a, b CodeGroup) int {
		return cmp.Or(cmp.Compare(levelRank(a.Level), levelRank(b.Level)),
			cmp.Compare(len(b.Findings), len(a.Findings)), strings.Compare(a.Code, b.Code))
	})
	return out
}

// compareInGroup orders one code's findings: new first, worst first,
// canonical order.
func compareInGroup(a, b Finding) int {
	return cmp.Or(cmp.Compare(newRank(a), newRank(b)), cmp.Compare(levelRank(a.Level), levelRank(b.Level)),
		CompareFindings(a, b))
}

func newRank(f Finding) int {
	if f.Status == StatusNew {
		return 0
	}
	return 1
}

// titleOf is the first non-empty title among fs (they share a code, so
// a catalog title), or "".
func titleOf(fs []Finding) string {
	for _, f := range fs {
		if f.Title != "" {
			return f.Title
		}
	}
	return ""
}

func helpURLOf(fs []Finding) string {
	for _, f := range fs {
		if f.HelpURL != "" {
			return f.HelpURL
		}
	}
	return ""
}

// LeftOut counts the findings (head and resolved) the text report leaves
// out when it lists at most perCode of each code (none when perCode <= 0).
func LeftOut(r *Report, perCode int) int {
	return LeftOutBy(GroupByCode(r.Findings), perCode) + LeftOutBy(GroupByCode(r.Resolved), perCode)
}

// LeftOutBy counts the findings of groups beyond the first n of each.
func LeftOutBy(groups []CodeGroup, n int) int {
	out := 0
	for _, g := range groups {
		_, more := g.Shown(n)
		out += more
	}
	return out
}
