package ghapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docbridge/docbridge/internal/ghapi/ghapitest"
)

const (
	enrichBranch = "docbridge/enrichment"
	overlayPath  = ".docbridge/enrich/overlay.json"
	approvalPath = ".docbridge/enrich/approvals.json"
)

// newGitData is the fake with a default branch of one file, and a client
// whose retry waits are recorded, not slept.
func newGitData(t *testing.T) (*ghapitest.Fake, *GitHub, string) {
	t.Helper()
	f := newFakeGitHub(t)
	base := f.Push(ghapitest.DefaultBranch, map[string][]byte{"README.md": []byte("# demo\n"), "docs/a.md": []byte("a\n")}, "initial")
	var sleeps []time.Duration
	g, err := NewGitHub(fakeOptions(f, &sleeps))
	if err != nil {
		t.Fatal(err)
	}
	return f, g, base
}

func overlayAndApproval(n int) []FileWrite {
	return []FileWrite{
		{Path: overlayPath, Content: fmt.Appendf(nil, `{"version":%d}`, n)},
		{Path: approvalPath, Content: fmt.Appendf(nil, `{"approvals":[%d]}`, n)},
	}
}

// checkLinear fails unless every commit from branch back to the root has
// at most one parent, and returns the messages, newest first.
func checkLinear(t *testing.T, f *ghapitest.Fake, branch string) []string {
	t.Helper()
	var msgs []string
	for _, c := range f.Log(branch) {
		if len(c.Parents) > 1 {
			t.Errorf("commit %s has %d parents: not a linear history", c.SHA, len(c.Parents))
		}
		msgs = append(msgs, c.Message)
	}
	return msgs
}

func TestCommitFilesRoundTrip(t *testing.T) {
	f, g, base := newGitData(t)
	ctx := context.Background()

	res, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "enrich: overlay", Files: overlayAndApproval(1), CreateFrom: base})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Committed || !res.Created || res.Parent != base || res.Attempts != 1 || res.Head != f.Head(enrichBranch) {
		t.Fatalf("first commit: %+v (head %s, base %s)", res, f.Head(enrichBranch), base)
	}
	want := map[string][]byte{"README.md": []byte("# demo\n"), "docs/a.md": []byte("a\n"),
		overlayPath: []byte(`{"version":1}`), approvalPath: []byte(`{"approvals":[1]}`)}
	if got := f.Files(enrichBranch); !maps.EqualFunc(got, want, bytes.Equal) {
		t.Fatalf("tree of the branch's head:\n got %q\nwant %q", got, want)
	}
	if got := f.Files(ghapitest.DefaultBranch); len(got) != 2 {
		t.Errorf("the base branch changed: %q", got)
	}
	// The ref is written once, last: the one publishing step.
	var writes []string
	for _, r := range f.Writes() {
		writes = append(writes, r.Method+" "+r.Path[strings.Index(r.Path, "/git/"):])
	}
	wantWrites := []string{"POST /git/blobs", "POST /git/blobs", "POST /git/trees", "POST /git/commits", "POST /git/refs"}
	if !slices.Equal(writes, wantWrites) {
		t.Errorf("writes:\n got %q\nwant %q", writes, wantWrites)
	}

	// On the existing branch: one commit with both files, parent the head.
	first := res.Head
	res, err = g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "enrich: approve", Files: overlayAndApproval(2)})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Committed || res.Created || res.Parent != first {
		t.Fatalf("second commit: %+v", res)
	}
	got := f.Files(enrichBranch)
	if string(got[overlayPath]) != `{"version":2}` || string(got[approvalPath]) != `{"approvals":[2]}` || len(got) != 4 {
		t.Errorf("after the second commit: %q", got)
	}
	if msgs := checkLinear(t, f, enrichBranch); !slices.Equal(msgs, []string{"enrich: approve", "enrich: overlay", "initial"}) {
		t.Errorf("history %q", msgs)
	}
	if n := len(f.Requests(http.MethodPatch, "/git/refs/heads/docbridge/enrichment")); n != 1 {
		t.Errorf("%d ref updates, want 1", n)
	}

	// The same bytes again: no commit, the ref untouched.
	res, err = g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "enrich: again", Files: overlayAndApproval(2)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Committed || res.Head != f.Head(enrichBranch) {
		t.Errorf("unchanged files: %+v", res)
	}
	if n := len(f.Requests(http.MethodPatch, "/git/refs/")) + len(f.Requests(http.MethodPost, "/git/commits")); n != 3 {
		t.Errorf("unchanged files made a commit or moved the ref (%d commit and ref writes, want 3)", n)
	}
}

