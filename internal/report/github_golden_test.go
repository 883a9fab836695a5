package report

import (
	"bytes"
	"testing"
)

// TestGitHubGolden pins every GitHub renderer's output for the hand-made
// reports; rendering twice must give the same bytes.
func TestGitHubGolden(t *testing.T) {
	noDoctor := ghOptions()
	noDoctor.Doctor = nil
	noLinks := GitHubOptions{FailOn: "warn"}
	cases := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"comment.md.golden", str(func() string { return Comment(ghReport(), ghOptions()) })},
		{"comment-clean.md.golden", str(func() string { return Comment(cleanReport(), ghOptions()) })},
		{"comment-nobase.md.golden", str(func() string { return Comment(sampleReportNoBase(), noLinks) })},
		{"comment-many.md.golden", str(func() string { return Comment(manyReport(45, 20), noDoctor) })},
		{"checkrun.json.golden", func() ([]byte, error) {
			var b bytes.Buffer
			err := encodeJSON(&b, CheckRun(ghReport(), ghOptions()))
			return b.Bytes(), err
		}},
		{"checkrun-clean.json.golden", func() ([]byte, error) {
			var b bytes.Buffer
			err := encodeJSON(&b, CheckRun(cleanReport(), noDoctor))
			return b.Bytes(), err
		}},
		{"summary.md.golden", str(func() string { return JobSummary(ghReport(), ghOptions()) })},
		{"summary-nobase.md.golden", str(func() string { return JobSummary(sampleReportNoBase(), noLinks) })},
		{"workflow.golden", func() ([]byte, error) {
			var b bytes.Buffer
			anns, _ := Annotations(ghReport(), ghContext())
			err := WriteWorkflowCommands(&b, anns)
			return b.Bytes(), err
		}},
		{"workflow-many.golden", func() ([]byte, error) {
			var b bytes.Buffer
			anns, _ := Annotations(manyReport(25, 10, "error", "error", "warn", "info"), GitHubContext{PathPrefix: "site"})
			err := WriteWorkflowCommands(&b, anns)
			return b.Bytes(), err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenStable(t, c.name, c.render) })
	}
}

func str(f func() string) func() ([]byte, error) {
	return func() ([]byte, error) { return []byte(f()), nil }
}
