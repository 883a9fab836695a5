package review

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	goldenfile "github.com/docbridge/docbridge/internal/golden"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

// TestGroupedGolden pins the grouped GitHub renderings of a report with more
// findings of some codes than the bounds list.
func TestGroupedGolden(t *testing.T) {
	opts := ghOptions()
	opts.FullReport = "the JSON report `.docbridge/report.json` (the step's `report` output) and the run's log"
	cases := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"summary-grouped.md.golden", str(func() string { return JobSummary(groupedReport(), opts) })},
		{"comment-grouped.md.golden", str(func() string { return Comment(groupedReport(), opts) })},
		{"checkrun-grouped.json.golden", func() ([]byte, error) { return renderJSON(CheckRun(groupedReport(), opts)) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenfile.CheckStable(t, filepath.Join("testdata", c.name), c.render) })
	}
}

var (
	mdSectionRe = regexp.MustCompile(`^### ([A-Za-z :]+?)(?: \(|$)`)
	mdHeadRe    = regexp.MustCompile("^#### .* · `([A-Z0-9_]+)` · ([0-9,]+) findings?$")
	mdMoreRe    = regexp.MustCompile("^… and ([0-9,]+) more `([A-Z0-9_]+)` findings? \\(see ")
)

// tallyMarkdown reads a job summary or check-run summary back: per
// section heading ("New findings", "Unchanged", …), per code.
func tallyMarkdown(t *testing.T, md string) map[string]map[string]*reporttest.Tally {
	t.Helper()
	res := map[string]map[string]*reporttest.Tally{}
	section, code := "", ""
	for _, l := range strings.Split(md, "\n") {
		switch {
		case mdSectionRe.MatchString(l):
			section, code = mdSectionRe.FindStringSubmatch(l)[1], ""
			res[section] = map[string]*reporttest.Tally{}
		case mdHeadRe.MatchString(l):
			m := mdHeadRe.FindStringSubmatch(l)
			code = m[1]
			if res[section][code] != nil {
				t.Fatalf("%s: %s headed twice", section, code)
			}
			res[section][code] = &reporttest.Tally{Stated: reporttest.Atoi(t, m[2])}
		case mdMoreRe.MatchString(l):
			m := mdMoreRe.FindStringSubmatch(l)
			if m[2] != code {
				t.Fatalf("%s: more line of %s under %s", section, m[2], code)
			}
			res[section][code].More += reporttest.Atoi(t, m[1])
		case strings.HasPrefix(l, "| ") && code != "" && l != "| Finding | Where |":
			res[section][code].Listed++
		case l == "" || strings.HasPrefix(l, "|"):
		default:
			code = ""
		}
	}
	return res
}

var (
	commentRowRe   = regexp.MustCompile("^\\| \\S+ \\| \\*\\*.*\\*\\* `([A-Z0-9_]+)` — ")
	commentMoreRe  = regexp.MustCompile("^\\| \\| … and ([0-9,]+) more `([A-Z0-9_]+)` findings? \\|")
	commentOtherRe = regexp.MustCompile("`([A-Z0-9_]+)` \\(([0-9,]+)\\)")
)

// tallyComment reads the new findings of a comment back, per code:
// listed rows, "more" rows and the codes named in the closing line.
func tallyComment(t *testing.T, body string) map[string]*reporttest.Tally {
	t.Helper()
	res := map[string]*reporttest.Tally{}
	get := func(c string) *reporttest.Tally {
		if res[c] == nil {
			res[c] = &reporttest.Tally{}
		}
		return res[c]
	}
	inResolved := false
	for _, l := range strings.Split(body, "\n") {
		switch {
		case strings.HasPrefix(l, "<details><summary>Resolved"):
			inResolved = true
		case inResolved:
			if l == "</details>" {
				inResolved = false
			}
		case commentRowRe.MatchString(l):
			get(commentRowRe.FindStringSubmatch(l)[1]).Listed++
		case commentMoreRe.MatchString(l):
			m := commentMoreRe.FindStringSubmatch(l)
			get(m[2]).More += reporttest.Atoi(t, m[1])
		case strings.HasPrefix(l, "… and ") && strings.Contains(l, " of other codes in "):
			for _, m := range commentOtherRe.FindAllStringSubmatch(l, -1) {
				get(m[1]).Stated += reporttest.Atoi(t, m[2])
			}
		}
	}
	return res
}

