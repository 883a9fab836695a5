package finding

import (
	"cmp"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
)

// Diagnostic is one finding of a rule.
type Diagnostic struct {
	// ID is the fingerprint: stable across line moves, unique in a run.
	ID       string        `json:"id"`
	Code     string        `json:"code"`
	Severity catalog.Level `json:"severity"`
	Message  string        `json:"message"`
	// Evidence locates the finding; the first item is where it is reported.
	Evidence  []Location `json:"evidence"`
	EntityIDs []string   `json:"entityIds"`
	// Remediation says how to fix this instance, when the rule knows more
	// than the catalog's help text (a "did you mean").
	Remediation string `json:"remediation,omitempty"`
	// Subject names what the finding is about within its file (a link
	// target, an anchor, a path, a cycle's nodes): the rule's key, which
	// the fingerprint hashes. In memory only, for tools that key findings
	// without their line (bench precision).
	Subject string `json:"-"`
	// Occurrences counts the identical findings (same code, location and
	// message: one reference written twice on a line) this one stands
	// for, when there is more than one; 0 otherwise.
	Occurrences int `json:"occurrences,omitempty"`
	// Edits rewrite the references the finding is about where their new
	// form is unambiguous (see Edit); `docbridge fix` applies them.
	Edits []Edit `json:"edits,omitempty"`
	// Members are the findings a grouped finding (DRIFT_MOVE) stands
	// for, as they would have been reported alone; in memory only, for
	// tools that count references (the doctor).
	Members []Diagnostic `json:"-"`
}

// Location is a file and a 1-based line; Line 0 means the whole file (or,
// with an empty Path, the repository).
type Location struct {
	Path string `json:"path"`
	Line int    `json:"line,omitempty"`
}

// Primary is the location the diagnostic is reported at.
func (d *Diagnostic) Primary() Location {
	if len(d.Evidence) == 0 {
		return Location{}
	}
	return d.Evidence[0]
}

// Sort orders diagnostics by path, line, code, then id.
func Sort(ds []Diagnostic) {
	slices.SortFunc(ds, func(a, b Diagnostic) int {
		pa, pb := a.Primary(), b.Primary()
		return cmp.Or(strings.Compare(pa.Path, pb.Path), cmp.Compare(pa.Line, pb.Line),
			strings.Compare(a.Code, b.Code), strings.Compare(a.ID, b.ID))
	})
}
