package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/dirwatch"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/repoquery"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/retrieval"
	"github.com/docbridge/docbridge/internal/scan"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/state"
)

// Server holds the repository a `docbridge mcp` serves and its latest
// scan.
type Server struct {
	o       pipeline.Options
	root    string // the repository's absolute path, symlinks resolved
	stderr  io.Writer
	version string // the binary's, in the implementation and the reports

	mu    sync.Mutex // guards tree, scans and the tree's fingerprint
	addMu sync.Mutex // serializes the docs tool's add
	tree  *mcpTree
	scans int // scans run so far (tests read it)
	// overlays is the enrichment overlay as last read (enrich.go).
	overlays mcpOverlay

	// start is the first scan, run in the background (start.go).
	start mcpStart
	// beforeScan, when set (tests), runs before each scan; an error is
	// the scan's.
	beforeScan func(context.Context) error
	// watchFailed is set once a watch of the tree could not be made
	// (said once on stderr).
	watchFailed bool
}

// mcpTree is one scan of the repository with what the tools answer from.
// It is never changed once built, but for its fingerprint's checks (under
// the server's lock): a rescan makes a new one.
type mcpTree struct {
	out   *pipeline.Outcome
	index *retrieval.Index
	// report holds the findings in the report's shape (with their status
	// and the resolved ones, with a base).
	report *report.Report
	files  fingerprint

	graphOnce sync.Once
	graph     *graphIndex
}

// New checks the repository — its configuration loads, its
// directory can be read, the base exists — so that an error ends the
// command before any client connects, and starts the first scan in the
// background: the server answers initialize at once, and the first tool
// call waits for the scan (waitForFirstScan).
// version is the binary's.
func New(ctx context.Context, stderr io.Writer, o pipeline.Repo, base, version string) (*Server, error) {
	m, err := prepare(ctx, stderr, o, base, version)
	if err != nil {
		return nil, err
	}
	m.startScan()
	return m, nil
}

// prepare is New but for starting the first scan.
func prepare(ctx context.Context, stderr io.Writer, o pipeline.Repo, base, version string) (*Server, error) {
	if _, err := pipeline.LoadConfig(o.Dir, o.ConfigPath, o.Getenv); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(o.Dir)
	if err != nil {
		return nil, fmt.Errorf("mcp %s: %w", o.Dir, err)
	}
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("mcp %s: %w", o.Dir, err)
	}
	if err := readableDir(root); err != nil {
		return nil, fmt.Errorf("mcp %s: %w", o.Dir, err)
	}
	if base != "" {
		if _, err := os.Stat(base); err != nil {
			return nil, fmt.Errorf("mcp --base: %w", err)
		}
	}
	m := &Server{o: pipeline.Options{Repo: o, Base: base}, root: root, stderr: stderr, version: version}
	m.start.ctx, m.start.cancel = context.WithCancel(ctx)
	return m, nil
}

// readableDir checks that dir is a directory whose entries can be read.
func readableDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.ReadDir(1); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// current returns the scan of the tree as it is now: the last one when no
// file it read changed, else a new incremental scan from the last one's
// extractions.
func (m *Server) current(ctx context.Context) (*mcpTree, error) {
	return m.refresh(ctx, nil)
}

