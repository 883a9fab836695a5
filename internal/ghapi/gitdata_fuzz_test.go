package ghapi

import (
	"path"
	"strings"
	"testing"
)

// FuzzCheckNames: a branch name or a file path that passes the checks is
// safe to put into an API path and a tree.
func FuzzCheckNames(f *testing.F) {
	for _, s := range []string{"docbridge/enrichment", ".docbridge/enrich/overlay.json", "../x", "a//b", ".git/config", "a b", "refs/heads/x", "x.lock", "a/./b", "é/ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if checkRepoPath(s) == nil {
			if path.Clean(s) != s || path.IsAbs(s) || strings.ContainsAny(s, "\\\x00") {
				t.Fatalf("path %q accepted", s)
			}
			for _, seg := range strings.Split(s, "/") {
				if seg == ".." || seg == "." || strings.EqualFold(seg, ".git") {
					t.Fatalf("path %q accepted", s)
				}
			}
		}
		if checkBranch(s) == nil {
			if strings.Contains(s, "..") || strings.HasPrefix(s, "refs/") || strings.ContainsAny(s, " ?:\x00") || s == "" {
				t.Fatalf("branch %q accepted", s)
			}
		}
	})
}
