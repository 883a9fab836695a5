package typescript

import (
	"path"
	"strings"
)

// joinWithin joins a repo-relative directory and a relative path; ok is false
// when the result leaves the repository.
func joinWithin(dir, rel string) (string, bool) {
	if path.IsAbs(rel) {
		return "", false
	}
	p := path.Join(dir, rel)
	if p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		return "", false
	}
	return p, true
}

// dirOf is the repo-relative directory of a repo-relative file.
func dirOf(file string) string {
	return path.Dir(path.Clean(file))
}
