// Package reporttest holds the diagnostics the renderers are tested with
// — the report's (text, JSON, SARIF) and GitHub's (check run, comment, job
// summary) — and the tally that reads a rendering back per code. It
// imports neither renderer, so both packages' tests share it. Tests only.
package reporttest

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// hostile is text that every renderer must escape: quotes, a backtick,
// markup, a pipe, a newline, an ANSI escape, a bidi override and unicode.
const hostile = "quote \" tick ` <b>&amp;</b> a|b\nsecond line \x1b[31mred\u202e ünïcödé ✓"

// HostilePath is a file name with a space, a quote and non-ASCII letters.
const HostilePath = `docs/ünïcode "weird" #1.md`

// Sample is hand-made head diagnostics covering several files,
// every level (off included), line 0, remediation, a repository-wide
// finding, repeated evidence and Hostile text. They are deliberately out
// of order.
func Sample() (newOnes, unchanged, resolved []finding.Diagnostic) {
	newOnes = []finding.Diagnostic{
		{ID: "00000000000000a1", Code: "BROKEN_LINK", Severity: "error", Message: "link to docs/x.md: no such file",
			Evidence: []finding.Location{{Path: "docs/guide.md", Line: 12}}, EntityIDs: []string{"document:docs/guide.md", "unresolved:docs/x.md"}},
		{ID: "00000000000000a2", Code: "DRIFT_SYMBOL", Severity: "error", Message: hostile,
			Evidence: []finding.Location{{Path: HostilePath, Line: 3}}, EntityIDs: []string{snapshot.EntityID(snapshot.KindDocument, HostilePath)},
			Remediation: "did you mean `rankDocuments`? <see> | \"quoted\""},
		{ID: "00000000000000a3", Code: "UNDOCUMENTED_AREA", Severity: "info", Message: "area internal/lonely has no document",
			EntityIDs: []string{"area:internal/lonely"}},
	}
	unchanged = []finding.Diagnostic{
		{ID: "00000000000000b1", Code: "UNRESOLVED_PATH", Severity: "warn", Message: "path src/rank.js does not exist",
			Evidence: []finding.Location{{Path: "docs/guide.md", Line: 40}}, EntityIDs: []string{"document:docs/guide.md"},
			Remediation: "did you mean src/rank.ts?"},
		{ID: "00000000000000b2", Code: "DOCUMENT_WITHOUT_CODE", Severity: "info", Message: "docs/guide.md has no edge into code",
			Evidence: []finding.Location{{Path: "docs/guide.md"}}, EntityIDs: []string{"document:docs/guide.md"}},
		{ID: "00000000000000b3", Code: "IMPORT_CYCLE", Severity: "warn", Message: "import cycle src/a.ts → src/b.ts → src/a.ts",
			Evidence:  []finding.Location{{Path: "src/a.ts", Line: 1}, {Path: "src/b.ts", Line: 2}, {Path: "src/b.ts", Line: 2}, {Path: "src/a.ts", Line: 1}},
			EntityIDs: []string{"module:src/a.ts", "module:src/b.ts"}},
		{ID: "00000000000000b4", Code: "KNOWLEDGE_DATE_FIELD", Severity: "off", Message: "front matter has a Date field",
			Evidence: []finding.Location{{Path: "docs/adr/0001.md", Line: 4}}},
	}
	resolved = []finding.Diagnostic{
		{ID: "00000000000000c1", Code: "BROKEN_ANCHOR", Severity: "error", Message: "link to docs/guide.md#setup: no such heading",
			Evidence: []finding.Location{{Path: "docs/old.md", Line: 7}}, EntityIDs: []string{"document:docs/old.md"}},
	}
	return newOnes, unchanged, resolved
}

// NewCycle is a new import cycle of three modules.
func NewCycle() finding.Diagnostic {
	return finding.Diagnostic{ID: "00000000000000a4", Code: "IMPORT_CYCLE", Severity: "warn",
		Message:   "import cycle of 3: src/x.ts → src/y.ts → src/z.ts → src/x.ts",
		Evidence:  []finding.Location{{Path: "src/x.ts", Line: 1}, {Path: "src/y.ts", Line: 2}, {Path: "src/z.ts", Line: 3}},
		EntityIDs: []string{"module:src/x.ts", "module:src/y.ts", "module:src/z.ts"}}
}

