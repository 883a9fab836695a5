package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/testtree"
)

// mcpRepo is searchRepo with a broken link, so that there are findings.
func mcpRepo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"README.md":           "# Demo\n\nSee [the storage guide](docs/storage.md) and [the missing page](docs/missing.md).\n",
		"docs/storage.md":     "# Storage guide\n\nRecords are persisted by `OpenStore` in `store/store.go`.\n\n## Compaction\n\nCompaction rewrites the log.\n",
		"docs/old-storage.md": "---\nstatus: superseded\n---\n# Storage guide (old)\n\nRecords were persisted in files.\n",
		"store/store.go":      "package store\n\n// OpenStore opens a store.\nfunc OpenStore() {}\n",
		"go.mod":              "module example.com/demo\n\ngo 1.26\n",
	})
}

// connectMCP serves dir in process and returns a client session of the
// same SDK, over in-memory transports.
func connectMCP(t *testing.T, dir string, extra ...string) (*mcpServer, *mcp.ClientSession) {
	return connectMCPBase(t, dir, "", extra...)
}

// connectMCPBase is connectMCP comparing with a base snapshot.
func connectMCPBase(t *testing.T, dir, base string, extra ...string) (*mcpServer, *mcp.ClientSession) {
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
func connectMCPWith(t *testing.T, o pipeline.Repo, base string, setup func(*mcpServer), opts *mcp.ClientOptions) (*mcpServer, *mcp.ClientSession) {
	t.Helper()
	ctx := context.Background()
	srv, err := prepareMCPServer(ctx, io.Discard, o, base)
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
		srv.close()
	})
	return srv, cs
}

// callTool calls a tool and returns its structured answer decoded as
// generic JSON; a tool error fails the test.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) any {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	if res.IsError {
		t.Fatalf("%s %v: tool error %s", name, args, contentText(res))
	}
	return generic(t, res.StructuredContent)
}

