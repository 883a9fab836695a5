package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/testtree"
)

// searchRepo is a small repository: two guides, one superseded, and code.
func searchRepo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"README.md":           "# Demo\n\nSee [the storage guide](docs/storage.md).\n",
		"docs/storage.md":     "# Storage guide\n\nRecords are persisted by `OpenStore` in `store/store.go`.\n\n## Compaction\n\nCompaction rewrites the log.\n",
		"docs/old-storage.md": "---\nstatus: superseded\n---\n# Storage guide (old)\n\nRecords were persisted in files.\n",
		"store/store.go":      "package store\n\n// OpenStore opens a store.\nfunc OpenStore() {}\n",
		"go.mod":              "module example.com/demo\n\ngo 1.26\n",
	})
}

func TestSearchRanksAndExplains(t *testing.T) {
	dir := searchRepo(t)
	code, out, errOut := runCLI(t, "search", "--dir", dir, "--explain", "storage", "guide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[0], `"storage guide"`) || !strings.Contains(lines[1], "docs/storage.md") || !strings.Contains(lines[1], "Storage guide") {
		t.Fatalf("the active guide must come first:\n%s", out)
	}
	if i, j := strings.Index(out, "docs/storage.md"), strings.Index(out, "docs/old-storage.md"); j < 0 || j < i {
		t.Errorf("the superseded guide ranks below the active one:\n%s", out)
	}
	for _, name := range retrieval.ComponentNames() {
		if !strings.Contains(lines[2], name+" ") {
			t.Errorf("--explain lacks component %s: %s", name, lines[2])
		}
	}
	code, out, _ = runCLI(t, "search", "--dir", dir, "OpenStore")
	if code != 0 || !strings.Contains(strings.Split(out, "\n")[1], "store/store.go") {
		t.Errorf("a symbol names its module first: exit %d\n%s", code, out)
	}
}

func TestSearchJSON(t *testing.T) {
	dir := searchRepo(t)
	code, out, errOut := runCLI(t, "search", "--dir", dir, "--json", "--explain", "--limit", "1", "--kinds", "document,module", "records")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res retrieval.Results
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json is not results: %v\n%s", err, out)
	}
	if res.Query != "records" || len(res.Hits) != 1 || res.Total < 2 || res.Cut != res.Total-1 {
		t.Fatalf("results %+v", res)
	}
	if h := res.Hits[0]; h.Kind != "document" || len(h.Components) != len(retrieval.ComponentNames()) {
		t.Errorf("hit %+v: want a document with every component", h)
	}
}