// Many is n new findings, one per line of a few files, cycling
// through the levels, each message pad runes long.
func Many(n, pad int, levels ...catalog.Level) []finding.Diagnostic {
	if len(levels) == 0 {
		levels = []catalog.Level{"error", "warn", "info"}
	}
	ds := make([]finding.Diagnostic, 0, n)
	for i := range n {
		msg := fmt.Sprintf("finding %d ", i)
		for len(msg) < pad {
			msg += "x"
		}
		ds = append(ds, finding.Diagnostic{ID: fmt.Sprintf("%016x", i), Code: "BROKEN_LINK", Severity: levels[i%len(levels)],
			Message: msg, Evidence: []finding.Location{{Path: fmt.Sprintf("docs/f%02d.md", i%7), Line: i + 1}}})
	}
	return ds
}

// Grouped is a comparison with more findings of some
// codes than the bounds list: 12 new and 9 unchanged BROKEN_LINK, 6 new
// and 6 unchanged UNRESOLVED_PATH, 2 new DRIFT_PATH, 2 unchanged
// BROKEN_ANCHOR, 12 unchanged DOCUMENT_WITHOUT_CODE, and 7 resolved
// BROKEN_ANCHOR and 1 resolved IMPORT_CYCLE.
func Grouped() *finding.Comparison {
	var n, u, res []finding.Diagnostic
	id := 0
	add := func(list *[]finding.Diagnostic, code string, level catalog.Level, path string, line int, msg, fix string) {
		id++
		*list = append(*list, finding.Diagnostic{ID: fmt.Sprintf("%016x", id), Code: code, Severity: level, Message: msg,
			Remediation: fix, Evidence: []finding.Location{{Path: path, Line: line}}, EntityIDs: []string{snapshot.EntityID(snapshot.KindDocument, path)}})
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
	return &finding.Comparison{New: n, Unchanged: u, Resolved: res}
}

// bigCodes are the codes of Big with their levels, shares (out of
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

// Big is n findings over bigCodes, located in long paths, with
// long messages and remediations, the way a large documentation site
// looks: the head's diagnostics, or with compared a comparison in which
// every third finding is new, the rest unchanged, and n/8 more are
// resolved.
func Big(n int, compared bool) (head []finding.Diagnostic, c *finding.Comparison) {
	var resolved []finding.Diagnostic
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
			d := finding.Diagnostic{ID: fmt.Sprintf("%016x", i), Code: c.code, Severity: c.level, Message: msg, Remediation: fix,
				Evidence: []finding.Location{{Path: path, Line: line}}, EntityIDs: []string{snapshot.EntityID(snapshot.KindDocument, path)}}
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
	if !compared {
		return head, nil
	}
	var nw, un []finding.Diagnostic
	for j, d := range head {
		if j%3 == 0 {
			nw = append(nw, d)
		} else {
			un = append(un, d)
		}
	}
	return nil, &finding.Comparison{New: nw, Unchanged: un, Resolved: resolved}
}

// Tally is what a rendering shows of one code in one section: the count
// its heading states, the findings listed and the findings counted as
// "more".
type Tally struct{ Stated, Listed, More int }

// WantTally checks that per code, listed + more = want, the heading
// states want, and no code is missing or extra; perCode bounds what is
// listed (0: no bound).
func WantTally(t *testing.T, name string, got map[string]*Tally, want map[string]int, perCode int) {
	t.Helper()
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Errorf("%s: codes %v, want %v", name, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	for code, n := range want {
		g := got[code]
		if g == nil {
			continue
		}
		if g.Listed+g.More != n || (g.Stated != 0 && g.Stated != n) {
			t.Errorf("%s %s: %d listed + %d more (heading %d), want %d", name, code, g.Listed, g.More, g.Stated, n)
		}
		if perCode > 0 && g.Listed > perCode {
			t.Errorf("%s %s: %d listed, more than %d", name, code, g.Listed, perCode)
		}
	}
	if perCode <= 0 {
		return
	}
	// One bound for the whole list (a summary may have shrunk it to fit):
	// every code lists that many, or all it has.
	n := 0
	for _, g := range got {
		n = max(n, g.Listed)
	}
	for code, g := range got {
		if g.Listed != min(n, want[code]) {
			t.Errorf("%s %s: %d listed of %d, while another code lists %d", name, code, g.Listed, want[code], n)
		}
	}
}

// Atoi reads a count a renderer wrote, thousands separators allowed.
func Atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Count counts xs by key: findings by code, say.
func Count[T any](xs []T, key func(T) string) map[string]int {
	out := map[string]int{}
	for _, x := range xs {
		out[key(x)]++
	}
	return out
}
