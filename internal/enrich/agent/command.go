package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/docbridge/docbridge/internal/config"
	"github.com/docbridge/docbridge/internal/enrich/pack"
	"github.com/docbridge/docbridge/internal/enrich/redact"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// maxHashedProgramBytes bounds the program files hashed into the command
// agent's version.
const maxHashedProgramBytes = 64 << 20

// stderrTail is how much of a failing program's standard error its error
// message quotes (the end, redacted).
const stderrTail = 2 << 10

// Command is the agent that runs a configured program: no shell, the
// request on standard input, the answer on standard output, a timeout and
// byte bounds on both. Packs are split across calls so that no request
// exceeds the bound.
type Command struct {
	argv       []string
	dir        string
	timeout    time.Duration
	maxRequest int
	maxAnswer  int
	id         Identity
}

// NewCommand returns the command agent of the enrich.command configuration,
// run in dir (the repository root). Its identity's version hashes the argv,
// the files it names and enrich.command.files, so an edited program is a
// new agent to the cache.
func NewCommand(c config.EnrichCommand, dir string) (*Command, error) {
	if len(c.Argv) == 0 {
		return nil, errors.New("command agent: enrich.command.argv is empty")
	}
	a := &Command{
		argv:       c.Argv,
		dir:        dir,
		timeout:    time.Duration(c.TimeoutSeconds) * time.Second,
		maxRequest: c.MaxRequestBytes,
		maxAnswer:  c.MaxAnswerBytes,
	}
	a.id = Identity{ID: "command:" + filepath.Base(c.Argv[0]), Version: programVersion(c.Argv, c.Files, dir), Provider: "command"}
	return a, nil
}

// programVersion hashes the argv, the content of each argument that names a
// regular file (the program, a script it runs) and of the files the
// configuration lists (each a path, a glob or a directory, walked), in
// order, up to maxHashedProgramBytes of content.
func programVersion(argv, files []string, dir string) string {
	var b strings.Builder
	budget := maxHashedProgramBytes
	hashFile := func(p string) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() <= int64(budget) {
			if data, err := os.ReadFile(p); err == nil {
				budget -= len(data)
				b.WriteString(snapshot.HashBytes(data))
			}
		}
	}
	for i, arg := range argv {
		fmt.Fprintf(&b, "%d:%s;", len(arg), arg)
		p := arg
		if i == 0 && !strings.ContainsRune(arg, filepath.Separator) {
			if lp, err := exec.LookPath(arg); err == nil {
				p = lp
			}
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		hashFile(p)
	}
	for _, f := range files {
		fmt.Fprintf(&b, "files %d:%s;", len(f), f)
		matches, _ := filepath.Glob(filepath.Join(dir, f))
		for _, m := range matches { // sorted by Glob
			_ = filepath.WalkDir(m, func(p string, e fs.DirEntry, err error) error {
				if err == nil && e.Type().IsRegular() {
					rel, _ := filepath.Rel(dir, p)
					fmt.Fprintf(&b, "%d:%s=", len(rel), filepath.ToSlash(rel))
					hashFile(p)
				}
				return nil
			})
		}
	}
	return snapshot.HashBytes([]byte(b.String()))
}

// Identity implements Agent.
func (a *Command) Identity() Identity { return a.id }

// Ask implements Agent: one program run per batch of packs. The first
// failing run stops the rest; the answers before it stand (see Incomplete).
// The program answers content only: docbridge writes each proposal's and
// judgement's envelope (completeProposal).
func (a *Command) Ask(ctx context.Context, req Request) (Response, error) {
	req.Protocol = Protocol
	empty := req
	empty.Packs, empty.Proposals, empty.Judgements = nil, nil, nil
	base, err := json.Marshal(empty)
	if err != nil {
		return Response{}, fmt.Errorf("command agent: %w", err)
	}
	// A review request carries each pack's proposals (and their
	// judgements) beside it: they travel, and count, with the pack.
	overhead := len(base) + 2
	if len(req.Proposals) > 0 {
		overhead += len(`,"proposals":[]`)
	}
	if len(req.Judgements) > 0 {
		overhead += len(`,"judgements":[]`)
	}
	batches, tooLarge := batchPacks(req.Packs, overhead, a.maxRequest, withJudged(packBytes, judgedBytes(req), 1))
	resp := Response{Proposals: []json.RawMessage{}}
	skipped := skipAll(tooLarge, skipTooLarge)
	var cause error
	for i, b := range batches {
		body, err := json.Marshal(narrow(req, b))
		if err == nil {
			var r Response
			r, err = a.run(ctx, body)
			if err == nil {
				byTarget := packsByTarget(b)
				for _, raw := range r.Proposals {
					resp.Proposals = append(resp.Proposals, completeProposal(raw, req, a.id, byTarget))
				}
				for _, raw := range r.Judgements {
					resp.Judgements = append(resp.Judgements, signJudgement(raw, req, a.id))
				}
				continue
			}
		}
		reason := skipAgentFailed
		if ctx.Err() != nil {
			reason = skipCanceled
		}
		for _, rest := range batches[i:] {
			skipped = append(skipped, skipAll(rest, reason)...)
		}
		cause = err
		break
	}
	if len(skipped) > 0 {
		return resp, &Incomplete{Skipped: skipped, Err: cause}
	}
	return resp, nil
}

// packBytes is a pack's share of a request: its JSON and a comma.
func packBytes(p pack.Pack) int {
	raw, err := json.Marshal(p)
	if err != nil {
		return 1 << 62
	}
	return len(raw) + 1
}

// run runs the program once.
func (a *Command) run(ctx context.Context, body []byte) (Response, error) {
	ctx, cancel := context.WithTimeout(ctx, a.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, a.argv[0], a.argv[1:]...)
	cmd.Dir = a.dir
	cmd.Stdin = bytes.NewReader(body)
	out := &cappedBuffer{max: a.maxAnswer}
	errOut := &tailBuffer{max: stderrTail}
	cmd.Stdout, cmd.Stderr = out, errOut
	// A grandchild holding the pipes open must not hold the run.
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	name := filepath.Base(a.argv[0])
	switch {
	case out.overflow:
		return Response{}, failed("%s: answer larger than %d bytes", name, a.maxAnswer)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return Response{}, failed("%s: no answer within %s", name, a.timeout)
	case err != nil:
		msg := strings.TrimSpace(redact.String(errOut.String()))
		if msg != "" {
			msg = ": " + msg
		}
		return Response{}, failed("%s: %v%s", name, err, msg)
	}
	r, err := parseAnswer(out.Bytes())
	if err != nil {
		return Response{}, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}

// errAnswerTooLarge stops copying an answer past its bound.
var errAnswerTooLarge = errors.New("answer too large")

// cappedBuffer keeps at most max bytes and refuses more, which closes the
// program's output pipe early. (It embeds no bytes.Buffer: io.Copy would
// use the buffer's ReadFrom and bypass the cap.)
type cappedBuffer struct {
	buf      []byte
	max      int
	overflow bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if len(b.buf)+len(p) > b.max {
		b.overflow = true
		return 0, errAnswerTooLarge
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

func (b *cappedBuffer) Bytes() []byte { return b.buf }

// tailBuffer keeps the last max bytes written.
type tailBuffer struct {
	buf []byte
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = b.buf[over:]
	}
	return len(p), nil
}

func (b *tailBuffer) String() string { return string(b.buf) }
