package ghapi

import (
	"context"
	"strings"

	"github.com/docbridge/docbridge/internal/review"
)

// Session is one run's check run and sticky comment on a pull request's
// head: begun in progress, then published, failed or cancelled, through a
// Poster (the API, its workflow-command fallback or the dry-run printer).
type Session struct {
	p       Poster
	headSHA string
	pr      int // 0: no comment
	gh      review.GitHubContext
	ref     *CheckRef
}

// NewSession returns the session of the check run on headSHA and, when pr
// is not 0, that pull request's sticky comment.
func NewSession(p Poster, headSHA string, pr int, gh review.GitHubContext) *Session {
	return &Session{p: p, headSHA: headSHA, pr: pr, gh: gh}
}

// Begin creates the check run, in progress.
func (s *Session) Begin(ctx context.Context) error {
	ref, err := s.p.StartCheck(ctx, s.headSHA)
	if err != nil {
		return err
	}
	s.ref = &ref
	return nil
}

// Publish completes the check run with the results (creating it when
// Begin did not) and writes the sticky comment when the results ask for
// one.
func (s *Session) Publish(ctx context.Context, r review.Results) error {
	opts := r.RenderOptions(s.gh)
	out := review.CheckRun(r.Report, opts)
	if !r.Annotations {
		out.Unannotated += len(out.Annotations)
		out.Annotations = nil
	}
	pub := Publication{HeadSHA: s.headSHA, CheckRun: out, Conclusion: r.Conclusion()}
	if r.Comment && s.pr > 0 {
		pub.PR, pub.Comment = s.pr, review.Comment(r.Report, opts)
	}
	return publish(ctx, s.p, s.ref, pub)
}

// Fail completes the check run as failed when the check itself could not
// run after Begin (err says why).
func (s *Session) Fail(ctx context.Context, err error) error {
	out := review.CheckRunOutput{Title: "docbridge could not run", Summary: "The check could not run: " + printableLine(err.Error())}
	return s.p.FinishCheck(ctx, s.begun(), out, review.ConclusionFailure)
}

// Cancel completes the check run as cancelled when the run was cancelled
// (SIGINT/SIGTERM) after Begin.
func (s *Session) Cancel(ctx context.Context) error {
	out := review.CheckRunOutput{Title: "docbridge was cancelled",
		Summary: "The run was cancelled (the job was cancelled or timed out) before docbridge could conclude; no findings are reported."}
	return s.p.FinishCheck(ctx, s.begun(), out, review.ConclusionCancelled)
}

// begun is the check run Begin created, or the zero ref (FinishCheck then
// creates one).
func (s *Session) begun() CheckRef {
	if s.ref == nil {
		return CheckRef{}
	}
	return *s.ref
}

// printableLine keeps a repository-supplied message on one line.
func printableLine(s string) string {
	return strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(s)
}
