package review

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/docbridge/docbridge/internal/enrich"
	goldenfile "github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/repopath"
)

// TestGitHubGolden pins every GitHub renderer's output for the hand-made
// reports; rendering twice must give the same bytes.
func TestGitHubGolden(t *testing.T) {
	noDoctor := ghOptions()
	noDoctor.Doctor = nil
	noLinks := RenderOptions{FailOn: "warn"}
	cases := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"comment.md.golden", str(func() string { return Comment(ghReport(), ghOptions()) })},
		{"comment-clean.md.golden", str(func() string { return Comment(cleanReport(), ghOptions()) })},
		{"comment-nobase.md.golden", str(func() string { return Comment(sampleReportNoBase(), noLinks) })},
		{"comment-many.md.golden", str(func() string { return Comment(manyReport(45, 20), noDoctor) })},
		{"comment-enrichment.md.golden", str(func() string {
			o := noDoctor
			o.Enrichment = &EnrichmentStatus{Pending: 3, PR: 41, URL: "https://github.com/octo/docs-demo/pull/41",
				Expiring: []enrich.Proposal{
					{Kind: enrich.KindSummarize, Entity: "document:docs/guide.md", Payload: &enrich.Summarize{Summary: "How to set up | the guide <b>now</b>", Language: "en"}},
					{Kind: enrich.KindAddAlias, Entity: "document:docs/api.md", Payload: &enrich.AddAlias{Alias: "@octocat API"}}}}
			return Comment(cleanReport(), o)
		})},
		{"checkrun.json.golden", func() ([]byte, error) { return renderJSON(CheckRun(ghReport(), ghOptions())) }},
		{"checkrun-clean.json.golden", func() ([]byte, error) { return renderJSON(CheckRun(cleanReport(), noDoctor)) }},
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
			anns, _ := Annotations(manyReport(25, 10, "error", "error", "warn", "info"), GitHubContext{Scanned: repopath.New("site")})
			err := WriteWorkflowCommands(&b, anns)
			return b.Bytes(), err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenfile.CheckStable(t, filepath.Join("testdata", c.name), c.render) })
	}
}

func str(f func() string) func() ([]byte, error) {
	return func() ([]byte, error) { return []byte(f()), nil }
}
