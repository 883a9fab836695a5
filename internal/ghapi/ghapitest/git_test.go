package ghapitest

import (
	"bytes"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestObjectIDsAreGits(t *testing.T) {
	s := objectStore{}
	for _, c := range []struct{ typ, data, want string }{
		{blobType, "", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"},
		{blobType, "hello\n", "ce013625030ba8dba906f756967f9e9ca394464a"},
		{treeType, "", "4b825dc642cb6eb9a060e54bf8d69288fbee4904"},
	} {
		if got := s.put(c.typ, []byte(c.data)); got != c.want {
			t.Errorf("%s %q: id %s, want git's %s", c.typ, c.data, got, c.want)
		}
	}
	// Git's tree order: "a.b" < "a/" (a directory sorts as name + "/") < "a0".
	blob := s.put(blobType, []byte("x"))
	sub := s.putTree([]treeEntry{{name: "f", mode: modeFile, hash: blob}})
	tree := s.putTree([]treeEntry{{name: "a0", mode: modeFile, hash: blob}, {name: "a", mode: modeDir, hash: sub}, {name: "a.b", mode: modeFile, hash: blob}})
	entries, _ := s.tree(tree)
	var names []string
	for _, e := range entries {
		names = append(names, e.name)
	}
	if !slices.Equal(names, []string{"a.b", "a", "a0"}) {
		t.Errorf("tree order %q", names)
	}
}

// TestGitReadsTheFakesObjects hands every object of a pushed history to
// the real git, which must give each the same id, find the repository
// sound, and read the same tree back.
func TestGitReadsTheFakesObjects(t *testing.T) {
	gitBin, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git on PATH")
	}
	f := New(t)
	f.Push("main", map[string][]byte{"README.md": []byte("# r\n"), "docs/a.md": []byte("a"), "docs/sub/b.md": []byte("b")}, "one")
	f.Push("main", map[string][]byte{"docs/a.md": []byte("a2"), "docs/sub/b.md": nil, "z": {0, 1, 2}}, "two")
	dir := t.TempDir()
	git := func(stdin []byte, args ...string) string {
		t.Helper()
		cmd := exec.Command(gitBin, append([]string{"-C", dir}, args...)...)
		cmd.Env = []string{"GIT_CONFIG_NOSYSTEM=1", "HOME=" + dir}
		cmd.Stdin = bytes.NewReader(stdin)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git(nil, "init", "-q", "--bare")
	f.mu.Lock()
	objects := maps2slice(f.git)
	f.mu.Unlock()
	for _, o := range objects {
		if got := git(o.data, "hash-object", "-t", o.typ, "-w", "--stdin"); got != o.id {
			t.Errorf("%s %s: git names it %s", o.typ, o.id, got)
		}
	}
	git(nil, "update-ref", "refs/heads/main", f.Head("main"))
	git(nil, "fsck", "--strict", "--no-dangling")
	if got := git(nil, "ls-tree", "-r", "--name-only", "main"); got != "README.md\ndocs/a.md\nz" {
		t.Errorf("git ls-tree: %q", got)
	}
	files := f.Files("main")
	for _, p := range []string{"README.md", "docs/a.md"} {
		if got := git(nil, "cat-file", "blob", "main:"+p); got != strings.TrimSpace(string(files[p])) {
			t.Errorf("%s: git reads %q, the fake %q", p, got, files[p])
		}
	}
	if got := git(nil, "rev-list", "--count", "main"); got != "2" {
		t.Errorf("history of %s commits", got)
	}
}

type storedObject struct {
	id, typ string
	data    []byte
}

func maps2slice(s objectStore) []storedObject {
	var out []storedObject
	for id, o := range s {
		out = append(out, storedObject{id: id, typ: o.typ, data: o.data})
	}
	slices.SortFunc(out, func(a, b storedObject) int { return strings.Compare(a.id, b.id) })
	return out
}

// A fault's Run steps in before the request; with a Status it also
// answers it.
func TestFaultRun(t *testing.T) {
	f := New(t)
	f.Push("main", map[string][]byte{"a": []byte("1")}, "one")
	ran := 0
	f.AddFault(Fault{Method: http.MethodGet, PathContains: "/git/ref/", Times: 2, Skip: 1, Status: http.StatusTeapot, Run: func() {
		ran++
		f.Push("main", map[string][]byte{"a": []byte("2")}, "two")
	}})
	get := func() int {
		req, _ := http.NewRequest(http.MethodGet, f.URL+"/repos/"+Repo+"/git/ref/heads/main", nil)
		req.Header.Set("Authorization", "Bearer "+Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	var got []int
	for range 4 {
		got = append(got, get())
	}
	if !slices.Equal(got, []int{200, 418, 418, 200}) || ran != 2 || len(f.Log("main")) != 3 {
		t.Errorf("statuses %v, runs %d, commits %d", got, ran, len(f.Log("main")))
	}
}

// The Git Data routes are validated like every other: a wrong method on a
// multi-segment path, a tree entry of an unknown mode, a blob without
// content are violations.
func TestGitRoutesValidated(t *testing.T) {
	f := New(t)
	send := func(method, path, body string) int {
		req, _ := http.NewRequest(method, f.URL+"/repos/"+Repo+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+Token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	send(http.MethodPut, "/git/ref/heads/a/b", `{}`)
	send(http.MethodPost, "/git/trees", `{"tree":[{"path":"a","mode":"100600","type":"blob","sha":"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"}]}`)
	send(http.MethodPost, "/git/blobs", `{"encoding":"utf-8"}`)
	if v := f.TakeViolations(); len(v) != 3 {
		t.Errorf("%d violations, want 3: %q", len(v), v)
	}
	if got := send(http.MethodGet, "/git/ref/heads/a/b", ""); got != http.StatusNotFound {
		t.Errorf("a missing multi-segment ref: %d", got)
	}
	if v := f.TakeViolations(); len(v) != 0 {
		t.Errorf("a valid request was a violation: %q", v)
	}
}
