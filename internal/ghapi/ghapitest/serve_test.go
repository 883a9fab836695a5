package ghapitest

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// smokeDirEnv names the directory TestServeForSmoke works in: the
// chroot smoke test (scripts/chroot-smoke.sh) serves its fake GitHub with
// it. Unset, the test is skipped.
const smokeDirEnv = "DOCBRIDGE_SMOKE_FAKE_DIR"

// TestServeForSmoke serves the fake GitHub to a process outside the test:
// the default branch holds <dir>/main's files; a comment waits on the
// pull request the action opens first (its number is <dir>/pr) by "mona",
// who may write. It writes <dir>/url, <dir>/head, <dir>/pr and
// <dir>/comment, serves until
// <dir>/stop exists, then writes <dir>/result.json: the branches' heads,
// the pull requests and the comment's reactions. Requests that do not
// validate against the OpenAPI subset fail the test, as everywhere.
func TestServeForSmoke(t *testing.T) {
	dir := os.Getenv(smokeDirEnv)
	if dir == "" {
		t.Skip(smokeDirEnv + " is not set")
	}
	f := New(t)
	files := map[string][]byte{}
	root := filepath.Join(dir, "main")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	head := f.Push(DefaultBranch, files, "the smoke repository")
	f.SetPermission("mona", "write")
	pr := f.nextPR + 1 // the number CreatePR gives next
	comment := f.SeedComment(pr, "mona", "/approve 0123456789abcdef")
	// url last: a reader waits for it, and then finds the others.
	for _, kv := range [][2]string{{"head", head}, {"pr", strconv.Itoa(pr)}, {"comment", strconv.FormatInt(comment, 10)}, {"url", f.URL}} {
		if err := os.WriteFile(filepath.Join(dir, kv[0]), []byte(kv[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Minute)
	for {
		if _, err := os.Stat(filepath.Join(dir, "stop")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no stop file within 10 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	heads := map[string]string{}
	for _, b := range []string{DefaultBranch, "docbridge/enrichment"} {
		heads[b] = f.Head(b)
	}
	var reactions []string
	for _, r := range f.Reactions(comment) {
		reactions = append(reactions, r.Content)
	}
	result, err := json.Marshal(map[string]any{"heads": heads, "pulls": len(f.PRs()), "reactions": reactions, "comments": len(f.Comments())})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "result.json"), result, 0o644); err != nil {
		t.Fatal(err)
	}
}
