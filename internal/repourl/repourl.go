// Package repourl recognises links written as full URLs to the
// repository's own files on GitHub (or a GitHub Enterprise host):
// https://<host>/<owner>/<name>/blob|tree|raw|edit/<ref>/<path>, and
// https://raw.githubusercontent.com/<owner>/<name>/<ref>/<path>. A URL at
// the default branch, or a branch the configuration names, is the
// repository as it is and is checked like a relative link; a URL at any
// other ref (a commit SHA, a tag) is a permalink into history and is not.
//
// Everything here is a pure function of its arguments: the environment
// and the git configuration are read by the caller (see Read) and passed in.
package repourl

import (
	"cmp"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/config"
)

// defaultHost is github.com.
const defaultHost = "github.com"

// rawHost serves github.com's raw files.
const rawHost = "raw.githubusercontent.com"

// fallbackBranches stand for the default branch when nothing names it.
var fallbackBranches = []string{"main", "master", "HEAD"}

// Repo is the repository whose own URLs are checked.
type Repo struct {
	Host, Owner, Name string
	// Branches are the refs whose URLs are checked: the default branch (or
	// main, master and HEAD when it is unknown) and the configured ones,
	// longest first, so that a branch with a slash is matched whole.
	Branches []string
}

// FromProject returns the repository the effective project configuration
// names (see Resolve), and false when it names none.
func FromProject(p config.Project) (Repo, bool) {
	parts := strings.Split(p.Repository, "/")
	var r Repo
	switch len(parts) {
	case 2:
		r = Repo{Host: defaultHost, Owner: parts[0], Name: parts[1]}
	case 3:
		r = Repo{Host: strings.ToLower(parts[0]), Owner: parts[1], Name: parts[2]}
	default:
		return Repo{}, false
	}
	if r.Owner == "" || r.Name == "" || r.Host == "" {
		return Repo{}, false
	}
	if p.DefaultBranch != "" {
		r.Branches = append(r.Branches, p.DefaultBranch)
	} else {
		r.Branches = append(r.Branches, fallbackBranches...)
	}
	for _, b := range p.Branches {
		if !slices.Contains(r.Branches, b) {
			r.Branches = append(r.Branches, b)
		}
	}
	slices.SortStableFunc(r.Branches, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	return r, true
}

// Is reports whether host/owner/name (as ParseRemote takes a remote
// apart) names r; GitHub compares owners and names without regard to case.
func (r Repo) Is(host, owner, name string) bool {
	return strings.EqualFold(host, r.Host) && strings.EqualFold(owner, r.Owner) && strings.EqualFold(name, r.Name)
}

// Link is a URL of the repository's own, taken apart.
type Link struct {
	Form string // blob, tree, raw or edit
	Ref  string // the branch, tag or commit as written
	// Path is the repo-relative clean path ("." for the root).
	Path string
	// Fragment is the part after '#', percent-decoded.
	Fragment string
	// Checked says that Ref is the default branch or a configured one:
	// the link is checked. Any other ref is history.
	Checked bool
}

// Parse reports whether raw is a URL of r's own files, and takes it apart.
// Another repository's URL, another page of this one (issues, pulls,
// commits, a compare) and a URL that climbs above the root are not.
func (r Repo) Parse(raw string) (Link, bool) {
	if r.Owner == "" || len(raw) > 4096 {
		return Link{}, false
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
		return Link{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	segs := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	var l Link
	switch {
	case host == r.Host && len(segs) >= 4:
		l.Form = segs[2]
		if l.Form != "blob" && l.Form != "tree" && l.Form != "raw" && l.Form != "edit" {
			return Link{}, false
		}
	case host == rawHost && r.Host == defaultHost && len(segs) >= 3:
		l.Form = "raw"
		// raw.githubusercontent.com/<owner>/<name>/<ref>/…: no form segment.
		segs = append(segs[:2], append([]string{"raw"}, segs[2:]...)...)
	default:
		return Link{}, false
	}
	// GitHub's owner and repository names are case-insensitive.
	if !strings.EqualFold(segs[0], r.Owner) || !strings.EqualFold(strings.TrimSuffix(segs[1], ".git"), r.Name) {
		return Link{}, false
	}
	rest := strings.Join(segs[3:], "/")
	// raw.githubusercontent.com also serves refs/heads/<branch>/….
	rest = strings.TrimPrefix(rest, "refs/heads/")
	l.Fragment = u.Fragment
	p := ""
	for _, b := range r.Branches {
		if rest == b || strings.HasPrefix(rest, b+"/") {
			l.Ref, l.Checked, p = b, true, strings.TrimPrefix(rest[len(b):], "/")
			break
		}
	}
	if !l.Checked {
		l.Ref, p, _ = strings.Cut(rest, "/")
		if l.Ref == "" {
			return Link{}, false
		}
	}
	l.Path = path.Clean("/" + p)[1:]
	if l.Path == "" {
		l.Path = "."
	}
	if strings.Contains(p, "\x00") {
		return Link{}, false
	}
	// path.Clean of a rooted path never climbs; a ".." segment written
	// above the root is not a file of the repository.
	for _, s := range strings.Split(p, "/") {
		if s == ".." {
			return Link{}, false
		}
	}
	return l, true
}

// lineAnchor matches GitHub's line anchors: L10, L10-L20, with optional
// columns (L10C5-L20C3).
var lineAnchor = regexp.MustCompile(`^L([0-9]{1,9})(?:C[0-9]{1,9})?(?:-L([0-9]{1,9})(?:C[0-9]{1,9})?)?$`)

// Lines returns the line range a fragment names (first ≤ last; a single
// line is first = last), and false when it is not a line anchor.
func Lines(fragment string) (first, last int, ok bool) {
	m := lineAnchor.FindStringSubmatch(fragment)
	if m == nil {
		return 0, 0, false
	}
	first, _ = strconv.Atoi(m[1])
	last = first
	if m[2] != "" {
		last, _ = strconv.Atoi(m[2])
	}
	if last < first {
		first, last = last, first
	}
	return first, last, true
}
