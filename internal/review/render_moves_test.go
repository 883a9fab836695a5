package review

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/report"
)

// moveReport is a compared report with one DRIFT_MOVE standing for refs
// references on refs lines of two documents, and one DRIFT_LINK; edits
// says whether the findings carry edits.
func moveReport(refs int, edits bool) *report.Report {
	move := report.Finding{ID: "m1", Code: catalog.DriftMove, Severity: report.SeverityHigh, Level: catalog.Error,
		Title: "References into a moved directory", Status: report.StatusNew,
		Detail: fmt.Sprintf("%d references into `packages/core/`, which this change moved to `pkg/core/`", refs)}
	for i := range refs {
		doc := "docs/a.md"
		if i%2 == 1 {
			doc = "docs/b.md"
		}
		l := report.Location{Path: doc, Line: 10 + i}
		move.Evidence = append(move.Evidence, l)
		if edits {
			move.Edits = append(move.Edits, finding.Edit{Path: doc, Line: l.Line, Kind: finding.EditCode,
				Old: fmt.Sprintf("packages/core/f%d.ts", i), New: fmt.Sprintf("pkg/core/f%d.ts", i)})
		}
	}
	move.Location = move.Evidence[0]
	link := report.Finding{ID: "l1", Code: catalog.DriftLink, Severity: report.SeverityHigh, Level: catalog.Error, Title: "Link target drifted",
		Status: report.StatusNew, Detail: "link `setup.md`: docs/setup.md was moved to guide/setup.md by this change",
		Location: report.Location{Path: "docs/c.md", Line: 3}, Evidence: []report.Location{{Path: "docs/c.md", Line: 3}, {Path: "guide/setup.md"}}}
	if edits {
		link.Edits = []finding.Edit{{Path: "docs/c.md", Line: 3, Kind: finding.EditLink, Old: "setup.md", New: "../guide/setup.md"}}
	}
	r := &report.Report{Tool: report.Tool{Name: report.ToolName, Version: "test"}, Compared: true, Findings: []report.Finding{move, link}}
	slices.SortFunc(r.Findings, report.CompareFindings)
	r.Summary = report.Summarize(r.Findings, nil)
	return r
}

// A DRIFT_MOVE is one finding in the comment and the check run's title,
// and an annotation on each of its lines up to maxGroupAnnotations; a
// plain drift is annotated once. The comment shows the fix command.
func TestMoveAnnotationsAndComment(t *testing.T) {
	for _, refs := range []int{7, 80} {
		r := moveReport(refs, true)
		opts := RenderOptions{GitHub: ghContext(), FailOn: "error"}
		out := CheckRun(r, opts)
		perPath := map[string]int{}
		lines := map[string]bool{}
		for _, a := range out.Annotations {
			perPath[a.Path]++
			k := fmt.Sprintf("%s:%d", a.Path, a.StartLine)
			if lines[k] {
				t.Errorf("%d refs: line %s annotated twice", refs, k)
			}
			lines[k] = true
		}
		moveAnns := perPath["docs/a.md"] + perPath["docs/b.md"]
		if want := min(refs, maxGroupAnnotations); moveAnns != want || perPath["docs/c.md"] != 1 {
			t.Errorf("%d refs: annotations %v, want %d on the move's lines and 1 for the link", refs, perPath, want)
		}
		if !strings.HasPrefix(out.Title, "2 new findings") {
			t.Errorf("title = %q", out.Title)
		}
		c := Comment(r, opts)
		if n := strings.Count(c, "References into a moved directory"); n != 1 {
			t.Errorf("%d refs: the move is listed %d times in the comment", refs, n)
		}
		want := fmt.Sprintf("`docbridge fix` rewrites %d references of 2 findings", refs+1)
		if !strings.Contains(c, want) || !strings.Contains(c, "docbridge fix --base base.json") {
			t.Errorf("%d refs: comment lacks the fix command %q:\n%s", refs, want, c)
		}
	}
	// Nothing fixable: no command.
	if c := Comment(moveReport(7, false), RenderOptions{GitHub: ghContext()}); strings.Contains(c, "docbridge fix") {
		t.Errorf("fix command without edits:\n%s", c)
	}
}

