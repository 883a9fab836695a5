package scan

import (
	"path"
	"strings"
)

// webRoutePath returns the repository path a relative link names when it
// is written as a GitHub web route rather than a file path: text that is
// posted as a comment or an issue (a bot's advice, an issue template)
// resolves against the page's URL, /owner/repo/pull/1, so
// "../tree/HEAD/README.md" or "../../blob/main/docs/x.md" means the file
// after the ref. Only a destination that climbs out with ../ and then
// names blob, tree, raw or edit, a ref and a path is one.
func webRoutePath(dest string) (string, bool) {
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	rest, climbed := dest, false
	for {
		switch {
		case strings.HasPrefix(rest, "../"):
			rest, climbed = rest[3:], true
			continue
		case strings.HasPrefix(rest, "./"):
			rest = rest[2:]
			continue
		}
		break
	}
	if !climbed {
		return "", false
	}
	kind, rest, _ := strings.Cut(rest, "/")
	ref, p, _ := strings.Cut(rest, "/")
	switch kind {
	case "blob", "tree", "raw", "edit":
	default:
		return "", false
	}
	p = strings.TrimSuffix(p, "/")
	if ref == "" || p == "" {
		return "", false
	}
	p = path.Clean(p)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}
