// Package repopath keeps paths in one coordinate system. GitHub names
// files relative to the repository root: a pull request's changed files,
// annotations, links to a line. docbridge scans a working directory, and
// everything a scan produces is relative to that directory: findings,
// snapshots, the saved state, site roots. A Dir converts between the two,
// once, where a path crosses: FromRepo where GitHub's paths enter (the
// pull request's files), ToRepo where a finding's path leaves for GitHub.
//
// A path inside docbridge is always the scanned directory's; the
// repository's coordinates exist only at those two crossings.
package repopath

import (
	"path"
	"strings"
)

// Dir is the scanned directory, relative to the repository root. The zero
// Dir is the root itself, where both coordinate systems are one.
type Dir struct {
	// rel is slash-separated, cleaned, without a leading or trailing
	// slash; "" for the root.
	rel string
}

// New returns the directory rel names relative to the repository root,
// with either separator ("site", "./site/", `docs\site`); "", "." and "/"
// are the root. A rel that climbs out of the root ("..") is the root's
// business to refuse (the action refuses such a working directory): here
// it is cleaned away, so no path can leave the repository through it.
func New(rel string) Dir {
	clean := strings.Trim(path.Clean("/"+strings.ReplaceAll(rel, `\`, "/")), "/")
	return Dir{rel: clean}
}

// String is the directory relative to the root, "" for the root.
func (d Dir) String() string { return d.rel }

// IsRoot reports whether the scanned directory is the repository root.
func (d Dir) IsRoot() bool { return d.rel == "" }

// ToRepo is the scanned directory's path p relative to the repository
// root. An empty p (a finding on the whole repository) stays empty.
func (d Dir) ToRepo(p string) string {
	if d.rel == "" || p == "" {
		return p
	}
	return d.rel + "/" + p
}

// FromRepo is the repository-root path p relative to the scanned
// directory, and false when p is not inside it (nothing a scan of the
// directory reports can be located there).
func (d Dir) FromRepo(p string) (string, bool) {
	if d.rel == "" {
		return p, true
	}
	rest, ok := strings.CutPrefix(p, d.rel+"/")
	if !ok || rest == "" {
		return "", false
	}
	return rest, true
}

// FromRepoAll is FromRepo over ps, in order, leaving out the paths outside
// the scanned directory. The result is never nil when ps is not: an empty
// list still means "these changed files, none of them here".
func (d Dir) FromRepoAll(ps []string) []string {
	if ps == nil {
		return nil
	}
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		if rel, ok := d.FromRepo(p); ok {
			out = append(out, rel)
		}
	}
	return out
}
