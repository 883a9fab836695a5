package actionrun

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// TestActionCancelledMidRunCancelsTheCheckRun: a context cancelled after
// the check run began (SIGINT/SIGTERM reach main's NotifyContext) ends
// the run with the check run completed as cancelled — on a live context,
// so the call can reach GitHub — and nothing published, saved or failed.
func TestActionCancelledMidRunCancelsTheCheckRun(t *testing.T) {
	base := testtree.New(t, baseFiles)
	h := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h.cache.restores = map[string][]byte{"k-master-": stateOf(t, base)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h.ctx = ctx
	h.poster.onBegin = cancel
	_, err := h.run(Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want a cancellation", err)
	}
	p := h.poster
	if p.begun != 1 || p.cancelled != 1 || p.cancelCtxErr != nil || len(p.published) != 0 || len(p.failed) != 0 {
		t.Fatalf("begun %d, cancelled %d (ctx err %v), published %d, failed %d: want the begun check run cancelled once on a live context",
			p.begun, p.cancelled, p.cancelCtxErr, len(p.published), len(p.failed))
	}
	if h.cache.savedKey != "" {
		t.Fatalf("a cancelled run saved a state under %q", h.cache.savedKey)
	}

	// The same run, not cancelled, publishes and cancels nothing: the
	// test above can fail.
	h2 := newHarness(t, testtree.New(t, headFiles), "pull_request", "pull_request.opened.0.json")
	h2.vars["GITHUB_REF"] = "refs/pull/2/merge"
	h2.cache.restores = map[string][]byte{"k-master-": stateOf(t, base)}
	if _, err := h2.run(Options{}); errors.Is(err, context.Canceled) || h2.poster.cancelled != 0 || len(h2.poster.published) != 1 {
		t.Fatalf("uncancelled run: err %v, cancelled %d, published %d", err, h2.poster.cancelled, len(h2.poster.published))
	}
}

// TestActionFailsTheCheckRunWhenTheCheckCannotRun: a check that cannot run
// for another reason than a cancellation (the repository vanished after
// the check run began) completes the check run as failed, not cancelled.
func TestActionFailsTheCheckRunWhenTheCheckCannotRun(t *testing.T) {
	h := newHarness(t, testtree.New(t, baseFiles), "pull_request", "pull_request.opened.0.json")
	h.poster.onBegin = func() {
		if err := os.RemoveAll(h.repo); err != nil {
			t.Fatal(err)
		}
	}
	_, err := h.run(Options{})
	if err == nil || errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the configuration's error", err)
	}
	if p := h.poster; p.begun != 1 || len(p.failed) != 1 || p.cancelled != 0 || len(p.published) != 0 {
		t.Fatalf("%v: begun %d, failed %v, cancelled %d, published %d", err, p.begun, p.failed, p.cancelled, len(p.published))
	}
}