// refresh is current telling job, when not nil, where its scan is.
func (m *Server) refresh(ctx context.Context, job *scanJob) (*mcpTree, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.tree != nil && !m.tree.files.changed() {
		return m.tree, nil
	}
	o := m.o
	if m.tree != nil {
		// Later scans start from the last one's extractions in memory —
		// the path check --state takes with a decoded state — and write
		// the state themselves.
		o.Previous = &state.State{Store: m.tree.out.Store}
	}
	if job != nil {
		o.Progress = job.update
		o.ScanDone = func() { job.update(mcpPhaseJudge, 0, 0) }
	}
	if m.beforeScan != nil {
		if err := m.beforeScan(ctx); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	out, err := pipeline.Run(ctx, o)
	if err != nil {
		return nil, err
	}
	for _, w := range out.Warnings {
		fmt.Fprintln(m.stderr, w)
	}
	if o.Previous != nil && m.o.StateDir != "" {
		if c, w := pipeline.SaveState(m.o.StateDir, &scan.Result{Store: out.Store}, m.o.MaxStateBytes); c != nil {
			fmt.Fprintln(m.stderr, w)
			out.Head.Coverage = append(out.Head.Coverage, *c)
			snapshot.SortCoverage(out.Head.Coverage)
		}
	}
	ix, err := repoquery.NewIndex(m.stderr, m.o.Dir, out.Head, out.Signals)
	if err != nil {
		return nil, err
	}
	r := out.Report(m.version)
	// The watch starts before the stamps are taken: a change after them
	// is heard, one before them is in them or made them stale.
	w := m.watch(out.Store.Tree.Dirs)
	files := takeFingerprint(m.root, m.configFile(), out.Store, start)
	files.watchWith(m.root, out.Store.Tree.Dirs, w)
	t := &mcpTree{out: out, index: ix, report: r, files: files}
	if m.tree != nil {
		m.tree.files.close()
	}
	m.tree = t
	m.scans++
	return t, nil
}

// watch watches the scanned directories; nil where the platform has no
// watch or the user's limits are reached (said once), and each call then
// stats every file.
func (m *Server) watch(dirs []string) *dirwatch.Watch {
	w, err := dirwatch.New(m.root, dirs)
	if err != nil && !errors.Is(err, dirwatch.ErrUnsupported) && !m.watchFailed {
		m.watchFailed = true
		fmt.Fprintf(m.stderr, "docbridge mcp: %v; each call stats every file the last scan read instead\n", err)
	}
	return w
}

// Serve answers the client on transport (stdio: &mcp.StdioTransport{})
// until it disconnects or ctx is cancelled; an end of input waits for the
// answers of the calls in flight (answeringTransport).
func (m *Server) Serve(ctx context.Context, transport mcp.Transport) error {
	return m.server().Run(ctx, answeringTransport{transport})
}

// Close stops a scan in flight and ends the tree's watch.
func (m *Server) Close() {
	m.start.mu.Lock()
	m.start.cancel()
	m.start.mu.Unlock()
	m.start.wg.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.tree != nil {
		m.tree.files.close()
	}
}

// configFile is the configuration file the scans read, when there is one.
func (m *Server) configFile() string {
	if m.o.ConfigPath != "" {
		return m.o.ConfigPath
	}
	return filepath.Join(m.root, config.FileName)
}

// server builds the MCP server with every tool.
func (m *Server) server() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "docbridge", Title: "docbridge knowledge graph", Version: m.version}, &mcp.ServerOptions{
		Instructions: "docbridge answers from the repository's knowledge graph: documents, modules, packages and areas, the links, mentions, imports and coverage between them, and the findings where the docs and the code disagree. Ask knowledge_search what to read, knowledge_lookup what an entity is tied to, docbridge_diagnostics what is broken.",
	})
	s.AddReceivingMiddleware(m.waitForFirstScan)
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(bool)}
	mcp.AddTool(s, &mcp.Tool{Name: "knowledge_search", Annotations: readOnly,
		InputSchema: inputSchema[searchArgs](func(p map[string]*jsonschema.Schema) {
			oneOf(p["kinds"].Items, repoquery.SearchKinds)
			between(p["limit"], 1, repoquery.MaxLimit)
			atLeast(p["budgetTokens"], 0)
		}),
		Description: "Rank the repository's documents, areas, packages and modules for a query, as `docbridge search --json` does: field-weighted BM25 plus identity boosts, graph proximity and canonicality. A blank query, or one nothing matches, lists the most recently changed documents. For a question each document hit names its best section (anchor) with a snippet, the question's terms marked. With budgetTokens the answer is fitted like `search --budget` (summaries dropped first, then snippets) and says what it kept."},
		m.search)
	mcp.AddTool(s, &mcp.Tool{Name: "knowledge_lookup", Annotations: readOnly,
		InputSchema: inputSchema[lookupArgs](func(p map[string]*jsonschema.Schema) {
			between(p["depth"], 1, retrieval.MaxLookupDepth)
			atLeast(p["budgetTokens"], 0)
		}),
		Description: "One entity of the knowledge graph, as `docbridge lookup --json` answers: its neighbours by relation kind with direction and distance, the documents that cover, mention or link to it (most canonical first), its open findings and excerpts of its evidence. Name it by exactly one of id, alias, symbol (an exported name: BaseModel, pkg.Func, Class.method; the answer is its module, with entity.symbol giving the declaration's kind and line) or path. With budgetTokens the answer is fitted like `lookup --budget`."},
		m.lookup)
	mcp.AddTool(s, &mcp.Tool{Name: "docbridge_diagnostics", Annotations: readOnly,
		InputSchema: inputSchema[diagnosticsArgs](func(p map[string]*jsonschema.Schema) {
			oneOf(p["level"], []string{"error", "warn", "info"})
			oneOf(p["severity"], report.Severities)
			oneOf(p["format"], []string{"finding"})
		}),
		Description: "The findings of the tree as it is now, in the finding shape of `docbridge check --format json`, optionally only those located in some files, of some codes, or at or above a level (error, warn, info)."},
		m.diagnostics)
	mcp.AddTool(s, &mcp.Tool{Name: "graph_node", Annotations: readOnly,
		Description: "One entity of the observed graph as the snapshot holds it (id, kind, name, path, aliases, provenance, evidence, metadata), with its relation counts by kind and direction (the enrichment overlay's accepted relations counted apart, in proposedOut and proposedIn)."},
		m.graphNode)
	mcp.AddTool(s, &mcp.Tool{Name: "graph_edges", Annotations: readOnly,
		Description: "The relations of the observed graph from an entity, to an entity, and/or of a kind (links-to, mentions, imports, covers, …), in the snapshot's order, then the relations accepted from the enrichment overlay (provenance proposed), capped."},
		m.graphEdges)
	mcp.AddTool(s, &mcp.Tool{Name: "graph_neighbors", Annotations: readOnly,
		InputSchema: inputSchema[neighborsArgs](func(p map[string]*jsonschema.Schema) { between(p["depth"], 1, 3) }),
		Description: "The entities within depth relations (1 to 3) of an entity, either direction, nearest first, with the relations that reach them (provenance proposed when one was accepted from the enrichment overlay, not observed); capped."},
		m.graphNeighbors)
	mcp.AddTool(s, &mcp.Tool{Name: "enrich_pending", Annotations: readOnly,
		InputSchema: inputSchema[pendingArgs](func(p map[string]*jsonschema.Schema) {
			oneOf(p["kind"], proposalKinds())
			between(p["limit"], 1, mcpMaxPending)
		}),
		Description: "The enrichment proposals waiting for a person's approval (.docbridge/enrich/overlay.json), with their approval ids, reviewers' judgements and whether their target changed since; read only: approving stays a person's act (docbridge enrich approve). Without an overlay it says so."},
		m.enrichPending)
	mcp.AddTool(s, &mcp.Tool{Name: "docs", Annotations: &mcp.ToolAnnotations{DestructiveHint: new(true), OpenWorldHint: new(bool)},
		InputSchema: inputSchema[docsArgs](func(p map[string]*jsonschema.Schema) {
			oneOf(p["verb"], docsVerbs)
			between(p["limit"], 1, repoquery.MaxLimit)
		}),
		Description: "Knowledge documents under docs/ (the knowledge-docs convention): verb help shows the convention as configured and an example; search ranks the knowledge documents; check lists the convention's findings; add writes a document from metadata (front matter) and a body that starts with an H1 — a new one named after its H1 when no path is given (refused when a document of its area is a near twin), or a replacement of the one at path — refusing blank required fields, targets that are not .md files under docs/ and documents the convention would report. The only tool that writes, and only under docs/."},
		m.docs)
	return s
}

