package actionrun

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/docbridge/docbridge/internal/enrich"
	"github.com/docbridge/docbridge/internal/gate"
	"github.com/docbridge/docbridge/internal/ghapi"
	"github.com/docbridge/docbridge/internal/repopath"
)

// githubRepo is repoAPI over ghapi.GitHub: the nightly and the gate
// routes' reads and writes, all through the API.
type githubRepo struct {
	g *ghapi.GitHub
	// repository is owner/name, the base of every pull request.
	repository string
}

var _ repoAPI = githubRepo{}

// ReadDecisions reads the overlay and the approval records of branch's
// head through the API, for enrich.ReadApprovalsFS to read as it reads a
// clone: the reader's rules (its cap, the name rule, the size bound) are
// the same on both sides. What is the transport's: the contents API lists
// at most internal/ghapi's maxDirEntries entries (a longer listing is an error and
// the branch is unread), and a record over enrich.MaxApprovalBytes is not
// fetched — it stands in the files as MaxApprovalBytes+1 bytes, all the
// reader reads of any record, so the reader skips it with the warning a
// clone gives.
func (r githubRepo) ReadDecisions(ctx context.Context, branch string, dir repopath.Dir) (map[string][]byte, string, bool, error) {
	head, err := r.g.BranchHead(ctx, branch)
	if errors.Is(err, ghapi.ErrNotFound) {
		return nil, "", false, nil
	}
	if err != nil {
		return nil, "", false, err
	}
	files := map[string][]byte{}
	data, found, err := r.ReadFile(ctx, head, dir.ToRepo(enrich.OverlayPath), enrich.MaxOverlayBytes)
	if err != nil {
		return nil, "", false, err
	}
	if found {
		files[enrich.OverlayPath] = data
	}
	names, err := r.g.ListFiles(ctx, head, dir.ToRepo(enrich.ApprovalsDir))
	if err != nil {
		return nil, "", false, err
	}
	for _, p := range names {
		if !strings.HasSuffix(p, ".json") {
			continue
		}
		rel, ok := dir.FromRepo(p)
		if !ok {
			continue
		}
		data, found, err := r.ReadFile(ctx, head, p, enrich.MaxApprovalBytes)
		var tooLarge *ghapi.TooLargeError
		if errors.As(err, &tooLarge) {
			data, found, err = make([]byte, enrich.MaxApprovalBytes+1), true, nil
		}
		if err != nil {
			return nil, "", false, err
		}
		if found {
			files[rel] = data
		}
	}
	return files, head, true, nil
}

func (r githubRepo) ReadFile(ctx context.Context, ref, path string, max int64) ([]byte, bool, error) {
	data, err := r.g.ReadFile(ctx, ref, path, max)
	if errors.Is(err, ghapi.ErrNotFound) {
		return nil, false, nil
	}
	return data, err == nil, err
}

func (r githubRepo) Commit(ctx context.Context, branch, base, head string, files map[string][]byte, message string) (string, error) {
	spec := ghapi.CommitSpec{Branch: branch, Message: message, CreateFrom: base, ExpectedHead: head}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		spec.Files = append(spec.Files, ghapi.FileWrite{Path: p, Content: files[p]})
	}
	res, err := r.g.CommitFiles(ctx, spec)
	return res.Head, err
}

func (r githubRepo) FindPR(ctx context.Context, branch string) (int, string, bool, error) {
	pr, found, err := r.g.FindBotPR(ctx, branch)
	return pr.Number, pr.URL, found, err
}

func (r githubRepo) UpsertPR(ctx context.Context, branch, base, title, body string) (int, string, error) {
	pr, found, err := r.g.FindBotPR(ctx, branch)
	if err != nil {
		return 0, "", err
	}
	if found {
		if pr.Title != title || pr.Body != body {
			if pr, err = r.g.UpdatePR(ctx, pr.Number, title, body); err != nil {
				return 0, "", err
			}
		}
		return pr.Number, pr.URL, nil
	}
	pr, err = r.g.CreatePR(ctx, ghapi.NewPR{Branch: branch, Base: base, Title: title, Body: body})
	return pr.Number, pr.URL, err
}

func (r githubRepo) PullRequest(ctx context.Context, number int) (pullInfo, error) {
	pr, err := r.g.GetPR(ctx, number)
	if err != nil {
		return pullInfo{}, err
	}
	return pullInfo{gate: gate.PullRequest{HeadRepo: pr.HeadRepo, BaseRepo: r.repository, HeadSHA: pr.HeadSHA},
		branch: pr.HeadRef, author: pr.Author, title: pr.Title, body: pr.Body}, nil
}

func (r githubRepo) Comments(ctx context.Context, pr int) ([]gate.Comment, error) {
	list, err := r.g.ListComments(ctx, pr)
	if err != nil {
		return nil, err
	}
	out := make([]gate.Comment, len(list))
	for i, c := range list {
		out[i] = gate.Comment{ID: c.ID, Author: gate.Account{Login: c.Login, Type: c.Type}, Body: c.Body, CreatedAt: c.CreatedAt}
	}
	return out, nil
}

func (r githubRepo) UpdatePR(ctx context.Context, pr int, title, body string) error {
	_, err := r.g.UpdatePR(ctx, pr, title, body)
	return err
}

func (r githubRepo) Permission(ctx context.Context, login string) gate.Permission {
	p, err := r.g.CollaboratorPermission(ctx, login)
	switch {
	case errors.Is(err, ghapi.ErrNotFound):
		return gate.Permission{Level: gate.LevelNone}
	case err != nil:
		return gate.Permission{Err: err}
	}
	return gate.Permission{Level: p}
}

func (r githubRepo) React(ctx context.Context, commentID int64, content string) error {
	return r.g.React(ctx, commentID, content)
}

func (r githubRepo) Reply(ctx context.Context, pr int, body string) error {
	_, err := r.g.Reply(ctx, pr, body)
	return err
}

func (r githubRepo) UpsertMarked(ctx context.Context, pr int, marker, body string) error {
	return r.g.UpsertMarkedComment(ctx, pr, marker, body)
}

// decisionsFS serves the files ReadDecisions read (paths relative to the
// scanned directory) as a read-only file system, so that the records read
// through the API go through the reader a clone's go through
// (enrich.ReadApprovalsFS). fstest.MapFS is the standard library's
// in-memory fs.FS; it brings nothing of package testing.
func decisionsFS(files map[string][]byte) fs.FS {
	m := fstest.MapFS{}
	for p, data := range files {
		m[p] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	return m
}
