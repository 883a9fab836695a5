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

// errNotAFile is a path that names a directory, a symlink or a submodule.
var errNotAFile = errors.New("not a regular file")

// TooLargeError refuses a file bigger than the caller's cap.
type TooLargeError struct {
	Path        string
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: %d bytes pass the limit of %d", e.Path, e.Size, e.Limit)
}

// ReadFile returns the bytes of the regular file at path in ref (a branch
// name or a commit SHA) through the contents API — never from a checkout,
// so nothing of the pull request runs — as untrusted input for the caller
// to validate: at most limit bytes (larger is *TooLargeError, told by the
// size GitHub reports before any content is decoded), ErrNotFound when
// the ref or the path does not exist, errNotAFile for a directory, a
// symlink or a submodule. Files over the contents API's 1 MB are read as
// blobs.
func (g *GitHub) ReadFile(ctx context.Context, ref, path string, limit int64) ([]byte, error) {
	if err := checkRepoPath(path); err != nil {
		return nil, fmt.Errorf("read file: %w", err)
	}
	if !goodRef(ref) {
		return nil, fmt.Errorf("read %s: ref %q", path, ref)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("read %s: limit %d", path, limit)
	}
	op := fmt.Sprintf("read %s at %s", path, ref)
	var file *github.RepositoryContent
	var dir []*github.RepositoryContent
	err := g.retry.do(ctx, op, func() (*github.Response, error) {
		var resp *github.Response
		var err error
		file, dir, resp, err = g.client.Repositories.GetContents(ctx, g.owner, g.repo, path, &github.RepositoryContentGetOptions{Ref: ref})
		return resp, err
	})
	if isStatus(err, http.StatusNotFound) {
		return nil, fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	if err != nil {
		return nil, err
	}
	// GitHub answers a symlink to a file with that file: its path differs.
	if file == nil || dir != nil || file.GetType() != "file" || file.GetPath() != path {
		return nil, fmt.Errorf("%s: %w", op, errNotAFile)
	}
	size := int64(file.GetSize())
	if size > limit {
		return nil, &TooLargeError{Path: path, Size: size, Limit: limit}
	}
	var content []byte
	switch enc := file.GetEncoding(); enc {
	case "base64":
		content, err = base64.StdEncoding.DecodeString(strings.ReplaceAll(deref(file.Content), "\n", ""))
		if err != nil {
			return nil, fmt.Errorf("%s: the content is not base64: %w", op, err)
		}
	case "none":
		if content, err = g.readBlob(ctx, path, file.GetSHA(), limit); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%s: encoding %q", op, enc)
	}
	if int64(len(content)) > limit {
		return nil, &TooLargeError{Path: path, Size: int64(len(content)), Limit: limit}
	}
	if int64(len(content)) != size {
		return nil, fmt.Errorf("%s: %d bytes where GitHub announced %d", op, len(content), size)
	}
	return content, nil
}

// goodRef reports whether ref (a branch name or a commit SHA) can go into
// the contents API's query string as it is.
func goodRef(ref string) bool {
	return ref != "" && !strings.ContainsAny(ref, " \t\r\n?#&")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// readBlob reads a blob by SHA (files the contents API does not inline).
func (g *GitHub) readBlob(ctx context.Context, path, sha string, limit int64) ([]byte, error) {
	if !isSHA(sha) {
		return nil, fmt.Errorf("read %s: blob SHA %q", path, sha)
	}
	var blob *github.Blob
	err := g.retry.do(ctx, fmt.Sprintf("read blob %s (%s)", sha, path), func() (*github.Response, error) {
		var resp *github.Response
		var err error
		blob, resp, err = g.client.Git.GetBlob(ctx, g.owner, g.repo, sha)
		return resp, err
	})
	if err != nil {
		return nil, err
	}
	if int64(blob.GetSize()) > limit {
		return nil, &TooLargeError{Path: path, Size: int64(blob.GetSize()), Limit: limit}
	}
	if blob.GetEncoding() != "base64" {
		return nil, fmt.Errorf("read blob %s (%s): encoding %q", sha, path, blob.GetEncoding())
	}
	b, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(blob.GetContent(), "\n", ""))
	if err != nil {
		return nil, fmt.Errorf("read blob %s (%s): the content is not base64: %w", sha, path, err)
	}
	return b, nil
}

// maxDirEntries bounds the entries ListFiles reads (the contents API lists
// at most 1,000 of a directory).
const maxDirEntries = 1000

// ListFiles lists the regular files directly in dir at ref, as paths from
// the repository root, sorted; a directory that does not exist lists
// nothing. Symlinks, submodules and subdirectories are left out: only
// files a caller may read with ReadFile.
func (g *GitHub) ListFiles(ctx context.Context, ref, dir string) ([]string, error) {
	if err := checkRepoPath(dir); err != nil {
		return nil, fmt.Errorf("list files: %w", err)
	}
	if !goodRef(ref) {
		return nil, fmt.Errorf("list %s: ref %q", dir, ref)
	}
	op := fmt.Sprintf("list %s at %s", dir, ref)
	var file *github.RepositoryContent
	var entries []*github.RepositoryContent
	err := g.retry.do(ctx, op, func() (*github.Response, error) {
		var resp *github.Response
		var err error
		file, entries, resp, err = g.client.Repositories.GetContents(ctx, g.owner, g.repo, dir, &github.RepositoryContentGetOptions{Ref: ref})
		return resp, err
	})
	if isStatus(err, http.StatusNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if file != nil {
		return nil, fmt.Errorf("%s: not a directory", op)
	}
	var out []string
	for _, e := range entries {
		p := e.GetPath()
		if e.GetType() != "file" || path.Dir(p) != dir || checkRepoPath(p) != nil {
			continue
		}
		if len(out) == maxDirEntries {
			return nil, fmt.Errorf("%s: more than %d entries", op, maxDirEntries)
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return out, nil
}
