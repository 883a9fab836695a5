package gitrepo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// Output runs git against the repository at gitDir (`git --git-dir`) and
// returns its standard output. A command that exits 1 with nothing on its
// standard error (git grep matching nothing) is no error and no output;
// any other failure is an error carrying git's message.
func Output(ctx context.Context, gitDir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"--git-dir=" + gitDir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 1 && stderr.Len() == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("git %s: %w: %s", strings.Join(args[:min(len(args), 3)], " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Commit is one commit of a history with its name-status.
type Commit struct {
	Hash, Parent string
	// Status lines split at tabs: "D\tpath", "R087\told\tnew", "M\tpath",
	// "A\tpath".
	Status [][]string
}

// Log lists at most n non-merge commits of rev, newest first, with their
// name-status (renames detected).
func Log(ctx context.Context, gitDir, rev string, n int) ([]Commit, error) {
	out, err := Output(ctx, gitDir, "log", "--no-merges", "-M", "--name-status", "--format=@%H %P", "-n", strconv.Itoa(n), rev)
	if err != nil {
		return nil, err
	}
	return parseLog(out), nil
}

// parseLog reads Log's output: a commit line "@hash parent…", then its
// name-status lines.
func parseLog(out []byte) []Commit {
	var commits []Commit
	for line := range strings.Lines(string(out)) {
		line = strings.TrimRight(line, "\n")
		if h, ok := strings.CutPrefix(line, "@"); ok {
			f := strings.Fields(h)
			c := Commit{Hash: f[0]}
			if len(f) == 2 {
				c.Parent = f[1]
			}
			commits = append(commits, c)
			continue
		}
		if line == "" || len(commits) == 0 {
			continue
		}
		commits[len(commits)-1].Status = append(commits[len(commits)-1].Status, strings.Split(line, "\t"))
	}
	return commits
}

// Batch reads objects through one `git cat-file --batch` process.
type Batch struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// OpenBatch starts the `git cat-file --batch` of the repository at gitDir;
// the caller closes it.
func OpenBatch(ctx context.Context, gitDir string) (*Batch, error) {
	cmd := exec.CommandContext(ctx, "git", "--git-dir="+gitDir, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return &Batch{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16)}, nil
}

// Read returns the blob rev:path, or nil when there is none.
func (b *Batch) Read(rev, p string) ([]byte, error) {
	if _, err := fmt.Fprintf(b.in, "%s:%s\n", rev, p); err != nil {
		return nil, err
	}
	head, err := b.out.ReadString('\n')
	if err != nil {
		return nil, err
	}
	f := strings.Fields(head)
	if len(f) == 2 && f[1] == "missing" || len(f) < 3 {
		return nil, nil
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %q", head)
	}
	data := make([]byte, n+1) // the object and its newline
	if _, err := io.ReadFull(b.out, data); err != nil {
		return nil, err
	}
	if f[1] != "blob" {
		return nil, nil
	}
	return data[:n], nil
}

// Close ends the process.
func (b *Batch) Close() {
	b.in.Close()
	_ = b.cmd.Wait()
}