// Rule 14: a commit racing another on the same branch ends in one linear
// history holding both, the loser rebuilt on the winner.
func TestCommitFilesRaceLinearHistory(t *testing.T) {
	f, g, base := newGitData(t)
	ctx := context.Background()
	f.Push(enrichBranch, map[string][]byte{"seed": []byte("x")}, "seed")
	var other CommitResult
	var otherErr error
	// Between the first writer's read and its ref update, a second writer
	// commits the whole way.
	f.AddFault(ghapitest.Fault{Method: http.MethodPatch, PathContains: "/git/refs/", Times: 1, Run: func() {
		g2, err := NewGitHub(fakeOptions(f, &[]time.Duration{}))
		if err != nil {
			otherErr = err
			return
		}
		other, otherErr = g2.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "second writer",
			Files: []FileWrite{{Path: approvalPath, Content: []byte("B")}}})
	}})
	res, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "first writer",
		Files: []FileWrite{{Path: overlayPath, Content: []byte("A")}}, CreateFrom: base})
	if err != nil || otherErr != nil {
		t.Fatal(err, otherErr)
	}
	if res.Attempts != 2 || res.Parent != other.Head || res.Head != f.Head(enrichBranch) {
		t.Fatalf("first writer %+v, second %+v, head %s", res, other, f.Head(enrichBranch))
	}
	if msgs := checkLinear(t, f, enrichBranch); !slices.Equal(msgs, []string{"first writer", "second writer", "seed"}) {
		t.Errorf("history %q", msgs)
	}
	got := f.Files(enrichBranch)
	if string(got[overlayPath]) != "A" || string(got[approvalPath]) != "B" {
		t.Errorf("both files should be on the branch: %q", got)
	}
}

// Rule 14 with real concurrency: every writer lands, one after another.
func TestCommitFilesConcurrentWriters(t *testing.T) {
	f, _, base := newGitData(t)
	ctx := context.Background()
	const writers = 3
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g, err := NewGitHub(fakeOptions(f, &[]time.Duration{}))
			if err == nil {
				_, err = g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: fmt.Sprintf("writer %d", i),
					Files: []FileWrite{{Path: fmt.Sprintf("w/%d", i), Content: []byte{byte('0' + i)}}}, CreateFrom: base})
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	msgs := checkLinear(t, f, enrichBranch)
	if len(msgs) != writers+1 {
		t.Errorf("history %q: want %d writers on top of the base", msgs, writers)
	}
	got := f.Files(enrichBranch)
	for i := range writers {
		if string(got[fmt.Sprintf("w/%d", i)]) != string(rune('0'+i)) {
			t.Errorf("writer %d's file is missing: %q", i, got)
		}
	}
}

// A branch that never stops moving: bounded attempts, then a typed error.
func TestCommitFilesContended(t *testing.T) {
	f, g, _ := newGitData(t)
	f.Push(enrichBranch, map[string][]byte{"seed": []byte("x")}, "seed")
	n := 0
	f.AddFault(ghapitest.Fault{Method: http.MethodPatch, PathContains: "/git/refs/", Times: 100, Run: func() {
		n++
		f.Push(enrichBranch, map[string][]byte{"other": fmt.Appendf(nil, "%d", n)}, "someone else")
	}})
	_, err := g.CommitFiles(context.Background(), CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1)})
	if !errors.Is(err, errBranchContended) {
		t.Fatalf("error %v, want errBranchContended", err)
	}
	if got := len(f.Requests(http.MethodPatch, "/git/refs/")); got != MaxCommitAttempts {
		t.Errorf("%d ref updates, want %d", got, MaxCommitAttempts)
	}
	if _, ok := f.Files(enrichBranch)[overlayPath]; ok {
		t.Error("the refused commit reached the branch")
	}
}

