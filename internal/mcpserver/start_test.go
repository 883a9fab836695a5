package mcpserver

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/pipeline"
	"github.com/docbridge/docbridge/internal/scan"
)

// mcpHangGuard bounds a wait for something that must happen, so that a
// broken server fails the test instead of hanging it. It is no timing
// assertion: the waits it guards end in milliseconds.
const mcpHangGuard = time.Minute

func receive[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(mcpHangGuard):
		t.Fatalf("no %s", what)
		panic("unreachable")
	}
}

// blockScans makes the server's scans wait until release is closed (or
// the server closes); entered is closed when the first one waits. A scan
// held past mcpHangGuard fails, so that a server that waits for its scan
// before it answers initialize fails the test rather than hanging it.
func blockScans(entered, release chan struct{}) func(*Server) {
	return func(m *Server) {
		first := true
		m.beforeScan = func(ctx context.Context) error {
			if first {
				first = false
				close(entered)
			}
			select {
			case <-release:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(mcpHangGuard):
				return errors.New("the scan was held past the test's guard")
			}
		}
	}
}

type callAnswer struct {
	res *mcp.CallToolResult
	err error
}

// callAsync calls a tool in the background; a token asks for progress.
func callAsync(ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any, token any) <-chan callAnswer {
	answered := make(chan callAnswer, 1)
	go func() {
		p := &mcp.CallToolParams{Name: name, Arguments: args}
		if token != nil {
			p.SetProgressToken(token)
		}
		res, err := cs.CallTool(ctx, p)
		answered <- callAnswer{res, err}
	}()
	return answered
}

// progressClient is a client that passes on the progress notifications
// it receives.
func progressClient() (*mcp.ClientOptions, <-chan *mcp.ProgressNotificationParams) {
	ch := make(chan *mcp.ProgressNotificationParams, 1000)
	return &mcp.ClientOptions{ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
		ch <- r.Params
	}}, ch
}

// TestMCPAnswersInitializeBeforeTheScanEnds: the client connects (its
// initialize answered) and lists the tools while the first scan is held;
// the first call waits for the scan, told where it is, and gets its
// answer once the scan ends.
func TestMCPAnswersInitializeBeforeTheScanEnds(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, time.Hour)
	entered, release := make(chan struct{}), make(chan struct{})
	opts, progress := progressClient()
	// Connecting answers initialize: it returns with the scan held.
	srv, cs := connectMCPWith(t, pipeline.Repo{Dir: dir}, "", blockScans(entered, release), opts)
	receive(t, entered, "scan")
	if tools, err := cs.ListTools(context.Background(), nil); err != nil || len(tools.Tools) == 0 {
		t.Fatalf("tools/list while the scan is held: %v %v", tools, err)
	}
	answered := callAsync(context.Background(), cs, "knowledge_search", map[string]any{"query": "storage guide"}, "first-call")
	first := receive(t, progress, "progress notification")
	if first.ProgressToken != "first-call" || first.Message != "scanning the repository" || first.Progress != 0 {
		t.Errorf("first progress: %+v", first)
	}
	select {
	case a := <-answered:
		t.Fatalf("answered while the scan is held: %+v", a)
	default:
	}
	close(release)
	a := receive(t, answered, "answer")
	if a.err != nil || a.res.IsError {
		t.Fatalf("first call: %v %s", a.err, mcptest.ContentText(a.res))
	}
	hits := mcptest.Generic(t, a.res.StructuredContent).(map[string]any)["hits"].([]any)
	if len(hits) == 0 || hits[0].(map[string]any)["path"] != "docs/storage.md" {
		t.Errorf("the first call's answer: %v", hits)
	}
	if srv.scans != 1 {
		t.Errorf("%d scans, want 1", srv.scans)
	}
	mcptest.CallTool(t, cs, "docbridge_diagnostics", map[string]any{})
	if srv.scans != 1 {
		t.Errorf("%d scans after a second call on the same tree, want 1", srv.scans)
	}
	// Whatever else arrived belongs to the call, and grows.
	last := first.Progress
	for len(progress) > 0 {
		p := <-progress
		if p.ProgressToken != "first-call" || p.Progress <= last || !strings.HasPrefix(p.Message, "scanning the repository") {
			t.Errorf("progress after %v: %+v", last, p)
		}
		last = p.Progress
	}
}