func TestSearchClosestAndCut(t *testing.T) {
	dir := searchRepo(t)
	code, out, _ := runCLI(t, "search", "--dir", dir, "--limit", "1", "compaction", "files")
	if code != 0 || !strings.Contains(out, "closest: no entry matches every term") || !strings.Contains(out, "1 more not shown") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestSearchHow(t *testing.T) {
	code, out, _ := runCLI(t, "search", "--how", "--dir", "/nonexistent")
	if code != 0 || out != retrieval.How() {
		t.Fatalf("--how: exit %d\n%s", code, out)
	}
}

func TestSearchHowQuery(t *testing.T) {
	dir := searchRepo(t)
	for _, tc := range []struct{ query, want string }{
		{"how are records kept on disk", `takes the natural path`},
		{"docs/storage.md", `takes the identifier path: the whole query names an entry`},
		{"pkg.DoesNotExist", `takes the identifier path: one token with .`},
	} {
		code, out, _ := runCLI(t, "search", "--how", "--dir", dir, tc.query)
		if code != 0 || !strings.HasPrefix(out, retrieval.How()) || !strings.Contains(out, tc.want) {
			t.Errorf("--how %q: exit %d, want %q after How:\n%s", tc.query, code, tc.want, strings.TrimPrefix(out, retrieval.How()))
		}
	}
}

func TestSearchBlankQueryListsRecentDocuments(t *testing.T) {
	dir := searchRepo(t)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, p := range []string{"docs/old-storage.md", "README.md", "docs/storage.md"} {
		tm := base.Add(time.Duration(i) * 24 * time.Hour)
		if err := os.Chtimes(filepath.Join(dir, p), tm, tm); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI(t, "search", "--dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := []string{"2024-01-03  docs/storage.md", "2024-01-02  README.md", "2024-01-01  docs/old-storage.md"}
	if got := strings.Split(strings.TrimSpace(out), "\n")[1:]; len(got) != 3 || !strings.Contains(got[0], want[0]) || !strings.Contains(got[1], want[1]) || !strings.Contains(got[2], want[2]) {
		t.Fatalf("recent documents by file time:\n%s", out)
	}
	// A query nothing matches lists them too, and says so.
	code, out, _ = runCLI(t, "search", "--dir", dir, "xylophone")
	if code != 0 || !strings.Contains(out, "no entry matches") || !strings.Contains(out, want[0]) {
		t.Fatalf("no-match fallback: exit %d\n%s", code, out)
	}
}

func TestSearchRecentUsesGitHistory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := searchRepo(t)
	gitRun := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitRun("", "init", "-q")
	gitRun("2020-01-01T00:00:00Z", "add", ".")
	gitRun("2020-01-01T00:00:00Z", "commit", "-qm", "one")
	if err := os.WriteFile(filepath.Join(dir, "docs", "old-storage.md"), []byte("---\nstatus: superseded\n---\n# Old\n\nChanged.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun("2021-06-01T00:00:00Z", "commit", "-qam", "two")
	// File times say README.md is the newest; the history says otherwise.
	now := time.Now()
	if err := os.Chtimes(filepath.Join(dir, "README.md"), now, now); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.WriteFile(filepath.Join(dir, "docs", "draft.md"), []byte("# Draft\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(dir, "docs", "draft.md"), old, old); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "search", "--dir", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res retrieval.Results
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range res.Hits {
		got = append(got, h.Path+"@"+time.Unix(h.Modified, 0).UTC().Format("2006"))
	}
	// An untracked document falls back to its file time.
	want := "docs/old-storage.md@2021 README.md@2020 docs/storage.md@2020 docs/draft.md@2000"
	if !res.Recent || strings.Join(got, " ") != want {
		t.Fatalf("recent by commit time: %v, want %s", got, want)
	}
}

func TestSearchBadInput(t *testing.T) {
	dir := searchRepo(t)
	for name, tc := range map[string]struct {
		args []string
		want string
	}{
		"unknown kind":        {[]string{"search", "--dir", dir, "--kinds", "document,widget", "x"}, `--kinds "widget"`},
		"zero limit":          {[]string{"search", "--dir", dir, "--limit", "0", "x"}, "--limit 0"},
		"limit over the cap":  {[]string{"search", "--dir", dir, "--limit", "101", "x"}, "--limit 101: use 1 to 100"},
		"blank without docs":  {[]string{"search", "--dir", dir, "--kinds", "module"}, "blank query lists documents"},
		"missing directory":   {[]string{"search", "--dir", "/nonexistent/dir", "x"}, "/nonexistent/dir"},
		"directory is a file": {[]string{"search", "--dir", filepath.Join(dir, "README.md"), "x"}, "not a directory"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", name, code, errOut, tc.want)
		}
	}
}

// TestSearchBudget: a tight budget drops the hits' summaries and says so;
// a generous one keeps everything; a negative one is bad input.
func TestSearchBudget(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"docs/walrus.md": "# Walrus guide\n\nThe walrus is a large flippered marine mammal with a long summary paragraph that costs tokens.\n",
		"docs/seal.md":   "# Seal notes\n\nA walrus is not a seal; this paragraph is the summary of the seal notes.\n",
	})
	type answer struct {
		Hits []struct {
			ID string `json:"id"`
		} `json:"hits"`
		// Summaries are by hit id: the section a budget drops first.
		Summaries map[string]string `json:"summaries"`
		Budget    struct {
			Limit   int      `json:"limit"`
			Used    int      `json:"used"`
			Fits    bool     `json:"fits"`
			Kept    []string `json:"kept"`
			Dropped []string `json:"dropped"`
		} `json:"budget"`
	}
	read := func(budget string) answer {
		t.Helper()
		code, out, errOut := runCLI(t, "search", "--dir", dir, "--json", "--budget", budget, "walrus")
		if code != 0 {
			t.Fatalf("--budget %s: exit %d: %s", budget, code, errOut)
		}
		var a answer
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("--budget %s: %v\n%s", budget, err, out)
		}
		return a
	}
	wide := read("5000")
	if !wide.Budget.Fits || len(wide.Budget.Dropped) != 0 || len(wide.Hits) != 2 || wide.Summaries[wide.Hits[0].ID] == "" {
		t.Fatalf("a generous budget keeps the summaries: %+v", wide)
	}
	if wide.Budget.Used > 5000 || wide.Budget.Limit != 5000 {
		t.Fatalf("budget accounting: %+v", wide.Budget)
	}
	tight := read(strconv.Itoa(wide.Budget.Used - 1))
	if !tight.Budget.Fits || !slices.Equal(tight.Budget.Dropped, []string{"summaries"}) || len(tight.Hits) != 2 || len(tight.Summaries) != 0 {
		t.Fatalf("one token short: summaries dropped, hits kept: %+v", tight)
	}
	if code, _, _ := runCLI(t, "search", "--dir", dir, "--budget", "-1", "walrus"); code != 2 {
		t.Fatalf("--budget -1: exit %d, want 2", code)
	}
}

// TestSearchTextEscapesFileText: a path or title read from the repository
// reaches the terminal escaped, on a ranked hit and on a recent document
// alike.
func TestSearchTextEscapesFileText(t *testing.T) {
	for _, res := range []retrieval.Results{
		{Query: "q", Total: 1, Hits: []retrieval.Hit{{ID: "document:a\x1b.md", Kind: "document", Path: "a\x1b.md", Title: "T\x1b[31m"}}},
		{Recent: true, Hits: []retrieval.Hit{{ID: "document:a\x1b.md", Kind: "document", Path: "a\x1b.md", Title: "T\x1b[31m"}}},
	} {
		var b strings.Builder
		if err := writeSearchText(&b, res, false); err != nil {
			t.Fatal(err)
		}
		if out := b.String(); strings.ContainsRune(out, '\x1b') || !strings.Contains(out, `a\x1b.md`) || !strings.Contains(out, `T\x1b[31m`) {
			t.Errorf("recent %v: unescaped or missing text:\n%q", res.Recent, out)
		}
	}
}
