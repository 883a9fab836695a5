package ghapi

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/google/go-github/v66/github"
)

// MaxCommitAttempts bounds CommitFiles: each attempt reads the branch
// head and builds a commit on it; a head that moved before the ref update
// (a non-fast-forward answer) starts the next attempt.
const MaxCommitAttempts = 5

// Typed answers of the Git Data, contents and pull-request calls.
var (
	// ErrNotFound is a 404: no such branch, file or pull request.
	ErrNotFound = errors.New("not found")
	// errBranchContended is a branch that moved under every one of
	// MaxCommitAttempts attempts.
	errBranchContended = errors.New("the branch kept moving")
)

// HeadMovedError refuses a commit: the branch head is not the commit the
// caller read before: a decision is re-checked against the head it was
// made on before anything is written over it.
type HeadMovedError struct {
	Branch string
	// Expected is the head the caller read; Actual the head now ("" when
	// the branch is gone).
	Expected, Actual string
}

func (e *HeadMovedError) Error() string {
	if e.Actual == "" {
		return fmt.Sprintf("branch %s: it was at %s and no longer exists", e.Branch, e.Expected)
	}
	return fmt.Sprintf("branch %s moved from %s to %s", e.Branch, e.Expected, e.Actual)
}

// FileWrite is one file a commit sets, regular (mode 100644).
type FileWrite struct {
	// Path is slash-separated and relative to the repository's root.
	Path    string
	Content []byte
}

// CommitSpec is one commit of files to a branch.
type CommitSpec struct {
	// Branch is the branch's name, without refs/heads/.
	Branch  string
	Message string
	// Files land together in the one commit, or none does.
	Files []FileWrite
	// CreateFrom is the commit a missing branch is created from; "" makes
	// a missing branch ErrNotFound.
	CreateFrom string
	// ExpectedHead, when set, is the head the caller read before: any
	// other head (at the first read or after a non-fast-forward answer)
	// refuses the commit with *HeadMovedError.
	ExpectedHead string
}

// CommitResult is what CommitFiles did.
type CommitResult struct {
	// Head is the branch's head afterwards: the new commit, or the old
	// head when the files already held these bytes.
	Head string
	// Parent is the commit the new one was built on ("" when none was
	// made).
	Parent string
	// Committed is false when nothing changed (no commit, ref untouched).
	Committed bool
	// Created is true when the branch was created.
	Created bool
	// Attempts counts the reads of the head (1 without a race).
	Attempts int
}

// CommitFiles commits spec.Files to spec.Branch through the Git Data API,
// without a checkout: it reads the head, writes the blobs, a tree on the
// head's tree (base_tree) and a commit whose parent is the head, then
// moves the branch to it without force — or creates the branch, when it
// did not exist, at that commit. The ref write is the one step that
// publishes: a failure before it leaves the branch as it was (what was
// written is unreferenced and harmless), so a later call simply does it
// again. A non-fast-forward answer (someone pushed in between) re-reads
// the head and rebuilds on it, at most MaxCommitAttempts times, so
// concurrent writers end in one linear history — unless spec.ExpectedHead
// is set: then the answer is *HeadMovedError, for the caller to read the
// branch again and make its files anew. Files already holding these bytes
// make no commit.
func (g *GitHub) CommitFiles(ctx context.Context, spec CommitSpec) (CommitResult, error) {
	files, err := checkCommitSpec(spec)
	if err != nil {
		return CommitResult{}, fmt.Errorf("commit to %s: %w", spec.Branch, err)
	}
	var entries []*github.TreeEntry // built once: blobs are content-addressed
	for attempt := 1; attempt <= MaxCommitAttempts; attempt++ {
		head, err := g.BranchHead(ctx, spec.Branch)
		missing := errors.Is(err, ErrNotFound)
		switch {
		case err != nil && !missing:
			return CommitResult{}, err
		case spec.ExpectedHead != "" && head != spec.ExpectedHead:
			return CommitResult{}, &HeadMovedError{Branch: spec.Branch, Expected: spec.ExpectedHead, Actual: head}
		case missing && spec.CreateFrom == "":
			return CommitResult{}, fmt.Errorf("commit to %s: the branch does not exist: %w", spec.Branch, ErrNotFound)
		}
		parent := head
		if missing {
			parent = spec.CreateFrom
		}
		baseTree, err := g.commitTree(ctx, parent)
		if err != nil {
			return CommitResult{}, err
		}
		if entries == nil {
			if entries, err = g.createBlobs(ctx, files); err != nil {
				return CommitResult{}, err
			}
		}
		tree, err := g.createTree(ctx, baseTree, entries)
		if err != nil {
			return CommitResult{}, err
		}
		if tree == baseTree && !missing {
			return CommitResult{Head: head, Attempts: attempt}, nil
		}
		commit, err := g.createCommit(ctx, spec.Message, tree, parent)
		if err != nil {
			return CommitResult{}, err
		}
		raced, err := g.publish(ctx, spec.Branch, commit, missing)
		if err != nil {
			return CommitResult{}, err
		}
		if !raced {
			return CommitResult{Head: commit, Parent: parent, Committed: true, Created: missing, Attempts: attempt}, nil
		}
		if spec.ExpectedHead != "" {
			// The files were made from what the caller read at the
			// expected head: only the caller can make them again.
			now, err := g.BranchHead(ctx, spec.Branch)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return CommitResult{}, err
			}
			return CommitResult{}, &HeadMovedError{Branch: spec.Branch, Expected: spec.ExpectedHead, Actual: now}
		}
		fmt.Fprintf(g.log, "docbridge: branch %s moved while committing (attempt %d of %d); rebuilding on its new head\n",
			spec.Branch, attempt, MaxCommitAttempts)
	}
	return CommitResult{}, fmt.Errorf("commit to %s: %w after %d attempts", spec.Branch, errBranchContended, MaxCommitAttempts)
}

