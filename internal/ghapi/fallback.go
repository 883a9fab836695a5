package ghapi

import (
	"context"
	"fmt"
	"io"

	"github.com/docbridge/docbridge/internal/review"
)

// workflowCommands posts annotations as workflow commands on stdout, the
// one channel a read-only token leaves (fork pull requests). The runner
// turns them into annotations on the run and, for changed lines, on the
// pull request's diff. It has no comment: the job summary carries the
// report instead. Explanations go out as plain log lines, not annotations,
// so they do not take the place of a finding in the runner's ten per type.
type workflowCommands struct {
	W io.Writer
	// Reason, when set, is logged once before the annotations: why this
	// channel is used ("fork pull request: the token is read-only").
	Reason string
}

var _ Poster = (*workflowCommands)(nil)

// StartCheck does nothing: there is no check run to start.
func (w *workflowCommands) StartCheck(context.Context, string) (CheckRef, error) {
	return CheckRef{}, nil
}

// FinishCheck writes the title and the annotations, worst first, at most
// ten of each type with a count of the rest.
func (w *workflowCommands) FinishCheck(_ context.Context, _ CheckRef, out review.CheckRunOutput, conclusion string) error {
	if w.Reason != "" {
		w.logf("docbridge: %s; annotating with workflow commands; the job summary groups the findings by code, the JSON report has every one", w.Reason)
	}
	w.logf("docbridge: %s (%s)", out.Title, conclusion)
	if err := review.WriteWorkflowCommands(w.W, out.Annotations); err != nil {
		return fmt.Errorf("workflow-command annotations: %w", err)
	}
	if out.Unannotated > 0 {
		w.logf("docbridge: %d more findings have no annotation; the job summary counts them by code, the JSON report lists them", out.Unannotated)
	}
	return nil
}

// UpsertComment logs that no comment is posted: this channel has none.
func (w *workflowCommands) UpsertComment(_ context.Context, pr int, body string) error {
	w.logf("docbridge: no comment posted on #%d (%d characters); the job summary has the same findings", pr, len(body))
	return nil
}

// logf writes one plain log line, printable: a message must not start a
// workflow command of its own.
func (w *workflowCommands) logf(format string, args ...any) {
	fmt.Fprintln(w.W, review.LogLine(fmt.Sprintf(format, args...)))
}
