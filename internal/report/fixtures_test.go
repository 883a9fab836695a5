package report

import (
	"github.com/docbridge/docbridge/internal/reconcile"
)

// hostile is text that every renderer must escape: quotes, a backtick,
// markup, a pipe, a newline, an ANSI escape, a bidi override and unicode.
const hostile = "quote \" tick ` <b>&amp;</b> a|b\nsecond line \x1b[31mred\u202e ünïcödé ✓"

// hostilePath is a file name with a space, a quote and non-ASCII letters.
const hostilePath = `docs/ünïcode "weird" #1.md`

// sampleDiagnostics are hand-made head diagnostics covering several files,
// every level (off included), line 0, remediation, a repository-wide
// finding, repeated evidence and hostile text. They are deliberately out
// of order.
func sampleDiagnostics() (newOnes, unchanged, resolved []reconcile.Diagnostic) {
	newOnes = []reconcile.Diagnostic{
		{ID: "00000000000000a1", Code: "BROKEN_LINK", Severity: "error", Message: "link to docs/x.md: no such file",
			Evidence: []reconcile.Location{{Path: "docs/guide.md", Line: 12}}, EntityIDs: []string{"document:docs/guide.md", "unresolved:docs/x.md"}},
		{ID: "00000000000000a2", Code: "DRIFT_SYMBOL", Severity: "error", Message: hostile,
			Evidence: []reconcile.Location{{Path: hostilePath, Line: 3}}, EntityIDs: []string{"document:" + hostilePath},
			Remediation: "did you mean `rankDocuments`? <see> | \"quoted\""},
		{ID: "00000000000000a3", Code: "UNDOCUMENTED_AREA", Severity: "info", Message: "area internal/lonely has no document",
			EntityIDs: []string{"area:internal/lonely"}},
	}
	unchanged = []reconcile.Diagnostic{
		{ID: "00000000000000b1", Code: "UNRESOLVED_PATH", Severity: "warn", Message: "path src/rank.js does not exist",
			Evidence: []reconcile.Location{{Path: "docs/guide.md", Line: 40}}, EntityIDs: []string{"document:docs/guide.md"},
			Remediation: "did you mean src/rank.ts?"},
		{ID: "00000000000000b2", Code: "DOCUMENT_WITHOUT_CODE", Severity: "info", Message: "docs/guide.md has no edge into code",
			Evidence: []reconcile.Location{{Path: "docs/guide.md"}}, EntityIDs: []string{"document:docs/guide.md"}},
		{ID: "00000000000000b3", Code: "IMPORT_CYCLE", Severity: "warn", Message: "import cycle src/a.ts → src/b.ts → src/a.ts",
			Evidence:  []reconcile.Location{{Path: "src/a.ts", Line: 1}, {Path: "src/b.ts", Line: 2}, {Path: "src/b.ts", Line: 2}, {Path: "src/a.ts", Line: 1}},
			EntityIDs: []string{"module:src/a.ts", "module:src/b.ts"}},
		{ID: "00000000000000b4", Code: "KNOWLEDGE_DATE_FIELD", Severity: "off", Message: "front matter has a Date field",
			Evidence: []reconcile.Location{{Path: "docs/adr/0001.md", Line: 4}}},
	}
	resolved = []reconcile.Diagnostic{
		{ID: "00000000000000c1", Code: "BROKEN_ANCHOR", Severity: "error", Message: "link to docs/guide.md#setup: no such heading",
			Evidence: []reconcile.Location{{Path: "docs/old.md", Line: 7}}, EntityIDs: []string{"document:docs/old.md"}},
	}
	return newOnes, unchanged, resolved
}

// sampleReport is the report with a comparison; sampleReportNoBase the
// same head findings without one.
func sampleReport() *Report {
	n, u, r := sampleDiagnostics()
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head",
		BaseSnapshotHash: "sha256:base", Comparison: &reconcile.Comparison{New: n, Unchanged: u, Resolved: r}})
}

func sampleReportNoBase() *Report {
	n, u, _ := sampleDiagnostics()
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", Diagnostics: append(u, n...)})
}
