package ghapitest

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/prdiff"
)

// Review is a pull-request review as posted, with the comments it
// created.
type Review struct {
	ID             int64
	PR             int
	User           string
	CommitID, Body string
	Event          string
	Comments       []int64
}

// ReviewComment is a pull-request review comment on a head line (side
// RIGHT): lines StartLine..Line of Path (StartLine 0 for one line).
type ReviewComment struct {
	ID              int64
	PR              int
	User            string
	Path            string
	StartLine, Line int
	Body            string
	CommitID        string
}

// SetPatch sets the patch the files listing serves for a file of pull
// request pr (the file is added to its files when not there). GitHub
// accepts a review comment only on lines of the patch's hunks; the fake
// accepts only the lines a patch adds, where docbridge comments.
func (f *Fake) SetPatch(pr int, file, patch string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !slices.Contains(f.files[pr], file) {
		f.files[pr] = append(f.files[pr], file)
	}
	if f.patches[pr] == nil {
		f.patches[pr] = map[string]string{}
	}
	f.patches[pr][file] = patch
}

// SeedReviewComment adds a review comment by user, as if posted earlier,
// and returns its id.
func (f *Fake) SeedReviewComment(c ReviewComment) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextID++
	c.ID = f.nextID
	f.reviewComments = append(f.reviewComments, &c)
	return c.ID
}

// Reviews returns copies of the reviews, in creation order.
func (f *Fake) Reviews() []Review {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Review, 0, len(f.reviews))
	for _, r := range f.reviews {
		out = append(out, *r)
	}
	return out
}

// ReviewComments returns copies of the review comments that stand (not
// deleted), in creation order.
func (f *Fake) ReviewComments() []ReviewComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]ReviewComment, 0, len(f.reviewComments))
	for _, c := range f.reviewComments {
		out = append(out, *c)
	}
	return out
}

func (f *Fake) listReviewComments(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	pr, _ := strconv.Atoi(params["pull_number"])
	var all []map[string]any
	for _, c := range f.reviewComments {
		if c.PR == pr {
			all = append(all, reviewCommentJSON(c))
		}
	}
	return f.paginate(w, r, all)
}

// createReview posts a review with its comments, as GitHub does: each
// comment on a line the pull request's patch adds (else 422, and nothing
// is created), on the pull request's files only.
func (f *Fake) createReview(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Pulls] {
		return forbidden(w)
	}
	pr, _ := strconv.Atoi(params["pull_number"])
	commit := str(p["commit_id"])
	var cs []*ReviewComment
	raw, _ := p["comments"].([]any)
	for _, x := range raw {
		m, _ := x.(map[string]any)
		c := &ReviewComment{PR: pr, User: Bot, Path: str(m["path"]), Body: str(m["body"]), CommitID: commit}
		c.Line, c.StartLine = num(m["line"]), num(m["start_line"])
		if str(m["side"]) != "RIGHT" || (c.StartLine != 0 && str(m["start_side"]) != "RIGHT") {
			return unprocessable(w, "docbridge comments on the head side only")
		}
		if len(c.Body) > maxCommentBody {
			return tooLong(w)
		}
		if err := f.onDiff(pr, c); err != nil {
			return unprocessable(w, "Pull request review thread line must be part of the diff: "+err.Error())
		}
		cs = append(cs, c)
	}
	f.nextID++
	rv := &Review{ID: f.nextID, PR: pr, User: Bot, CommitID: commit, Body: str(p["body"]), Event: str(p["event"])}
	for _, c := range cs {
		f.nextID++
		c.ID = f.nextID
		rv.Comments = append(rv.Comments, c.ID)
		f.reviewComments = append(f.reviewComments, c)
	}
	f.reviews = append(f.reviews, rv)
	return reply(w, http.StatusOK, nil, map[string]any{"id": rv.ID, "node_id": fmt.Sprintf("PRR_%d", rv.ID),
		"user": map[string]any{"login": Bot, "type": "Bot"}, "body": rv.Body, "state": "COMMENTED", "commit_id": commit,
		"html_url":           fmt.Sprintf("https://github.com/%s/pull/%d#pullrequestreview-%d", Repo, pr, rv.ID),
		"pull_request_url":   fmt.Sprintf("https://api.github.com/repos/%s/pulls/%d", Repo, pr),
		"author_association": "NONE", "_links": map[string]any{}})
}

// onDiff says why c's lines are not lines pr's patch of c.Path adds.
func (f *Fake) onDiff(pr int, c *ReviewComment) error {
	patch, ok := f.patches[pr][c.Path]
	if !ok {
		return fmt.Errorf("%s has no patch in #%d", c.Path, pr)
	}
	added, err := prdiff.AddedLines(patch)
	if err != nil {
		return err
	}
	lo := c.StartLine
	if lo == 0 {
		lo = c.Line
	}
	if lo > c.Line {
		return fmt.Errorf("start_line %d after line %d", lo, c.Line)
	}
	for n := lo; n <= c.Line; n++ {
		if _, ok := added[n]; !ok {
			return fmt.Errorf("line %d of %s", n, c.Path)
		}
	}
	return nil
}

// deleteReviewComment deletes a review comment: only its author may.
func (f *Fake) deleteReviewComment(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	id, _ := strconv.ParseInt(params["comment_id"], 10, 64)
	i := slices.IndexFunc(f.reviewComments, func(c *ReviewComment) bool { return c.ID == id })
	if i < 0 {
		return notFound(w)
	}
	if f.forbid[Pulls] || f.reviewComments[i].User != Bot {
		return forbidden(w)
	}
	f.reviewComments = slices.Delete(f.reviewComments, i, i+1)
	w.WriteHeader(http.StatusNoContent)
	return http.StatusNoContent
}

func reviewCommentJSON(c *ReviewComment) map[string]any {
	typ := "User"
	if strings.HasSuffix(c.User, "[bot]") {
		typ = "Bot"
	}
	m := map[string]any{"id": c.ID, "node_id": fmt.Sprintf("PRRC_%d", c.ID), "path": c.Path, "body": c.Body,
		"line": c.Line, "side": "RIGHT", "commit_id": c.CommitID, "original_commit_id": c.CommitID,
		"user": map[string]any{"login": c.User, "type": typ}, "diff_hunk": "@@",
		"url":        fmt.Sprintf("https://api.github.com/repos/%s/pulls/comments/%d", Repo, c.ID),
		"html_url":   fmt.Sprintf("https://github.com/%s/pull/%d#discussion_r%d", Repo, c.PR, c.ID),
		"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
	if c.StartLine != 0 {
		m["start_line"], m["start_side"] = c.StartLine, "RIGHT"
	}
	return m
}

func num(v any) int {
	n, _ := v.(float64)
	return int(n)
}
