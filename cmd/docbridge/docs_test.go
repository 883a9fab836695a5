package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/testtree"
)

// knowledgeRepo keeps knowledge documents under docs/: one that passes the
// convention, one that breaks it, and code.
func knowledgeRepo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"go.mod":         "module example.com/k\n\ngo 1.26\n",
		"cache/cache.go": "package cache\n\n// Get reads an entry.\nfunc Get() {}\n",
		"README.md":      "# K\n\nSee [eviction](docs/cache/eviction.md).\n",
		"docs/cache/eviction.md": "---\nArea: cache\nKeywords: [cache, eviction]\nSummary: Stale entries leave the cache.\n---\n\n" +
			"# Cache eviction of stale entries\n\nThe `cache/cache.go` module evicts.\n\n## Facts\n\nEntries older than a day go.\n",
		"docs/cache/bare.md": "Some thoughts about caching.\n",
	})
}

const twinBody = "# Stale entries eviction\n\n## Facts\n\nOld entries go.\n"

func twinMeta() map[string]any {
	return map[string]any{"Area": "Cache", "Keywords": []any{"eviction", "stale", "entries"}, "Summary": "Old entries go."}
}

func TestDocsCommand(t *testing.T) {
	dir := knowledgeRepo(t)
	// help: the convention as configured.
	help := cliJSON(t, "docs", "help", "--dir", dir).(map[string]any)
	if help["root"] != "docs" || !reflect.DeepEqual(help["requiredFields"], []any{"Area", "Keywords", "Summary"}) ||
		!strings.HasPrefix(help["example"].(string), "---\nArea: internal/cache\n") {
		t.Errorf("help: %v", help)
	}
	// check: the convention's findings, the preset on.
	check := cliJSON(t, "docs", "check", "--dir", dir).(map[string]any)
	codes := map[string]int{}
	for _, f := range check["findings"].([]any) {
		f := f.(map[string]any)
		if f["location"].(map[string]any)["path"] != "docs/cache/bare.md" {
			t.Errorf("only the bare record breaks the convention: %v", f)
		}
		codes[f["code"].(string)]++
	}
	if codes["KNOWLEDGE_TITLE_MISSING"] != 1 || codes["KNOWLEDGE_FIELD_MISSING"] != 3 {
		t.Errorf("check codes %v", codes)
	}
	if only := cliJSON(t, "docs", "check", "--dir", dir, "docs/cache/eviction.md").(map[string]any); only["total"] != 0.0 {
		t.Errorf("check of the passing record: %v", only)
	}
	// search: knowledge documents only.
	search := cliJSON(t, "docs", "search", "--dir", dir, "cache").(map[string]any)
	for _, h := range search["hits"].([]any) {
		if p := h.(map[string]any)["path"].(string); !strings.HasPrefix(p, "docs/") {
			t.Errorf("search lists %s", p)
		}
	}
	// add: a new record, named after its H1.
	body := filepath.Join(t.TempDir(), "body.md")
	testtree.File(t, body, "# Sizing the cache memory\n\n## Facts\n\nOne gigabyte, see `cache/cache.go`.\n")
	add := cliJSON(t, "docs", "add", "--dir", dir, "--field", "Area=cache", "--list", "Keywords=cache, sizing, memory",
		"--field", "Summary=How big the cache is.", "--body-file", body).(map[string]any)
	if add["path"] != "docs/sizing-the-cache-memory.md" || add["action"] != "created" {
		t.Fatalf("add: %v", add)
	}
	data, err := os.ReadFile(filepath.Join(dir, "docs", "sizing-the-cache-memory.md"))
	want := "---\nArea: cache\nKeywords: [cache, sizing, memory]\nSummary: How big the cache is.\n---\n\n# Sizing the cache memory\n\n## Facts\n\nOne gigabyte, see `cache/cache.go`.\n"
	if err != nil || string(data) != want {
		t.Errorf("written %q, %v; want %q", data, err, want)
	}
	if code, out, _ := runCLI(t, "check", dir, "--fail-on", "none", "--format", "json"); code != 0 || strings.Contains(out, "sizing-the-cache-memory") {
		t.Errorf("the written record gives no finding: %s", out)
	}
	// add refusals: exit 2, the argument named, nothing written.
	testtree.File(t, body, twinBody)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--field", "Area=cache", "--list", "Keywords=eviction,stale,entries", "--field", "Summary=s"}, "argument path: near twin of docs/cache/eviction.md"},
		{[]string{"--field", "Area=cache", "--list", "Keywords=eviction", "--field", "Summary= "}, "argument metadata.Summary: blank"},
		{[]string{"--field", "Area=cache", "--list", "Keywords=eviction"}, "argument metadata.Summary: required field missing"},
		{[]string{"--path", "../outside.md", "--field", "Area=c", "--list", "Keywords=k", "--field", "Summary=s"}, "argument path"},
		{[]string{"--path", "docs/notes.txt", "--field", "Area=c", "--list", "Keywords=k", "--field", "Summary=s"}, "only .md documents"},
		{[]string{"--path", "README.md", "--field", "Area=c", "--list", "Keywords=k", "--field", "Summary=s"}, "under docs/ only"},
	} {
		code, out, errOut := runCLI(t, append([]string{"docs", "add", "--dir", dir, "--body-file", body}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("add %v: exit %d, %q%q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "stale-entries-eviction.md")); err == nil {
		t.Error("a refused record was written")
	}
	// With the twin as path, it is a replacement.
	rep := cliJSON(t, "docs", "add", "--dir", dir, "--path", "docs/cache/eviction.md", "--field", "Area=cache",
		"--list", "Keywords=eviction,stale,entries", "--field", "Summary=s", "--body-file", body).(map[string]any)
	if rep["action"] != "replaced" {
		t.Errorf("replace: %v", rep)
	}
}

func TestDocsAddRefusesSymlinks(t *testing.T) {
	dir := knowledgeRepo(t)
	outside := t.TempDir()
	body := filepath.Join(t.TempDir(), "body.md")
	testtree.File(t, body, "# Sizing the cache memory\n\n## Facts\n\nOne gigabyte.\n")
	args := []string{"docs", "add", "--dir", dir, "--field", "Area=cache", "--list", "Keywords=cache,sizing,memory", "--field", "Summary=s", "--body-file", body}
	// A directory under docs/ that leads out.
	if err := os.Symlink(outside, filepath.Join(dir, "docs", "out")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, append(args, "--path", "docs/out/new.md")...); code != 2 || !strings.Contains(errOut, "through a symlink") {
		t.Errorf("a symlinked directory out: exit %d %s", code, errOut)
	}
	// A document that is a symlink, even inside.
	if err := os.Symlink("eviction.md", filepath.Join(dir, "docs", "cache", "link.md")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, append(args, "--path", "docs/cache/link.md")...); code != 2 || !strings.Contains(errOut, "not a regular file") {
		t.Errorf("a symlinked document: exit %d %s", code, errOut)
	}
	// docs/ itself a symlink (to a directory inside the repository).
	dir2 := knowledgeRepo(t)
	if err := os.Rename(filepath.Join(dir2, "docs"), filepath.Join(dir2, "real-docs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real-docs", filepath.Join(dir2, "docs")); err != nil {
		t.Fatal(err)
	}
	args[3] = dir2
	if code, _, errOut := runCLI(t, append(args, "--path", "docs/new.md")...); code != 2 || !strings.Contains(errOut, "not a directory of the repository") {
		t.Errorf("docs/ a symlink: exit %d %s", code, errOut)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside: %v", entries)
	}
}

func TestMCPDocsTool(t *testing.T) {
	dir := knowledgeRepo(t)
	cs := connectMCP(t, dir)
	for _, tc := range []struct {
		args map[string]any
		cli  []string
	}{
		{map[string]any{"verb": "help"}, []string{"help"}},
		{map[string]any{"verb": "check"}, []string{"check"}},
		{map[string]any{"verb": "check", "paths": []string{"docs/cache/bare.md"}}, []string{"check", "docs/cache/bare.md"}},
		{map[string]any{"verb": "search", "query": "cache eviction"}, []string{"search", "cache", "eviction"}},
		{map[string]any{"verb": "search", "query": "cache", "limit": 1}, []string{"search", "--limit", "1", "cache"}},
	} {
		got := mcptest.CallTool(t, cs, "docs", tc.args)
		want := cliJSON(t, append([]string{"docs", "--dir", dir}, tc.cli...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("docs %v:\ntool %v\ncli  %v", tc.args, got, want)
		}
	}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"verb": "add", "metadata": twinMeta(), "body": twinBody}, "argument path: near twin of docs/cache/eviction.md in area Cache"},
		{map[string]any{"verb": "add", "metadata": map[string]any{"Area": "cache", "Keywords": []any{"k"}, "Summary": ""}, "body": twinBody}, "argument metadata.Summary: blank"},
		{map[string]any{"verb": "add", "metadata": twinMeta(), "body": "No title.\n"}, "argument body: must start with an H1"},
		{map[string]any{"verb": "add", "metadata": twinMeta(), "body": "# Stale entries eviction\n\nNo claims.\n", "path": "docs/cache/eviction.md"}, "argument body: the document would break the convention: KNOWLEDGE_CLAIMS_MISSING"},
		{map[string]any{"verb": "add", "metadata": twinMeta(), "body": twinBody, "path": "docs/../../etc/x.md"}, "argument path"},
		{map[string]any{"verb": "add", "metadata": twinMeta(), "body": twinBody, "path": "docs/x.html"}, "argument path: \"docs/x.html\": only .md documents"},
		{map[string]any{"verb": "add", "metadata": map[string]any{"Area": 3}, "body": twinBody}, "argument metadata.Area"},
		{map[string]any{"verb": "publish"}, "/properties/verb"},
		{map[string]any{"verb": "search", "limit": 500}, "/properties/limit"},
	} {
		if msg := mcptest.CallErr(t, cs, "docs", tc.args); !strings.Contains(msg, tc.want) {
			t.Errorf("docs %v: %q lacks %q", tc.args, msg, tc.want)
		}
	}
	// An add, then a search that finds it: the write is seen by the next call.
	add := mcptest.CallTool(t, cs, "docs", map[string]any{"verb": "add", "body": "# Sizing the cache memory\n\n## Facts\n\nOne gigabyte.\n",
		"metadata": map[string]any{"Area": "cache", "Keywords": []any{"cache", "sizing", "memory"}, "Summary": "How big."}}).(map[string]any)
	if add["path"] != "docs/sizing-the-cache-memory.md" || add["action"] != "created" {
		t.Fatalf("add: %v", add)
	}
	res := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "sizing memory"}).(map[string]any)
	if h := res["hits"].([]any); len(h) == 0 || h[0].(map[string]any)["path"] != "docs/sizing-the-cache-memory.md" {
		t.Errorf("the added record is found: %v", res)
	}
	// Replacing with a path: the twin's own path.
	rep := mcptest.CallTool(t, cs, "docs", map[string]any{"verb": "add", "path": "docs/cache/eviction.md", "metadata": twinMeta(), "body": twinBody}).(map[string]any)
	if rep["action"] != "replaced" {
		t.Errorf("replace: %v", rep)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "docs", "cache", "eviction.md"))
	if !strings.Contains(string(data), "\n# Stale entries eviction\n") {
		t.Errorf("replaced wholesale: %s", data)
	}
}
