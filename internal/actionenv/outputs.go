package actionenv

// Output names, as action.yml declares them.
const (
	OutputFindings         = "findings"
	OutputNewFindings      = "new-findings"
	OutputResolvedFindings = "resolved-findings"
	OutputGrade            = "grade"
	OutputScore            = "score"
	OutputSnapshotHash     = "snapshot-hash"
	OutputReport           = "report"
)

// Outputs lists the outputs in action.yml's order.
var Outputs = []string{OutputFindings, OutputNewFindings, OutputResolvedFindings, OutputGrade, OutputScore, OutputSnapshotHash, OutputReport}
