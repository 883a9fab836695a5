package reconcile

import "github.com/docbridge/docbridge/internal/graph"

// Comparison splits a head's diagnostics against a base's by fingerprint
// (Diagnostic.ID), which leaves out the line: a finding that only moved is
// Unchanged.
type Comparison struct {
	// New are head diagnostics the base did not have.
	New []Diagnostic `json:"new"`
	// Unchanged are head diagnostics the base had too, as the head reports
	// them (current lines).
	Unchanged []Diagnostic `json:"unchanged"`
	// Resolved are base diagnostics the head no longer has.
	Resolved []Diagnostic `json:"resolved"`
}

// Compare splits head against base by ID. Each list is sorted like Run's
// output; none is nil.
func Compare(base, head []Diagnostic) Comparison {
	inBase := make(map[string]bool, len(base))
	for _, d := range base {
		inBase[d.ID] = true
	}
	inHead := make(map[string]bool, len(head))
	c := Comparison{New: []Diagnostic{}, Unchanged: []Diagnostic{}, Resolved: []Diagnostic{}}
	for _, d := range head {
		inHead[d.ID] = true
		if inBase[d.ID] {
			c.Unchanged = append(c.Unchanged, d)
		} else {
			c.New = append(c.New, d)
		}
	}
	for _, d := range base {
		if !inHead[d.ID] {
			c.Resolved = append(c.Resolved, d)
		}
	}
	SortDiagnostics(c.New)
	SortDiagnostics(c.Unchanged)
	SortDiagnostics(c.Resolved)
	return c
}

// Result is what Check judged.
type Result struct {
	// Head are the head's diagnostics, drift included when there is a base.
	Head []Diagnostic `json:"head"`
	// Comparison is nil without a base.
	Comparison *Comparison `json:"comparison,omitempty"`
}

// Check is the one call a check run makes: Run on the head (with the base,
// so drift is judged), and with a base also Run on the base alone (no
// drift: the base is judged as it stood) and Compare; a finding that
// travelled with a moved document is unchanged (carryMoves). When in.Signals is
// set (computed with SignalOptions(in.Config, in.Base)), the base's signals
// are computed with SignalOptions(in.Config, nil), so that signal-based
// findings are compared like for like; the head's configuration judges
// both sides.
func Check(in Input) Result {
	head := Run(in)
	if in.Base == nil || in.Head == nil {
		return Result{Head: head}
	}
	var sig *graph.Signals
	if in.Signals != nil {
		sig = graph.Compute(in.Base, SignalOptions(in.Config, nil))
	}
	base := Run(Input{Head: in.Base, Signals: sig, Config: in.Config})
	c := carryMoves(Compare(base, head), movedDocuments(in.Base, in.Head))
	return Result{Head: head, Comparison: &c}
}
