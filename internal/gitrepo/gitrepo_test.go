package gitrepo

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/testtree"
)

// loaderSource is a Go file the tests move with small edits.
const loaderSource = "package loader\n\n// Load loads.\nfunc Load() error {\n\treturn nil\n}\n\n// Unload unloads.\nfunc Unload() error {\n\treturn nil\n}\n"

// TestRenames: with git and a real history, a file moved with small
// edits is a rename from the base commit to the work tree; outside a work
// tree, or with a base git does not know, there is no answer.
func TestRenames(t *testing.T) {
	dir := t.TempDir()
	git := testtree.Git(t, dir)
	body := loaderSource
	testtree.File(t, filepath.Join(dir, "src/legacy/loader.go"), body)
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	base := (WorkTree{}).Revision(context.Background(), dir)
	if base == "" {
		t.Fatal("no revision")
	}
	if err := os.Remove(filepath.Join(dir, "src/legacy/loader.go")); err != nil {
		t.Fatal(err)
	}
	testtree.File(t, filepath.Join(dir, "pkg/loaders/loader.go"), body+"\n// Reload reloads.\nfunc Reload() {}\n")
	git("add", "-A")
	got := (WorkTree{}).Renames(context.Background(), dir, base)
	if want := map[string]string{"src/legacy/loader.go": "pkg/loaders/loader.go"}; !maps.Equal(got, want) {
		t.Errorf("Renames = %v, want %v", got, want)
	}
	if got := (WorkTree{}).Renames(context.Background(), dir, "0000000000000000000000000000000000000000"); got != nil {
		t.Errorf("an unknown base: %v, want nil", got)
	}
	if got := (WorkTree{}).Revision(context.Background(), t.TempDir()); got != "" {
		t.Errorf("outside a work tree: %q", got)
	}
}

// TestHistory: CommitTimes gives each wanted path its newest commit and
// nothing outside a work tree; Log lists the commits newest first with
// their name-status; a Batch reads blobs of any commit, and nil for a path
// the commit lacks; Output is no error when git grep finds nothing.
func TestHistory(t *testing.T) {
	dir := t.TempDir()
	git := testtree.Git(t, dir)
	ctx := context.Background()
	testtree.File(t, filepath.Join(dir, "a.md"), "# A\n")
	testtree.File(t, filepath.Join(dir, "b.md"), "# B\n")
	git("init", "-q")
	git("add", ".")
	git("-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "one", "--date=2001-01-01T00:00:00Z")
	first := (WorkTree{}).Revision(ctx, dir)
	git("mv", "b.md", "c.md")
	testtree.File(t, filepath.Join(dir, "a.md"), "# A again\n")
	git("add", "-A")
	git("commit", "-q", "-m", "two")
	second := (WorkTree{}).Revision(ctx, dir)

	times := CommitTimes(ctx, dir, []string{"a.md", "c.md", "none.md"}, 10)
	if len(times) != 2 || times["a.md"] == 0 || times["c.md"] == 0 {
		t.Errorf("CommitTimes = %v, want a.md and c.md", times)
	}
	if got := CommitTimes(ctx, t.TempDir(), []string{"a.md"}, 10); len(got) != 0 {
		t.Errorf("outside a work tree: %v", got)
	}

	gitDir := filepath.Join(dir, ".git")
	log, err := Log(ctx, gitDir, "HEAD", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Hash != second || log[0].Parent != first || log[1].Hash != first || log[1].Parent != "" {
		t.Fatalf("Log = %+v", log)
	}
	var status []string
	for _, st := range log[0].Status {
		status = append(status, st[0][:1]+" "+st[len(st)-1])
	}
	slices.Sort(status)
	if want := []string{"M a.md", "R c.md"}; !slices.Equal(status, want) {
		t.Errorf("status = %v, want %v", status, want)
	}

	b, err := OpenBatch(ctx, gitDir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, c := range []struct{ rev, path, want string }{
		{first, "a.md", "# A\n"}, {second, "a.md", "# A again\n"}, {second, "b.md", ""}, {first, "b.md", "# B\n"},
	} {
		data, err := b.Read(c.rev, c.path)
		if err != nil || string(data) != c.want || (c.want == "") != (data == nil) {
			t.Errorf("Read(%s:%s) = %q, %v; want %q", c.rev[:7], c.path, data, err, c.want)
		}
	}
	if out, err := Output(ctx, gitDir, "grep", "-l", "-F", "-e", "nowhere", "HEAD"); err != nil || out != nil {
		t.Errorf("grep finding nothing: %q, %v", out, err)
	}
	if _, err := Output(ctx, gitDir, "log", "no-such-rev"); err == nil {
		t.Error("an unknown revision: no error")
	}
}
