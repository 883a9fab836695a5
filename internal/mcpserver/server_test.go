package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/testtree"
)

// connectMCP serves dir in process and returns a client session of the
// same SDK, over in-memory transports.
func connectMCP(t *testing.T, dir string, extra ...string) (*Server, *mcp.ClientSession) {
	return connectMCPBase(t, dir, "", extra...)
}

// connectMCPBase is connectMCP comparing with a base snapshot.
func connectMCPBase(t *testing.T, dir, base string, extra ...string) (*Server, *mcp.ClientSession) {
	t.Helper()
	o := pipeline.Repo{Dir: dir}
	if len(extra) > 0 {
		o.StateDir = extra[0]
	}
	o.MaxStateBytes = 1 << 30
	return connectMCPWith(t, o, base, nil, nil)
}

// connectMCPWith is connectMCP with setup run on the server before its
// first scan starts (a test hook, say) and the client's options.
func connectMCPWith(t *testing.T, o pipeline.Repo, base string, setup func(*Server), opts *mcp.ClientOptions) (*Server, *mcp.ClientSession) {
	t.Helper()
	ctx := context.Background()
	srv, err := prepare(ctx, io.Discard, o, base, testVersion)
	if err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(srv)
	}
	srv.startScan()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.server().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, opts)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		srv.Close()
	})
	return srv, cs
}

// clientToolName is the tool name pattern the strictest MCP clients
// validate every advertised tool against.
var clientToolName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// constraints are what the tools' schemas say an argument accepts beyond
// its type.
var constraints = map[string]map[string]struct{ key, value string }{
	"knowledge_search":      {"limit": {"maximum", "100"}, "kinds": {"enum", "[document area package module]"}, "budgetTokens": {"minimum", "0"}},
	"knowledge_lookup":      {"depth": {"maximum", "3"}},
	"docbridge_diagnostics": {"level": {"enum", "[error warn info]"}, "severity": {"enum", "[high medium low info]"}, "format": {"enum", "[finding]"}},
	"graph_neighbors":       {"depth": {"minimum", "1"}},
	"enrich_pending":        {"limit": {"maximum", "200"}, "kind": {"enum", "[add-alias add-intent classify-document flag-contradiction flag-gap flag-redundancy mark-canonical propose-relation rank-hint suggest-area summarize]"}},
	"docs":                  {"verb": {"enum", "[search check add help]"}},
}

