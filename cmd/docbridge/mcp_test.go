package main

import (
	"context"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/mcpserver"
	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The MCP server's answers compared with the commands' (the server's own
// tests are in internal/mcpserver).

// connectMCP serves dir in process as `docbridge mcp` does, over the
// SDK's in-memory transports, and returns a client session of the same
// SDK; a state directory may follow.
func connectMCP(t *testing.T, dir string, extra ...string) *mcp.ClientSession {
	t.Helper()
	return connectMCPBase(t, dir, "", extra...)
}

// connectMCPBase is connectMCP comparing with a base snapshot.
func connectMCPBase(t *testing.T, dir, base string, extra ...string) *mcp.ClientSession {
	t.Helper()
	o := pipeline.Repo{Dir: dir, MaxStateBytes: 1 << 30}
	if len(extra) > 0 {
		o.StateDir = extra[0]
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := mcpserver.New(ctx, io.Discard, o, base, version)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, st) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		<-served
		cancel()
		srv.Close()
	})
	return cs
}

// cliJSON runs the CLI and decodes its JSON output.
func cliJSON(t *testing.T, args ...string) any {
	t.Helper()
	code, out, errOut := runCLI(t, args...)
	if code != 0 && !(code == 1 && args[0] == "check") {
		t.Fatalf("docbridge %v: exit %d: %s", args, code, errOut)
	}
	return mcptest.Generic(t, out)
}

func TestMCPSearchAnswersAsTheCLI(t *testing.T) {
	dir := mcptest.Repo(t)
	cs := connectMCP(t, dir)
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
		got := mcptest.CallTool(t, cs, "knowledge_search", tc.args)
		want := cliJSON(t, append([]string{"search", "--dir", dir, "--json"}, tc.cli...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("search %v:\ntool %v\ncli  %v", tc.args, got, want)
		}
	}
	// The kinds filter keeps the unfiltered order.
	all := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "storage records", "limit": 100}).(map[string]any)
	docs := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "storage records", "limit": 100, "kinds": []string{"document"}}).(map[string]any)
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
	b := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "storage", "budgetTokens": 40}).(map[string]any)
	if budget, ok := b["budget"].(map[string]any); !ok || budget["limit"] != 40.0 {
		t.Errorf("no budget report: %v", b)
	}
}

func TestMCPLookupAnswersAsTheCLI(t *testing.T) {
	dir := mcptest.Repo(t)
	cs := connectMCP(t, dir)
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
		got := mcptest.CallTool(t, cs, "knowledge_lookup", tc.args)
		want := cliJSON(t, append([]string{"lookup", "--dir", dir, "--json"}, tc.cli...)...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lookup %v:\ntool %v\ncli  %v", tc.args, got, want)
		}
	}
	// A symbol answers with its module and the declaration, kept by a
	// budget.
	for _, args := range []map[string]any{{"symbol": "store.OpenStore"}, {"symbol": "OpenStore", "budgetTokens": 10}} {
		r := mcptest.CallTool(t, cs, "knowledge_lookup", args).(map[string]any)
		e, _ := r["entity"].(map[string]any)
		if sym, _ := e["symbol"].(map[string]any); e["id"] != "module:store/store.go" || sym["name"] != "OpenStore" || sym["kind"] != "func" || sym["line"] != 4.0 {
			t.Errorf("lookup %v: entity %v", args, e)
		}
	}
	// The README's broken link is among its findings; a budget keeps it.
	r := mcptest.CallTool(t, cs, "knowledge_lookup", map[string]any{"path": "README.md", "budgetTokens": 10}).(map[string]any)
	budget, _ := r["budget"].(map[string]any)
	if d, _ := r["diagnostics"].([]any); len(d) != 1 || budget == nil || budget["fits"] != false {
		t.Errorf("the core stays, and says it does not fit: %v", r)
	}
}