func TestFixLineBaseSHA(t *testing.T) {
	r := moveReport(5, true)
	g := ghContext()
	g.BaseSHA = "0123456789abcdef0123456789abcdef01234567"
	if l := fixLine(r.Findings, g); !strings.Contains(l, "`0123456789ab`") {
		t.Errorf("fix line = %q, want the short base commit", l)
	}
	g.BaseSHA = "main`; rm -rf /"
	if l := fixLine(r.Findings, g); !strings.Contains(l, "a checkout of the base commit") || strings.Contains(l, "rm -rf") {
		t.Errorf("fix line = %q: a base that is no commit id is not written", l)
	}
}

// At the run's bound, every finding's first annotation comes before the
// further lines of a grouped one, and only findings count as unannotated.
func TestMoveAnnotationsAtTheBound(t *testing.T) {
	r := moveReport(30, false)
	for i := range maxCheckRunAnnotations - 10 {
		l := report.Location{Path: fmt.Sprintf("docs/p%04d.md", i), Line: 1}
		r.Findings = append(r.Findings, report.Finding{ID: fmt.Sprintf("b%04d", i), Code: catalog.BrokenLink, Severity: report.SeverityHigh,
			Level: catalog.Error, Status: report.StatusNew, Detail: "broken", Location: l, Evidence: []report.Location{l}})
	}
	slices.SortFunc(r.Findings, report.CompareFindings)
	r.Summary = report.Summarize(r.Findings, nil)
	out := CheckRun(r, RenderOptions{GitHub: ghContext()})
	if len(out.Annotations) != maxCheckRunAnnotations || out.Unannotated != 0 {
		t.Fatalf("%d annotations, %d unannotated; want %d and 0", len(out.Annotations), out.Unannotated, maxCheckRunAnnotations)
	}
	firsts := map[string]bool{}
	for _, a := range out.Annotations {
		firsts[fmt.Sprintf("%s:%d", a.Path, a.StartLine)] = true
	}
	for _, f := range r.Findings {
		if !firsts[fmt.Sprintf("%s:%d", f.Location.Path, f.Location.Line)] {
			t.Errorf("finding at %v has no annotation", f.Location)
		}
	}
}

// One reference repeated on many lines of a document is one finding
// annotated on each of its lines in that document — not on evidence in
// another file — and once on a line written twice.
func TestRepeatedReferenceAnnotations(t *testing.T) {
	at := func(p string, l int) report.Location { return report.Location{Path: p, Line: l} }
	f := report.Finding{ID: "r1", Code: catalog.BrokenAnchor, Severity: report.SeverityHigh, Level: catalog.Error,
		Title: "Broken anchor", Detail: "anchor #services matches no heading of this document (4×)", Status: report.StatusNew,
		Occurrences: 4, Location: at("docs/a.md", 3),
		Evidence: []report.Location{at("docs/a.md", 3), at("docs/b.md", 1), at("docs/a.md", 9), at("docs/a.md", 12)}}
	plain := f
	plain.ID, plain.Occurrences, plain.Location, plain.Evidence = "p1", 0, at("docs/c.md", 2), []report.Location{at("docs/c.md", 2), at("docs/c.md", 5)}
	r := &report.Report{Tool: report.Tool{Name: report.ToolName, Version: "test"}, Compared: true, Findings: []report.Finding{f, plain}}
	slices.SortFunc(r.Findings, report.CompareFindings)
	r.Summary = report.Summarize(r.Findings, nil)
	var got []string
	for _, a := range CheckRun(r, RenderOptions{GitHub: ghContext(), FailOn: "error"}).Annotations {
		got = append(got, fmt.Sprintf("%s:%d", a.Path, a.StartLine))
	}
	slices.Sort(got)
	if want := []string{"docs/a.md:12", "docs/a.md:3", "docs/a.md:9", "docs/c.md:2"}; !slices.Equal(got, want) {
		t.Errorf("annotations %v, want %v", got, want)
	}
}
