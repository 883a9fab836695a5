package mcpserver

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// scriptedConn reads its messages, then the end of input.
type scriptedConn struct {
	mcp.Connection
	msgs []jsonrpc.Message
}

func (c *scriptedConn) Read(context.Context) (jsonrpc.Message, error) {
	if len(c.msgs) == 0 {
		return nil, io.EOF
	}
	m := c.msgs[0]
	c.msgs = c.msgs[1:]
	return m, nil
}

func (c *scriptedConn) Write(context.Context, jsonrpc.Message) error { return nil }
func (c *scriptedConn) Close() error                                 { return nil }

func decodeMessage(t *testing.T, s string) jsonrpc.Message {
	t.Helper()
	m, err := jsonrpc.DecodeMessage([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// readEnd reads c's messages, then its end of input in the background:
// the channel gets the end's error.
func readEnd(t *testing.T, c *answeringConn) <-chan error {
	t.Helper()
	for range len(c.Connection.(*scriptedConn).msgs) {
		if _, err := c.Read(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.Read(context.Background())
		done <- err
	}()
	return done
}

// TestAnsweringConnHoldsTheEndForCalls: the end of input reaches the
// session only once every call read is answered; a cancelled call is not
// waited for; notifications are never waited for; closing lets it go.
func TestAnsweringConnHoldsTheEndForCalls(t *testing.T) {
	ctx := context.Background()
	conn := func(msgs ...string) *answeringConn {
		s := &scriptedConn{}
		for _, m := range msgs {
			s.msgs = append(s.msgs, decodeMessage(t, m))
		}
		return newAnsweringConn(s)
	}
	call := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"x"}}`
	}
	answer := func(c *answeringConn, id int) {
		rid, err := jsonrpc.MakeID(float64(id))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Write(ctx, &jsonrpc.Response{ID: rid}); err != nil {
			t.Fatal(err)
		}
	}

	c := conn(call("1"), call("2"), `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	end := readEnd(t, c)
	answer(c, 1)
	select {
	case err := <-end:
		t.Fatalf("the end came with call 2 unanswered: %v", err)
	default:
	}
	answer(c, 2)
	if err := <-end; !errors.Is(err, io.EOF) {
		t.Errorf("end: %v", err)
	}

	c = conn(call("1"), `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)
	if err := <-readEnd(t, c); !errors.Is(err, io.EOF) {
		t.Errorf("a cancelled call is not waited for: %v", err)
	}

	c = conn(call(`"s"`))
	end = readEnd(t, c)
	c.Close()
	if err := <-end; !errors.Is(err, io.EOF) {
		t.Errorf("close lets the end go: %v", err)
	}
}
