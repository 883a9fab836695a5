package ghapitest

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
)

// The fake's repository is real git (gitobj.go): blobs, trees and commits
// encoded as git encodes them and named by the SHA-1 git computes, so a
// test reads a branch's tree back as a clone would see it.

// maxContentsInline is the size above which the contents API answers a
// file without its content (encoding "none"); the blob API serves it.
const maxContentsInline = 1 << 20

// commitEpoch is the date of the fake's first commit; each further commit
// is one second later, so commit ids are deterministic.
var commitEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Commit is one commit as the fake stores it.
type Commit struct {
	SHA, Tree, Message string
	Parents            []string
}

const botEmail = "41898282+github-actions[bot]@users.noreply.github.com"

func (f *Fake) storeCommit(tree string, parents []string, message string) string {
	f.clock++
	return f.git.putCommit(commitObject{tree: tree, parents: parents, message: message},
		commitEpoch.Add(time.Duration(f.clock)*time.Second))
}

// treeEdit is one path set (hash not "") or deleted (hash "") in a tree
// being built.
type treeEdit struct {
	path, mode, hash string
}

// editTree applies edits to the tree base ("" is the empty tree) and
// stores every tree it changes, as POST /git/trees with base_tree does.
func (f *Fake) editTree(base string, edits []treeEdit) string {
	entries, _ := f.git.tree(base)
	entries = slices.Clone(entries)
	// Edits grouped by their first path segment: a file here, or a subtree
	// edited recursively.
	sub := map[string][]treeEdit{}
	var names []string
	for _, e := range edits {
		first, rest, nested := strings.Cut(e.path, "/")
		if !nested {
			entries = slices.DeleteFunc(entries, func(x treeEntry) bool { return x.name == first })
			if e.hash != "" {
				entries = append(entries, treeEntry{name: first, mode: e.mode, hash: e.hash})
			}
			continue
		}
		if _, seen := sub[first]; !seen {
			names = append(names, first)
		}
		sub[first] = append(sub[first], treeEdit{path: rest, mode: e.mode, hash: e.hash})
	}
	for _, name := range names {
		subBase := ""
		i := slices.IndexFunc(entries, func(x treeEntry) bool { return x.name == name })
		if i >= 0 {
			if entries[i].mode == modeDir {
				subBase = entries[i].hash
			}
			entries = slices.Delete(entries, i, i+1)
		}
		h := f.editTree(subBase, sub[name])
		if t, _ := f.git.tree(h); len(t) > 0 {
			entries = append(entries, treeEntry{name: name, mode: modeDir, hash: h})
		}
	}
	return f.git.putTree(entries)
}