// Bounds of the tools' answers.
const (
	// MaxFindings bounds the findings docbridge_diagnostics and the docs
	// check verb list (docbridge docs check too).
	MaxFindings = 200
	// mcpMaxEdges bounds the relations graph_edges lists.
	mcpMaxEdges = 200
	// mcpMaxNeighbors bounds the entities graph_neighbors lists.
	mcpMaxNeighbors = 500
	// mcpMaxListArgs bounds the items of a list argument.
	mcpMaxListArgs = 100
	// mcpMaxArgBytes bounds one string argument.
	mcpMaxArgBytes = 4096
)

// badArgument is the refusal of a call with a bad argument, naming the
// argument and what it accepts. It is a tool error (a result with isError
// set), not a JSON-RPC invalid-params error: clients show a tool error to
// the model, which can correct its call, while many hide protocol errors.
func badArgument(name, format string, args ...any) error {
	return fmt.Errorf("argument %s: %s", name, fmt.Sprintf(format, args...))
}

// checkString bounds one string argument.
func checkString(name, v string) error {
	if len(v) > mcpMaxArgBytes {
		return badArgument(name, "%d bytes; at most %d", len(v), mcpMaxArgBytes)
	}
	return nil
}

// repoPath resolves a path argument against the repository root (see
// ResolvePath).
func (m *Server) repoPath(name, p string) (string, error) {
	return ResolvePath(m.root, name, p)
}

