// Command docbridge keeps a repository's documentation bridged to its code.
// The same binary is the local CLI and, as `docbridge action`, the GitHub
// Action's entry point.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/docbridge/docbridge/internal/pipeline"
)

func main() {
	// SIGINT and SIGTERM (a runner cancelling the job) cancel the context
	// every command runs under; a second signal kills as usual.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// The exit statuses of every command, in one place.
const (
	exitOK = 0
	// exitFindings: the check ran and judged findings at or above the
	// fail-on level.
	exitFindings = 1
	// exitBadInput: the command could not run as asked (arguments,
	// configuration, a base that does not load, an unreadable directory).
	exitBadInput = 2
	// exitInterrupted: a run cancelled by a signal, the shell's
	// 128+SIGINT.
	exitInterrupted = 130
)

// runContext executes the CLI under ctx (cancelling ctx cancels the
// command) and returns the process exit code: 0 on success, 1 when a check
// fails, 2 on bad input (arguments, configuration), 130 when cancelled.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cmd, prof := newRootCommand(stdout, stderr)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	prof.stop(stderr)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "docbridge: interrupted:", err)
			return exitInterrupted
		}
		fmt.Fprintln(stderr, "docbridge:", err)
		if fe := (*pipeline.FindingsError)(nil); errors.As(err, &fe) {
			return exitFindings
		}
		if ve := (*verdictError)(nil); errors.As(err, &ve) {
			return exitFindings
		}
		return exitBadInput
	}
	return exitOK
}

// verdictError is a command's negative verdict other than findings (an
// overlay whose partition does not reproduce): it ran as asked, and the
// answer is no — exit 1, where bad input is 2.
type verdictError struct{ err error }

func (e *verdictError) Error() string { return e.err.Error() }
func (e *verdictError) Unwrap() error { return e.err }
