package review

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// Limits of the Checks API, and docbridge's own bound on annotations.
const (
	// MaxCheckRunText bounds output.summary (and output.text).
	MaxCheckRunText = 65535
	// maxAnnotationsPerRequest is the most annotations one create or
	// update request may carry; further batches go in further updates.
	maxAnnotationsPerRequest = 50
	// maxAnnotationTitle bounds an annotation's title.
	maxAnnotationTitle = 255
	// maxAnnotationMessage bounds an annotation's message: the runner
	// truncates workflow-command messages there, and a check-run message
	// longer than that is unreadable anyway.
	maxAnnotationMessage = 4096
	// maxCheckRunAnnotations bounds the annotations one run posts (20
	// update requests); the rest are counted in the summary.
	maxCheckRunAnnotations = 1000
	// maxGroupAnnotations bounds the annotations of one finding that
	// stands for references on many lines (DRIFT_MOVE): one per line, at
	// most this many.
	maxGroupAnnotations = 50
)

// Annotation levels of the Checks API.
const (
	AnnotationFailure = "failure"
	AnnotationWarning = "warning"
	AnnotationNotice  = "notice"
)

// Annotation is one line annotation, in the Checks API's terms.
type Annotation struct {
	// Path is relative to the repository root; never empty.
	Path      string
	StartLine int
	EndLine   int
	// StartColumn and EndColumn are 0 (none) unless the annotation is on
	// one line: the API refuses columns across lines.
	StartColumn int
	EndColumn   int
	// Level is failure, warning or notice.
	Level   string
	Title   string
	Message string
}

// CheckRunOutput is the check run's output.
type CheckRunOutput struct {
	// Title is the one-line result shown beside the check's name.
	Title string
	// Summary is Markdown, at most MaxCheckRunText bytes.
	Summary string
	// Annotations are the judged findings that have a file, worst first,
	// at most maxCheckRunAnnotations.
	Annotations []Annotation
	// Unannotated counts judged findings without an annotation: those
	// without a file and those beyond the bound. The summary says so.
	Unannotated int
}

// Batches splits the annotations into requests of at most
// maxAnnotationsPerRequest, in order. No annotations is one empty batch:
// the run is still completed with one request.
func (o CheckRunOutput) Batches() [][]Annotation {
	if len(o.Annotations) == 0 {
		return [][]Annotation{nil}
	}
	var out [][]Annotation
	for b := range slices.Chunk(o.Annotations, maxAnnotationsPerRequest) {
		out = append(out, b)
	}
	return out
}

// annotationLevel maps a level to a check-run annotation level: error →
// failure, warn → warning, anything else → notice.
func annotationLevel(level catalog.Level) string {
	switch level {
	case catalog.Error:
		return AnnotationFailure
	case catalog.Warn:
		return AnnotationWarning
	}
	return AnnotationNotice
}

// annotationsOf returns one annotation per judged finding that has a file,
// worst first, then the further lines of grouped findings (DRIFT_MOVE, at
// most maxGroupAnnotations each), and how many judged findings have none. A
// finding on the whole file (line 0) is annotated on line 1.
func annotationsOf(judged []report.Finding, g GitHubContext) (anns []Annotation, fileless int) {
	for _, f := range judged {
		if f.Location.Path == "" {
			fileless++
			continue
		}
		anns = append(anns, annotationOf(f, g))
	}
	// A grouped finding's further lines come after every finding's first
	// annotation, so that a bound cuts them first.
	for _, f := range judged {
		if f.Location.Path == "" {
			continue
		}
		switch {
		case f.Code == catalog.DriftMove:
			anns = append(anns, groupAnnotations(f, g, "")...)
		case f.Occurrences > 1:
			anns = append(anns, groupAnnotations(f, g, f.Location.Path)...)
		}
	}
	return anns, fileless
}

// groupAnnotations annotates the other lines of a finding that stands for
// references on many lines (DRIFT_MOVE, or one reference repeated on many
// lines of a document: its evidence is the references' locations), with
// the finding's title and message, up to maxGroupAnnotations lines in all.
// A non-empty in keeps to the lines of that file.
func groupAnnotations(f report.Finding, g GitHubContext, in string) []Annotation {
	var out []Annotation
	seen := map[report.Location]bool{f.Location: true}
	for _, l := range f.Evidence {
		if l.Path == "" || l.Line == 0 || seen[l] || len(out)+1 >= maxGroupAnnotations || (in != "" && l.Path != in) {
			continue
		}
		seen[l] = true
		c := f
		c.Location = l
		out = append(out, annotationOf(c, g))
	}
	return out
}

// annotationOf is f as an annotation: title "Broken link (BROKEN_LINK)",
// the message with its remediation, both bounded, control and bidi
// characters made visible.
func annotationOf(f report.Finding, g GitHubContext) Annotation {
	line := max(f.Location.Line, 1)
	title := textwriter.Printable(cmp.Or(f.Title, f.Code))
	if f.Title != "" && f.Code != "" {
		title += " (" + textwriter.Printable(f.Code) + ")"
	}
	msg := textwriter.Printable(f.Detail)
	if f.Remediation != "" {
		msg += "\nFix: " + textwriter.Printable(f.Remediation)
	}
	return Annotation{
		Path:      g.repoPath(f.Location.Path),
		StartLine: line,
		EndLine:   line,
		Level:     annotationLevel(f.Level),
		Title:     clip(title, maxAnnotationTitle),
		Message:   clip(msg, maxAnnotationMessage),
	}
}