// ResolvePath resolves a path argument against root (an absolute
// path, symlinks resolved): it must be relative, stay inside the root once
// cleaned, and — where it, or the nearest existing directory above it,
// exists — stay inside once symlinks are resolved. It returns the cleaned,
// slash-separated path; a refusal names the argument.
func ResolvePath(root, name, p string) (string, error) {
	if err := checkString(name, p); err != nil {
		return "", err
	}
	if p == "" {
		return "", badArgument(name, "blank; give a path relative to the repository root")
	}
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) || strings.HasPrefix(p, "/") || !filepath.IsLocal(native) {
		return "", badArgument(name, "%q is outside the repository; give a path relative to its root", p)
	}
	clean := path.Clean(filepath.ToSlash(native))
	// Resolve the longest existing prefix: a symlink on the way out counts
	// even when the rest does not exist.
	probe := filepath.Join(root, native)
	for {
		real, err := filepath.EvalSymlinks(probe)
		if err == nil {
			rel, err := filepath.Rel(root, real)
			if err != nil || !filepath.IsLocal(rel) && rel != "." {
				return "", badArgument(name, "%q leads outside the repository through a symlink", p)
			}
			return clean, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", badArgument(name, "%q: %v", p, err)
		}
		parent := filepath.Dir(probe)
		if parent == probe || len(parent) < len(root) {
			return clean, nil
		}
		probe = parent
	}
}

// searchArgs are knowledge_search's arguments.
type searchArgs struct {
	Query        string   `json:"query" jsonschema:"the search text; blank lists the most recently changed documents"`
	Kinds        []string `json:"kinds,omitempty" jsonschema:"only list entries of these kinds (document, area, package, module); filtered after ranking, so the order is the unfiltered one"`
	Limit        int      `json:"limit,omitempty" jsonschema:"list at most this many hits, 1 to 100 (default 10)"`
	Explain      bool     `json:"explain,omitempty" jsonschema:"give every score component of each hit"`
	BudgetTokens int      `json:"budgetTokens,omitempty" jsonschema:"fit the answer into about this many tokens (4 characters each), dropping summaries first; 0 or absent means no budget"`
}

func (m *Server) search(ctx context.Context, _ *mcp.CallToolRequest, a searchArgs) (*mcp.CallToolResult, any, error) {
	if err := checkString("query", a.Query); err != nil {
		return nil, nil, err
	}
	if len(a.Kinds) > len(repoquery.SearchKinds) {
		return nil, nil, badArgument("kinds", "%d kinds; there are %d", len(a.Kinds), len(repoquery.SearchKinds))
	}
	for _, k := range a.Kinds {
		if !containsString(repoquery.SearchKinds, k) {
			return nil, nil, badArgument("kinds", "%q: use %s", k, strings.Join(repoquery.SearchKinds, ", "))
		}
	}
	if a.Limit == 0 {
		a.Limit = retrieval.DefaultLimit
	}
	if a.Limit < 1 || a.Limit > repoquery.MaxLimit {
		return nil, nil, badArgument("limit", "%d: use 1 to %d", a.Limit, repoquery.MaxLimit)
	}
	if a.BudgetTokens < 0 {
		return nil, nil, badArgument("budgetTokens", "%d: use a positive number of tokens, or 0 for none", a.BudgetTokens)
	}
	query := strings.TrimSpace(a.Query)
	if query == "" && len(a.Kinds) > 0 && !containsString(a.Kinds, snapshot.KindDocument) {
		return nil, nil, badArgument("kinds", "a blank query lists documents; kinds %s excludes them", strings.Join(a.Kinds, ","))
	}
	t, err := m.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	res := repoquery.Search(ctx, m.o.Dir, t.out.Head, t.index, retrieval.Query{Text: query, Kinds: a.Kinds, Limit: a.Limit, Explain: a.Explain})
	if a.BudgetTokens > 0 {
		answer, _, err := retrieval.FitSearch(res, a.BudgetTokens)
		if err != nil {
			return nil, nil, err
		}
		return nil, answer, nil
	}
	return nil, res, nil
}

