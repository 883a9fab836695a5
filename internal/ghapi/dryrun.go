package ghapi

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/docbridge/docbridge/internal/review"
)

// dryRun prints what would be posted, for rehearsing the action without
// GitHub. It never fails on its input.
type dryRun struct {
	W io.Writer
}

var _ Poster = (*dryRun)(nil)

// dryRunRef is the ref a dry run hands out: not 0, so FinishCheck prints
// the update it would make.
const dryRunRef = -1

// StartCheck prints the check run it would create.
func (d *dryRun) StartCheck(_ context.Context, headSHA string) (CheckRef, error) {
	fmt.Fprintf(d.W, "== dry run: create check run %q (in_progress) on %s\n", checkName, review.LogLine(headSHA))
	return CheckRef{ID: dryRunRef}, nil
}

// FinishCheck prints the updates it would make: the conclusion, title and
// summary, then each batch of annotations as the workflow command the
// fallback would write.
func (d *dryRun) FinishCheck(_ context.Context, _ CheckRef, out review.CheckRunOutput, conclusion string) error {
	batches := out.Batches()
	fmt.Fprintf(d.W, "== dry run: complete check run %q: conclusion %s, %d annotations in %d update(s)\n",
		checkName, conclusion, len(out.Annotations), len(batches))
	fmt.Fprintf(d.W, "title: %s\n", review.LogLine(out.Title))
	if out.Unannotated > 0 {
		fmt.Fprintf(d.W, "not annotated: %d\n", out.Unannotated)
	}
	fmt.Fprintf(d.W, "-- summary (%d characters) --\n%s", len(out.Summary), indent(out.Summary))
	for i, b := range batches {
		if len(b) == 0 {
			continue
		}
		fmt.Fprintf(d.W, "-- annotations, update %d --\n", i+1)
		for _, a := range b {
			// The indent keeps the line from being read as a command.
			fmt.Fprintf(d.W, "  %s\n", review.WorkflowAnnotation(a))
		}
	}
	return nil
}

// UpsertComment prints the comment it would create or edit.
func (d *dryRun) UpsertComment(_ context.Context, pr int, body string) error {
	fmt.Fprintf(d.W, "== dry run: create or edit the sticky comment on #%d (%d characters)\n%s", pr, len(body), indent(body))
	return nil
}

// indent prefixes every line with two spaces, so nothing printed can be
// read as a workflow command.
func indent(s string) string {
	if s == "" {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + review.LogLine(l)
	}
	return strings.Join(lines, "\n") + "\n"
}
