package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/state"
)

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBaseJudgedOnceKept: a run without a base keeps its findings under its
// build and configuration; a pull request whose base state kept them under
// the same key reuses them, and judges exactly what judging the base again
// would — the same head findings and the same comparison. Another build,
// another configuration or no build judge the base again.
func TestBaseJudgedOnceKept(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod":        "module example.com/m\n\ngo 1.22\n",
		"pkg/a/a.go":    "package a\n\n// Run runs.\nfunc Run() {}\n\n// Stop stops.\nfunc Stop() {}\n",
		"README.md":     "# M\n\nSee [the guide](docs/guide.md), [usage](docs/guide.md#usage) and [gone](docs/gone.md).\n",
		"docs/guide.md": "# Guide\n\n## Usage\n\nCall `a.Run` from `pkg/a/a.go`.\n",
	})
	o := Options{Repo: Repo{Dir: dir}, Build: "build-1"}
	push, err := Run(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if push.Judged == nil || len(push.Judged.Findings) == 0 {
		t.Fatalf("a run without a base kept %+v; want its findings (the broken link at least)", push.Judged)
	}
	if push.Judged.Hash == "" || push.Judged.Hash != push.Head.ContentHash {
		t.Fatalf("the push kept the hash %q; want its snapshot's, %s", push.Judged.Hash, push.Head.ContentHash)
	}
	base := &state.State{Store: push.Store, Judged: push.Judged}

	// The pull request renames a heading, a function and a file.
	writeTree(t, dir, map[string]string{
		"pkg/a/a.go":    "package a\n\n// Start runs.\nfunc Start() {}\n\n// Stop stops.\nfunc Stop() {}\n",
		"docs/guide.md": "# Guide\n\n## How to use\n\nCall `a.Run` from `pkg/a/a.go`.\n",
	})
	judge := func(build string, st *state.State, configPath string) *Outcome {
		t.Helper()
		out, err := Run(ctx, Options{Repo: Repo{Dir: dir, ConfigPath: configPath}, Build: build, BaseState: st})
		if err != nil {
			t.Fatal(err)
		}
		if out.Judged != nil {
			t.Error("a run with a base kept findings: they hold drift, not the tree alone")
		}
		return out
	}
	again := judge("", base, "")
	if again.BaseJudged || again.Comparison == nil || len(again.Comparison.New) == 0 {
		t.Fatalf("without a build: reused %v, comparison %+v; want the base judged again and new findings", again.BaseJudged, again.Comparison)
	}
	drift := 0
	for _, d := range again.Comparison.New {
		if strings.HasPrefix(d.Code, "DRIFT_") {
			drift++
		}
	}
	if drift < 2 {
		t.Fatalf("the renamed heading and function drifted %d times; want 2: the fixture tests nothing", drift)
	}
	kept := judge("build-1", base, "")
	if !kept.BaseJudged {
		t.Fatal("the same build and configuration judged the base again")
	}
	if !reflect.DeepEqual(kept.Findings, again.Findings) || !reflect.DeepEqual(kept.Comparison, again.Comparison) {
		t.Errorf("reusing the base's findings changed the verdict:\nkept  %+v\nagain %+v", kept.Comparison, again.Comparison)
	}
	// The base the kept hash vouches for is the base rebuilt, hashed and
	// validated.
	if !reflect.DeepEqual(kept.Base, again.Base) {
		t.Errorf("the base vouched for by its state differs from the base rebuilt (hash %s, rebuilt %s)", kept.Base.ContentHash, again.Base.ContentHash)
	}
	if a, b := kept.Report("v"), again.Report("v"); !reflect.DeepEqual(a, b) {
		t.Errorf("the reports differ:\nkept  %+v\nagain %+v", a, b)
	}
	// The kept hash is what names the base: it is read, not computed.
	vouched := &state.State{Store: push.Store, Judged: &state.Judged{Key: push.Judged.Key, Findings: push.Judged.Findings, Hash: "0123456789abcdef"}}
	if got := judge("build-1", vouched, "").Base.ContentHash; got != "0123456789abcdef" {
		t.Errorf("a base whose state kept a hash was hashed again: %s", got)
	}
	// A state saved before the hash was kept is hashed as before.
	older := &state.State{Store: push.Store, Judged: &state.Judged{Key: push.Judged.Key, Findings: push.Judged.Findings}}
	if got := judge("build-1", older, ""); !got.BaseJudged || got.Base.ContentHash != push.Head.ContentHash {
		t.Errorf("a state without a hash: base %s (kept findings %v), want %s", got.Base.ContentHash, got.BaseJudged, push.Head.ContentHash)
	}
	if judge("build-2", base, "").BaseJudged {
		t.Error("another build reused the base's findings")
	}
	cfg := filepath.Join(t.TempDir(), "docbridge.yaml")
	writeTree(t, filepath.Dir(cfg), map[string]string{"docbridge.yaml": "checks:\n  severity:\n    BROKEN_LINK: warn\n"})
	if judge("build-1", base, cfg).BaseJudged {
		t.Error("another configuration reused the base's findings")
	}

	// The kept findings are what the comparison reads: a base said to have
	// had no findings makes every head finding new.
	empty := &state.State{Store: push.Store, Judged: &state.Judged{Key: push.Judged.Key}}
	if got := judge("build-1", empty, ""); len(got.Comparison.Unchanged) != 0 || len(got.Comparison.Resolved) != 0 {
		t.Errorf("against a base kept with no findings: %d unchanged, %d resolved; want none", len(got.Comparison.Unchanged), len(got.Comparison.Resolved))
	}
	var unchanged []finding.Diagnostic = again.Comparison.Unchanged
	if len(unchanged) == 0 {
		t.Error("the fixture has no finding the pull request leaves alone; the last check proves nothing")
	}
}
