package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// timeout bounds each work-tree call; git missing, a shallow clone that
// lacks the base commit, or a directory outside a work tree all mean "no
// answer", never an error: the caller goes on without what git knows.
const timeout = 30 * time.Second

// WorkTree is what the check pipeline asks git about the tree it scans
// (pipeline.Git): the commit checked out and the files renamed since a
// base. The edges that may run git (the CLI, the action) hand it to the
// pipeline, which runs no git of its own.
type WorkTree struct{}

// Revision returns the commit checked out at dir, or "".
func (WorkTree) Revision(ctx context.Context, dir string) string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
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

// Renames returns the files git finds renamed between the commit base
// and the work tree at dir (rename detection by content similarity, `git
// diff -M`), old path → new path, relative to dir; nil when git cannot say.
func (WorkTree) Renames(ctx context.Context, dir, base string) map[string]string {
	if base == "" || strings.HasPrefix(base, "-") {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
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

// CommitTimes maps the wanted paths (relative to dir) to the time of the
// newest commit that touched them, reading at most maxCommits commits —
// one `git log --name-only` pass over the history, newest first, stopped
// as soon as every path has a time. Any failure — no git, not a work tree
// — gives what was read so far (nothing).
func CommitTimes(ctx context.Context, dir string, wanted []string, maxCommits int) map[string]int64 {
	out := map[string]int64{}
	if len(wanted) == 0 {
		return out
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	inside, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--is-inside-work-tree").Output()
	if err != nil || strings.TrimSpace(string(inside)) != "true" {
		return out
	}
	want := make(map[string]bool, len(wanted))
	for _, p := range wanted {
		want[p] = true
	}
	// %x00 marks a commit line: no path contains NUL. --relative gives
	// paths relative to dir, as the snapshot has them.
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "-c", "core.quotePath=false", "log",
		"-n", strconv.Itoa(maxCommits), "--format=%x00%ct", "--name-only", "--no-renames", "--relative")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return out
	}
	if err := cmd.Start(); err != nil {
		return out
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var current int64
	for sc.Scan() && len(out) < len(want) {
		line := sc.Text()
		if t, ok := strings.CutPrefix(line, "\x00"); ok {
			current, _ = strconv.ParseInt(t, 10, 64)
			continue
		}
		if want[line] && current > 0 {
			if _, seen := out[line]; !seen {
				out[line] = current
			}
		}
	}
	// Stopping early leaves git writing to a closed pipe; cancel ends it.
	cancel()
	_ = cmd.Wait()
	return out
}
