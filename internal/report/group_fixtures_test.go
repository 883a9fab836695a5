package report

import (
	"fmt"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/reconcile"
)

// groupedReport is compared with a base and has more findings of some
// codes than the bounds list: 12 new and 9 unchanged BROKEN_LINK, 6 new
// and 6 unchanged UNRESOLVED_PATH, 2 new DRIFT_PATH, 2 unchanged
// BROKEN_ANCHOR, 12 unchanged DOCUMENT_WITHOUT_CODE, and 7 resolved
// BROKEN_ANCHOR and 1 resolved IMPORT_CYCLE.
func groupedReport() *Report {
	var n, u, res []reconcile.Diagnostic
	id := 0
	add := func(list *[]reconcile.Diagnostic, code string, level catalog.Level, path string, line int, msg, fix string) {
		id++
		*list = append(*list, reconcile.Diagnostic{ID: fmt.Sprintf("%016x", id), Code: code, Severity: level, Message: msg,
			Remediation: fix, Evidence: []reconcile.Location{{Path: path, Line: line}}, EntityIDs: []string{"document:" + path}})
	}
	for i := range 12 {
		page := fmt.Sprintf("content/en/docs/guide/page-%02d.md", i)
		add(&n, "BROKEN_LINK", "error", page, 10+i, fmt.Sprintf("link to docs/missing-%02d.md: no such file", i), "")
	}
	for i := range 9 {
		page := fmt.Sprintf("content/en/docs/reference/ref-%02d.md", i)
		add(&u, "BROKEN_LINK", "error", page, 3*i+1, fmt.Sprintf("link to ../old/ref-%02d.md: no such file", i), "")
	}
	for i := range 6 {
		add(&n, "UNRESOLVED_PATH", "warn", "README.md", 20+i, fmt.Sprintf("`src/cmd/tool-%d.go` does not exist", i),
			fmt.Sprintf("did you mean cmd/tool-%d/main.go?", i))
		add(&u, "UNRESOLVED_PATH", "warn", "docs/setup.md", 40+i, fmt.Sprintf("`scripts/setup-%d.sh` does not exist", i), "")
	}
	add(&n, "DRIFT_PATH", "error", "docs/setup.md", 7, "`internal/scan/walk.go` resolved in the base and no longer does", "did you mean internal/scan/walker.go?")
	add(&n, "DRIFT_PATH", "error", "docs/architecture.md", 88, "`internal/report/text.go` resolved in the base and no longer does", "")
	add(&u, "BROKEN_ANCHOR", "error", "docs/index.md", 12, "anchor #set-up matches no heading of docs/guide.md", "did you mean #setup?")
	add(&u, "BROKEN_ANCHOR", "error", "docs/index.md", 30, "anchor #faq matches no heading of this document", "")
	for i := range 12 {
		page := fmt.Sprintf("content/en/blog/2024/post-%02d.md", i)
		add(&u, "DOCUMENT_WITHOUT_CODE", "info", page, 0, page+" neither links to, mentions nor covers any module, package or area", "")
	}
	for i := range 7 {
		add(&res, "BROKEN_ANCHOR", "error", "docs/old.md", 5+i, fmt.Sprintf("anchor #step-%d matches no heading of docs/install.md", i), "")
	}
	add(&res, "IMPORT_CYCLE", "warn", "src/a.ts", 1, "import cycle src/a.ts → src/b.ts → src/a.ts", "")
	return Build(Input{Version: "1.2.3", Project: "demo", SnapshotHash: "sha256:head", BaseSnapshotHash: "sha256:base",
		Comparison: &reconcile.Comparison{New: n, Unchanged: u, Resolved: res}})
}