func TestMCPAdvertisesToolsWithSchemas(t *testing.T) {
	_, cs := connectMCP(t, mcptest.Repo(t))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct{ props, required []string }{
		"knowledge_search":      {[]string{"budgetTokens", "explain", "kinds", "limit", "query"}, []string{"query"}},
		"knowledge_lookup":      {[]string{"alias", "budgetTokens", "depth", "id", "path", "symbol"}, nil},
		"docbridge_diagnostics": {[]string{"codes", "format", "level", "paths", "severity"}, nil},
		"graph_node":            {[]string{"id"}, []string{"id"}},
		"graph_edges":           {[]string{"from", "kind", "to"}, nil},
		"graph_neighbors":       {[]string{"depth", "id", "kind"}, []string{"id"}},
		"docs":                  {[]string{"body", "limit", "metadata", "path", "paths", "query", "verb"}, []string{"verb"}},
		"enrich_pending":        {[]string{"entity", "kind", "limit"}, nil},
	}
	var got []string
	for _, tool := range res.Tools {
		got = append(got, tool.Name)
		// Claude Desktop and claude.ai withhold every tool of a server one
		// of whose names fails this pattern; OpenAI-style function names
		// follow it too.
		if !clientToolName.MatchString(tool.Name) {
			t.Errorf("tool name %q fails %s, which MCP clients require", tool.Name, clientToolName)
		}
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if tool.Description == "" || tool.Annotations == nil || tool.Annotations.ReadOnlyHint != (tool.Name != "docs") {
			t.Errorf("%s: want a description and the read-only hint on every tool but docs", tool.Name)
		}
		schema := mcptest.Generic(t, tool.InputSchema).(map[string]any)
		if schema["type"] != "object" {
			t.Errorf("%s: schema type %v", tool.Name, schema["type"])
		}
		props, _ := schema["properties"].(map[string]any)
		var names []string
		for k, p := range props {
			names = append(names, k)
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s: argument %s has no description", tool.Name, k)
			}
			// One type, not ["null", "array"]: clients mapping tool schemas
			// onto a single-type dialect (Gemini's) refuse a list.
			if _, ok := p.(map[string]any)["type"].(string); !ok {
				t.Errorf("%s: argument %s has type %v, want one", tool.Name, k, p.(map[string]any)["type"])
			}
		}
		slices.Sort(names)
		if !slices.Equal(names, w.props) {
			t.Errorf("%s: arguments %v, want %v", tool.Name, names, w.props)
		}
		var req []string
		if r, ok := schema["required"].([]any); ok {
			for _, x := range r {
				req = append(req, x.(string))
			}
		}
		slices.Sort(req)
		if !slices.Equal(req, w.required) {
			t.Errorf("%s: required %v, want %v", tool.Name, req, w.required)
		}
		// What an argument accepts is in the schema, for the client and
		// the model to read before calling.
		for arg, c := range constraints[tool.Name] {
			p, _ := props[arg].(map[string]any)
			if p == nil {
				t.Errorf("%s: no argument %s", tool.Name, arg)
				continue
			}
			if arg == "kinds" {
				p, _ = p["items"].(map[string]any)
			}
			if fmt.Sprint(p[c.key]) != c.value {
				t.Errorf("%s: argument %s has %s %v, want %s", tool.Name, arg, c.key, p[c.key], c.value)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("tools %v, want %d", got, len(want))
	}
}

func TestMCPRefusesMalformedCalls(t *testing.T) {
	dir := mcptest.Repo(t)
	outside := t.TempDir()
	testtree.File(t, filepath.Join(outside, "secret.md"), "# Secret\n")
	if err := os.Symlink(outside, filepath.Join(dir, "docs", "out")); err != nil {
		t.Fatal(err)
	}
	_, cs := connectMCP(t, dir)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string // in the error, naming the argument
	}{
		{"knowledge_lookup", map[string]any{"path": "../secret.md"}, "argument path"},
		{"knowledge_lookup", map[string]any{"path": "docs/../../secret.md"}, "argument path"},
		{"knowledge_lookup", map[string]any{"path": "/etc/passwd"}, "argument path"},
		{"knowledge_lookup", map[string]any{"path": "docs/out/secret.md"}, "through a symlink"},
		{"knowledge_lookup", map[string]any{"path": "docs/out/nothing/here.md"}, "through a symlink"},
		{"knowledge_lookup", map[string]any{"id": "document:README.md", "path": "README.md"}, "exactly one of id, alias, symbol or path"},
		{"knowledge_lookup", map[string]any{}, "exactly one of id, alias, symbol or path"},
		{"knowledge_lookup", map[string]any{"path": "README.md", "depth": 4}, "depth"},
		{"knowledge_lookup", map[string]any{"id": "module:nowhere.go"}, "no entity"},
		{"knowledge_lookup", map[string]any{"symbol": "OpenStor"}, "did you mean OpenStore"},
		{"knowledge_lookup", map[string]any{"symbol": "OpenStore", "path": "README.md"}, "exactly one of"},
		{"knowledge_search", map[string]any{"query": "x", "limit": 101}, "limit"},
		{"knowledge_search", map[string]any{"query": "x", "limit": 1000}, "limit"},
		{"knowledge_search", map[string]any{"query": "x", "kinds": []string{"symbol"}}, "kinds"},
		{"knowledge_search", map[string]any{"query": "x", "kinds": []string{"bogus"}}, "kinds"},
		{"knowledge_search", map[string]any{"query": "x", "budgetTokens": -1}, "budgetTokens"},
		{"knowledge_search", map[string]any{"query": strings.Repeat("x", 5000)}, "argument query"},
		{"knowledge_search", map[string]any{"limit": 3}, "query"},
		{"knowledge_search", map[string]any{"query": 3}, "query"},
		{"docbridge_diagnostics", map[string]any{"paths": []string{"../x.md"}}, "argument paths"},
		{"docbridge_diagnostics", map[string]any{"codes": []string{"NOT_A_CODE"}}, "argument codes"},
		{"docbridge_diagnostics", map[string]any{"severity": "error"}, "severity"},
		{"docbridge_diagnostics", map[string]any{"level": "high"}, "level"},
		{"docbridge_diagnostics", map[string]any{"level": "error", "severity": "high"}, "not both"},
		{"docbridge_diagnostics", map[string]any{"format": "sarif"}, "format"},
		{"graph_node", map[string]any{"id": "document:nowhere.md"}, "argument id"},
		{"graph_node", map[string]any{"id": "document:READMe.md"}, "did you mean document:README.md?"},
		{"graph_edges", map[string]any{"from": "document:nowhere.md"}, "argument from"},
		{"graph_neighbors", map[string]any{"id": "document:README.md", "depth": 9}, "depth"},
		{"graph_edges", map[string]any{"kind": "teleports"}, `argument kind: no relation of kind "teleports"; the graph has `},
		{"graph_neighbors", map[string]any{"id": "document:README.md", "kind": "teleports"}, "links-to"},
		{"docs", map[string]any{"verb": "publish"}, "verb"},
	} {
		if msg := mcptest.CallErr(t, cs, tc.tool, tc.args); !strings.Contains(msg, tc.want) {
			t.Errorf("%s %v: %q lacks %q", tc.tool, tc.args, msg, tc.want)
		}
	}
}