// TestLargeRepositoryBounds: 2,400 findings over 16 codes with long paths
// and messages. The job summary stays under 64 KB uncut, lists some
// findings of every code and counts the rest exactly; the comment and
// the check run's summary stay within GitHub's limits with exact counts;
// JSON and SARIF keep every finding.
func TestLargeRepositoryBounds(t *testing.T) {
	for _, compared := range []bool{false, true} {
		r := bigReport(2400, compared)
		name := fmt.Sprintf("compared=%v", compared)
		if len(r.Findings)+len(r.Resolved) < 2000 || len(codeCounts(r.Findings)) < 15 {
			t.Fatalf("%s: %d findings of %d codes: the fixture proves nothing", name, len(r.Findings), len(codeCounts(r.Findings)))
		}
		opts := ghOptions()
		opts.GitHub.HeadSHA = strings.Repeat("a", 40)
		opts.GitHub.BaseSHA = strings.Repeat("b", 40)
		opts.FullReport = "the JSON report `.docbridge/report.json` (the step's `report` output) and the run's log"

		summary := JobSummary(r, opts)
		if len(summary) >= MaxJobSummary || len(summary) >= 64<<10 || strings.Contains(summary, "✂️") {
			t.Errorf("%s: job summary of %d bytes (cut: %v)", name, len(summary), strings.Contains(summary, "✂️"))
		}
		if !strings.Contains(summary, "every finding is in "+opts.FullReport) {
			t.Errorf("%s: the job summary does not say where every finding is", name)
		}
		sections := tallyMarkdown(t, summary)
		judgedKey, want := "Findings", map[string][]report.Finding{}
		if compared {
			judgedKey = "New findings"
			want["Unchanged"] = report.WithStatus(r.Findings, report.StatusUnchanged)
			want["Resolved"] = r.Resolved
		}
		want[judgedKey] = report.Judged(r)
		if len(sections) != len(want) {
			t.Errorf("%s: sections %v", name, slices.Sorted(maps.Keys(sections)))
		}
		for sec, fs := range want {
			reporttest.WantTally(t, name+" summary "+sec, sections[sec], codeCounts(fs), report.DefaultMaxPerCode)
			for code, tl := range sections[sec] {
				if tl.Listed == 0 {
					t.Errorf("%s summary %s: no finding of %s listed", name, sec, code)
				}
			}
		}
		t.Logf("%s: job summary %d bytes", name, len(summary))

		body := Comment(r, opts)
		if len(body) > MaxCommentChars || strings.Contains(body, "✂️") {
			t.Errorf("%s: comment of %d bytes (cut: %v)", name, len(body), strings.Contains(body, "✂️"))
		}
		got := tallyComment(t, body)
		listed := 0
		for _, tl := range got {
			listed += tl.Listed
			tl.More += tl.Stated // the closing line counts whole codes
			tl.Stated = 0
		}
		reporttest.WantTally(t, name+" comment", got, codeCounts(report.Judged(r)), 0)
		if listed != maxCommentRows {
			t.Errorf("%s: comment lists %d findings, want %d", name, listed, maxCommentRows)
		}
		for code, tl := range got {
			if tl.Listed > maxCommentPerCode {
				t.Errorf("%s comment: %d findings of %s listed", name, tl.Listed, code)
			}
		}

		out := CheckRun(r, opts)
		if len(out.Summary) > MaxCheckRunText || strings.Contains(out.Summary, "✂️") {
			t.Errorf("%s: check-run summary of %d bytes", name, len(out.Summary))
		}
		crWant := map[string][]report.Finding{judgedKey: report.Judged(r)}
		if compared {
			crWant["Resolved"] = r.Resolved
		}
		for sec, fs := range crWant {
			reporttest.WantTally(t, name+" check run "+sec, tallyMarkdown(t, out.Summary)[sec], codeCounts(fs), report.DefaultMaxPerCode)
		}
		if len(out.Annotations) != min(maxCheckRunAnnotations, len(report.Judged(r))-codeCounts(report.Judged(r))["UNDOCUMENTED_AREA"]) {
			t.Errorf("%s: %d annotations: a per-code bound crept in", name, len(out.Annotations))
		}

	}
}