// Push commits files (path → content; nil content deletes the path) on
// top of branch's head — a root commit when the branch does not exist —
// and moves the branch to it, as a push by someone else would. It returns
// the new commit's SHA. Tests use it to seed a branch and, from a Fault's
// Run, to move a head between docbridge's read and write.
func (f *Fake) Push(branch string, files map[string][]byte, message string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var parents []string
	base := ""
	if head, ok := f.refs["refs/heads/"+branch]; ok {
		parents = []string{head}
		c, _, _ := f.git.commit(head)
		base = c.tree
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	edits := make([]treeEdit, 0, len(paths))
	for _, p := range paths {
		e := treeEdit{path: p, mode: modeFile}
		if files[p] != nil {
			e.hash = f.git.put(blobType, files[p])
		}
		edits = append(edits, e)
	}
	h := f.storeCommit(f.editTree(base, edits), parents, message)
	f.refs["refs/heads/"+branch] = h
	return h
}

// Head returns the SHA branch points to, "" when it does not exist.
func (f *Fake) Head(branch string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refs["refs/heads/"+branch]
}

// Files returns the tree of a commit — a branch name or a commit SHA — as
// path → content, every file at any depth; nil when there is no such
// branch or commit.
func (f *Fake) Files(branchOrSHA string) map[string][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := f.resolve(branchOrSHA)
	if id == "" {
		return nil
	}
	c, _, _ := f.git.commit(id)
	out := map[string][]byte{}
	f.git.files(c.tree, "", out)
	return out
}

// Log returns the commits reachable from a branch or commit by first
// parents, newest first. A history is linear when every commit in it has
// at most one parent.
func (f *Fake) Log(branchOrSHA string) []Commit {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Commit
	for id := f.resolve(branchOrSHA); id != ""; {
		c, _, _ := f.git.commit(id)
		out = append(out, Commit{SHA: id, Tree: c.tree, Message: c.message, Parents: c.parents})
		id = ""
		if len(c.parents) > 0 {
			id = c.parents[0]
		}
	}
	return out
}

// resolve returns the commit a branch name or commit SHA names, "" when
// none.
func (f *Fake) resolve(branchOrSHA string) string {
	if id, ok := f.refs["refs/heads/"+branchOrSHA]; ok {
		return id
	}
	if _, ok := f.git.get(commitType, branchOrSHA); ok {
		return branchOrSHA
	}
	return ""
}

// --- the Git Data API ---

func notFound(w http.ResponseWriter) int {
	return reply(w, http.StatusNotFound, nil, map[string]any{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})
}

func unprocessable(w http.ResponseWriter, message string) int {
	return reply(w, http.StatusUnprocessableEntity, nil, map[string]any{"message": message, "documentation_url": "https://docs.github.com/rest"})
}

func (f *Fake) apiURL(format string, args ...any) string {
	return f.srv.URL + "/repos/" + Repo + fmt.Sprintf(format, args...)
}

func (f *Fake) refJSON(name, id string) map[string]any {
	return map[string]any{"ref": name, "node_id": "REF_" + name, "url": f.apiURL("/git/%s", name),
		"object": map[string]any{"type": "commit", "sha": id, "url": f.apiURL("/git/commits/%s", id)}}
}

func (f *Fake) getRef(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	name := "refs/" + params["ref"]
	id, ok := f.refs[name]
	if !ok {
		return notFound(w)
	}
	return reply(w, http.StatusOK, nil, f.refJSON(name, id))
}

func (f *Fake) createRef(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Contents] {
		return forbidden(w)
	}
	name, id := str(p["ref"]), str(p["sha"])
	if !strings.HasPrefix(name, "refs/") || strings.Count(name, "/") < 2 {
		return unprocessable(w, "Reference name must start with 'refs/' and have at least two slashes.")
	}
	if _, ok := f.git.get(commitType, id); !ok {
		return unprocessable(w, "Object does not exist")
	}
	if _, exists := f.refs[name]; exists {
		return unprocessable(w, "Reference already exists")
	}
	f.refs[name] = id
	return reply(w, http.StatusCreated, nil, f.refJSON(name, id))
}

// updateRef moves a ref; without force only forward, as GitHub: the new
// commit must descend from the current one.
func (f *Fake) updateRef(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Contents] {
		return forbidden(w)
	}
	name, id := "refs/"+params["ref"], str(p["sha"])
	cur, exists := f.refs[name]
	if !exists {
		return unprocessable(w, "Reference does not exist")
	}
	if _, ok := f.git.get(commitType, id); !ok {
		return unprocessable(w, "Object does not exist")
	}
	if force, _ := p["force"].(bool); !force && !f.git.isAncestor(cur, id) {
		return unprocessable(w, "Update is not a fast forward")
	}
	f.refs[name] = id
	return reply(w, http.StatusOK, nil, f.refJSON(name, id))
}