// lookupArgs are knowledge_lookup's arguments.
type lookupArgs struct {
	ID           string `json:"id,omitempty" jsonschema:"an entity id such as module:internal/scan/scan.go"`
	Alias        string `json:"alias,omitempty" jsonschema:"an alias or package name of an entity"`
	Symbol       string `json:"symbol,omitempty" jsonschema:"an exported symbol: a bare name (BaseModel), a qualified one (pkg.Func, module.Name) or a member (Type.Method); the answer is the module declaring it, with the declaration's kind and line"`
	Path         string `json:"path,omitempty" jsonschema:"a repository-relative path: a file, or a directory (its package, else its area)"`
	Depth        int    `json:"depth,omitempty" jsonschema:"list neighbours up to this many relations away, 1 to 3 (default 1)"`
	BudgetTokens int    `json:"budgetTokens,omitempty" jsonschema:"trim the answer to about this many tokens; evidenceExcerpts, related, neighbours and summaries are dropped whole in that order; 0 or absent means no budget"`
}

func (m *Server) lookup(ctx context.Context, _ *mcp.CallToolRequest, a lookupArgs) (*mcp.CallToolResult, any, error) {
	var target string
	given := 0
	for _, f := range []struct{ name, v string }{{"id", a.ID}, {"alias", a.Alias}, {"symbol", a.Symbol}, {"path", a.Path}} {
		if f.v == "" {
			continue
		}
		given++
		if err := checkString(f.name, f.v); err != nil {
			return nil, nil, err
		}
		target = f.v
	}
	if given != 1 {
		return nil, nil, badArgument("id", "give exactly one of id, alias, symbol or path (%d given)", given)
	}
	if a.Path != "" {
		p, err := m.repoPath("path", a.Path)
		if err != nil {
			return nil, nil, err
		}
		target = p
	}
	if a.Depth == 0 {
		a.Depth = retrieval.DefaultLookupDepth
	}
	if a.Depth < 1 || a.Depth > retrieval.MaxLookupDepth {
		return nil, nil, badArgument("depth", "%d: use 1 to %d", a.Depth, retrieval.MaxLookupDepth)
	}
	if a.BudgetTokens < 0 {
		return nil, nil, badArgument("budgetTokens", "%d: use a positive number of tokens, or 0 for none", a.BudgetTokens)
	}
	t, err := m.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	res, err := repoquery.Lookup(m.o.Dir, t.out.Head, t.out.Signals, t.out.Findings, target, a.Depth, a.BudgetTokens)
	if err != nil {
		return nil, nil, err
	}
	return nil, res, nil
}

// diagnosticsArgs are docbridge_diagnostics' arguments.
type diagnosticsArgs struct {
	Paths    []string `json:"paths,omitempty" jsonschema:"only findings located in these files (repository-relative), as check --changed-files narrows"`
	Codes    []string `json:"codes,omitempty" jsonschema:"only findings of these codes (BROKEN_LINK, …)"`
	Level    string   `json:"level,omitempty" jsonschema:"only findings at or above this level: error, warn or info (the level check --fail-on and every finding's level field speak)"`
	Severity string   `json:"severity,omitempty" jsonschema:"deprecated, use level: the same filter on the reporting severity scale (high is error, medium warn, low info, info every finding)"`
	Format   string   `json:"format,omitempty" jsonschema:"the shape of each finding; only finding (check --format json's) exists"`
}