// The branch created by someone else between the read and the creation:
// the commit is rebuilt on it.
func TestCommitFilesBranchCreatedMeanwhile(t *testing.T) {
	f, g, base := newGitData(t)
	var theirs string
	f.AddFault(ghapitest.Fault{Method: http.MethodPost, PathContains: "/git/refs", Times: 1, Run: func() {
		theirs = f.Push(enrichBranch, map[string][]byte{"theirs": []byte("t")}, "theirs")
	}})
	res, err := g.CommitFiles(context.Background(), CommitSpec{Branch: enrichBranch, Message: "ours", Files: overlayAndApproval(1), CreateFrom: base})
	if err != nil {
		t.Fatal(err)
	}
	if res.Created || res.Parent != theirs || res.Attempts != 2 {
		t.Errorf("result %+v, want built on %s", res, theirs)
	}
	if got := f.Files(enrichBranch); string(got["theirs"]) != "t" || got[overlayPath] == nil {
		t.Errorf("tree %q", got)
	}
}

// Rule 8: a head other than the one read before refuses the commit, and
// nothing is written.
func TestCommitFilesExpectedHead(t *testing.T) {
	ctx := context.Background()
	t.Run("moved before the call", func(t *testing.T) {
		f, g, _ := newGitData(t)
		read := f.Push(enrichBranch, map[string][]byte{"seed": []byte("x")}, "seed")
		moved := f.Push(enrichBranch, map[string][]byte{"seed": []byte("y")}, "push")
		_, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), ExpectedHead: read})
		var hm *HeadMovedError
		if !errors.As(err, &hm) || hm.Expected != read || hm.Actual != moved {
			t.Fatalf("error %v, want HeadMovedError %s → %s", err, read, moved)
		}
		if w := f.Writes(); len(w) != 0 {
			t.Errorf("a refused commit wrote %d objects", len(w))
		}
	})
	t.Run("moved between read and write", func(t *testing.T) {
		f, _, _ := newGitData(t)
		var log strings.Builder
		opts := fakeOptions(f, nil)
		opts.Log = &log
		g, err := NewGitHub(opts)
		if err != nil {
			t.Fatal(err)
		}
		read := f.Push(enrichBranch, map[string][]byte{"seed": []byte("x")}, "seed")
		var moved string
		f.AddFault(ghapitest.Fault{Method: http.MethodPatch, PathContains: "/git/refs/", Times: 1, Run: func() {
			moved = f.Push(enrichBranch, map[string][]byte{"seed": []byte("y")}, "push")
		}})
		_, err = g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), ExpectedHead: read})
		var hm *HeadMovedError
		if !errors.As(err, &hm) || hm.Actual != moved {
			t.Fatalf("error %v, want HeadMovedError to %s", err, moved)
		}
		if f.Head(enrichBranch) != moved || f.Files(enrichBranch)[overlayPath] != nil {
			t.Error("the refused commit reached the branch")
		}
		// No rebuild follows here: the log must not promise one.
		if strings.Contains(log.String(), "rebuilding") {
			t.Errorf("the log says a rebuild follows: %q", log.String())
		}
	})
	t.Run("branch gone", func(t *testing.T) {
		_, g, base := newGitData(t)
		_, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), ExpectedHead: base, CreateFrom: base})
		var hm *HeadMovedError
		if !errors.As(err, &hm) || hm.Actual != "" {
			t.Fatalf("error %v, want HeadMovedError to nothing", err)
		}
	})
	t.Run("unmoved", func(t *testing.T) {
		f, g, _ := newGitData(t)
		read := f.Push(enrichBranch, map[string][]byte{"seed": []byte("x")}, "seed")
		res, err := g.CommitFiles(ctx, CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), ExpectedHead: read})
		if err != nil || res.Parent != read {
			t.Fatalf("%+v %v", res, err)
		}
	})
}

