package review

import (
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
	// Suggestions is what the run did with its suggested changes; nil for
	// none offered.
	Suggestions *SuggestionStatus
}

// Conclusion is the check run's: failure when a selected finding is at or
// above fail-on, else success.
func (r Results) Conclusion() string { return Conclusion(r.Failing) }

// RenderOptions are the renderers' options for these results.
func (r Results) RenderOptions(gh GitHubContext) RenderOptions {
	sel := r.Selection
	o := RenderOptions{GitHub: gh, FailOn: r.FailOn, Selection: &sel, Failing: r.Failing, FullReport: r.FullReport,
		Enrichment: r.Enrichment, Suggestions: r.Suggestions}
	if r.Grade != "" {
		o.Doctor = &DoctorSummary{Grade: r.Grade, Score: r.Score + "/100", Dimensions: r.Dimensions, Advice: r.Advice}
		if r.BaseGrade != "" {
			o.Doctor.BaseGrade, o.Doctor.BaseScore, o.Doctor.BaseRef = r.BaseGrade, r.BaseScore+"/100", r.BaseRef
		}
	}
	return o
}