func (f *Fake) gitCommitJSON(id string) map[string]any {
	c, when, _ := f.git.commit(id)
	sig := map[string]any{"name": Bot, "email": botEmail, "date": when.Format(time.RFC3339)}
	parents := []map[string]any{}
	for _, p := range c.parents {
		parents = append(parents, map[string]any{"sha": p, "url": f.apiURL("/git/commits/%s", p),
			"html_url": "https://github.com/" + Repo + "/commit/" + p})
	}
	return map[string]any{"sha": id, "node_id": "C_" + id, "url": f.apiURL("/git/commits/%s", id),
		"html_url": "https://github.com/" + Repo + "/commit/" + id,
		"author":   sig, "committer": sig, "message": c.message,
		"tree":    map[string]any{"sha": c.tree, "url": f.apiURL("/git/trees/%s", c.tree)},
		"parents": parents, "verification": map[string]any{"verified": false, "reason": "unsigned", "signature": nil, "payload": nil}}
}

func (f *Fake) getCommit(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	id := params["commit_sha"]
	if _, ok := f.git.get(commitType, id); !ok {
		return notFound(w)
	}
	return reply(w, http.StatusOK, nil, f.gitCommitJSON(id))
}

func (f *Fake) createCommit(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Contents] {
		return forbidden(w)
	}
	tree := str(p["tree"])
	if _, ok := f.git.get(treeType, tree); !ok {
		return unprocessable(w, "Tree SHA does not exist")
	}
	var parents []string
	list, _ := p["parents"].([]any)
	for _, v := range list {
		if _, ok := f.git.get(commitType, str(v)); !ok {
			return unprocessable(w, "Parent SHA does not exist or is not a commit object")
		}
		parents = append(parents, str(v))
	}
	return reply(w, http.StatusCreated, nil, f.gitCommitJSON(f.storeCommit(tree, parents, str(p["message"]))))
}

func (f *Fake) createBlob(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Contents] {
		return forbidden(w)
	}
	content := []byte(str(p["content"]))
	switch enc := str(p["encoding"]); enc {
	case "", "utf-8":
	case "base64":
		b, err := base64.StdEncoding.DecodeString(string(content))
		if err != nil {
			return unprocessable(w, "Invalid base64 content")
		}
		content = b
	default:
		return unprocessable(w, fmt.Sprintf("encoding %q is not supported", enc))
	}
	id := f.git.put(blobType, content)
	return reply(w, http.StatusCreated, nil, map[string]any{"sha": id, "url": f.apiURL("/git/blobs/%s", id)})
}

func (f *Fake) getBlob(w http.ResponseWriter, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	id := params["file_sha"]
	b, ok := f.git.get(blobType, id)
	if !ok {
		return notFound(w)
	}
	return reply(w, http.StatusOK, nil, map[string]any{"sha": id, "node_id": "B_" + id, "size": len(b),
		"url": f.apiURL("/git/blobs/%s", id), "content": wrap60(base64.StdEncoding.EncodeToString(b)), "encoding": "base64"})
}

// apiModes maps the API's tree modes to git's.
var apiModes = map[string]string{"100644": modeFile, "100755": modeExec, "040000": modeDir, "160000": modeGit, "120000": modeLink}