func TestMCPRescansWhenAFileChanges(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, 2*time.Hour)
	state := t.TempDir()
	srv, cs := connectMCP(t, dir, state)
	first := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "zebra"}).(map[string]any)
	if first["recent"] != true {
		t.Fatalf("nothing is about zebras yet: %v", first)
	}
	mcptest.CallTool(t, cs, "docbridge_diagnostics", map[string]any{})
	if srv.scans != 1 {
		t.Errorf("%d scans with nothing changed, want 1", srv.scans)
	}
	// A new document, and the broken link fixed.
	testtree.File(t, filepath.Join(dir, "docs", "zebra.md"), "# Zebra stripes\n\nZebras are striped.\n")
	testtree.File(t, filepath.Join(dir, "README.md"), "# Demo\n\nSee [the storage guide](docs/storage.md) and [zebras](docs/zebra.md).\n")
	mcptest.Age(t, dir, time.Hour)
	second := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "zebra"}).(map[string]any)
	hits := second["hits"].([]any)
	if second["recent"] == true || len(hits) == 0 || hits[0].(map[string]any)["path"] != "docs/zebra.md" {
		t.Errorf("the new document is found: %v", second)
	}
	diags := mcptest.CallTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
	if diags["total"] != 0.0 {
		t.Errorf("the fixed link leaves no finding: %v", diags)
	}
	if srv.scans != 2 {
		t.Errorf("%d scans, want 2", srv.scans)
	}
	// The rescan reused the first scan's extractions and wrote the state.
	if srv.tree.out.Head == nil || srv.tree.out.Store == nil {
		t.Fatal("no tree")
	}
	if _, err := os.Stat(state); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(state)
	if len(entries) == 0 {
		t.Errorf("the state directory is empty")
	}
	// An edit in place (same size) is seen too.
	testtree.File(t, filepath.Join(dir, "docs", "zebra.md"), "# Zebra stripes\n\nZebras are spotty.\n")
	if err := os.Chtimes(filepath.Join(dir, "docs", "zebra.md"), time.Now().Add(-time.Minute), time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	third := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"}).(map[string]any)
	if h := third["hits"].([]any); third["recent"] == true || len(h) == 0 || h[0].(map[string]any)["path"] != "docs/zebra.md" {
		t.Errorf("the edited document is found: %v", third)
	}
	if srv.scans != 3 {
		t.Errorf("%d scans, want 3", srv.scans)
	}
	// A file touched after the scan began, its bytes those the scan read,
	// does not make the next call scan again.
	if err := os.Chtimes(filepath.Join(dir, "docs", "zebra.md"), time.Now().Add(time.Minute), time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"})
	mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"})
	if srv.scans != 4 {
		t.Errorf("%d scans, want 4 (one for the new time, none after)", srv.scans)
	}
	// A document in a new subdirectory two levels down, which no scan
	// walked, is seen.
	testtree.File(t, filepath.Join(dir, "docs", "animals", "striped", "okapi.md"), "# Okapi\n\nOkapis have striped legs.\n")
	mcptest.Age(t, dir, 30*time.Minute)
	fifth := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "okapi"}).(map[string]any)
	if h := fifth["hits"].([]any); fifth["recent"] == true || len(h) == 0 || h[0].(map[string]any)["path"] != "docs/animals/striped/okapi.md" {
		t.Errorf("the document in a new subdirectory is found: %v", fifth)
	}
	// A document removed is gone.
	if err := os.Remove(filepath.Join(dir, "docs", "old-storage.md")); err != nil {
		t.Fatal(err)
	}
	if msg := mcptest.CallErr(t, cs, "graph_node", map[string]any{"id": "document:docs/old-storage.md"}); !strings.Contains(msg, "argument id") {
		t.Errorf("the removed document: %s", msg)
	}
	if srv.scans != 6 {
		t.Errorf("%d scans, want 6", srv.scans)
	}
	if runtime.GOOS == "linux" && srv.tree.files.watch == nil {
		t.Error("on Linux a watch of the scanned directories spares each call a stat of every file")
	}
}

