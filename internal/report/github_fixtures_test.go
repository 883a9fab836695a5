package report

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/reconcile"
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
func ghOptions() GitHubOptions {
	return GitHubOptions{GitHub: ghContext(), FailOn: "error", Doctor: ghDoctor(), Stats: "12 files, 10 reused"}
}

// newCycle is a new import cycle of three modules.
func newCycle() reconcile.Diagnostic {
	return reconcile.Diagnostic{ID: "00000000000000a4", Code: "IMPORT_CYCLE", Severity: "warn",
		Message:   "import cycle of 3: src/x.ts → src/y.ts → src/z.ts → src/x.ts",
		Evidence:  []reconcile.Location{{Path: "src/x.ts", Line: 1}, {Path: "src/y.ts", Line: 2}, {Path: "src/z.ts", Line: 3}},
		EntityIDs: []string{"module:src/x.ts", "module:src/y.ts", "module:src/z.ts"}}
}

// ghReport is sampleReport with a new import cycle and a doctor's verdict.
func ghReport() *Report {
	n, u, r := sampleDiagnostics()
	rep := Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &reconcile.Comparison{New: append(n, newCycle()), Unchanged: u, Resolved: r}})
	rep.Verdict = "B: connectivity is the weakest dimension"
	return rep
}

// cleanReport is compared with a base and has nothing new.
func cleanReport() *Report {
	_, u, r := sampleDiagnostics()
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &reconcile.Comparison{Unchanged: u, Resolved: r}})
}

// manyReport has n new findings, one per line of a few files, cycling
// through the levels, each message pad runes long.
func manyReport(n, pad int, levels ...catalog.Level) *Report {
	if len(levels) == 0 {
		levels = []catalog.Level{"error", "warn", "info"}
	}
	ds := make([]reconcile.Diagnostic, 0, n)
	for i := range n {
		msg := fmt.Sprintf("finding %d ", i)
		for len(msg) < pad {
			msg += "x"
		}
		ds = append(ds, reconcile.Diagnostic{ID: fmt.Sprintf("%016x", i), Code: "BROKEN_LINK", Severity: levels[i%len(levels)],
			Message: msg, Evidence: []reconcile.Location{{Path: fmt.Sprintf("docs/f%02d.md", i%7), Line: i + 1}}})
	}
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &reconcile.Comparison{New: ds}})
}
