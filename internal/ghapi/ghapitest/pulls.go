package ghapitest

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// DefaultBranch is the fake repository's default branch.
const DefaultBranch = "main"

// PR is a pull request as the fake holds it.
type PR struct {
	Number      int
	State       string // "open" (default) or "closed"
	Title, Body string
	// Author is the opener's login; the fake's Bot for the ones it creates.
	Author string
	// Head is the head branch; HeadRepo its repository, owner/name ("" is
	// Repo; another one is a fork).
	Head, HeadRepo string
	// HeadSHA is the head commit; "" follows the branch Head in the fake's
	// repository (for a pull request from a fork, set it).
	HeadSHA string
	Base    string // "" is DefaultBranch
	// Edits counts the PATCHes it received.
	Edits int
}

// Reaction is a reaction on an issue comment.
type Reaction struct {
	Comment int64
	User    string
	Content string
}

// SeedPR adds a pull request, as if opened earlier, and returns its number.
func (f *Fake) SeedPR(pr PR) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.nextPR++
	pr.Number = f.nextPR
	pr.State = cmp.Or(pr.State, "open")
	pr.Base = cmp.Or(pr.Base, DefaultBranch)
	pr.HeadRepo = cmp.Or(pr.HeadRepo, Repo)
	f.pulls = append(f.pulls, &pr)
	return pr.Number
}

// PRs returns copies of the pull requests, in creation order.
func (f *Fake) PRs() []PR {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]PR, 0, len(f.pulls))
	for _, p := range f.pulls {
		out = append(out, *p)
	}
	return out
}

// LagHead holds pull request number's head.sha at sha whatever its branch
// does, as GitHub does for a while after a push (it updates head.sha
// asynchronously); "" follows the branch again.
func (f *Fake) LagHead(number int, sha string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.pulls {
		if p.Number == number {
			p.HeadSHA = sha
		}
	}
}

// SetPermission gives login a role on the repository, as the
// collaborator-permission API answers it: "admin", "maintain", "write",
// "triage", "read" or "none". A login without one is answered 404. A 5xx
// is a Fault on the path "/collaborators/<login>/permission".
func (f *Fake) SetPermission(login, role string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.perms[strings.ToLower(login)] = role
}

// Reactions returns the reactions on a comment, in creation order.
func (f *Fake) Reactions(comment int64) []Reaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Reaction
	for _, r := range f.reactions {
		if r.Comment == comment {
			out = append(out, r)
		}
	}
	return out
}

func (f *Fake) prJSON(p *PR) map[string]any {
	headSHA := cmp.Or(p.HeadSHA, f.refs["refs/heads/"+p.Head])
	baseSHA := f.refs["refs/heads/"+p.Base]
	owner, _, _ := strings.Cut(p.HeadRepo, "/")
	user := func(login string) map[string]any {
		typ := "User"
		if strings.HasSuffix(login, "[bot]") {
			typ = "Bot"
		}
		return map[string]any{"login": login, "type": typ, "id": 1}
	}
	repo := func(full string) map[string]any {
		o, n, _ := strings.Cut(full, "/")
		return map[string]any{"full_name": full, "name": n, "owner": user(o), "fork": full != Repo}
	}
	return map[string]any{"number": p.Number, "id": 5000 + p.Number, "node_id": "PR_" + strconv.Itoa(p.Number),
		"state": p.State, "title": p.Title, "body": p.Body, "user": user(p.Author),
		"url":      f.apiURL("/pulls/%d", p.Number),
		"html_url": fmt.Sprintf("https://github.com/%s/pull/%d", Repo, p.Number),
		"head":     map[string]any{"label": owner + ":" + p.Head, "ref": p.Head, "sha": headSHA, "repo": repo(p.HeadRepo), "user": user(owner)},
		"base":     map[string]any{"label": strings.Split(Repo, "/")[0] + ":" + p.Base, "ref": p.Base, "sha": baseSHA, "repo": repo(Repo)},
		"draft":    false, "merged": false}
}

func (f *Fake) pull(w http.ResponseWriter, params map[string]string) *PR {
	n, _ := strconv.Atoi(params["pull_number"])
	for _, p := range f.pulls {
		if p.Number == n {
			return p
		}
	}
	notFound(w)
	return nil
}