func TestMCPDiagnosticsAreTheCheckFindings(t *testing.T) {
	dir := mcptest.Repo(t)
	cs := connectMCP(t, dir)
	rep := cliJSON(t, "check", "--format", "json", dir).(map[string]any)
	want := rep["findings"].([]any)
	if len(want) == 0 {
		t.Fatal("the fixture has findings")
	}
	got := mcptest.CallTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
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
		got := mcptest.CallTool(t, cs, "docbridge_diagnostics", tc.args).(map[string]any)
		if f := got["findings"].([]any); len(f) != tc.n {
			t.Errorf("diagnostics %v: %d findings, want %d", tc.args, len(f), tc.n)
		}
	}
}

func TestMCPGraphMemory(t *testing.T) {
	dir := mcptest.Repo(t)
	cs := connectMCP(t, dir)
	snap := cliJSON(t, "scan", "--json", dir).(map[string]any)
	var readme any
	for _, e := range snap["entities"].([]any) {
		if e.(map[string]any)["id"] == "document:README.md" {
			readme = e
		}
	}
	node := mcptest.CallTool(t, cs, "graph_node", map[string]any{"id": "document:README.md"}).(map[string]any)
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
	edges := mcptest.CallTool(t, cs, "graph_edges", map[string]any{"from": "document:README.md"}).(map[string]any)
	if !reflect.DeepEqual(edges["relations"], wantEdges) || edges["total"] != float64(len(wantEdges)) {
		t.Errorf("graph_edges:\n%v\nsnapshot %v", edges["relations"], wantEdges)
	}
	to := mcptest.CallTool(t, cs, "graph_edges", map[string]any{"to": "document:docs/storage.md", "kind": "links-to"}).(map[string]any)
	if rs := to["relations"].([]any); len(rs) != 1 || rs[0].(map[string]any)["from"] != "document:README.md" {
		t.Errorf("graph_edges to the guide: %v", to)
	}
	n1 := mcptest.CallTool(t, cs, "graph_neighbors", map[string]any{"id": "document:README.md"}).(map[string]any)
	n2 := mcptest.CallTool(t, cs, "graph_neighbors", map[string]any{"id": "document:README.md", "depth": 2}).(map[string]any)
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

func TestMCPDiagnosticsAgainstABase(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, 2*time.Hour)
	base := filepath.Join(t.TempDir(), "base.json")
	if code, _, errOut := runCLI(t, "scan", "--out", base, dir); code != 0 {
		t.Fatal(errOut)
	}
	// The head fixes the README's broken link and breaks one in the guide.
	testtree.File(t, filepath.Join(dir, "README.md"), "# Demo\n\nSee [the storage guide](docs/storage.md).\n")
	testtree.File(t, filepath.Join(dir, "docs", "storage.md"), "# Storage guide\n\nRecords are persisted by `OpenStore` in `store/store.go`; see [gone](gone.md).\n")
	cs := connectMCPBase(t, dir, base)
	got := mcptest.CallTool(t, cs, "docbridge_diagnostics", map[string]any{}).(map[string]any)
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

// TestMCPStartRefusesBeforeServing: what the server can check before it
// scans ends the command before any client connects.
func TestMCPStartRefusesBeforeServing(t *testing.T) {
	dir := mcptest.Repo(t)
	bad := testtree.New(t, map[string]string{"README.md": "# Demo\n", "docbridge.yaml": "scan: [not, a, mapping]\n"})
	for _, tc := range []struct {
		dir, base, want string
	}{
		{bad, "", "docbridge.yaml"},
		{filepath.Join(dir, "nowhere"), "", "nowhere"},
		{filepath.Join(dir, "README.md"), "", "README.md"},
		{dir, filepath.Join(dir, "no-base.json"), "--base"},
	} {
		srv, err := mcpserver.New(context.Background(), io.Discard, pipeline.Repo{Dir: tc.dir}, tc.base, version)
		if err == nil {
			srv.Close()
			t.Errorf("mcp %s --base %q: served", tc.dir, tc.base)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("mcp %s --base %q: %v, want it to name %s", tc.dir, tc.base, err, tc.want)
		}
	}
	if code, _, errOut := runCLI(t, "mcp", filepath.Join(dir, "nowhere")); code != 2 || !strings.Contains(errOut, "nowhere") {
		t.Errorf("docbridge mcp on no directory: exit %d, %s", code, errOut)
	}
}
