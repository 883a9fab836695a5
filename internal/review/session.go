package review

import (
	"context"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report"
)

// Results are what one pull-request run has to say: the report, what the
// filter judged, the verdict and the doctor's grade. A Session renders
// them into the check run and the sticky comment; JobSummary renders them
// for the job summary.
type Results struct {
	// Report holds every finding, with statuses when compared.
	Report *report.Report
	// Selection is what the filter kept (annotated, commented, judged)
	// and how it chose them.
	Selection Selection
	FailOn    catalog.FailOn
	// Failing counts the selected findings at or above FailOn: the one
	// count the exit code, the conclusion and every text read.
	Failing int
	// Comment and Annotations are the action's inputs of the same names.
	Comment, Annotations bool
	// Grade and Score are the doctor's, "" without one; BaseGrade and
	// BaseScore the base's (from its saved state), "" without one.
	Grade, Score, BaseGrade, BaseScore string
	// BaseRef names the base branch.
	BaseRef string
	// Dimensions are the doctor's score parts; Advice its first next action.
	Dimensions []DoctorDimension
	Advice     string
	// FullReport names, in Markdown, where every finding is: the
	// summaries list the first few of each code.
	FullReport string
	// Enrichment is what waits on the enrichment pull request and what
	// this pull request makes expire (the comment says it); nil for none.
	Enrichment *EnrichmentStatus
}

// Conclusion is the check run's: failure when a selected finding is at or
// above fail-on, else success.
func (r Results) Conclusion() string { return Conclusion(r.Failing) }

// RenderOptions are the renderers' options for these results.
func (r Results) RenderOptions(gh GitHubContext) RenderOptions {
	sel := r.Selection
	o := RenderOptions{GitHub: gh, FailOn: r.FailOn, Selection: &sel, Failing: r.Failing, FullReport: r.FullReport,
		Enrichment: r.Enrichment}
	if r.Grade != "" {
		o.Doctor = &DoctorSummary{Grade: r.Grade, Score: r.Score + "/100", Dimensions: r.Dimensions, Advice: r.Advice}
		if r.BaseGrade != "" {
			o.Doctor.BaseGrade, o.Doctor.BaseScore, o.Doctor.BaseRef = r.BaseGrade, r.BaseScore+"/100", r.BaseRef
		}
	}
	return o
}

// Session is one run's check run and sticky comment on a pull request's
// head: begun in progress, then published, failed or cancelled, through a
// Poster (the API, its workflow-command fallback or the dry-run printer).
type Session struct {
	p       Poster
	headSHA string
	pr      int // 0: no comment
	gh      GitHubContext
	ref     *CheckRef
}

// NewSession returns the session of the check run on headSHA and, when pr
// is not 0, that pull request's sticky comment.
func NewSession(p Poster, headSHA string, pr int, gh GitHubContext) *Session {
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
func (s *Session) Publish(ctx context.Context, r Results) error {
	opts := r.RenderOptions(s.gh)
	out := CheckRun(r.Report, opts)
	if !r.Annotations {
		out.Unannotated += len(out.Annotations)
		out.Annotations = nil
	}
	pub := Publication{HeadSHA: s.headSHA, CheckRun: out, Conclusion: r.Conclusion()}
	if r.Comment && s.pr > 0 {
		pub.PR, pub.Comment = s.pr, Comment(r.Report, opts)
	}
	return Publish(ctx, s.p, s.ref, pub)
}

// Fail completes the check run as failed when the check itself could not
// run after Begin (err says why).
func (s *Session) Fail(ctx context.Context, err error) error {
	out := CheckRunOutput{Title: "docbridge could not run", Summary: "The check could not run: " + printableLine(err.Error())}
	return s.p.FinishCheck(ctx, s.begun(), out, ConclusionFailure)
}

// Cancel completes the check run as cancelled when the run was cancelled
// (SIGINT/SIGTERM) after Begin.
func (s *Session) Cancel(ctx context.Context) error {
	out := CheckRunOutput{Title: "docbridge was cancelled",
		Summary: "The run was cancelled (the job was cancelled or timed out) before docbridge could conclude; no findings are reported."}
	return s.p.FinishCheck(ctx, s.begun(), out, ConclusionCancelled)
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