// listPulls filters as GitHub: state (default open), head "owner:branch",
// base.
func (f *Fake) listPulls(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	q := r.URL.Query()
	state := cmp.Or(q.Get("state"), "open")
	var all []map[string]any
	for _, p := range f.pulls {
		if state != "all" && p.State != state {
			continue
		}
		if h := q.Get("head"); h != "" {
			owner, _, _ := strings.Cut(p.HeadRepo, "/")
			if !strings.EqualFold(h, owner+":"+p.Head) {
				continue
			}
		}
		if b := q.Get("base"); b != "" && b != p.Base {
			continue
		}
		all = append(all, f.prJSON(p))
	}
	return f.paginate(w, r, all)
}

func (f *Fake) getPull(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	p := f.pull(w, params)
	if p == nil {
		return http.StatusNotFound
	}
	return reply(w, http.StatusOK, nil, f.prJSON(p))
}

// createPull opens a pull request from a branch of the repository; as
// GitHub, one open pull request per head and base.
func (f *Fake) createPull(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Pulls] {
		return forbidden(w)
	}
	head, base := str(p["head"]), str(p["base"])
	if owner, branch, ok := strings.Cut(head, ":"); ok {
		if !strings.EqualFold(owner, strings.Split(Repo, "/")[0]) {
			return unprocessable(w, "Validation Failed: head")
		}
		head = branch
	}
	if _, ok := f.refs["refs/heads/"+head]; !ok {
		return unprocessable(w, "Validation Failed: head does not exist")
	}
	if _, ok := f.refs["refs/heads/"+base]; !ok {
		return unprocessable(w, "Validation Failed: base does not exist")
	}
	if slices.ContainsFunc(f.pulls, func(x *PR) bool {
		return x.State == "open" && x.HeadRepo == Repo && x.Head == head && x.Base == base
	}) {
		return unprocessable(w, fmt.Sprintf("A pull request already exists for %s:%s.", strings.Split(Repo, "/")[0], head))
	}
	f.nextPR++
	pr := &PR{Number: f.nextPR, State: "open", Title: str(p["title"]), Body: str(p["body"]), Author: Bot,
		Head: head, HeadRepo: Repo, Base: base}
	f.pulls = append(f.pulls, pr)
	return reply(w, http.StatusCreated, nil, f.prJSON(pr))
}

func (f *Fake) editPull(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Pulls] {
		return forbidden(w)
	}
	pr := f.pull(w, params)
	if pr == nil {
		return http.StatusNotFound
	}
	if v, ok := p["title"].(string); ok {
		pr.Title = v
	}
	if v, ok := p["body"].(string); ok {
		pr.Body = v
	}
	if v, ok := p["state"].(string); ok {
		pr.State = v
	}
	pr.Edits++
	return reply(w, http.StatusOK, nil, f.prJSON(pr))
}

// permissionFields maps a role to the API's legacy permission field,
// which folds maintain into write and triage into read.
var permissionFields = map[string]string{"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read", "none": "none"}

func (f *Fake) getPermission(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	login := params["username"]
	role, ok := f.perms[strings.ToLower(login)]
	if !ok {
		return notFound(w)
	}
	return reply(w, http.StatusOK, nil, map[string]any{"permission": permissionFields[role], "role_name": role,
		"user": map[string]any{"login": login, "type": "User", "id": 2}})
}

// createReaction adds a reaction by the fake's bot; the same reaction
// again is answered 200 with the existing one, as GitHub does.
func (f *Fake) createReaction(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Comments] {
		return forbidden(w)
	}
	id, _ := strconv.ParseInt(params["comment_id"], 10, 64)
	if !slices.ContainsFunc(f.comments, func(c *Comment) bool { return c.ID == id }) {
		return notFound(w)
	}
	r := Reaction{Comment: id, User: Bot, Content: str(p["content"])}
	j := map[string]any{"id": 9000 + len(f.reactions), "node_id": "RE", "content": r.Content,
		"user": map[string]any{"login": Bot, "type": "Bot"}, "created_at": "2026-01-01T00:00:00Z"}
	if slices.Contains(f.reactions, r) {
		return reply(w, http.StatusOK, nil, j)
	}
	f.reactions = append(f.reactions, r)
	return reply(w, http.StatusCreated, nil, j)
}
