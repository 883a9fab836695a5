package reconcile

import "strings"

// urlWithPath rewrites a link to the repository's own URL
// (https://github.com/o/r/blob/main/docs/a.md#x) to name newPath instead of
// oldPath, which the URL's path ends with (before any query or fragment).
// It reports false for a destination that is no URL, or whose path does
// not end with oldPath.
func urlWithPath(dest, oldPath, newPath string) (string, bool) {
	if !strings.Contains(dest, "://") || oldPath == "" || newPath == "" {
		return "", false
	}
	end := len(dest)
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		end = i
	}
	head := strings.TrimSuffix(dest[:end], "/")
	if !strings.HasSuffix(head, "/"+oldPath) {
		return "", false
	}
	return head[:len(head)-len(oldPath)] + newPath + dest[end:], true
}
