package config

import (
	"fmt"
	"strings"
)

// checkRepository validates project.repository: "owner/name" or
// "host/owner/name", each part non-empty, without spaces, a scheme or
// a ".git" suffix.
func checkRepository(v string) *problem {
	if v == "" {
		return nil
	}
	parts := strings.Split(v, "/")
	bad := len(parts) < 2 || len(parts) > 3 || strings.ContainsAny(v, " \t:?#\\") || strings.HasSuffix(v, ".git")
	for _, p := range parts {
		bad = bad || p == "" || p == "." || p == ".."
	}
	if bad {
		return &problem{codeInvalid, fmt.Sprintf("repository %s is not owner/name or host/owner/name", quoteValue(v))}
	}
	return nil
}

// checkBranch validates a branch name the way git check-ref-format would
// refuse the obvious mistakes: empty, spaces, "..", a leading or trailing
// slash, a refs/ prefix.
func checkBranch(v string) *problem {
	if v == "" {
		return nil
	}
	if strings.ContainsAny(v, " \t~^:?*[\\") || strings.Contains(v, "..") || strings.Contains(v, "//") ||
		strings.HasPrefix(v, "/") || strings.HasSuffix(v, "/") || strings.HasPrefix(v, "refs/") {
		return &problem{codeInvalid, fmt.Sprintf("branch %s is not a branch name (write main, not refs/heads/main)", quoteValue(v))}
	}
	return nil
}