// A fault anywhere before the ref update leaves the branch as it was; a
// later call succeeds. Both files or neither.
func TestCommitFilesFaultLeavesBranch(t *testing.T) {
	for _, step := range []struct{ method, path string }{
		{http.MethodGet, "/git/ref/"},
		{http.MethodGet, "/git/commits/"},
		{http.MethodPost, "/git/blobs"},
		{http.MethodPost, "/git/trees"},
		{http.MethodPost, "/git/commits"},
		{http.MethodPatch, "/git/refs/"},
	} {
		for _, skip := range []int{0, 1} { // the second blob: one file written, not the other
			if skip == 1 && step.path != "/git/blobs" {
				continue
			}
			t.Run(fmt.Sprintf("%s %s skip %d", step.method, step.path, skip), func(t *testing.T) {
				f, g, _ := newGitData(t)
				before := f.Push(enrichBranch, map[string][]byte{overlayPath: []byte("old")}, "seed")
				f.AddFault(ghapitest.Fault{Method: step.method, PathContains: step.path, Skip: skip, Times: maxAttempts,
					Status: http.StatusBadGateway, Body: `{"message":"Server Error"}`})
				spec := CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1)}
				if _, err := g.CommitFiles(context.Background(), spec); err == nil || !strings.Contains(err.Error(), "giving up") {
					t.Fatalf("error %v, want giving up after the retries", err)
				}
				if f.Head(enrichBranch) != before {
					t.Fatal("the branch moved after a failed commit")
				}
				if got := f.Files(enrichBranch); len(got) != 1 || string(got[overlayPath]) != "old" {
					t.Fatalf("tree after a failed commit: %q", got)
				}
				res, err := g.CommitFiles(context.Background(), spec)
				if err != nil || res.Parent != before {
					t.Fatalf("the retry: %+v %v", res, err)
				}
				if got := f.Files(enrichBranch); string(got[overlayPath]) != `{"version":1}` || string(got[approvalPath]) != `{"approvals":[1]}` {
					t.Errorf("tree after the retry: %q", got)
				}
			})
		}
	}
	t.Run("POST /git/refs: the branch's creation", func(t *testing.T) {
		f, g, base := newGitData(t)
		f.AddFault(ghapitest.Fault{Method: http.MethodPost, PathContains: "/git/refs", Times: maxAttempts,
			Status: http.StatusServiceUnavailable, Body: `{"message":"Unavailable"}`})
		spec := CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), CreateFrom: base}
		if _, err := g.CommitFiles(context.Background(), spec); err == nil || f.Head(enrichBranch) != "" {
			t.Fatalf("error %v, head %q: want an error and no branch", err, f.Head(enrichBranch))
		}
		if res, err := g.CommitFiles(context.Background(), spec); err != nil || !res.Created || f.Head(enrichBranch) != res.Head {
			t.Fatalf("the retry: %+v %v", res, err)
		}
	})
	t.Run("read-only token", func(t *testing.T) {
		f, g, base := newGitData(t)
		f.Forbid(ghapitest.Contents)
		_, err := g.CommitFiles(context.Background(), CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), CreateFrom: base})
		if !IsForbidden(err) || f.Head(enrichBranch) != "" {
			t.Errorf("error %v, head %q: want a 403 and no branch", err, f.Head(enrichBranch))
		}
	})
}

