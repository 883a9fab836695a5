package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/testtree"
)

// lookupRepoFiles is a small repository: two areas named alike, a guide
// that covers one and names a symbol, a README that links to the guide.
var lookupRepoFiles = map[string]string{
	"go.mod": "module example.com/lk\n\ngo 1.22\n",
	"docbridge.yaml": "version: 1\nanalysis:\n  areas:\n    - path: internal/a\n      name: core\n" +
		"    - path: internal/b\n      name: core\n",
	"README.md": "# Demo\n\nRead the [guide](docs/guide.md).\n",
	"docs/guide.md": "---\ndocbridge:\n  covers: [area:internal/a]\n---\n\n# Guide\n\nHow the a package works.\n\n" +
		"Call `Run` in `internal/a/a.go`. \x1b[31mred\x1b[0m\n",
	"internal/a/a.go": "package a\n\nimport \"example.com/lk/internal/b\"\n\n// Run runs.\nfunc Run() { b.Do() }\n",
	"internal/b/b.go": "package b\n\n// Do does.\nfunc Do() {}\n",
}

func lookupJSON(t *testing.T, args ...string) retrieval.LookupResult {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"lookup", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res retrieval.LookupResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json is not a lookup result: %v\n%s", err, out)
	}
	return res
}

func TestLookupCommandJSON(t *testing.T) {
	dir := testtree.New(t, lookupRepoFiles)
	res := lookupJSON(t, "--dir", dir, "--depth", "2", "internal/a/a.go")
	if res.Entity.ID != "module:internal/a/a.go" || res.Budget != nil {
		t.Fatalf("entity %+v, budget %v", res.Entity, res.Budget)
	}
	if !slices.Contains(res.Neighbours["contains"], retrieval.Neighbour{ID: "area:internal/a", Direction: "in", Distance: 1}) {
		t.Errorf("a.go's area missing: %v", res.Neighbours)
	}
	if !slices.Contains(res.Neighbours["links-to"], retrieval.Neighbour{ID: "document:README.md", Direction: "in", Distance: 2, Via: "document:docs/guide.md"}) {
		t.Errorf("the README's link to the guide at distance 2 missing: %v", res.Neighbours["links-to"])
	}
	if len(res.Documents) != 1 || res.Documents[0].ID != "document:docs/guide.md" ||
		!slices.Equal(res.Documents[0].Relations, []string{"mentions-symbol", "mentions"}) {
		t.Errorf("documents %+v", res.Documents)
	}
	// The excerpt is the guide's line as written, read from the file.
	lines := strings.Split(lookupRepoFiles["docs/guide.md"], "\n")
	want := retrieval.Excerpt{Path: "docs/guide.md", Line: 10, Text: strings.TrimSpace(lines[9])}
	if len(res.EvidenceExcerpts) == 0 || res.EvidenceExcerpts[0] != want {
		t.Errorf("excerpts %+v, want first %+v", res.EvidenceExcerpts, want)
	}
}

func TestLookupCommandText(t *testing.T) {
	dir := testtree.New(t, lookupRepoFiles)
	code, out, errOut := runCLI(t, "lookup", "--dir", dir, "docs/guide.md")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"document:docs/guide.md\n", "summary: How the a package works.",
		"Documents (1), most canonical first", "README.md", "links-to", "Neighbours (depth 1)",
		"out 1  area:internal/a", "Evidence", "docs/guide.md:10"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("a terminal escape from the file reached the output:\n%q", out)
	}
}

// A symbol is answered with the module declaring it and the declaration's
// kind and line, whose excerpt comes first.
func TestLookupCommandSymbol(t *testing.T) {
	dir := testtree.New(t, lookupRepoFiles)
	code, out, errOut := runCLI(t, "lookup", "--dir", dir, "a.Run")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"module:internal/a/a.go\n", "symbol: func Run at internal/a/a.go:6\n", "Evidence\n  internal/a/a.go:6  func Run() { b.Do() }\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	res := lookupJSON(t, "--dir", dir, "Do")
	if res.Entity.ID != "module:internal/b/b.go" || res.Entity.Symbol == nil || *res.Entity.Symbol != (retrieval.LookupSymbol{Name: "Do", Kind: "func", Line: 4}) {
		t.Errorf("entity %+v, symbol %+v", res.Entity, res.Entity.Symbol)
	}
}

func TestLookupCommandBudget(t *testing.T) {
	dir := testtree.New(t, lookupRepoFiles)
	full := lookupJSON(t, "--dir", dir, "docs/guide.md")
	small := lookupJSON(t, "--dir", dir, "--budget", "1", "docs/guide.md")
	b := small.Budget
	if b == nil || b.Fits || b.Limit != 1 || len(b.Kept) != 0 {
		t.Fatalf("budget %+v", b)
	}
	if want := []string{"evidenceExcerpts", "related", "neighbours", "summaries"}; !slices.Equal(b.Dropped, want) {
		t.Errorf("dropped %q, want %q", b.Dropped, want)
	}
	if small.Neighbours != nil || small.Documents != nil || small.EvidenceExcerpts != nil || small.Summaries != nil ||
		small.Entity.ID != full.Entity.ID {
		t.Errorf("a dropped section is still printed: %+v", small)
	}
	roomy := lookupJSON(t, "--dir", dir, "--budget", "100000", "docs/guide.md")
	if !roomy.Budget.Fits || len(roomy.Budget.Dropped) != 0 || len(roomy.Budget.Kept) != 4 {
		t.Errorf("roomy budget %+v", roomy.Budget)
	}
	code, out, _ := runCLI(t, "lookup", "--dir", dir, "--budget", "1", "docs/guide.md")
	if code != 0 || !strings.Contains(out, "Budget: ") || !strings.Contains(out, "does not fit") {
		t.Errorf("exit %d, text budget line missing:\n%s", code, out)
	}
}

func TestLookupCommandBadInput(t *testing.T) {
	dir := testtree.New(t, lookupRepoFiles)
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"lookup", "--dir", dir, "internal/a/aa.go"}, "did you mean internal/a/a.go"},
		{[]string{"lookup", "--dir", dir, "core"}, "ambiguous: it names area:internal/a, area:internal/b"},
		{[]string{"lookup", "--dir", dir, "Runn"}, "no entity \"Runn\"; did you mean Run"},
		{[]string{"lookup", "--dir", dir, "b.Run"}, "no entity \"b.Run\"; did you mean Run"},
		{[]string{"lookup", "--dir", dir, "--depth", "4", "core"}, "--depth 4"},
		{[]string{"lookup", "--dir", dir, "--depth", "0", "core"}, "--depth 0"},
		{[]string{"lookup", "--dir", dir, "--budget", "-1", "core"}, "--budget -1"},
		{[]string{"lookup", "--dir", dir}, "accepts 1 arg"},
		{[]string{"lookup", "--dir", filepath.Join(dir, "nope"), "x"}, "nope"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.msg)
		}
	}
}

// TestLookupCleanBidi: control characters and bidi controls from the
// repository never reach the terminal.
func TestLookupCleanBidi(t *testing.T) {
	if got := lookupClean("a\tb\x1b[31mc\u202ed\u200fe"); got != "a b\uFFFD[31mc\uFFFDd\uFFFDe" {
		t.Fatalf("lookupClean = %q", got)
	}
}
