package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/testtree"
)

// The tool name patterns of the strictest clients. Claude Desktop and
// claude.ai withhold every tool of a server one of whose names fails the
// first, and OpenAI's function names follow it; Gemini's function
// declarations also want a name that does not start with a digit. Cursor
// refuses a tool whose server name and tool name together pass 60
// characters.
var (
	claudeToolName  = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	openAIToolName  = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	noDigitToolName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`)
)

const cursorMaxServerAndToolName = 60

// realClientCall is one call of a tool over the real client: valid ones
// answer with structured content of the shape want gives (a dotted key of
// the answer to "string", "number", "boolean", "object", "array",
// "nonempty" — an array with items — or "=value"); invalid ones are
// refused with a tool error whose text has every string of want.
type realClientCall struct {
	args map[string]any
	want []string
}

// realClientTools are the calls TestMCPRealClient makes of each tool. Every
// tool the server lists must have an entry, and every entry must name a
// listed tool; the first valid call's arguments are also the base of the
// refusals derived from the schema.
var realClientTools = map[string]struct{ valid, invalid []realClientCall }{
	"knowledge_search": {
		valid: []realClientCall{
			{map[string]any{"query": "cache eviction"}, []string{"query:=cache eviction", "hits:nonempty", "hits.0.id:string", "hits.0.score:number", "total:number"}},
			{map[string]any{"query": "cache", "kinds": []string{"module"}, "limit": 1, "explain": true, "budgetTokens": 400}, []string{"hits:nonempty", "hits.0.kind:=module", "budget:object"}},
		},
		invalid: []realClientCall{
			{map[string]any{"query": "cache", "limit": 1000}, []string{"limit", "100"}},
			{map[string]any{"query": "cache", "kinds": []string{"bogus"}}, []string{"kinds", "document area package module"}},
			{map[string]any{"query": 3}, []string{"query", `want "string"`}},
			{map[string]any{}, []string{"missing", "query"}},
			{map[string]any{"query": "cache", "colour": "blue"}, []string{"colour"}},
			{map[string]any{"kinds": []string{"area"}, "query": " "}, []string{"argument kinds", "a blank query lists documents"}},
		},
	},
	"knowledge_lookup": {
		valid: []realClientCall{
			{map[string]any{"path": "cache/cache.go"}, []string{"entity.id:=module:cache/cache.go", "documents:array"}},
			{map[string]any{"symbol": "OpenStore", "depth": 2, "budgetTokens": 200}, []string{"entity.id:=module:store/store.go", "entity.symbol.name:=OpenStore", "budget:object"}},
		},
		invalid: []realClientCall{
			{map[string]any{"path": "README.md", "depth": 9}, []string{"depth", "3"}},
			{map[string]any{"id": "module:cache/cahce.go"}, []string{"no entity", "did you mean", "module:cache/cache.go"}},
			{map[string]any{"symbol": "OpenStor"}, []string{"did you mean", "OpenStore"}},
			{map[string]any{"path": "../secret.md"}, []string{"argument path", "give a path relative to its root"}},
			{map[string]any{"path": "README.md", "depth": "deep"}, []string{"depth", `want "integer"`}},
			{map[string]any{}, []string{"exactly one of id, alias, symbol or path"}},
		},
	},
	"docbridge_diagnostics": {
		valid: []realClientCall{
			{map[string]any{}, []string{"snapshotHash:string", "findings:nonempty", "findings.0.code:string", "findings.0.location.path:string", "total:number", "cut:=0"}},
			{map[string]any{"codes": []string{"BROKEN_LINK"}, "severity": "high", "paths": []string{"README.md"}, "format": "finding"}, []string{"total:=1", "findings.0.code:=BROKEN_LINK"}},
			{map[string]any{"codes": []string{"BROKEN_LINK"}, "level": "error", "paths": []string{"README.md"}}, []string{"total:=1", "findings.0.level:=error"}},
		},
		invalid: []realClientCall{
			{map[string]any{"severity": "error"}, []string{"severity", "high medium low info"}},
			{map[string]any{"level": "high"}, []string{"level", "error warn info"}},
			{map[string]any{"codes": []string{"NOT_A_CODE"}}, []string{"argument codes", "docs/diagnostics.md"}},
			{map[string]any{"paths": "README.md"}, []string{"paths", `want "array"`}},
			{map[string]any{"paths": []string{"/etc/passwd"}}, []string{"argument paths", "relative to its root"}},
			{map[string]any{"format": "sarif"}, []string{"format", "finding"}},
		},
	},
	"graph_node": {
		valid: []realClientCall{
			{map[string]any{"id": "document:README.md"}, []string{"entity.id:=document:README.md", "entity.kind:=document", "out.links-to:number", "in:object"}},
		},
		invalid: []realClientCall{
			{map[string]any{"id": "document:READMe.md"}, []string{"argument id", "did you mean", "document:README.md"}},
			{map[string]any{"id": "zzzz"}, []string{"argument id", "knowledge_search and knowledge_lookup answer with ids"}},
			{map[string]any{"id": 5}, []string{"id", `want "string"`}},
			{map[string]any{}, []string{"missing", "id"}},
		},
	},
	"graph_edges": {
		valid: []realClientCall{
			{map[string]any{"from": "document:README.md", "kind": "links-to"}, []string{"relations:nonempty", "relations.0.from:=document:README.md", "relations.0.kind:=links-to", "total:number"}},
			{map[string]any{}, []string{"relations:nonempty", "cut:=0"}},
		},
		invalid: []realClientCall{
			{map[string]any{"kind": "teleports"}, []string{`no relation of kind "teleports"`, "links-to"}},
			{map[string]any{"from": "document:nowhere.md"}, []string{"argument from", "no entity"}},
			{map[string]any{"to": 7}, []string{"to", `want "string"`}},
		},
	},
	"graph_neighbors": {
		valid: []realClientCall{
			{map[string]any{"id": "document:README.md", "depth": 2}, []string{"id:=document:README.md", "depth:=2", "nodes:nonempty", "nodes.0.distance:=1", "nodes.0.via:=document:README.md"}},
			{map[string]any{"id": "document:README.md", "kind": "links-to"}, []string{"nodes:nonempty", "nodes.0.relationKind:=links-to"}},
		},
		invalid: []realClientCall{
			{map[string]any{"id": "document:README.md", "depth": 9}, []string{"depth", "3"}},
			{map[string]any{"id": "document:README.md", "kind": "teleports"}, []string{"argument kind", "links-to"}},
			{map[string]any{"id": "document:nowhere.md"}, []string{"argument id", "no entity"}},
			{map[string]any{"id": "document:README.md", "depth": 1.5}, []string{"depth", `want "integer"`}},
		},
	},
	"enrich_pending": {
		valid: []realClientCall{
			{map[string]any{}, []string{"overlay:=false", "warning:string", "pending:array", "total:=0"}},
			{map[string]any{"kind": "propose-relation", "limit": 5}, []string{"overlay:=false", "pending:array"}},
		},
		invalid: []realClientCall{
			{map[string]any{"kind": "praise"}, []string{"kind", "propose-relation", "suggest-area"}},
			{map[string]any{"limit": 500}, []string{"limit", "200"}},
			{map[string]any{"limit": "ten"}, []string{"limit", `want "integer"`}},
		},
	},
	"docs": {
		valid: []realClientCall{
			{map[string]any{"verb": "help"}, []string{"root:=docs", "requiredFields:nonempty", "verbs.add:string", "example:string"}},
			{map[string]any{"verb": "search", "query": "cache eviction", "limit": 3}, []string{"hits:nonempty", "hits.0.path:=docs/cache/eviction.md"}},
			{map[string]any{"verb": "check", "paths": []string{"docs/cache/bare.md"}}, []string{"findings:nonempty", "findings.0.location.path:=docs/cache/bare.md"}},
			{map[string]any{"verb": "add", "body": "# Sizing the cache memory\n\n## Facts\n\nOne gigabyte.\n",
				"metadata": map[string]any{"Area": "cache", "Keywords": []any{"cache", "sizing", "memory"}, "Summary": "How big."}},
				[]string{"path:=docs/sizing-the-cache-memory.md", "action:=created"}},
		},
		invalid: []realClientCall{
			{map[string]any{"verb": "publish"}, []string{"verb", "search check add help"}},
			{map[string]any{"verb": "search", "limit": 500}, []string{"limit", "100"}},
			{map[string]any{"verb": "add", "metadata": map[string]any{"Area": "cache", "Keywords": []any{"k"}, "Summary": "S."}, "body": "No title.\n"}, []string{"argument body", "must start with an H1"}},
			{map[string]any{"verb": "add", "metadata": map[string]any{"Area": "cache", "Keywords": []any{"k"}, "Summary": "S."}, "body": "# T\n", "path": "docs/x.html"}, []string{"argument path", "only .md documents"}},
			{map[string]any{"verb": "check", "paths": []string{"../x.md"}}, []string{"argument paths", "outside the repository"}},
			{map[string]any{"verb": 5}, []string{"verb", `want "string"`}},
		},
	},
}

// realClientBounds are the bounds and values the server checks that the
// schemas must state, for clients and models to read before calling.
var realClientBounds = []struct {
	tool, arg, key string
	want           any
}{
	{"knowledge_search", "limit", "minimum", 1.0},
	{"knowledge_search", "limit", "maximum", 100.0},
	{"knowledge_search", "budgetTokens", "minimum", 0.0},
	{"knowledge_search", "kinds.items", "enum", []any{"document", "area", "package", "module"}},
	{"knowledge_lookup", "depth", "minimum", 1.0},
	{"knowledge_lookup", "depth", "maximum", 3.0},
	{"docbridge_diagnostics", "level", "enum", []any{"error", "warn", "info"}},
	{"docbridge_diagnostics", "severity", "enum", []any{"high", "medium", "low", "info"}},
	{"docbridge_diagnostics", "format", "enum", []any{"finding"}},
	{"graph_neighbors", "depth", "maximum", 3.0},
	{"enrich_pending", "limit", "maximum", 200.0},
	{"enrich_pending", "kind", "enum", nil}, // the proposal kinds: present, checked below
	{"docs", "verb", "enum", []any{"search", "check", "add", "help"}},
	{"docs", "limit", "maximum", 100.0},
}

// buildDocbridge builds the docbridge binary into a temporary directory,
// with the race detector when the test runs under it.
func buildDocbridge(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain on PATH to build docbridge for the real-client test")
	}
	bin := filepath.Join(t.TempDir(), "docbridge")
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race")
	}
	build := exec.Command(gobin, append(args, ".")...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/docbridge: %v\n%s", err, out)
	}
	return bin
}

// syncBuffer is a bytes.Buffer the process's stderr copier and the test
// may use at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestMCPRealClient builds docbridge and runs it as a client does
// (session) and as a script does (piped).
//
// session starts `docbridge mcp DIR` as a subprocess over stdio,
// as Claude Desktop, Cursor and VS Code start a server, and drives it with
// the go-sdk's client: initialize; tools/list, every name checked against
// the strictest clients' patterns and every schema against what portable
// clients read; every listed tool called with valid arguments (structured
// content of the expected shape, its text copy the same JSON) and refused
// with invalid ones (a tool error naming what is allowed, never a
// protocol error), from the table above and from each schema's types,
// bounds and enums; then stdin closed, and the process must exit by
// itself, successfully, having written nothing but protocol to stdout
// (the client decoded every line) and nothing to stderr.
func TestMCPRealClient(t *testing.T) {
	built := time.Now()
	bin := buildDocbridge(t)
	t.Logf("built docbridge in %v", time.Since(built).Round(time.Millisecond)) // for the reader: no assertion on it
	t.Run("session", func(t *testing.T) { realClientSession(t, bin) })
	t.Run("piped", func(t *testing.T) { pipedCalls(t, bin) })
}

func realClientSession(t *testing.T, bin string) {
	began := time.Now()
	defer func() { t.Logf("the real client's session took %v", time.Since(began).Round(time.Millisecond)) }()
	dir := knowledgeRepo(t)
	testtree.File(t, filepath.Join(dir, "README.md"), "# K\n\nSee [eviction](docs/cache/eviction.md) and [the missing page](docs/missing.md).\n")
	testtree.File(t, filepath.Join(dir, "store", "store.go"), "package store\n\n// OpenStore opens a store.\nfunc OpenStore() {}\n")
	mcptest.Age(t, dir, time.Hour)

	ctx := context.Background()
	var stderr syncBuffer
	cmd := exec.Command(bin, "mcp", dir)
	cmd.Stderr = &stderr
	var progressMu sync.Mutex
	var progress []*mcp.ProgressNotificationParams
	client := mcp.NewClient(&mcp.Implementation{Name: "docbridge-real-client-test", Version: "v0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			progressMu.Lock()
			defer progressMu.Unlock()
			progress = append(progress, r.Params)
		},
	})
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("initialize over stdio: %v\nstderr: %s", err, stderr.String())
	}
	closed := false
	defer func() {
		if !closed {
			cs.Close()
		}
	}()
	init := cs.InitializeResult()
	if init == nil || init.ServerInfo == nil || init.ServerInfo.Name == "" || init.Capabilities == nil || init.Capabilities.Tools == nil {
		t.Fatalf("initialize: %+v", init)
	}
	serverName := init.ServerInfo.Name

	var tools []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		tools = append(tools, tool)
	}
	if len(tools) == 0 {
		t.Fatal("tools/list lists no tool")
	}
	listed := map[string]*mcp.Tool{}
	for _, tool := range tools {
		if listed[tool.Name] != nil {
			t.Errorf("tool %s listed twice", tool.Name)
		}
		listed[tool.Name] = tool
		checkToolName(t, serverName, tool.Name)
		checkInputSchema(t, tool)
	}
	for name := range realClientTools {
		if listed[name] == nil {
			t.Errorf("the test's table has calls of %s, which the server does not list", name)
		}
	}
	for _, b := range realClientBounds {
		tool := listed[b.tool]
		if tool == nil {
			t.Errorf("bounds of %s, which the server does not list", b.tool)
			continue
		}
		p := schemaProperty(t, tool, b.arg)
		got, ok := p[b.key]
		if !ok || b.want != nil && fmt.Sprint(got) != fmt.Sprint(b.want) {
			t.Errorf("%s %s: %s is %v, want %v", b.tool, b.arg, b.key, got, b.want)
		}
	}

	// The first call carries a progress token: whatever progress it is told
	// while the first scan runs (nothing when the scan is already done)
	// is about that call's token and only grows.
	first := true
	valid, refused := 0, 0
	for _, tool := range tools {
		calls, ok := realClientTools[tool.Name]
		if !ok || len(calls.valid) == 0 || len(calls.invalid) == 0 {
			t.Errorf("tool %s has no valid and invalid calls in realClientTools: a new tool needs them", tool.Name)
			continue
		}
		for _, c := range calls.valid {
			params := &mcp.CallToolParams{Name: tool.Name, Arguments: c.args}
			if first {
				params.Meta = mcp.Meta{"progressToken": "first-call"}
				first = false
			}
			checkValidCall(t, cs, params, c.want)
			valid++
		}
		for _, c := range append(calls.invalid, schemaRefusals(t, tool, calls.valid[0].args)...) {
			checkRefusal(t, cs, tool.Name, c.args, c.want)
			refused++
		}
	}
	t.Logf("%d tools: %d valid calls, %d refused", len(tools), valid, refused)
	progressMu.Lock()
	last := -1.0
	for _, p := range progress {
		if p.ProgressToken != "first-call" || p.Progress <= last || !strings.HasPrefix(p.Message, "scanning the repository") {
			t.Errorf("progress %+v after %v", p, last)
		}
		last = p.Progress
	}
	progressMu.Unlock()

	// The client closes stdin: the server exits by itself, with status 0.
	closed = true
	if err := cs.Close(); err != nil {
		t.Errorf("closing the session (stdin, then waiting for the process): %v", err)
	}
	if st := cmd.ProcessState; st == nil || !st.Exited() || st.ExitCode() != 0 {
		t.Errorf("the server did not exit by itself on end of input: %v", st)
	}
	if s := stderr.String(); s != "" {
		t.Errorf("stderr is not quiet on a healthy repository:\n%s", s)
	}
}

// checkToolName checks a tool name against every strict client's rule.
func checkToolName(t *testing.T, server, name string) {
	t.Helper()
	for _, p := range []struct {
		client string
		re     *regexp.Regexp
	}{{"Claude Desktop and claude.ai", claudeToolName}, {"OpenAI function names", openAIToolName}, {"clients wanting no leading digit (Gemini)", noDigitToolName}} {
		if !p.re.MatchString(name) {
			t.Errorf("tool name %q fails %s (%s)", name, p.re, p.client)
		}
	}
	if n := len(server) + len(name); n > cursorMaxServerAndToolName {
		t.Errorf("server %q and tool %q: %d characters together, Cursor allows %d", server, name, n, cursorMaxServerAndToolName)
	}
}

// jsonTypes are the JSON Schema types a property may have.
var jsonTypes = []string{"string", "integer", "number", "boolean", "array", "object"}

// checkInputSchema checks what clients that translate tool schemas need:
// an object schema whose properties each have one JSON type (not a list
// of them: Gemini's dialect and the MCP inspector's portability check
// refuse those), arrays their items' type, enums of that type, and every
// required argument a property.
func checkInputSchema(t *testing.T, tool *mcp.Tool) {
	t.Helper()
	schema := mcptest.Generic(t, tool.InputSchema).(map[string]any)
	if schema["type"] != "object" {
		t.Errorf("%s: input schema type %v, want object", tool.Name, schema["type"])
	}
	props, ok := schema["properties"].(map[string]any)
	if !ok {
		t.Errorf("%s: input schema has no properties", tool.Name)
	}
	for name, p := range props {
		checkPropertyType(t, tool.Name+"."+name, p.(map[string]any))
	}
	if req, ok := schema["required"].([]any); ok {
		for _, r := range req {
			if _, ok := props[r.(string)]; !ok {
				t.Errorf("%s: required %v is not a property", tool.Name, r)
			}
		}
	}
}

func checkPropertyType(t *testing.T, where string, p map[string]any) {
	t.Helper()
	typ, ok := p["type"].(string)
	if !ok || !slices.Contains(jsonTypes, typ) {
		t.Errorf("%s: type %v, want one of %v", where, p["type"], jsonTypes)
		return
	}
	if d, _ := p["description"].(string); d == "" && !strings.HasSuffix(where, ".items") {
		t.Errorf("%s: no description", where)
	}
	if typ == "array" {
		items, ok := p["items"].(map[string]any)
		if !ok {
			t.Errorf("%s: an array without items", where)
			return
		}
		checkPropertyType(t, where+".items", items)
	}
	if enum, ok := p["enum"]; ok {
		values, _ := enum.([]any)
		if len(values) == 0 {
			t.Errorf("%s: empty enum", where)
		}
		for _, v := range values {
			if _, isString := v.(string); typ != "string" || !isString {
				t.Errorf("%s: enum value %v of a %s", where, v, typ)
			}
		}
	}
	for _, k := range []string{"minimum", "maximum"} {
		if _, ok := p[k]; ok && typ != "integer" && typ != "number" {
			t.Errorf("%s: %s on a %s", where, k, typ)
		}
	}
}

// schemaProperty returns a property of a tool's input schema by dotted
// path (kinds.items).
func schemaProperty(t *testing.T, tool *mcp.Tool, path string) map[string]any {
	t.Helper()
	schema := mcptest.Generic(t, tool.InputSchema).(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	name, rest, _ := strings.Cut(path, ".")
	p, _ := props[name].(map[string]any)
	if rest != "" && p != nil {
		p, _ = p[rest].(map[string]any)
	}
	if p == nil {
		t.Errorf("%s: no argument %s", tool.Name, path)
		return map[string]any{}
	}
	return p
}

// schemaRefusals are the calls each property's schema says are wrong, on
// top of base (a valid call): a value of another type, a number past each
// bound, a value outside an enum. Each must be refused naming the
// argument and what it takes.
func schemaRefusals(t *testing.T, tool *mcp.Tool, base map[string]any) []realClientCall {
	t.Helper()
	schema := mcptest.Generic(t, tool.InputSchema).(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	names := slices.Sorted(maps.Keys(props))
	with := func(name string, v any) map[string]any {
		args := map[string]any{}
		for k, x := range base {
			args[k] = x
		}
		args[name] = v
		return args
	}
	var calls []realClientCall
	for _, name := range names {
		p := props[name].(map[string]any)
		typ, _ := p["type"].(string)
		wrong := map[string]any{"string": 7, "integer": "seven", "number": "seven", "boolean": "yes", "array": "x", "object": "x"}[typ]
		if wrong != nil {
			calls = append(calls, realClientCall{with(name, wrong), []string{"/properties/" + name, strconv.Quote(typ)}})
		}
		if hi, ok := p["maximum"].(float64); ok {
			calls = append(calls, realClientCall{with(name, hi+1), []string{"/properties/" + name, strconv.FormatFloat(hi, 'f', -1, 64)}})
		}
		if lo, ok := p["minimum"].(float64); ok {
			calls = append(calls, realClientCall{with(name, lo-1), []string{"/properties/" + name, strconv.FormatFloat(lo, 'f', -1, 64)}})
		}
		enum, _ := p["enum"].([]any)
		if items, ok := p["items"].(map[string]any); ok {
			if e, ok := items["enum"].([]any); ok {
				calls = append(calls, realClientCall{with(name, []any{"not-a-value"}), enumWants(name, e)})
			}
		} else if len(enum) > 0 {
			calls = append(calls, realClientCall{with(name, "not-a-value"), enumWants(name, enum)})
		}
	}
	return calls
}

func enumWants(name string, enum []any) []string {
	want := []string{"/properties/" + name}
	for _, v := range enum {
		want = append(want, fmt.Sprint(v))
	}
	return want
}

// checkValidCall calls a tool that must answer, and checks the answer's
// shape; the text block carries the same JSON as the structured content.
func checkValidCall(t *testing.T, cs *mcp.ClientSession, params *mcp.CallToolParams, want []string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Errorf("%s %v: %v", params.Name, params.Arguments, err)
		return
	}
	if res.IsError {
		t.Errorf("%s %v: tool error %s", params.Name, params.Arguments, mcptest.ContentText(res))
		return
	}
	if res.StructuredContent == nil || len(res.Content) != 1 {
		t.Errorf("%s %v: want structured content and one text block, got %d blocks", params.Name, params.Arguments, len(res.Content))
		return
	}
	answer := mcptest.Generic(t, res.StructuredContent)
	var text any
	if err := json.Unmarshal([]byte(mcptest.ContentText(res)), &text); err != nil || fmt.Sprint(text) != fmt.Sprint(answer) {
		t.Errorf("%s %v: the text block is not the structured content as JSON (%v)", params.Name, params.Arguments, err)
	}
	for _, w := range want {
		key, kind, _ := strings.Cut(w, ":")
		v, ok := dig(answer, key)
		if !ok {
			t.Errorf("%s %v: no %s in %v", params.Name, params.Arguments, key, answer)
			continue
		}
		if got := jsonKind(v); strings.HasPrefix(kind, "=") && fmt.Sprint(v) != kind[1:] || !strings.HasPrefix(kind, "=") && got != kind && !(kind == "array" && got == "nonempty") {
			t.Errorf("%s %v: %s is %v (%s), want %s", params.Name, params.Arguments, key, v, got, kind)
		}
	}
}

// dig follows a dotted key (hits.0.id) into generic JSON.
func dig(v any, key string) (any, bool) {
	for _, k := range strings.Split(key, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case map[string]any:
		return "object"
	case []any:
		if len(x) > 0 {
			return "nonempty"
		}
		return "array"
	}
	return "null"
}

// checkRefusal calls a tool that must refuse: a tool error (isError) the
// client shows the model, never a JSON-RPC error, whose text names what
// the call got wrong and what is allowed.
func checkRefusal(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, want []string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Errorf("%s %v: a protocol error %v, want a tool error the model sees", name, args, err)
		return
	}
	msg := mcptest.ContentText(res)
	if !res.IsError {
		t.Errorf("%s %v: answered %.200s, want a refusal", name, args, msg)
		return
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s %v: refusal %q does not say %q", name, args, msg, w)
		}
	}
}

// pipedCalls writes requests to `docbridge mcp`'s stdin
// and closes it, as a script piping a file of requests does: every call
// read before the end of input is answered — the first one waits for the
// scan — each answer one line of JSON on stdout, and the server then exits
// by itself with status 0. A call the client cancelled is not waited for.
func pipedCalls(t *testing.T, bin string) {
	dir := mcptest.Repo(t)
	// A safety net, not a measure: a server that never exits fails the
	// test rather than hanging it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "mcp", dir)
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"graph_node","arguments":{"id":"document:README.md"}}}`,
		`{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"knowledge_search","arguments":{"query":"storage","limit":1000}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"docbridge_diagnostics","arguments":{}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}`,
	}, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("docbridge mcp with piped requests: %v (context %v)\nstderr: %s", err, ctx.Err(), stderr.String())
	}
	answers := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		var msg map[string]any
		if err := json.Unmarshal([]byte(line), &msg); err != nil || msg["jsonrpc"] != "2.0" {
			t.Fatalf("stdout line is not one JSON-RPC message (%v): %q", err, line)
		}
		if id, ok := msg["id"]; ok {
			answers[fmt.Sprint(id)] = msg
		}
	}
	for _, id := range []string{"1", "2", "three", "4"} {
		if answers[id] == nil || answers[id]["result"] == nil {
			t.Errorf("request %s: no result in %s", id, stdout.String())
		}
	}
	if r, _ := answers["2"]["result"].(map[string]any); r == nil || r["isError"] == true || r["structuredContent"] == nil {
		t.Errorf("graph_node: %v", answers["2"])
	}
	if r, _ := answers["three"]["result"].(map[string]any); r == nil || r["isError"] != true {
		t.Errorf("knowledge_search with limit 1000: %v", answers["three"])
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %s", stderr.String())
	}
}
