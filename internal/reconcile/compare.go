package reconcile

import (
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/graph"
)

// Result is what Check judged.
type Result struct {
	// Head are the head's diagnostics, drift included when there is a base.
	Head []finding.Diagnostic `json:"head"`
	// Comparison is nil without a base.
	Comparison *finding.Comparison `json:"comparison,omitempty"`
}

// Check is the one call a check run makes: Run on the head (with the base,
// so drift is judged), and with a base also Run on the base alone (no
// drift: the base is judged as it stood) and Compare; a finding that
// travelled with a moved document is unchanged (carryMoves). When in.Signals is
// set (computed with SignalOptions(in.Config, in.Base)), the base's signals
// are computed with SignalOptions(in.Config, nil), so that signal-based
// findings are compared like for like; the head's configuration judges
// both sides. With in.BaseJudged the base's findings are in.BaseFindings.
func Check(in Input) Result {
	head := Run(in)
	if in.Base == nil || in.Head == nil {
		return Result{Head: head}
	}
	base := in.BaseFindings
	if !in.BaseJudged {
		var sig *graph.Signals
		if in.Signals != nil {
			sig = graph.Compute(in.Base, SignalOptions(in.Config, nil))
		}
		base = Run(Input{Head: in.Base, Signals: sig, Config: in.Config})
	}
	c := carryMoves(finding.Compare(base, head), movedDocuments(in.Base, in.Head))
	return Result{Head: head, Comparison: &c}
}