func TestCommitFilesRefuses(t *testing.T) {
	f, g, base := newGitData(t)
	ok := CommitSpec{Branch: enrichBranch, Message: "m", Files: overlayAndApproval(1), CreateFrom: base}
	for name, edit := range map[string]func(*CommitSpec){
		"no branch":       func(s *CommitSpec) { s.Branch = "" },
		"full ref":        func(s *CommitSpec) { s.Branch = "refs/heads/x" },
		"dotdot branch":   func(s *CommitSpec) { s.Branch = "a/../b" },
		"space branch":    func(s *CommitSpec) { s.Branch = "a b" },
		"no message":      func(s *CommitSpec) { s.Message = " " },
		"no files":        func(s *CommitSpec) { s.Files = nil },
		"dotdot path":     func(s *CommitSpec) { s.Files = []FileWrite{{Path: "../x"}} },
		"absolute path":   func(s *CommitSpec) { s.Files = []FileWrite{{Path: "/x"}} },
		"git dir":         func(s *CommitSpec) { s.Files = []FileWrite{{Path: ".git/config"}} },
		"unclean path":    func(s *CommitSpec) { s.Files = []FileWrite{{Path: "a//b"}} },
		"duplicate paths": func(s *CommitSpec) { s.Files = []FileWrite{{Path: "a"}, {Path: "a"}} },
	} {
		spec := ok
		edit(&spec)
		if _, err := g.CommitFiles(context.Background(), spec); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if r := f.Requests("", ""); len(r) != 0 {
		t.Errorf("refused specs sent %d requests", len(r))
	}
	// A missing branch with nothing to create it from.
	_, err := g.CommitFiles(context.Background(), CommitSpec{Branch: "nope", Message: "m", Files: overlayAndApproval(1)})
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("missing branch: %v, want ErrNotFound", err)
	}
	if _, err := g.BranchHead(context.Background(), "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("BranchHead of a missing branch: %v", err)
	}
}

func TestReadFile(t *testing.T) {
	f, g, _ := newGitData(t)
	big := bytes.Repeat([]byte("0123456789abcdef"), 70_000) // 1.1 MB: no inline content
	head := f.Push(enrichBranch, map[string][]byte{overlayPath: []byte(`{"v":1}`), "big.bin": big}, "seed")
	f.Push(enrichBranch, map[string][]byte{overlayPath: []byte(`{"v":2}`)}, "later")
	ctx := context.Background()
	for _, c := range []struct {
		name, ref, path string
		limit           int64
		want            string
		err             error
		tooLarge        bool
	}{
		{name: "branch", ref: enrichBranch, path: overlayPath, limit: 100, want: `{"v":2}`},
		{name: "commit", ref: head, path: overlayPath, limit: 100, want: `{"v":1}`},
		{name: "exact cap", ref: enrichBranch, path: overlayPath, limit: 7, want: `{"v":2}`},
		{name: "over cap", ref: enrichBranch, path: overlayPath, limit: 6, tooLarge: true},
		{name: "big over cap", ref: enrichBranch, path: "big.bin", limit: 1 << 20, tooLarge: true},
		{name: "big through the blob", ref: enrichBranch, path: "big.bin", limit: 2 << 20, want: string(big)},
		{name: "missing path", ref: enrichBranch, path: "nope.json", limit: 100, err: ErrNotFound},
		{name: "missing ref", ref: "nope", path: overlayPath, limit: 100, err: ErrNotFound},
		{name: "directory", ref: enrichBranch, path: ".docbridge/enrich", limit: 100, err: errNotAFile},
	} {
		got, err := g.ReadFile(ctx, c.ref, c.path, c.limit)
		var tl *TooLargeError
		switch {
		case c.tooLarge:
			if !errors.As(err, &tl) {
				t.Errorf("%s: error %v, want TooLargeError", c.name, err)
			}
		case c.err != nil:
			if !errors.Is(err, c.err) {
				t.Errorf("%s: error %v, want %v", c.name, err, c.err)
			}
		case err != nil || string(got) != c.want:
			t.Errorf("%s: %d bytes, %v", c.name, len(got), err)
		}
	}
	for _, bad := range []string{"../x", "/etc/passwd", "a/./b", ""} {
		if _, err := g.ReadFile(ctx, enrichBranch, bad, 100); err == nil {
			t.Errorf("path %q accepted", bad)
		}
	}
	if _, err := g.ReadFile(ctx, enrichBranch, overlayPath, 0); err == nil {
		t.Error("limit 0 accepted")
	}
}
