// Package mcptest is test support for the MCP server: a repository with
// findings to serve, and a client's calls with their answers decoded as
// generic JSON, shared by the server's own tests and the CLI's tests that
// compare its answers with the commands'.
package mcptest

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/testtree"
)

// Repo is a small repository — a README, a guide and a superseded one, a
// Go module — with a broken link, so that there are findings.
func Repo(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"README.md":           "# Demo\n\nSee [the storage guide](docs/storage.md) and [the missing page](docs/missing.md).\n",
		"docs/storage.md":     "# Storage guide\n\nRecords are persisted by `OpenStore` in `store/store.go`.\n\n## Compaction\n\nCompaction rewrites the log.\n",
		"docs/old-storage.md": "---\nstatus: superseded\n---\n# Storage guide (old)\n\nRecords were persisted in files.\n",
		"store/store.go":      "package store\n\n// OpenStore opens a store.\nfunc OpenStore() {}\n",
		"go.mod":              "module example.com/demo\n\ngo 1.26\n",
	})
}

// CallTool calls a tool and returns its structured answer decoded as
// generic JSON; a tool error fails the test.
func CallTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) any {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	if res.IsError {
		t.Fatalf("%s %v: tool error %s", name, args, ContentText(res))
	}
	return Generic(t, res.StructuredContent)
}

// CallErr calls a tool that must refuse, and returns the error text. A
// refusal is a tool error (isError), which clients show the model, never
// a JSON-RPC error, which many hide.
func CallErr(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Errorf("%s %v: a protocol error %v, want a tool error the model sees", name, args, err)
		return err.Error()
	}
	if !res.IsError {
		t.Fatalf("%s %v: answered %s, want a refusal", name, args, ContentText(res))
	}
	return ContentText(res)
}

// ContentText is the text of a result's text contents, one per line.
func ContentText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// Generic round-trips v through JSON into maps, slices and float64s.
func Generic(t *testing.T, v any) any {
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

// Age sets the modification time of dir and everything below it to ago
// before now: a file changed right before a scan makes the scan's
// fingerprint stale (it may have changed under the scan), so tests that
// count scans age the tree between edits.
func Age(t testing.TB, dir string, ago time.Duration) {
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