// checkCommitSpec validates spec and returns its files sorted by path.
func checkCommitSpec(spec CommitSpec) ([]FileWrite, error) {
	if err := checkBranch(spec.Branch); err != nil {
		return nil, err
	}
	if strings.TrimSpace(spec.Message) == "" {
		return nil, errors.New("no commit message")
	}
	if len(spec.Files) == 0 {
		return nil, errors.New("no files")
	}
	files := slices.Clone(spec.Files)
	slices.SortFunc(files, func(a, b FileWrite) int { return strings.Compare(a.Path, b.Path) })
	for i, f := range files {
		if err := checkRepoPath(f.Path); err != nil {
			return nil, err
		}
		if i > 0 && files[i-1].Path == f.Path {
			return nil, fmt.Errorf("file %s twice", f.Path)
		}
	}
	return files, nil
}

// checkBranch refuses what is not a plain branch name (git
// check-ref-format, in short): these names go into API paths.
func checkBranch(name string) error {
	switch {
	case name == "", strings.HasPrefix(name, "refs/"), strings.HasPrefix(name, "/"), strings.HasSuffix(name, "/"),
		strings.HasSuffix(name, ".lock"), strings.Contains(name, ".."), strings.Contains(name, "//"),
		strings.Contains(name, "@{"), strings.ContainsAny(name, " ~^:?*[\\\x7f"):
		return fmt.Errorf("branch name %q", name)
	}
	for _, r := range name {
		if r < 0x20 {
			return fmt.Errorf("branch name %q", name)
		}
	}
	return nil
}

// checkRepoPath refuses a path that is not clean, relative and inside the
// repository (no "..", no ".git" segment).
func checkRepoPath(p string) error {
	if p == "" || path.Clean(p) != p || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return fmt.Errorf("path %q: want a clean relative path", p)
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "." || strings.EqualFold(seg, ".git") {
			return fmt.Errorf("path %q: want a clean relative path", p)
		}
	}
	return nil
}

