package report

import (
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

// sampleReport is the report with a comparison; sampleReportNoBase the
// same head findings without one.
func sampleReport() *Report {
	n, u, r := reporttest.Sample()
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head",
		BaseSnapshotHash: "sha256:base", Comparison: &finding.Comparison{New: n, Unchanged: u, Resolved: r}})
}

func sampleReportNoBase() *Report {
	n, u, _ := reporttest.Sample()
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", Diagnostics: append(u, n...)})
}

// codeCounts counts fs by code.
func codeCounts(fs []Finding) map[string]int {
	return reporttest.Count(fs, func(f Finding) string { return f.Code })
}

// groupedReport is reporttest.Grouped as a compared report.
func groupedReport() *Report {
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: reporttest.Grouped()})
}

// bigReport is reporttest.Big as a report.
func bigReport(n int, compared bool) *Report {
	head, c := reporttest.Big(n, compared)
	in := Input{Version: "1.2.3", Project: "big", SnapshotHash: "sha256:head", Diagnostics: head, Comparison: c}
	if c != nil {
		in.BaseSnapshotHash = "sha256:base"
	}
	return Build(in)
}