// TestMCPFirstScanErrorIsAToolError: a first scan that fails is the
// answer of the call that waited for it, a tool error with the reason;
// the next call scans again.
func TestMCPFirstScanErrorIsAToolError(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, time.Hour)
	scans := 0
	srv, cs := connectMCPWith(t, pipeline.Repo{Dir: dir}, "", func(m *Server) {
		m.beforeScan = func(context.Context) error {
			scans++
			if scans == 1 {
				return errors.New("the disk is on fire")
			}
			return nil
		}
	}, nil)
	msg := mcptest.CallErr(t, cs, "knowledge_search", map[string]any{"query": "storage"})
	if !strings.Contains(msg, "the disk is on fire") || !strings.Contains(msg, "the next call scans again") {
		t.Errorf("the scan's error: %q", msg)
	}
	got := mcptest.CallTool(t, cs, "knowledge_search", map[string]any{"query": "storage"}).(map[string]any)
	if hits := got["hits"].([]any); len(hits) == 0 {
		t.Errorf("the second call scanned: %v", got)
	}
	mcptest.CallTool(t, cs, "graph_node", map[string]any{"id": "document:README.md"})
	if scans != 2 || srv.scans != 1 {
		t.Errorf("%d scans begun, %d made a tree; want 2 and 1", scans, srv.scans)
	}
}

// TestMCPWaitingCallCancelled: a call waiting for the first scan returns
// when its context is done; the scan goes on, for the next call.
func TestMCPWaitingCallCancelled(t *testing.T) {
	dir := mcptest.Repo(t)
	mcptest.Age(t, dir, time.Hour)
	entered, release := make(chan struct{}), make(chan struct{})
	opts, progress := progressClient()
	srv, cs := connectMCPWith(t, pipeline.Repo{Dir: dir}, "", blockScans(entered, release), opts)
	receive(t, entered, "scan")
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := srv.firstTree(done, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled wait: %v", err)
	}
	// Over the protocol: the client cancels a call that is waiting.
	ctx, cancel := context.WithCancel(context.Background())
	answered := callAsync(ctx, cs, "graph_node", map[string]any{"id": "document:README.md"}, 7)
	receive(t, progress, "progress notification")
	cancel()
	if a := receive(t, answered, "answer"); a.err == nil {
		t.Errorf("a cancelled call answered: %+v", a.res)
	}
	close(release)
	mcptest.CallTool(t, cs, "graph_node", map[string]any{"id": "document:README.md"})
	if srv.scans != 1 {
		t.Errorf("%d scans, want 1: the cancelled calls left the scan alone", srv.scans)
	}
}

// TestScanJobProgress: the progress a waiting call is told only grows,
// and has a total once the files are listed.
func TestScanJobProgress(t *testing.T) {
	j := &scanJob{finished: make(chan struct{})}
	last := -1.0
	for _, step := range []struct {
		phase       string
		done, total int
		total3      float64
		msg         string
	}{
		{scan.PhaseWalk, 0, 0, 0, "scanning the repository: listing files"},
		{scan.PhaseExtract, 1, 4, 7, "scanning the repository: reading files (1 of 4)"},
		{scan.PhaseExtract, 4, 4, 7, "scanning the repository: reading files (4 of 4)"},
		{scan.PhaseResolve, 0, 0, 7, "scanning the repository: resolving references"},
		{mcpPhaseJudge, 0, 0, 7, "scanning the repository: " + mcpPhaseJudge},
	} {
		j.update(step.phase, step.done, step.total)
		progress, total, msg := j.where()
		if progress <= last || total != step.total3 || msg != step.msg || total > 0 && progress >= total {
			t.Errorf("%s %d/%d: progress %v (after %v) of %v, %q", step.phase, step.done, step.total, progress, last, total, msg)
		}
		last = progress
	}
}
