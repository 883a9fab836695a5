package mcpserver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/scan"
)

// mcpPhaseJudge is the phase after the scan proper: graph signals,
// reconciliation, the report and the search index.
const mcpPhaseJudge = "judging the findings and indexing"

// mcpProgressEvery is how often a call waiting for the first scan is told
// where the scan is, when its client sent a progress token and the scan
// moved on.
const mcpProgressEvery = 200 * time.Millisecond

// mcpStart is the background scan that makes the server's first tree: the
// server answers initialize at once, and the first tool call waits for it.
type mcpStart struct {
	ctx    context.Context // the server's life: close cancels it
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu  sync.Mutex
	job *scanJob // the last first scan started
}

// scanJob is one background scan, and where it is for the calls that
// wait for it.
type scanJob struct {
	finished chan struct{}
	err      error // set before finished is closed
	// reported is set once a call answered with err (under m.start.mu):
	// the next call scans again.
	reported bool

	mu    sync.Mutex
	phase string
	// read of files are the files handed out for reading so far.
	read, files int
}

// startScan starts a first scan in the background. The caller holds
// m.start.mu, or has the server to itself.
func (m *Server) startScan() *scanJob {
	j := &scanJob{finished: make(chan struct{})}
	m.start.job = j
	if err := m.start.ctx.Err(); err != nil {
		// The server is closing: nothing starts after close waited.
		j.err = err
		close(j.finished)
		return j
	}
	m.start.wg.Add(1)
	go func() {
		defer m.start.wg.Done()
		_, err := m.refresh(m.start.ctx, j)
		if err != nil {
			err = fmt.Errorf("scanning the repository failed (the next call scans again): %w", err)
		}
		j.err = err
		close(j.finished)
	}()
	return j
}

// waitForFirstScan is the server's receiving middleware: a tool call
// waits for the first tree (firstTree) before it runs. A first scan that
// failed is the call's answer, as a tool error (isError) the model sees.
func (m *Server) waitForFirstScan(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok {
			return next(ctx, method, req)
		}
		if err := m.firstTree(ctx, call); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err() // cancelled: nobody reads the answer
			}
			res := &mcp.CallToolResult{}
			res.SetError(err)
			return res, nil
		}
		return next(ctx, method, req)
	}
}

// firstTree waits until the server has its first tree. A first scan that
// failed is the error of the calls that waited for it, or of the first
// call after it when none did; the call after that starts a new scan and
// waits for it. It returns when ctx is done (the scan goes on), and while
// it waits it tells the client where the scan is when req carries a
// progress token.
func (m *Server) firstTree(ctx context.Context, req *mcp.CallToolRequest) error {
	m.start.mu.Lock()
	j := m.start.job
	if j.failed() && j.reported {
		j = m.startScan()
	}
	m.start.mu.Unlock()
	err := j.wait(ctx, req)
	if err != nil && ctx.Err() == nil {
		m.start.mu.Lock()
		j.reported = true
		m.start.mu.Unlock()
	}
	return err
}

// wait waits for the scan to end or ctx to be done, telling the client
// where the scan is when req carries a progress token.
func (j *scanJob) wait(ctx context.Context, req *mcp.CallToolRequest) error {
	select {
	case <-j.finished:
		return j.err
	default:
	}
	var tick <-chan time.Time
	var token any
	if req != nil && req.Params != nil && req.Session != nil {
		token = req.Params.GetProgressToken()
	}
	if token != nil {
		t := time.NewTicker(mcpProgressEvery)
		defer t.Stop()
		tick = t.C
	}
	last := -1.0
	for {
		if token != nil {
			last = j.notify(ctx, req.Session, token, last)
		}
		select {
		case <-j.finished:
			return j.err
		case <-ctx.Done():
			return ctx.Err()
		case <-tick:
		}
	}
}

// failed reports whether the job ended in an error.
func (j *scanJob) failed() bool {
	select {
	case <-j.finished:
		return j.err != nil
	default:
		return false
	}
}

// update is the scan's Options.Progress.
func (j *scanJob) update(phase string, done, total int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.phase = phase
	if phase == scan.PhaseExtract {
		j.read, j.files = done, total
	}
}

// where is the scan's progress in steps — listing the files is the
// first, each file handed out for reading one, resolving one and judging
// one — with their total (0, unknown, until the files are listed) and a
// message.
func (j *scanJob) where() (progress, total float64, msg string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	msg = "scanning the repository"
	if j.phase != "" {
		msg += ": " + j.phase
	}
	if j.files > 0 {
		total = float64(j.files + 3)
	}
	switch j.phase {
	case scan.PhaseExtract:
		progress = float64(j.read)
		msg += fmt.Sprintf(" (%d of %d)", j.read, j.files)
	case scan.PhaseResolve:
		progress = float64(1 + j.files)
	case mcpPhaseJudge:
		progress = float64(2 + j.files)
	}
	return progress, total, msg
}

// notify tells the client where the scan is when it moved on since last,
// the progress sent before (progress only grows), and returns the
// progress sent last.
func (j *scanJob) notify(ctx context.Context, ss *mcp.ServerSession, token any, last float64) float64 {
	progress, total, msg := j.where()
	if progress <= last {
		return last
	}
	// A notification that cannot be sent (the session closing) changes
	// nothing for the call.
	_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: progress, Total: total, Message: msg})
	return progress
}