// Normalized returns a with the API's rules applied: lines at least 1,
// the end not before the start, columns only on one line and ordered,
// title and message bounded.
func (a Annotation) Normalized() Annotation {
	a.StartLine = max(a.StartLine, 1)
	a.EndLine = max(a.EndLine, a.StartLine)
	if a.StartLine != a.EndLine || a.StartColumn <= 0 {
		a.StartColumn, a.EndColumn = 0, 0
	} else {
		a.EndColumn = max(a.EndColumn, a.StartColumn)
	}
	a.Title = clip(a.Title, maxAnnotationTitle)
	a.Message = clip(a.Message, maxAnnotationMessage)
	return a
}

// CheckRun renders the check run's output: a title, a Markdown summary
// (verdict, counts, the judged findings grouped by code, the resolved
// ones, the doctor) within MaxCheckRunText, listing at most
// DefaultMaxPerCode findings of a code (fewer when that does not fit, as
// in the job summary), and the annotations: one per judged finding with
// a file, with no per-code bound (each sits at its own line of the diff),
// at most maxCheckRunAnnotations.
func CheckRun(r *report.Report, opts RenderOptions) CheckRunOutput {
	g := opts.GitHub
	v := opts.view(r)
	judged := v.judged
	anns, fileless := annotationsOf(judged, g)
	anns, _ = textwriter.Bound(anns, maxCheckRunAnnotations)
	// over counts findings, not the further lines of grouped ones.
	over := max(len(judged)-fileless-maxCheckRunAnnotations, 0)
	out := CheckRunOutput{Title: checkRunTitle(v, opts), Annotations: anns, Unannotated: fileless + over}
	judgedGroups, resolvedGroups := report.GroupByCode(judged), report.GroupByCode(r.Resolved)
	out.Summary = fitting(func(n perCode) (string, bool) {
		m := newBudget(MaxCheckRunText, "", "the job summary")
		m.block(verdictLine(v, opts.FailOn) + "\n\n")
		m.block(countsLine(r, v) + "\n\n")
		if opts.Doctor != nil {
			m.block(InlineText(opts.Doctor.headline()) + "\n\n")
		}
		if r.Verdict != "" {
			m.block(doctorVerdictLine(r.Verdict) + "\n\n")
		}
		if out.Unannotated > 0 {
			m.block(fmt.Sprintf("%s not annotated (%d without a file, %d over the bound of %d annotations); they are counted below.\n\n",
				textwriter.Plural(out.Unannotated, "finding", "findings"), fileless, over, maxCheckRunAnnotations))
		}
		m.block(fullListLine(report.LeftOutBy(judgedGroups, n.judged)+report.LeftOutBy(resolvedGroups, n.other), opts.fullReport()))
		if len(judged) > 0 {
			m.block(sectionHeading(v, "New findings", "Findings"))
			groupedSection(m, judgedGroups, n.judged, g, g.HeadSHA, defaultFullReport)
		}
		if len(r.Resolved) > 0 {
			m.block("### Resolved\n\n")
			groupedSection(m, resolvedGroups, n.other, g, g.BaseSHA, defaultFullReport)
		}
		if opts.Doctor != nil {
			m.block(doctorSection(opts.Doctor, true))
		}
		return m.String(), m.cut()
	})
	return out
}

// sectionHeading is "### New findings" when the judged findings are the
// new ones, "### Findings" otherwise.
func sectionHeading(v ghView, compared, plain string) string {
	if v.onlyNew {
		return "### " + compared + "\n\n"
	}
	return "### " + plain + "\n\n"
}

// checkRunTitle is "2 new findings: 1 error, 1 warn" or "No new findings".
func checkRunTitle(v ghView, opts RenderOptions) string {
	judged := v.judged
	var b strings.Builder
	label := newCountLabel(v)
	b.WriteString(strings.ToUpper(label[:1]) + label[1:])
	var parts []string
	for _, l := range report.LevelsWorstFirst {
		if n := report.CountLevel(judged, l); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, l))
		}
	}
	if len(parts) > 0 {
		b.WriteString(": " + strings.Join(parts, ", "))
	}
	if opts.Doctor != nil {
		b.WriteString(" · grade " + opts.Doctor.label())
	}
	return clip(textwriter.Printable(b.String()), maxAnnotationTitle)
}

// Check-run conclusions docbridge sets.
const (
	ConclusionSuccess = "success"
	ConclusionFailure = "failure"
	// ConclusionCancelled completes a check run whose job was cancelled
	// (SIGINT/SIGTERM) before it could conclude.
	ConclusionCancelled = "cancelled"
)

// Conclusion is the check run's conclusion for a number of failing
// findings.
func Conclusion(failing int) string {
	if failing > 0 {
		return ConclusionFailure
	}
	return ConclusionSuccess
}
