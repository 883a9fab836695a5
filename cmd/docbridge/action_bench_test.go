package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/cache/cachetest"
	"github.com/docbridge/docbridge/internal/corpus"
	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

// BenchmarkActionWarmMonorepo times the whole `docbridge action` run of a
// pull request on a warm cache, on the monorepo corpus: restore the base
// and the PR's states from act's cache server, warm scan, check against
// the base, doctor, the log, the JSON report, the job summary and the
// outputs, the suggested changes, save the PR's state, and post the check
// run (annotations in batches of 50) and the sticky comment to the fake
// GitHub — everything the container does but start. One push to main
// first saves the base state; the pull request then changes one document
// (benchDocEdit: two fixable near-miss anchors on added lines) and one
// module (benchModuleEdit), and each iteration is a PR run with its own
// run id (in process, the real wiring). Reported: the median run. The
// timed runs carry the profile label run=warm-pr, so that
//
//	go test -run '^$' -bench BenchmarkActionWarmMonorepo -benchtime 5x -cpuprofile cpu.out ./cmd/docbridge
//	go tool pprof -top -cum -tagfocus run=warm-pr docbridge.test cpu.out
//
// profiles them alone.
func BenchmarkActionWarmMonorepo(b *testing.B) {
	root := b.TempDir()
	if err := corpus.Write(root, corpus.Monorepo); err != nil {
		b.Fatal(err)
	}
	gh := ghapitest.New(b)
	action := newInProcessAction(b, root, gh.URL, cachetest.StartV1(b), cachetest.RuntimeToken(b))
	ctx := context.Background()
	runOnce := func(event, payload string) time.Duration {
		sha := e2eHeadSHA
		if event == actionenv.EventPush {
			sha = e2eBaseSHA
		}
		start := time.Now()
		out, err := action.run(ctx, event, filepath.Join(e2eDir, payload), sha, e2ePR)
		took := time.Since(start)
		if err != nil {
			b.Fatalf("%s run: %v\n%s", event, err, out)
		}
		for _, line := range strings.Split(out, "\n") {
			// Only the first runs' misses are expected.
			if strings.HasPrefix(line, "::warning::") && !strings.Contains(line, "no cached state for") {
				b.Fatalf("%s run warned: %s", event, line)
			}
		}
		if event == actionenv.EventPullRequest && !strings.Contains(out, "cache: restored the base state") {
			b.Fatalf("the PR run is not warm:\n%s", out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "docbridge: cache:") || strings.HasPrefix(line, "docbridge: suggested changes:") || strings.Contains(line, " findings: ") {
				b.Logf("%s run %d: %s", event, action.runID, line)
			}
		}
		return took
	}
	push := runOnce(actionenv.EventPush, "push.main.json")
	for _, e := range []benchEdit{benchDocEdit, benchModuleEdit} {
		e.apply(b, gh, root)
	}
	// The first PR run saves the PR's own state; the timed ones reuse it.
	first := runOnce(actionenv.EventPullRequest, "pull_request.opened.json")
	var runs, cpu []time.Duration
	for b.Loop() {
		pprof.Do(ctx, pprof.Labels("run", "warm-pr"), func(context.Context) {
			before := processCPU(b)
			runs = append(runs, runOnce(actionenv.EventPullRequest, "pull_request.opened.json"))
			cpu = append(cpu, processCPU(b)-before)
		})
	}
	b.ReportMetric(push.Seconds(), "push-s")
	b.ReportMetric(first.Seconds(), "first-pr-s")
	b.ReportMetric(median(runs).Seconds(), "warm-pr-s")
	// The process's CPU time of a run (the fake GitHub and cache server's
	// too): on a shared machine, steadier than the wall clock.
	b.ReportMetric(median(cpu).Seconds(), "warm-pr-cpu-s")
	if n := len(gh.Runs()); n != len(runs)+1 {
		b.Fatalf("%d check runs posted for %d PR runs", n, len(runs)+1)
	}
	// The document's two fixes were offered, each checked, once: later
	// runs keep them.
	if n := len(gh.ReviewComments()); n != 2 {
		b.Fatalf("%d review comments, want the document's 2 suggestions", n)
	}
}

// processCPU is the CPU time the process has used, user and system.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchEdit is a pull request's change to one file of the corpus: lines
// appended to it, which its patch lists as added.
type benchEdit struct {
	path, added string
}

// The benchmark's pull request: a document gains a paragraph whose two
// links name anchors one letter off its targets' headings (two findings
// with one fix each), and a module gains an exported function.
var (
	benchDocEdit = benchEdit{"docs/guide-1.md",
		"\n## Section 4\n\nRead [guide 2](guide-2.md#sction-1) first.\nThen [guide 4](guide-4.md#sction-2).\n"}
	benchModuleEdit = benchEdit{"packages/pkg-0/src/feature0/mod0.ts",
		"\nexport function scale0(input: Shape0): number {\n  return input.weight * 2;\n}\n"}
)

// apply appends the lines to the file under root and gives the fake the
// pull request's patch of them.
func (e benchEdit) apply(tb testing.TB, gh *ghapitest.Fake, root string) {
	tb.Helper()
	p := filepath.Join(root, filepath.FromSlash(e.path))
	old, err := os.ReadFile(p)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, append(old, e.added...), 0o644); err != nil {
		tb.Fatal(err)
	}
	oldN := bytes.Count(old, []byte("\n"))
	lines := strings.Split(strings.TrimSuffix(e.added, "\n"), "\n")
	gh.SetPatch(e2ePR, e.path, fmt.Sprintf("@@ -%d,0 +%d,%d @@\n+%s\n", oldN, oldN+1, len(lines), strings.Join(lines, "\n+")))
}
