package review

import (
	"bytes"
	"encoding/json"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

// ghContext is the GitHub context the GitHub renderers' tests link with.
func ghContext() GitHubContext {
	return GitHubContext{ServerURL: "https://github.com", Repository: "octo/docs-demo", HeadSHA: "headsha1",
		BaseSHA: "basesha0", RunURL: "https://github.com/octo/docs-demo/actions/runs/42"}
}

// ghDoctor is a doctor summary with a base.
func ghDoctor() *DoctorSummary {
	return &DoctorSummary{Grade: "B", Score: "82/100", BaseGrade: "C", BaseScore: "79/100", BaseRef: "main",
		Dimensions: []DoctorDimension{{Name: "Reachability", Score: "15/15 (100 %)", Delta: "—"},
			{Name: "Connectivity", Score: "9/15 (61 %)", Delta: "▲2"}},
		Advice: "An A needs connectivity ≥ 80 % (now 61 %: 7 areas have no document; top: internal/cache)."}
}

// ghOptions are the options of the golden GitHub renderings.
func ghOptions() RenderOptions {
	return RenderOptions{GitHub: ghContext(), FailOn: "error", Doctor: ghDoctor(), Stats: "12 files, 10 reused"}
}

// ghReport is sampleReport with a new import cycle and a doctor's verdict.
func ghReport() *report.Report {
	n, u, r := reporttest.Sample()
	rep := report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &finding.Comparison{New: append(n, reporttest.NewCycle()), Unchanged: u, Resolved: r}})
	rep.Verdict = "doctor: B (82/100) — A needs connectivity ≥ 80 % (now 61 %)" // as doctor.Diagnose writes it
	return rep
}

// cleanReport is compared with a base and has nothing new.
func cleanReport() *report.Report {
	_, u, r := reporttest.Sample()
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &finding.Comparison{Unchanged: u, Resolved: r}})
}

// sampleReport is reporttest.Sample as a compared report; sampleReportNoBase
// the same head findings without a base.
func sampleReport() *report.Report {
	n, u, r := reporttest.Sample()
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head",
		BaseSnapshotHash: "sha256:base", Comparison: &finding.Comparison{New: n, Unchanged: u, Resolved: r}})
}

func sampleReportNoBase() *report.Report {
	n, u, _ := reporttest.Sample()
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", Diagnostics: append(u, n...)})
}

// manyReport is reporttest.Many as new findings against a base.
func manyReport(n, pad int, levels ...catalog.Level) *report.Report {
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &finding.Comparison{New: reporttest.Many(n, pad, levels...)}})
}

// groupedReport is reporttest.Grouped as a compared report.
func groupedReport() *report.Report {
	return report.Build(report.Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: reporttest.Grouped()})
}

// bigReport is reporttest.Big as a report.
func bigReport(n int, compared bool) *report.Report {
	head, c := reporttest.Big(n, compared)
	in := report.Input{Version: "1.2.3", Project: "big", SnapshotHash: "sha256:head", Diagnostics: head, Comparison: c}
	if c != nil {
		in.BaseSnapshotHash = "sha256:base"
	}
	return report.Build(in)
}

// codeCounts counts fs by code.
func codeCounts(fs []report.Finding) map[string]int {
	return reporttest.Count(fs, func(f report.Finding) string { return f.Code })
}

// renderJSON is v as the renderers' goldens hold it: indented, HTML
// unescaped.
func renderJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return b.Bytes(), err
}
