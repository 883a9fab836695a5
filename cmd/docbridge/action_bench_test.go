package main

import (
	"context"
	"path/filepath"
	"strings"
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
// outputs, save the PR's state, and post the check run (annotations in
// batches of 50) and the sticky comment to the fake GitHub — everything
// the container does but start. One push to main first saves the base
// state; each iteration is then a PR run with its own run id (in process,
// the real wiring). Reported: the median run.
//
//	go test -run '^$' -bench BenchmarkActionWarmMonorepo -benchtime 5x ./cmd/docbridge
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
			if strings.HasPrefix(line, "docbridge: cache:") || strings.Contains(line, " findings: ") {
				b.Logf("%s run %d: %s", event, action.runID, line)
			}
		}
		return took
	}
	push := runOnce(actionenv.EventPush, "push.main.json")
	// The first PR run saves the PR's own state; the timed ones reuse it.
	first := runOnce(actionenv.EventPullRequest, "pull_request.opened.json")
	var runs []time.Duration
	for b.Loop() {
		runs = append(runs, runOnce(actionenv.EventPullRequest, "pull_request.opened.json"))
	}
	b.ReportMetric(push.Seconds(), "push-s")
	b.ReportMetric(first.Seconds(), "first-pr-s")
	b.ReportMetric(median(runs).Seconds(), "warm-pr-s")
	if n := len(gh.Runs()); n != len(runs)+1 {
		b.Fatalf("%d check runs posted for %d PR runs", n, len(runs)+1)
	}
}