// BranchHead returns the commit branch points to; ErrNotFound when the
// branch does not exist.
func (g *GitHub) BranchHead(ctx context.Context, branch string) (string, error) {
	if err := checkBranch(branch); err != nil {
		return "", fmt.Errorf("read branch: %w", err)
	}
	var ref *github.Reference
	err := g.retry.do(ctx, "read branch "+branch, func() (*github.Response, error) {
		var resp *github.Response
		var err error
		ref, resp, err = g.client.Git.GetRef(ctx, g.owner, g.repo, "heads/"+branch)
		return resp, err
	})
	if isStatus(err, http.StatusNotFound) {
		return "", fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if err != nil {
		return "", err
	}
	if ref.GetObject().GetType() != "commit" || !isSHA(ref.GetObject().GetSHA()) {
		return "", fmt.Errorf("read branch %s: it points to %s %q, not a commit", branch, ref.GetObject().GetType(), ref.GetObject().GetSHA())
	}
	return ref.GetObject().GetSHA(), nil
}

// commitTree returns the tree of a commit.
func (g *GitHub) commitTree(ctx context.Context, sha string) (string, error) {
	var c *github.Commit
	err := g.retry.do(ctx, "read commit "+sha, func() (*github.Response, error) {
		var resp *github.Response
		var err error
		c, resp, err = g.client.Git.GetCommit(ctx, g.owner, g.repo, sha)
		return resp, err
	})
	if err != nil {
		return "", err
	}
	if !isSHA(c.GetTree().GetSHA()) {
		return "", fmt.Errorf("read commit %s: the answer names no tree", sha)
	}
	return c.GetTree().GetSHA(), nil
}

// createBlobs writes each file as a blob (base64: bytes, not text) and
// returns the tree entries naming them.
func (g *GitHub) createBlobs(ctx context.Context, files []FileWrite) ([]*github.TreeEntry, error) {
	entries := make([]*github.TreeEntry, 0, len(files))
	for _, f := range files {
		blob := &github.Blob{Content: github.String(base64.StdEncoding.EncodeToString(f.Content)), Encoding: github.String("base64")}
		var created *github.Blob
		err := g.retry.do(ctx, "create blob for "+f.Path, func() (*github.Response, error) {
			var resp *github.Response
			var err error
			created, resp, err = g.client.Git.CreateBlob(ctx, g.owner, g.repo, blob)
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		if !isSHA(created.GetSHA()) {
			return nil, fmt.Errorf("create blob for %s: the answer has no SHA", f.Path)
		}
		entries = append(entries, &github.TreeEntry{Path: github.String(f.Path), Mode: github.String("100644"),
			Type: github.String("blob"), SHA: created.SHA})
	}
	return entries, nil
}

func (g *GitHub) createTree(ctx context.Context, baseTree string, entries []*github.TreeEntry) (string, error) {
	var tree *github.Tree
	err := g.retry.do(ctx, "create tree", func() (*github.Response, error) {
		var resp *github.Response
		var err error
		tree, resp, err = g.client.Git.CreateTree(ctx, g.owner, g.repo, baseTree, entries)
		return resp, err
	})
	if err != nil {
		return "", err
	}
	if !isSHA(tree.GetSHA()) {
		return "", errors.New("create tree: the answer has no SHA")
	}
	return tree.GetSHA(), nil
}

// createCommit writes the commit; its author and committer are the
// token's identity.
func (g *GitHub) createCommit(ctx context.Context, message, tree, parent string) (string, error) {
	in := &github.Commit{Message: github.String(message), Tree: &github.Tree{SHA: github.String(tree)},
		Parents: []*github.Commit{{SHA: github.String(parent)}}}
	var c *github.Commit
	err := g.retry.do(ctx, "create commit", func() (*github.Response, error) {
		var resp *github.Response
		var err error
		c, resp, err = g.client.Git.CreateCommit(ctx, g.owner, g.repo, in, nil)
		return resp, err
	})
	if err != nil {
		return "", err
	}
	if !isSHA(c.GetSHA()) {
		return "", errors.New("create commit: the answer has no SHA")
	}
	return c.GetSHA(), nil
}

// publish points the branch at commit: an update without force, or the
// branch's creation. raced reports the answers that mean someone else
// wrote the branch first (not a fast forward; already exists).
func (g *GitHub) publish(ctx context.Context, branch, commit string, create bool) (raced bool, err error) {
	ref := &github.Reference{Ref: github.String("refs/heads/" + branch), Object: &github.GitObject{SHA: github.String(commit)}}
	// A ref write whose answer was lost or broken took effect when the
	// branch is at commit now: sent again, it would answer "already
	// exists" or "not a fast forward", a race that never was.
	took := func() (bool, error) {
		now, _, err := g.client.Git.GetRef(ctx, g.owner, g.repo, "heads/"+branch)
		if err != nil {
			return false, err
		}
		return now.GetObject().GetSHA() == commit, nil
	}
	if create {
		err = g.retry.create(ctx, "create branch "+branch, func() (*github.Response, error) {
			_, resp, err := g.client.Git.CreateRef(ctx, g.owner, g.repo, ref)
			return resp, err
		}, took)
		if isUnprocessable(err, "already exists") {
			return true, nil
		}
		return false, err
	}
	err = g.retry.create(ctx, "update branch "+branch, func() (*github.Response, error) {
		_, resp, err := g.client.Git.UpdateRef(ctx, g.owner, g.repo, ref, false)
		return resp, err
	}, took)
	if isUnprocessable(err, "fast forward") {
		return true, nil
	}
	return false, err
}

// isStatus reports whether err is GitHub's answer with this status.
func isStatus(err error, status int) bool {
	var resp *github.ErrorResponse
	return errors.As(err, &resp) && resp.Response != nil && resp.Response.StatusCode == status
}

// isUnprocessable reports a 422 whose message contains sub.
func isUnprocessable(err error, sub string) bool {
	var resp *github.ErrorResponse
	return errors.As(err, &resp) && resp.Response != nil && resp.Response.StatusCode == http.StatusUnprocessableEntity &&
		strings.Contains(strings.ToLower(resp.Message), sub)
}

// isSHA reports a 40-hex-digit object id.
func isSHA(s string) bool {
	if len(s) != 40 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}
