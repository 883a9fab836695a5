package pipeline

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"time"
)

// gitTimeout bounds each git call of a check; git missing, a shallow clone
// that lacks the base commit, or a directory outside a work tree all mean
// "no answer", never an error: the check goes on without what git knows.
const gitTimeout = 30 * time.Second

// GitRevision returns the commit checked out at dir, or "".
func GitRevision(ctx context.Context, dir string) string {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--verify", "-q", "HEAD").Output()
	if err != nil {
		return ""
	}
	rev := strings.TrimSpace(string(out))
	if len(rev) != 40 && len(rev) != 64 {
		return ""
	}
	return rev
}

// GitRenames returns the files git finds renamed between the commit base
// and the work tree at dir (rename detection by content similarity, `git
// diff -M`), old path → new path, relative to dir; nil when git cannot say.
func GitRenames(ctx context.Context, dir, base string) map[string]string {
	if base == "" || strings.HasPrefix(base, "-") {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "-c", "core.quotePath=false", "diff",
		"--name-status", "-M", "-z", "--relative", base, "--").Output()
	if err != nil {
		return nil
	}
	return parseRenames(out)
}

// parseRenames reads `git diff --name-status -M -z`: NUL-separated fields,
// a status ("R087" for a rename with 87 % similarity) followed by one path,
// or two for a rename or copy. It keeps renames only.
func parseRenames(out []byte) map[string]string {
	fields := bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0})
	renames := map[string]string{}
	for i := 0; i < len(fields); {
		status := string(fields[i])
		switch {
		case status == "":
			i++
		case status[0] == 'R' || status[0] == 'C':
			if i+2 >= len(fields) {
				return renames // cut short
			}
			if status[0] == 'R' {
				renames[string(fields[i+1])] = string(fields[i+2])
			}
			i += 3
		default:
			i += 2
		}
	}
	return renames
}
