package mcpserver

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/mcpserver/mcptest"
	"github.com/docbridge/docbridge/internal/pipeline"
)

// mcpBenchCalls are the calls BenchmarkMCP times on an unchanged tree,
// each mcpBenchRepeat times an iteration: a graph read (the cost of a call
// itself), the findings and a search.
var mcpBenchCalls = []struct {
	name string
	args map[string]any
}{
	{"graph_node", map[string]any{"id": "document:README.md"}},
	{"docbridge_diagnostics", map[string]any{"level": "error"}},
	{"knowledge_search", map[string]any{"query": "configuration guide"}},
}

const mcpBenchRepeat = 100

// BenchmarkMCP measures what an MCP client waits for: the initialize
// answer (start: from New, or the process's start, to the
// client's Connect returning), the first call's answer (start included),
// and the latency of calls on an unchanged tree (p50 and p99 per tool).
// The server runs in process over the SDK's in-memory transports, or, when
// DOCBRIDGE_MCP_BENCH_BIN names a docbridge binary, as `BIN mcp DIR` over
// stdio. The repository is the generated monorepo corpus (13,650 files),
// or the one DOCBRIDGE_MCP_BENCH_DIR names. "state" serves with --state,
// from a state one scan left.
//
//	go test -run '^$' -bench BenchmarkMCP -benchtime 3x ./internal/mcpserver
//	DOCBRIDGE_MCP_BENCH_DIR=/tmp/pcorpus/kubernetes-sigs+cluster-api go test -run '^$' -bench BenchmarkMCP -benchtime 3x ./internal/mcpserver
//	go build -o /tmp/docbridge ./cmd/docbridge && DOCBRIDGE_MCP_BENCH_BIN=/tmp/docbridge go test -run '^$' -bench BenchmarkMCP -benchtime 3x ./internal/mcpserver
func BenchmarkMCP(b *testing.B) {
	dir := os.Getenv("DOCBRIDGE_MCP_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
		if err := corpus.Write(dir, corpus.Monorepo); err != nil {
			b.Fatal(err)
		}
		// Files written just before a scan began make its fingerprint
		// stale (they may have changed under it).
		mcptest.Age(b, dir, time.Hour)
	}
	stateDir := b.TempDir()
	if _, err := pipeline.Run(context.Background(), pipeline.Options{Repo: pipeline.Repo{Dir: dir, StateDir: stateDir, MaxStateBytes: 1 << 30}}); err != nil {
		b.Fatal(err)
	}
	b.Run("cold", func(b *testing.B) { benchMCP(b, pipeline.Repo{Dir: dir, MaxStateBytes: 1 << 30}) })
	b.Run("state", func(b *testing.B) { benchMCP(b, pipeline.Repo{Dir: dir, StateDir: stateDir, MaxStateBytes: 1 << 30}) })
}

func benchMCP(b *testing.B, o pipeline.Repo) {
	ctx := context.Background()
	var starts, firsts []time.Duration
	calls := make([][]time.Duration, len(mcpBenchCalls))
	for b.Loop() {
		t0 := time.Now()
		var transport mcp.Transport
		wait := func() {}
		if bin := os.Getenv("DOCBRIDGE_MCP_BENCH_BIN"); bin != "" {
			args := []string{"mcp", o.Dir}
			if o.StateDir != "" {
				args = append(args, "--state", o.StateDir)
			}
			transport = &mcp.CommandTransport{Command: exec.Command(bin, args...)}
		} else {
			srv, err := New(ctx, io.Discard, o, "", testVersion)
			if err != nil {
				b.Fatal(err)
			}
			st, ct := mcp.NewInMemoryTransports()
			ss, err := srv.server().Connect(ctx, st, nil)
			if err != nil {
				b.Fatal(err)
			}
			transport = ct
			wait = func() {
				ss.Wait()
				srv.Close()
			}
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).Connect(ctx, transport, nil)
		if err != nil {
			b.Fatal(err)
		}
		starts = append(starts, time.Since(t0))
		benchCall(b, cs, mcpBenchCalls[0].name, mcpBenchCalls[0].args)
		firsts = append(firsts, time.Since(t0))
		for range mcpBenchRepeat {
			for i, c := range mcpBenchCalls {
				t := time.Now()
				benchCall(b, cs, c.name, c.args)
				calls[i] = append(calls[i], time.Since(t))
			}
		}
		cs.Close()
		wait()
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(median(starts)), "start-ms")
	b.ReportMetric(ms(median(firsts)), "first-answer-ms")
	for i, c := range mcpBenchCalls {
		b.ReportMetric(ms(percentile(calls[i], 50)), c.name+"-p50-ms")
		b.ReportMetric(ms(percentile(calls[i], 99)), c.name+"-p99-ms")
	}
}

func benchCall(b *testing.B, cs *mcp.ClientSession, name string, args map[string]any) {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err == nil && res.IsError {
		err = fmt.Errorf("tool error %s", mcptest.ContentText(res))
	}
	if err != nil {
		b.Fatalf("%s %v: %v", name, args, err)
	}
}

// percentile is the p-th percentile of ds (nearest rank).
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p+99)/100 - 1
	return s[max(i, 0)]
}

// median is the middle of ds (the upper one of an even count), as the
// CLI's benchmarks report it.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
