package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/depstest"
	"github.com/docbridge/docbridge/internal/doctor"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// TestNoSubprocess: the pipeline runs no git (nor any other command); the
// edges hand it what git knows through Repo.Git.
func TestNoSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("lists dependencies with go list")
	}
	const mod = "github.com/docbridge/docbridge/internal/"
	depstest.Forbid(t, mod+"pipeline", mod+"gitrepo", "os/exec")
}

// fakeGit answers as git would and records what it was asked.
type fakeGit struct {
	revision string
	renames  map[string]string
	asked    []string
}

func (g *fakeGit) Revision(_ context.Context, dir string) string {
	g.asked = append(g.asked, "revision "+dir)
	return g.revision
}

func (g *fakeGit) Renames(_ context.Context, dir, base string) map[string]string {
	g.asked = append(g.asked, "renames "+dir+" "+base)
	return g.renames
}

// A cold scan records the revision Repo.Git names and a check against a
// base asks it for the renames since the base's revision; a revision
// given is not asked for; without Git nothing is asked or recorded.
func TestRunAsksGitThroughRepo(t *testing.T) {
	ctx := context.Background()
	dir := testtree.New(t, map[string]string{"docs/a.md": "# A\n\nSee [b](b.md).\n", "docs/b.md": "# B\n"})
	rev := strings.Repeat("a", 40)
	git := &fakeGit{revision: rev}
	push, err := Run(ctx, Options{Repo: Repo{Dir: dir, Git: git}})
	if err != nil {
		t.Fatal(err)
	}
	if push.Head.SourceRevision != rev {
		t.Errorf("recorded revision %q, want git's %q", push.Head.SourceRevision, rev)
	}
	if want := []string{"revision " + dir}; !slices.Equal(git.asked, want) {
		t.Errorf("a run without a base asked %q, want %q", git.asked, want)
	}

	base := filepath.Join(t.TempDir(), "base.json")
	data, err := snapshot.Marshal(push.Head)
	if err != nil {
		t.Fatal(err)
	}
	testtree.File(t, base, string(data))
	git.asked = nil
	given := strings.Repeat("b", 40)
	pr, err := Run(ctx, Options{Repo: Repo{Dir: dir, Git: git}, Base: base, Revision: given})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"renames " + dir + " " + rev}; !slices.Equal(git.asked, want) {
		t.Errorf("a run against a base asked %q, want only %q", git.asked, want)
	}
	if pr.Head.SourceRevision != given {
		t.Errorf("recorded revision %q, want the given %q", pr.Head.SourceRevision, given)
	}

	none, err := Run(ctx, Options{Repo: Repo{Dir: dir}, Base: base})
	if err != nil {
		t.Fatal(err)
	}
	if none.Head.SourceRevision != "" {
		t.Errorf("without Git the scan recorded revision %q", none.Head.SourceRevision)
	}
}

// What a run cannot do without failing comes back as warnings, in the
// order it happened — the state not written, then the doctor's broken
// suite — for the edge to print.
func TestRunReturnsWarnings(t *testing.T) {
	dir := testtree.New(t, map[string]string{
		"docs/a.md":         "# A\n",
		doctor.DefaultSuite: "{not a suite",
		"blocker":           "a file where the state directory's parent should be\n",
	})
	stateDir := filepath.Join(dir, "blocker", "state")
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir, StateDir: stateDir, MaxStateBytes: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Warnings) != 2 {
		t.Fatalf("warnings %q, want two", out.Warnings)
	}
	if w := out.Warnings[0]; !strings.HasPrefix(w, "docbridge: warning: state not written to "+stateDir+": ") {
		t.Errorf("first warning %q, want the state not written", w)
	}
	if w := out.Warnings[1]; !strings.HasPrefix(w, "docbridge check: doctor: ") || !strings.HasSuffix(w, " (benchmark not analyzed)") {
		t.Errorf("second warning %q, want the doctor's suite", w)
	}
	for _, w := range out.Warnings {
		if strings.Contains(w, "\n") {
			t.Errorf("warning %q holds a newline: the edge prints one line each", w)
		}
	}
	if !slices.ContainsFunc(out.Head.Coverage, func(c snapshot.Coverage) bool { return c.Scope == snapshot.ScopeState }) {
		t.Error("the state not written left no coverage entry")
	}
	if _, err := os.Stat(stateDir); err == nil {
		t.Error("the state directory exists; the fixture did not block it")
	}
}