func contentText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// generic round-trips v through JSON into maps, slices and float64s.
func generic(t *testing.T, v any) any {
	t.Helper()
	var b []byte
	switch x := v.(type) {
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		var err error
		if b, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return out
}

// cliJSON runs the CLI and decodes its JSON output.
func cliJSON(t *testing.T, args ...string) any {
	t.Helper()
	code, out, errOut := runCLI(t, args...)
	if code != 0 && !(code == 1 && args[0] == "check") {
		t.Fatalf("docbridge %v: exit %d: %s", args, code, errOut)
	}
	return generic(t, out)
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
	_, cs := connectMCP(t, mcpRepo(t))
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
		schema := generic(t, tool.InputSchema).(map[string]any)
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

func TestMCPSearchAnswersAsTheCLI(t *testing.T) {
	dir := mcpRepo(t)
	_, cs := connectMCP(t, dir)
	for _, tc := range []struct {
		args map[string]any
		cli  []string
	}{
		{map[string]any{"query": "storage guide"}, []string{"storage", "guide"}},
		{map[string]any{"query": "records", "explain": true, "limit": 1, "kinds": []string{"document", "module"}},
			[]string{"--explain", "--limit", "1", "--kinds", "document,module", "records"}},
		{map[string]any{"query": "OpenStore", "kinds": []string{"module"}}, []string{"--kinds", "module", "OpenStore"}},
		{map[string]any{"query": ""}, nil},
		{map[string]any{"query": "zzzunmatched"}, []string{"zzzunmatched"}},
		{map[string]any{"query": "storage", "budgetTokens": 40}, []string{"--budget", "40", "storage"}},
	} {
		got := callTool(t, cs, "knowledge_search", tc.args)
		want := cliJSON(t, append([]string{"search", "--dir", dir, "--json"}, tc.cli...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("search %v:\ntool %v\ncli  %v", tc.args, got, want)
		}
	}
	// The kinds filter keeps the unfiltered order.
	all := callTool(t, cs, "knowledge_search", map[string]any{"query": "storage records", "limit": 100}).(map[string]any)
	docs := callTool(t, cs, "knowledge_search", map[string]any{"query": "storage records", "limit": 100, "kinds": []string{"document"}}).(map[string]any)
	var order []any
	for _, h := range all["hits"].([]any) {
		if h.(map[string]any)["kind"] == "document" {
			order = append(order, h.(map[string]any)["id"])
		}
	}
	var filtered []any
	for _, h := range docs["hits"].([]any) {
		filtered = append(filtered, h.(map[string]any)["id"])
	}
	if len(filtered) < 2 || !reflect.DeepEqual(order, filtered) {
		t.Errorf("kinds changed the order: %v, unfiltered %v", filtered, order)
	}
	// A budget is reported.
	b := callTool(t, cs, "knowledge_search", map[string]any{"query": "storage", "budgetTokens": 40}).(map[string]any)
	if budget, ok := b["budget"].(map[string]any); !ok || budget["limit"] != 40.0 {
		t.Errorf("no budget report: %v", b)
	}
}

func TestMCPLookupAnswersAsTheCLI(t *testing.T) {
	dir := mcpRepo(t)
	_, cs := connectMCP(t, dir)
	for _, tc := range []struct {
		args map[string]any
		cli  []string
	}{
		{map[string]any{"path": "docs/storage.md"}, []string{"docs/storage.md"}},
		{map[string]any{"path": "README.md", "depth": 2}, []string{"--depth", "2", "README.md"}},
		{map[string]any{"id": "module:store/store.go", "depth": 3}, []string{"--depth", "3", "module:store/store.go"}},
		{map[string]any{"alias": "store"}, []string{"store"}},
		{map[string]any{"path": "store/store.go", "budgetTokens": 30}, []string{"--budget", "30", "store/store.go"}},
		{map[string]any{"symbol": "OpenStore"}, []string{"OpenStore"}},
		{map[string]any{"symbol": "store.OpenStore", "budgetTokens": 30}, []string{"--budget", "30", "store.OpenStore"}},
	} {
		got := callTool(t, cs, "knowledge_lookup", tc.args)
		want := cliJSON(t, append([]string{"lookup", "--dir", dir, "--json"}, tc.cli...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lookup %v:\ntool %v\ncli  %v", tc.args, got, want)
		}
	}
	// A symbol answers with its module and the declaration, kept by a
	// budget.
	for _, args := range []map[string]any{{"symbol": "store.OpenStore"}, {"symbol": "OpenStore", "budgetTokens": 10}} {
		r := callTool(t, cs, "knowledge_lookup", args).(map[string]any)
		e, _ := r["entity"].(map[string]any)
		if sym, _ := e["symbol"].(map[string]any); e["id"] != "module:store/store.go" || sym["name"] != "OpenStore" || sym["kind"] != "func" || sym["line"] != 4.0 {
			t.Errorf("lookup %v: entity %v", args, e)
		}
	}
	// The README's broken link is among its findings; a budget keeps it.
	r := callTool(t, cs, "knowledge_lookup", map[string]any{"path": "README.md", "budgetTokens": 10}).(map[string]any)
	budget, _ := r["budget"].(map[string]any)
	if d, _ := r["diagnostics"].([]any); len(d) != 1 || budget == nil || budget["fits"] != false {
		t.Errorf("the core stays, and says it does not fit: %v", r)
	}
}

func TestMCPDiagnosticsAreTheCheckFindings(t *testing.T) {
	dir := mcpRepo(t)
	_, cs := connectMCP(t, dir)
	rep := cliJSON(t, "check", "--format", "json", dir).(map[string]any)
	want := rep["findings"].([]any)
	if len(want) == 0 {
		t.Fatal("the fixture has findings")
	}
	got := callTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
	if !reflect.DeepEqual(got["findings"], want) || got["total"] != float64(len(want)) || got["cut"] != 0.0 {
		t.Errorf("diagnostics:\ntool %v\ncheck %v", got, want)
	}
	for _, tc := range []struct {
		args map[string]any
		n    int
	}{
		{map[string]any{"codes": []string{"BROKEN_LINK"}}, 1},
		{map[string]any{"paths": []string{"README.md"}}, 1},
		{map[string]any{"paths": []string{"docs/storage.md"}}, 0},
		{map[string]any{"severity": "high"}, 1},
		{map[string]any{"level": "error"}, 1},
		{map[string]any{"level": "info"}, 1},
		{map[string]any{"codes": []string{"IMPORT_CYCLE"}}, 0},
	} {
		got := callTool(t, cs, "docbridge_diagnostics", tc.args).(map[string]any)
		if f := got["findings"].([]any); len(f) != tc.n {
			t.Errorf("diagnostics %v: %d findings, want %d", tc.args, len(f), tc.n)
		}
	}
}

func TestMCPGraphMemory(t *testing.T) {
	dir := mcpRepo(t)
	_, cs := connectMCP(t, dir)
	snap := cliJSON(t, "scan", "--json", dir).(map[string]any)
	var readme any
	for _, e := range snap["entities"].([]any) {
		if e.(map[string]any)["id"] == "document:README.md" {
			readme = e
		}
	}
	node := callTool(t, cs, "graph_node", map[string]any{"id": "document:README.md"}).(map[string]any)
	if !reflect.DeepEqual(node["entity"], readme) {
		t.Errorf("graph_node:\n%v\nsnapshot %v", node["entity"], readme)
	}
	if out := node["out"].(map[string]any); out["links-to"] == nil {
		t.Errorf("the README's links are counted: %v", node)
	}
	var wantEdges []any
	for _, r := range snap["relations"].([]any) {
		if r.(map[string]any)["from"] == "document:README.md" {
			wantEdges = append(wantEdges, r)
		}
	}
	edges := callTool(t, cs, "graph_edges", map[string]any{"from": "document:README.md"}).(map[string]any)
	if !reflect.DeepEqual(edges["relations"], wantEdges) || edges["total"] != float64(len(wantEdges)) {
		t.Errorf("graph_edges:\n%v\nsnapshot %v", edges["relations"], wantEdges)
	}
	to := callTool(t, cs, "graph_edges", map[string]any{"to": "document:docs/storage.md", "kind": "links-to"}).(map[string]any)
	if rs := to["relations"].([]any); len(rs) != 1 || rs[0].(map[string]any)["from"] != "document:README.md" {
		t.Errorf("graph_edges to the guide: %v", to)
	}
	n1 := callTool(t, cs, "graph_neighbors", map[string]any{"id": "document:README.md"}).(map[string]any)
	n2 := callTool(t, cs, "graph_neighbors", map[string]any{"id": "document:README.md", "depth": 2}).(map[string]any)
	dist := map[string]float64{}
	for _, n := range n2["nodes"].([]any) {
		n := n.(map[string]any)
		dist[n["id"].(string)] = n["distance"].(float64)
		if n["id"] == "module:store/store.go" && (n["via"] != "document:docs/storage.md" || n["direction"] != "out" ||
			!strings.HasPrefix(n["relationKind"].(string), "mentions")) {
			t.Errorf("the module is reached from the guide that mentions it: %v", n)
		}
	}
	if dist["document:docs/storage.md"] != 1 || dist["module:store/store.go"] != 2 {
		t.Errorf("neighbours by distance: %v", dist)
	}
	if len(n1["nodes"].([]any)) >= len(n2["nodes"].([]any)) {
		t.Errorf("depth 2 reaches further than depth 1: %v vs %v", n1, n2)
	}
}

// callErr calls a tool that must refuse, and returns the error text. A
// refusal is a tool error (isError), which clients show the model, never
// a JSON-RPC error, which many hide.
func callErr(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Errorf("%s %v: a protocol error %v, want a tool error the model sees", name, args, err)
		return err.Error()
	}
	if !res.IsError {
		t.Fatalf("%s %v: answered %s, want a refusal", name, args, contentText(res))
	}
	return contentText(res)
}

func TestMCPRefusesMalformedCalls(t *testing.T) {
	dir := mcpRepo(t)
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
		if msg := callErr(t, cs, tc.tool, tc.args); !strings.Contains(msg, tc.want) {
			t.Errorf("%s %v: %q lacks %q", tc.tool, tc.args, msg, tc.want)
		}
	}
}

// age sets the modification time of dir and everything below it to ago
// before now: a file changed right before a scan makes the scan's
// fingerprint stale (it may have changed under the scan), so tests that
// count scans age the tree between edits.
func age(t testing.TB, dir string, ago time.Duration) {
	t.Helper()
	when := time.Now().Add(-ago)
	err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, when, when)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestMCPRescansWhenAFileChanges(t *testing.T) {
	dir := mcpRepo(t)
	age(t, dir, 2*time.Hour)
	state := t.TempDir()
	srv, cs := connectMCP(t, dir, state)
	first := callTool(t, cs, "knowledge_search", map[string]any{"query": "zebra"}).(map[string]any)
	if first["recent"] != true {
		t.Fatalf("nothing is about zebras yet: %v", first)
	}
	callTool(t, cs, "docbridge_diagnostics", map[string]any{})
	if srv.scans != 1 {
		t.Errorf("%d scans with nothing changed, want 1", srv.scans)
	}
	// A new document, and the broken link fixed.
	testtree.File(t, filepath.Join(dir, "docs", "zebra.md"), "# Zebra stripes\n\nZebras are striped.\n")
	testtree.File(t, filepath.Join(dir, "README.md"), "# Demo\n\nSee [the storage guide](docs/storage.md) and [zebras](docs/zebra.md).\n")
	age(t, dir, time.Hour)
	second := callTool(t, cs, "knowledge_search", map[string]any{"query": "zebra"}).(map[string]any)
	hits := second["hits"].([]any)
	if second["recent"] == true || len(hits) == 0 || hits[0].(map[string]any)["path"] != "docs/zebra.md" {
		t.Errorf("the new document is found: %v", second)
	}
	diags := callTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
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
	third := callTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"}).(map[string]any)
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
	callTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"})
	callTool(t, cs, "knowledge_search", map[string]any{"query": "spotty"})
	if srv.scans != 4 {
		t.Errorf("%d scans, want 4 (one for the new time, none after)", srv.scans)
	}
	// A document in a new subdirectory two levels down, which no scan
	// walked, is seen.
	testtree.File(t, filepath.Join(dir, "docs", "animals", "striped", "okapi.md"), "# Okapi\n\nOkapis have striped legs.\n")
	age(t, dir, 30*time.Minute)
	fifth := callTool(t, cs, "knowledge_search", map[string]any{"query": "okapi"}).(map[string]any)
	if h := fifth["hits"].([]any); fifth["recent"] == true || len(h) == 0 || h[0].(map[string]any)["path"] != "docs/animals/striped/okapi.md" {
		t.Errorf("the document in a new subdirectory is found: %v", fifth)
	}
	// A document removed is gone.
	if err := os.Remove(filepath.Join(dir, "docs", "old-storage.md")); err != nil {
		t.Fatal(err)
	}
	if msg := callErr(t, cs, "graph_node", map[string]any{"id": "document:docs/old-storage.md"}); !strings.Contains(msg, "argument id") {
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
	dir := mcpRepo(t)
	age(t, dir, time.Hour)
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

func TestMCPDiagnosticsAgainstABase(t *testing.T) {
	dir := mcpRepo(t)
	age(t, dir, 2*time.Hour)
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", "--out", base, dir); code != 0 {
		t.Fatal(errOut)
	}
	// The head fixes the README's broken link and breaks one in the guide.
	testtree.File(t, filepath.Join(dir, "README.md"), "# Demo\n\nSee [the storage guide](docs/storage.md).\n")
	testtree.File(t, filepath.Join(dir, "docs", "storage.md"), "# Storage guide\n\nRecords are persisted by `OpenStore` in `store/store.go`; see [gone](gone.md).\n")
	_, cs := connectMCPBase(t, dir, base)
	got := callTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
	rep := cliJSON(t, "check", "--format", "json", "--base", base, dir).(map[string]any)
	if !reflect.DeepEqual(got["findings"], rep["findings"]) || !reflect.DeepEqual(got["resolved"], rep["resolved"]) ||
		got["baseSnapshotHash"] != rep["baseSnapshotHash"] {
		t.Errorf("diagnostics with a base:\ntool %v\ncheck %v", got, rep)
	}
	fs, rs := got["findings"].([]any), got["resolved"].([]any)
	if len(fs) != 1 || fs[0].(map[string]any)["status"] != "new" || len(rs) != 1 || rs[0].(map[string]any)["status"] != "resolved" {
		t.Errorf("one new finding and one resolved: %v", got)
	}
}

// TestMCPConcurrentCalls: calls in flight at once, a file edited among
// them, all answered (run with -race).
func TestMCPConcurrentCalls(t *testing.T) {
	dir := mcpRepo(t)
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
					err = errors.New(contentText(res))
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
		clean, err := resolveRepoPath(real, "path", p)
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
	cfg, err := pipeline.LoadConfig(dir, "")
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
