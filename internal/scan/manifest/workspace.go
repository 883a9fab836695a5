package manifest

import (
	"path"
	"strings"
)

// MatchWorkspace reports whether the repo-relative directory dir is a
// workspace package of the manifest in rootDir whose globs are patterns
// (npm/yarn "workspaces", pnpm "packages"). Globs are relative to rootDir:
// "*", "?" and "[…]" match within one path element, "**" matches any number
// of elements, a leading "!" excludes. A dir is a member when some glob
// matches it and no exclusion does, whatever their order (pnpm's rule; npm
// applies them in order, which agrees whenever exclusions come last).
// Wildcards do not match elements starting with "." and nothing under
// node_modules is a member. Brace expansion is not supported.
func MatchWorkspace(patterns []string, rootDir, dir string) bool {
	rel, ok := relativeTo(cleanRel(rootDir), cleanRel(dir))
	if !ok {
		return false
	}
	for _, s := range rel {
		if s == "node_modules" {
			return false
		}
	}
	member := false
	for _, p := range patterns {
		p, exclude := strings.CutPrefix(p, "!")
		if p == "" || !matchElems(splitPattern(p), rel) {
			continue
		}
		if exclude {
			return false
		}
		member = true
	}
	return member
}

// relativeTo returns the elements of dir below root; false when dir is not
// root or under it.
func relativeTo(root, dir string) ([]string, bool) {
	switch {
	case root == ".":
	case dir == root:
		dir = "."
	case strings.HasPrefix(dir, root+"/"):
		dir = dir[len(root)+1:]
	default:
		return nil, false
	}
	if dir == "." {
		return nil, true
	}
	return strings.Split(dir, "/"), true
}

// splitPattern cleans a glob ("./packages/*/" is "packages/*") into its
// elements.
func splitPattern(p string) []string {
	p = path.Clean(p)
	if p == "." {
		return nil
	}
	return strings.Split(p, "/")
}

// matchElems matches glob elements against path elements by dynamic
// programming over (pattern prefix, path prefix): O(len(pat)·len(elems))
// time, O(len(elems)) space, so repeated "**" cannot blow up.
func matchElems(pat, elems []string) bool {
	// prev[j]: the pattern so far matches elems[:j].
	prev := make([]bool, len(elems)+1)
	next := make([]bool, len(elems)+1)
	prev[0] = true
	for _, p := range pat {
		if p == "**" {
			next[0] = prev[0]
			for j := 1; j <= len(elems); j++ {
				next[j] = prev[j] || next[j-1] && !strings.HasPrefix(elems[j-1], ".")
			}
		} else {
			next[0] = false
			for j := 1; j <= len(elems); j++ {
				next[j] = prev[j-1] && matchElem(p, elems[j-1])
			}
		}
		prev, next = next, prev
	}
	return prev[len(elems)]
}

// matchElem matches one glob element against one path element; a bad
// pattern matches nothing.
func matchElem(p, elem string) bool {
	if strings.HasPrefix(elem, ".") && !strings.HasPrefix(p, ".") {
		return false
	}
	ok, err := path.Match(p, elem)
	return err == nil && ok
}
