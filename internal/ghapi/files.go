package ghapi

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/go-github/v66/github"
)

// maxChangedFiles is the most files GitHub lists for one pull request;
// a listing that reaches it may be incomplete.
const maxChangedFiles = 3000

// filesPerPage is the page size of the files listing (GitHub's maximum).
const filesPerPage = 100

// PullFile is one file of a pull request's diff: its path relative to
// the repository root (a rename's new name) and its patch (hunks of a
// unified diff; "" when GitHub lists none, as for a binary or a very large
// diff).
type PullFile struct {
	Path, Patch string
}

// ChangedFiles lists a pull request's changed files, paths relative to
// the repository root, sorted and unique (a rename lists its new name).
// The checkout of a pull request is a shallow merge commit, so the API is
// the one source. A listing that reaches maxChangedFiles is refused with
// an error rather than used incomplete: the caller then judges every
// finding.
func (g *GitHub) ChangedFiles(ctx context.Context, pr int) ([]string, error) {
	files, err := g.PullFiles(ctx, pr)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(files))
	for _, f := range files {
		out = append(out, f.Path)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// PullFiles lists a pull request's files with their patches, in GitHub's
// order, under the bound ChangedFiles says.
func (g *GitHub) PullFiles(ctx context.Context, pr int) ([]PullFile, error) {
	if pr <= 0 {
		return nil, fmt.Errorf("changed files: pull request number %d", pr)
	}
	opts := &github.ListOptions{PerPage: filesPerPage}
	var out []PullFile
	for page := 1; ; page++ {
		var files []*github.CommitFile
		var resp *github.Response
		err := g.retry.do(ctx, fmt.Sprintf("list files of #%d (page %d)", pr, page), func() (*github.Response, error) {
			var err error
			files, resp, err = g.client.PullRequests.ListFiles(ctx, g.owner, g.repo, pr, opts)
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if name := f.GetFilename(); name != "" {
				out = append(out, PullFile{Path: name, Patch: f.GetPatch()})
			}
		}
		if len(out) >= maxChangedFiles {
			return nil, fmt.Errorf("changed files of #%d: GitHub lists at most %d files, so the list may be incomplete", pr, maxChangedFiles)
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return out, nil
}
