package report

import (
	"cmp"
	"slices"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// InChangedFiles keeps the findings located in one of the changed files,
// in order (finding.FilterChanged's rule).
func InChangedFiles(fs []Finding, changed []string) []Finding {
	return finding.InFiles(fs, changed, func(f Finding) string { return f.Location.Path })
}

// WithStatus returns the findings of one status, in order.
func WithStatus(fs []Finding, status string) []Finding {
	out := []Finding{}
	for _, f := range fs {
		if f.Status == status {
			out = append(out, f)
		}
	}
	return out
}

// Judged returns the findings the check judges: the new ones when the
// report was compared with a base, every finding otherwise (the rule of
// docbridge check). They come worst first.
func Judged(r *Report) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if !r.Compared || f.Status == StatusNew {
			out = append(out, f)
		}
	}
	return WorstFirst(out)
}

// Failing returns the judged findings at or above failOn, in their order:
// the findings that fail a run. The exit code, the check run's conclusion
// and the comment's count all read it.
func Failing(judged []Finding, failOn catalog.FailOn) []Finding {
	var out []Finding
	for _, f := range judged {
		if failOn.Fails(f.Level) {
			out = append(out, f)
		}
	}
	return out
}

// WorstFirst returns a copy sorted by severity, worst first, then in
// canonical order.
func WorstFirst(fs []Finding) []Finding {
	out := slices.Clone(fs)
	slices.SortFunc(out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(levelRank(a.Level), levelRank(b.Level)), CompareFindings(a, b))
	})
	return out
}