// bigCodes are the codes of bigReport with their levels, shares (out of
// 100) and message templates (%[1]s a path, %[2]d a number).
var bigCodes = []struct {
	code     string
	level    catalog.Level
	share    int
	msg, fix string
}{
	{"BROKEN_LINK", "error", 30, "link to %[1]s/../../reference/generated/cli/subcommand-%[2]d/index.md#options-and-flags: no such file", "did you mean %[1]s/../reference/cli/subcommand-%[2]d.md?"},
	{"BROKEN_ANCHOR", "error", 14, "anchor #configuring-the-%[2]d-th-option-of-the-site-generator-with-a-long-heading matches no heading of %[1]s", "did you mean #configuring-the-option?"},
	{"UNRESOLVED_PATH", "warn", 10, "`%[1]s/examples/%[2]d/docker-compose.override.yml` does not exist", ""},
	{"DRIFT_PATH", "error", 3, "`%[1]s/internal/%[2]d.go` resolved in the base and no longer does: it was renamed or removed in this change", "did you mean %[1]s/internal/renamed-%[2]d.go?"},
	{"DRIFT_SYMBOL", "error", 2, "`RenderTheWholeReport%[2]d` was renamed or removed in %[1]s; the document still names it", "did you mean RenderReport%[2]d?"},
	{"DRIFT_LINK", "error", 2, "link to %[1]s resolved in the base and no longer does", ""},
	{"DRIFT_ANCHOR", "error", 2, "anchor #section-%[2]d of %[1]s resolved in the base and no longer does", ""},
	{"IMPORT_CYCLE", "warn", 3, "import cycle of 4: %[1]s/a.ts → %[1]s/b.ts → %[1]s/c.ts → %[1]s/d-%[2]d.ts → %[1]s/a.ts", ""},
	{"STALE_DECLARATION", "warn", 2, "%[1]s declares it covers internal/removed-%[2]d, which no longer exists", ""},
	{"GENERATED_REGION_EDITED", "warn", 1, "the generated region of %[1]s (marker %[2]d) differs from what its generator writes", ""},
	{"DOCUMENT_WITHOUT_CODE", "info", 20, "%[1]s neither links to, mentions nor covers any module, package or area", ""},
	{"UNDOCUMENTED_AREA", "info", 3, "area %[1]s/area-%[2]d has no documentation: no document covers, mentions or links into it, and none lies inside it", ""},
	{"CENTRALITY_RISK", "info", 2, "module %[1]s/index-%[2]d.ts ranks #%[2]d of the import graph by centrality (normalized betweenness 0.017535), and no document covers or mentions it", ""},
	{"NEAR_TWIN_DOCUMENT", "info", 2, "%[1]s and %[1]s-copy-%[2]d are near twins (similarity 0.97)", ""},
	{"KNOWLEDGE_FIELD_MISSING", "info", 2, "%[1]s has no owner field in its front matter", ""},
	{"KNOWLEDGE_TITLE_MISSING", "info", 2, "%[1]s has no title", ""},
}

// bigReport has n findings over bigCodes, located in long paths, with
// long messages and remediations, the way a large documentation site
// looks. With compared, every third finding is new, the rest unchanged,
// and n/8 more are resolved.
func bigReport(n int, compared bool) *Report {
	var head, resolved []reconcile.Diagnostic
	i := 0
	for _, c := range bigCodes {
		count := n * c.share / 100
		for k := range count {
			dir := fmt.Sprintf("website/content/en/docs/reference/configuration/section-%02d/subsection-with-a-long-name-%03d", k%17, k%101)
			path := fmt.Sprintf("%s/page-%04d.md", dir, k)
			msg := fmt.Sprintf(c.msg, dir, k)
			fix := ""
			if c.fix != "" && k%3 == 0 {
				fix = fmt.Sprintf(c.fix, dir, k)
			}
			line := 1 + k%400
			if c.code == "DOCUMENT_WITHOUT_CODE" {
				line = 0
			}
			d := reconcile.Diagnostic{ID: fmt.Sprintf("%016x", i), Code: c.code, Severity: c.level, Message: msg, Remediation: fix,
				Evidence: []reconcile.Location{{Path: path, Line: line}}, EntityIDs: []string{"document:" + path}}
			if c.code == "UNDOCUMENTED_AREA" {
				d.Evidence = nil
			}
			i++
			if compared && k%8 == 7 {
				resolved = append(resolved, d)
				continue
			}
			head = append(head, d)
		}
	}
	in := Input{Version: "1.2.3", Project: "big", SnapshotHash: "sha256:head"}
	if !compared {
		in.Diagnostics = head
		return Build(in)
	}
	var nw, un []reconcile.Diagnostic
	for j, d := range head {
		if j%3 == 0 {
			nw = append(nw, d)
		} else {
			un = append(un, d)
		}
	}
	in.BaseSnapshotHash = "sha256:base"
	in.Comparison = &reconcile.Comparison{New: nw, Unchanged: un, Resolved: resolved}
	return Build(in)
}

// codeCounts counts fs by code.
func codeCounts(fs []Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.Code]++
	}
	return out
}