// createTree serves POST /git/trees: entries by blob sha (null deletes)
// or by inline content, on top of base_tree.
func (f *Fake) createTree(w http.ResponseWriter, params map[string]string, p map[string]any) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	if f.forbid[Contents] {
		return forbidden(w)
	}
	base := str(p["base_tree"])
	if base != "" {
		if _, ok := f.git.get(treeType, base); !ok {
			return unprocessable(w, "base_tree is not a valid tree oid")
		}
	}
	list, _ := p["tree"].([]any)
	var edits []treeEdit
	for _, v := range list {
		e, _ := v.(map[string]any)
		p := str(e["path"])
		if p == "" || path.Clean(p) != p || strings.HasPrefix(p, "/") || slices.Contains(strings.Split(p, "/"), "..") {
			return unprocessable(w, fmt.Sprintf("tree.path %q is invalid", p))
		}
		mode := apiModes[str(e["mode"])]
		if mode != modeFile && mode != modeExec {
			return unprocessable(w, fmt.Sprintf("tree.mode %q: the fake writes files only", str(e["mode"])))
		}
		edit := treeEdit{path: p, mode: mode}
		switch sha, content := e["sha"], e["content"]; {
		case content != nil:
			edit.hash = f.git.put(blobType, []byte(str(content)))
		case sha != nil:
			if _, ok := f.git.get(blobType, str(sha)); !ok {
				return unprocessable(w, fmt.Sprintf("tree.sha %v is not a valid blob", sha))
			}
			edit.hash = str(sha)
		}
		edits = append(edits, edit)
	}
	id := f.editTree(base, edits)
	entries := []map[string]any{}
	list2, _ := f.git.tree(id)
	for _, e := range list2 {
		typ, mode := blobType, e.mode
		if e.mode == modeDir {
			typ, mode = treeType, "040000"
		}
		entries = append(entries, map[string]any{"path": e.name, "mode": mode, "type": typ, "sha": e.hash})
	}
	return reply(w, http.StatusCreated, nil, map[string]any{"sha": id, "url": f.apiURL("/git/trees/%s", id),
		"tree": entries, "truncated": false})
}

// getContents serves a file of a ref (branch or commit SHA; default: the
// default branch), base64 inline up to 1 MiB as GitHub does (encoding
// "none" above), and a directory as a listing.
func (f *Fake) getContents(w http.ResponseWriter, r *http.Request, params map[string]string) int {
	if !repoOK(w, params) {
		return http.StatusNotFound
	}
	ref := r.URL.Query().Get("ref")
	if ref == "" {
		ref = DefaultBranch
	}
	id := f.resolve(strings.TrimPrefix(ref, "refs/heads/"))
	if id == "" {
		return reply(w, http.StatusNotFound, nil, map[string]any{"message": "No commit found for the ref " + ref})
	}
	c, _, _ := f.git.commit(id)
	p := strings.Trim(params["path"], "/")
	entry, ok := f.git.find(c.tree, p)
	if !ok {
		return notFound(w)
	}
	item := func(name string, e treeEntry, withContent bool) map[string]any {
		typ := map[string]string{modeDir: "dir", modeLink: "symlink", modeGit: "submodule"}[e.mode]
		if typ == "" {
			typ = "file"
		}
		out := map[string]any{"type": typ, "name": path.Base(name), "path": name, "sha": e.hash, "size": 0,
			"url": f.apiURL("/contents/%s?ref=%s", name, ref), "git_url": f.apiURL("/git/blobs/%s", e.hash),
			"html_url": "https://github.com/" + Repo + "/blob/" + ref + "/" + name, "download_url": nil,
			"_links": map[string]any{"self": f.apiURL("/contents/%s", name), "git": nil, "html": nil}}
		if typ == "file" {
			b, _ := f.git.get(blobType, e.hash)
			out["size"] = len(b)
			if withContent {
				out["encoding"], out["content"] = "none", ""
				if len(b) <= maxContentsInline {
					out["encoding"], out["content"] = "base64", wrap60(base64.StdEncoding.EncodeToString(b))
				}
			}
		}
		return out
	}
	if entry.mode != modeDir {
		return reply(w, http.StatusOK, nil, item(p, entry, true))
	}
	sub, _ := f.git.tree(entry.hash)
	list := []map[string]any{}
	for _, e := range sub {
		list = append(list, item(p+"/"+e.name, e, false))
	}
	return reply(w, http.StatusOK, nil, list)
}

// wrap60 breaks base64 into lines of 60 characters, as GitHub sends it.
func wrap60(s string) string {
	var b strings.Builder
	for len(s) > 60 {
		b.WriteString(s[:60])
		b.WriteByte('\n')
		s = s[60:]
	}
	b.WriteString(s)
	b.WriteByte('\n')
	return b.String()
}