// TestFingerprintStale: a file whose time falls after the scan began and
// whose bytes differ from those the scan hashed changed under the scan.
func TestFingerprintStale(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, time.Hour)
	res, start := scanForFingerprint(t, dir)
	fp := takeFingerprint(dir, filepath.Join(dir, "docbridge.yaml"), res.Store, start)
	if fp.stale || fp.changed() {
		t.Fatal("nothing changed")
	}
	guide := filepath.Join(dir, "docs", "storage.md")
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(guide, later, later); err != nil {
		t.Fatal(err)
	}
	if fp := takeFingerprint(dir, filepath.Join(dir, "docbridge.yaml"), res.Store, start); fp.stale {
		t.Error("a new time on the same bytes is not a change under the scan")
	}
	if !fp.changed() {
		t.Error("a new time is a change for the next call")
	}
	testtree.File(t, guide, "# Storage guide\n\nRewritten while the scan ran.\n")
	if err := os.Chtimes(guide, later, later); err != nil {
		t.Fatal(err)
	}
	if fp := takeFingerprint(dir, filepath.Join(dir, "docbridge.yaml"), res.Store, start); !fp.stale {
		t.Error("new bytes with a time after the scan began: stale")
	}
}

// TestMCPConcurrentCalls: calls in flight at once, a file edited among
// them, all answered (run with -race).
func TestMCPConcurrentCalls(t *testing.T) {
	dir := mcptest.Repo(t)
	_, cs := connectMCP(t, dir)
	calls := []struct {
		name string
		args map[string]any
	}{
		{"knowledge_search", map[string]any{"query": "storage"}},
		{"knowledge_lookup", map[string]any{"path": "store/store.go", "depth": 2}},
		{"docbridge_diagnostics", map[string]any{}},
		{"graph_neighbors", map[string]any{"id": "document:README.md", "depth": 3}},
		{"graph_edges", map[string]any{"kind": "links-to"}},
		{"docs", map[string]any{"verb": "check"}},
	}
	errs := make(chan error, 4*len(calls))
	done := make(chan struct{})
	for i := 0; i < 4; i++ {
		for _, c := range calls {
			go func() {
				defer func() { done <- struct{}{} }()
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.name, Arguments: c.args})
				if err == nil && res.IsError {
					err = errors.New(mcptest.ContentText(res))
				}
				if err != nil {
					errs <- err
				}
			}()
		}
		if i == 1 {
			testtree.File(t, filepath.Join(dir, "docs", "new.md"), "# New page\n\nAbout storage.\n")
		}
	}
	for range 4 * len(calls) {
		<-done
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// FuzzResolveRepoPath: an accepted path argument is local, and where it
// (or a directory above it) exists, its real location is inside the root
// — a symlink out is never accepted.
func FuzzResolveRepoPath(f *testing.F) {
	root := f.TempDir()
	outside := f.TempDir()
	for p, c := range map[string]string{"docs/a.md": "# A\n", "src/x.go": "package x\n"} {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(root, "docs", "out")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink("../src", filepath.Join(root, "docs", "in")); err != nil {
		f.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"docs/a.md", "../x", "/etc/passwd", "docs/out/x.md", "docs/in/x.go", "docs/./out/../a.md", "docs//a.md", ".", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		clean, err := ResolvePath(real, "path", p)
		if err != nil {
			if !strings.Contains(err.Error(), "argument path") {
				t.Fatalf("refusal %q does not name the argument", err)
			}
			return
		}
		if !filepath.IsLocal(filepath.FromSlash(clean)) {
			t.Fatalf("%q accepted as %q, not local", p, clean)
		}
		// The nearest existing path resolves inside the root.
		probe := filepath.Join(real, filepath.FromSlash(clean))
		for {
			if r, err := filepath.EvalSymlinks(probe); err == nil {
				if rel, err := filepath.Rel(real, r); err != nil || !filepath.IsLocal(rel) && rel != "." {
					t.Fatalf("%q accepted, but leads to %s", p, r)
				}
				return
			}
			probe = filepath.Dir(probe)
		}
	})
}

// scanForFingerprint scans dir as the server does and returns the scan
// with the time it began, which a fingerprint compares file times with.
func scanForFingerprint(t *testing.T, dir string) (*scan.Result, time.Time) {
	t.Helper()
	cfg, err := pipeline.LoadConfig(dir, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := scan.Scan(context.Background(), dir, cfg, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res, start
}

// testVersion is the version the tests' servers report.
const testVersion = "dev"