// diagnosticsAnswer is docbridge_diagnostics' answer.
type diagnosticsAnswer struct {
	SnapshotHash string `json:"snapshotHash"`
	// BaseSnapshotHash is set when the server compares with a base
	// (mcp --base): then every finding has a status (new, unchanged) and
	// Resolved lists the base's findings the tree no longer has.
	BaseSnapshotHash string           `json:"baseSnapshotHash,omitempty"`
	Total            int              `json:"total"` // findings that passed the filters
	Cut              int              `json:"cut"`   // Total - len(Findings)
	Findings         []report.Finding `json:"findings"`
	Resolved         []report.Finding `json:"resolved,omitempty"`
}

func (m *Server) diagnostics(ctx context.Context, _ *mcp.CallToolRequest, a diagnosticsArgs) (*mcp.CallToolResult, any, error) {
	if a.Format != "" && a.Format != "finding" {
		return nil, nil, badArgument("format", "%q: the one format is finding", a.Format)
	}
	if len(a.Paths) > mcpMaxListArgs {
		return nil, nil, badArgument("paths", "%d paths; at most %d", len(a.Paths), mcpMaxListArgs)
	}
	if len(a.Codes) > mcpMaxListArgs {
		return nil, nil, badArgument("codes", "%d codes; at most %d", len(a.Codes), mcpMaxListArgs)
	}
	paths := map[string]bool{}
	for _, p := range a.Paths {
		clean, err := m.repoPath("paths", p)
		if err != nil {
			return nil, nil, err
		}
		paths[clean] = true
	}
	codes := map[string]bool{}
	for _, c := range a.Codes {
		if _, ok := catalogRule(c); !ok {
			return nil, nil, badArgument("codes", "%q is not a docbridge code (docs/diagnostics.md lists them)", c)
		}
		codes[c] = true
	}
	minLevel, err := diagnosticsMinLevel(a)
	if err != nil {
		return nil, nil, err
	}
	t, err := m.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	keep := func(f report.Finding) bool {
		return (len(paths) == 0 || paths[f.Location.Path]) && (len(codes) == 0 || codes[f.Code]) && f.Level.Rank() >= minLevel.Rank()
	}
	r := t.report
	ans := diagnosticsAnswer{SnapshotHash: r.SnapshotHash, BaseSnapshotHash: r.BaseSnapshotHash, Findings: []report.Finding{}}
	for _, f := range r.Findings {
		if !keep(f) {
			continue
		}
		ans.Total++
		if len(ans.Findings) < MaxFindings {
			ans.Findings = append(ans.Findings, f)
		}
	}
	ans.Cut = ans.Total - len(ans.Findings)
	if r.Compared {
		ans.Resolved = []report.Finding{}
		for _, f := range r.Resolved {
			if keep(f) && len(ans.Resolved) < MaxFindings {
				ans.Resolved = append(ans.Resolved, f)
			}
		}
	}
	return nil, ans, nil
}

// diagnosticsMinLevel is the level docbridge_diagnostics keeps findings
// at or above: its level argument, or the deprecated severity argument
// read back onto the level scale (report.SeverityOf's inverse), or off
// (every finding) when neither is given.
func diagnosticsMinLevel(a diagnosticsArgs) (catalog.Level, error) {
	switch {
	case a.Level != "" && a.Severity != "":
		return "", badArgument("severity", "give level or severity, not both (severity is level's deprecated alias)")
	case a.Level != "":
		l := catalog.Level(a.Level)
		if l.Rank() <= catalog.Off.Rank() {
			return "", badArgument("level", "%q: use error, warn or info", a.Level)
		}
		return l, nil
	case a.Severity != "":
		for _, l := range catalog.Levels {
			if report.SeverityOf(l) == a.Severity {
				return l, nil
			}
		}
		return "", badArgument("severity", "%q: use %s, or level (error, warn, info)", a.Severity, strings.Join(report.Severities, ", "))
	}
	return catalog.Off, nil
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
