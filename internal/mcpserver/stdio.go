package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answeringTransport is a transport (stdio) whose end of input ends the
// session only once every call read before it has been answered. The SDK
// cancels the calls in flight when its input ends, and writes nothing
// after: requests piped in (`printf '…' | docbridge mcp`, a script, a
// client that writes its last call and closes stdin) would get no answer
// but initialize's — the first call waits for the scan. A call the client
// cancelled (notifications/cancelled) is not waited for; a signal still
// ends the server at once.
type answeringTransport struct{ mcp.Transport }

func (t answeringTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newAnsweringConn(c), nil
}

func newAnsweringConn(c mcp.Connection) *answeringConn {
	return &answeringConn{Connection: c, pending: map[jsonrpc.ID]bool{}, closed: make(chan struct{})}
}

// answeringConn counts the calls read and not yet answered, and holds the
// end of input back until there are none.
type answeringConn struct {
	mcp.Connection

	mu      sync.Mutex
	pending map[jsonrpc.ID]bool // calls read, not answered nor cancelled
	ended   bool                // the input ended
	drained chan struct{}       // closed when pending empties after the end

	closeOnce sync.Once
	closed    chan struct{}
}

func (c *answeringConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		if req, ok := msg.(*jsonrpc.Request); ok {
			c.mu.Lock()
			if req.IsCall() {
				c.pending[req.ID] = true
			} else if id, ok := cancelledID(req); ok {
				delete(c.pending, id)
			}
			c.mu.Unlock()
		}
		return msg, nil
	}
	if !errors.Is(err, io.EOF) {
		return nil, err
	}
	c.mu.Lock()
	c.ended = true
	if len(c.pending) == 0 {
		c.mu.Unlock()
		return nil, err
	}
	c.drained = make(chan struct{})
	drained := c.drained
	c.mu.Unlock()
	select {
	case <-drained:
	case <-c.closed:
	case <-ctx.Done():
	}
	return nil, err
}

func (c *answeringConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if res, ok := msg.(*jsonrpc.Response); ok {
		// Answered, or the answer cannot be written: either way nothing
		// is left to wait for.
		c.mu.Lock()
		delete(c.pending, res.ID)
		if c.ended && len(c.pending) == 0 && c.drained != nil {
			close(c.drained)
			c.drained = nil
		}
		c.mu.Unlock()
	}
	return err
}

func (c *answeringConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return c.Connection.Close()
}

// cancelledID is the request a notifications/cancelled names.
func cancelledID(req *jsonrpc.Request) (jsonrpc.ID, bool) {
	if req.Method != "notifications/cancelled" {
		return jsonrpc.ID{}, false
	}
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(req.Params, &p) != nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	return id, err == nil && id.IsValid()
}
