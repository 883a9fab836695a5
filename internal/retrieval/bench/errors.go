package bench

import (
	"fmt"
	"strings"
)

// maxProblems bounds the problems one suiteError lists; the rest are
// counted in More.
const maxProblems = 50

// problem is one thing wrong with a suite, located by case and field.
type problem struct {
	// Index is the case's 0-based position, -1 for the suite itself.
	Index int `json:"index"`
	// CaseID is the case's id when it has a readable one.
	CaseID string `json:"caseId,omitempty"`
	// Field is the JSON path inside the case (or the suite), such as
	// "metadata.kind" or "metadata.expectedTargets[2]".
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

// String names the case (by id when it has one, always by number) and the
// field, so the author can find it in the file.
func (p problem) String() string {
	if p.Index < 0 {
		return fmt.Sprintf("suite: %s: %s", p.Field, p.Reason)
	}
	where := fmt.Sprintf("case #%d", p.Index+1)
	if p.CaseID != "" {
		where = fmt.Sprintf("case %q (#%d)", p.CaseID, p.Index+1)
	}
	return fmt.Sprintf("%s: %s: %s", where, p.Field, p.Reason)
}

// suiteError is a suite that failed to load: every problem found, up to
// maxProblems.
type suiteError struct {
	Problems []problem `json:"problems"`
	// More counts the problems past maxProblems.
	More int `json:"more,omitempty"`
}

// Error lists the problems, one a line after the first.
func (e *suiteError) Error() string {
	var b strings.Builder
	if len(e.Problems) == 1 && e.More == 0 {
		return "invalid suite: " + e.Problems[0].String()
	}
	fmt.Fprintf(&b, "invalid suite: %d problems", len(e.Problems)+e.More)
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(p.String())
	}
	if e.More > 0 {
		fmt.Fprintf(&b, "\n  … and %d more", e.More)
	}
	return b.String()
}

// problems collects a load's problems under the bound.
type problems struct {
	list []problem
	more int
}

func (ps *problems) add(index int, caseID, field, format string, args ...any) {
	if len(ps.list) == maxProblems {
		ps.more++
		return
	}
	ps.list = append(ps.list, problem{Index: index, CaseID: caseID, Field: field, Reason: fmt.Sprintf(format, args...)})
}

func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	return &suiteError{Problems: ps.list, More: ps.more}
}
