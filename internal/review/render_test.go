package review

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/actionenv"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/repopath"
	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/report/reporttest"
)

// hostileGH is repository text aimed at every GitHub surface: a table
// break, code, the sticky marker, HTML, mentions, math, a link, a
// workflow-command injection on a new line, escapes the runner decodes,
// property separators, ANSI and a bidi override.
const hostileGH = "x | y `code` " + StickyMarker + " </details> <img src=x onerror=alert(1)> @octocat @org/team $x^2$ " +
	"[link](https://evil.example) **bold** \n::error::injected\r\n%0A, key=val: end \x1b[31m \u202e"

// hostileReport is a compared report whose every text field is reporttest's hostile text.
func hostileReport() *report.Report {
	f := func(id, code, sev string, level catalog.Level, path string, line int) report.Finding {
		return report.Finding{ID: id, Code: code, Severity: sev, Level: level, Title: hostileGH, Detail: hostileGH,
			Location: report.Location{Path: path, Line: line}, Evidence: []report.Location{{Path: path, Line: line}},
			EntityIDs: []string{"module:" + hostileGH, "module:b`|<x>"}, Remediation: hostileGH,
			HelpURL: "javascript:alert(1)", Status: report.StatusNew}
	}
	r := &report.Report{Tool: report.Tool{Name: report.ToolName, Version: hostileGH}, Project: hostileGH, SnapshotHash: hostileGH, Compared: true,
		Verdict: hostileGH,
		Findings: []report.Finding{
			f("1", "IMPORT_CYCLE", report.SeverityHigh, "error", "docs/a|b`c <x> @me.md", 3),
			f("2", "BAD`CODE|x", report.SeverityMedium, "warn", "docs/line\nbreak,colon:%.md", 0),
			f("3", hostileGH, report.SeverityLow, "info", "", 0),
		},
		Resolved: []report.Finding{f("4", "BROKEN_LINK", report.SeverityHigh, "error", "docs/gone "+hostileGH+".md", 9)}}
	r.Resolved[0].Status = report.StatusResolved
	r.Summary = report.Summarize(r.Findings, r.Resolved)
	return r
}

func hostileOptions() RenderOptions {
	g := ghContext()
	g.RunURL = "https://github.com/o/r/actions/runs/1) [x](https://evil.example"
	return RenderOptions{GitHub: g, FailOn: "error", Stats: hostileGH,
		Doctor: &DoctorSummary{Grade: hostileGH, Score: hostileGH, BaseGrade: "<b>", BaseScore: "</summary>", BaseRef: hostileGH,
			Dimensions: []DoctorDimension{{Name: hostileGH, Score: hostileGH, Delta: hostileGH}}, Advice: hostileGH}}
}

var (
	mentionRe = regexp.MustCompile("@[^\u200b]")
	// codeSpanRe finds code spans once escaped backticks are removed.
	codeSpanRe = regexp.MustCompile("`([^`]*)`")
	safeCodeRe = regexp.MustCompile(`^[A-Za-z0-9_:\\|]+$`)
)

// unescapedCount counts c in s where not preceded by an odd run of
// backslashes.
func unescapedCount(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			continue
		}
		bs := 0
		for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
			bs++
		}
		if bs%2 == 0 {
			n++
		}
	}
	return n
}

// checkMarkdownSafe asserts that no hostile text (reporttest's) escaped its cell in md.
func checkMarkdownSafe(t *testing.T, name, md string, marker bool) {
	t.Helper()
	if want := map[bool]int{true: 1, false: 0}[marker]; strings.Count(md, StickyMarker) != want {
		t.Errorf("%s: the marker appears %d times, want %d", name, strings.Count(md, StickyMarker), want)
	}
	if marker && !strings.HasPrefix(md, StickyMarker+"\n") {
		t.Errorf("%s: does not start with the marker", name)
	}
	if m := mentionRe.FindString(md); m != "" {
		t.Errorf("%s: live mention %q", name, m)
	}
	for _, bad := range []string{"<img", "<b>", "javascript:", "\x1b", "\u202e", "\r"} {
		if strings.Contains(md, bad) {
			t.Errorf("%s: contains %q", name, bad)
		}
	}
	if o, c := strings.Count(md, "<details"), strings.Count(md, "</details>"); o != c {
		t.Errorf("%s: %d <details> but %d </details>", name, o, c)
	}
	if strings.Count(md, "<!--") != strings.Count(md, StickyMarker) {
		t.Errorf("%s: an HTML comment other than the marker", name)
	}
	inFence, tablePipes := false, 0
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			if _, label, ok := strings.Cut(line, "[\""); ok {
				label = strings.TrimSuffix(label, "\"]")
				if strings.ContainsAny(label, "`<>\"") {
					t.Errorf("%s: Mermaid label carries raw markup: %q", name, line)
				}
			}
			continue
		}
		if strings.HasPrefix(line, "::") {
			t.Errorf("%s: a line reads as a workflow command: %q", name, line)
		}
		if strings.Contains(line, "](https://evil") {
			t.Errorf("%s: hostile link: %q", name, line)
		}
		switch {
		case !strings.HasPrefix(line, "|"):
			tablePipes = 0
		case tablePipes == 0:
			tablePipes = unescapedCount(line, '|') // the header row
		case unescapedCount(line, '|') != tablePipes:
			t.Errorf("%s: table row has %d cell separators, want %d: %q", name, unescapedCount(line, '|'), tablePipes, line)
		}
		if n := unescapedCount(line, '$'); n != 0 {
			t.Errorf("%s: unescaped $ in %q", name, line)
		}
		for _, m := range codeSpanRe.FindAllStringSubmatch(strings.ReplaceAll(line, "\\`", ""), -1) {
			if !safeCodeRe.MatchString(m[1]) {
				t.Errorf("%s: code span %q carries repository text", name, m[1])
			}
		}
	}
}

func TestGitHubHostileText(t *testing.T) {
	r, opts := hostileReport(), hostileOptions()
	checkMarkdownSafe(t, "comment", Comment(r, opts), true)
	checkMarkdownSafe(t, "summary", JobSummary(r, opts), false)
	out := CheckRun(r, opts)
	checkMarkdownSafe(t, "check run", out.Summary, false)
	if strings.ContainsAny(out.Title, "\n\r\x1b\u202e") {
		t.Errorf("check-run title %q carries control characters", out.Title)
	}
	for _, a := range out.Annotations {
		if strings.ContainsAny(a.Title+a.Message, "\r\x1b\u202e") {
			t.Errorf("annotation carries control characters: %+v", a)
		}
	}
	var b strings.Builder
	if err := WriteWorkflowCommands(&b, out.Annotations); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(out.Annotations) {
		t.Fatalf("%d workflow-command lines for %d annotations:\n%s", len(lines), len(out.Annotations), b.String())
	}
	for i, line := range lines {
		name, props, msg, err := parseWorkflowCommand(line)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		a := out.Annotations[i].Normalized()
		if name != workflowCommandOf[a.Level] || props["file"] != a.Path || props["title"] != a.Title ||
			props["line"] != strconv.Itoa(a.StartLine) || msg != a.Message {
			t.Errorf("line %d decodes to %s %v %q; want %+v", i, name, props, msg, a)
		}
	}
}

// parseWorkflowCommand decodes one workflow command the way the runner
// does: the first "::" after the name ends the properties.
func parseWorkflowCommand(line string) (name string, props map[string]string, msg string, err error) {
	if !strings.HasPrefix(line, "::") || strings.ContainsAny(line, "\r\n") {
		return "", nil, "", fmt.Errorf("not one command line: %q", line)
	}
	head, data, ok := strings.Cut(line[2:], "::")
	if !ok {
		return "", nil, "", fmt.Errorf("no message separator: %q", line)
	}
	unesc := strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%")
	name, rest, _ := strings.Cut(head, " ")
	props = map[string]string{}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				return "", nil, "", fmt.Errorf("property %q without a value", kv)
			}
			if _, dup := props[k]; dup {
				return "", nil, "", fmt.Errorf("property %q twice", k)
			}
			props[k] = unesc.Replace(v)
		}
	}
	return name, props, strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(data), nil
}

func TestBatches(t *testing.T) {
	for _, n := range []int{0, 1, 49, 50, 51, 100, 120} {
		anns := make([]Annotation, n)
		for i := range anns {
			anns[i] = Annotation{Path: "a.md", StartLine: i + 1, EndLine: i + 1, Level: AnnotationNotice, Message: "m"}
		}
		batches := CheckRunOutput{Annotations: anns}.Batches()
		wantBatches := max((n+maxAnnotationsPerRequest-1)/maxAnnotationsPerRequest, 1)
		if len(batches) != wantBatches {
			t.Errorf("%d annotations: %d batches, want %d", n, len(batches), wantBatches)
		}
		var joined []Annotation
		for _, b := range batches {
			if len(b) > maxAnnotationsPerRequest {
				t.Errorf("%d annotations: a batch of %d", n, len(b))
			}
			joined = append(joined, b...)
		}
		if !slices.Equal(joined, anns) {
			t.Errorf("%d annotations: batches do not rejoin to the input", n)
		}
	}
}

func TestAnnotationsBoundAndLevels(t *testing.T) {
	r := manyReport(maxCheckRunAnnotations+120, 10)
	out := CheckRun(r, RenderOptions{})
	if len(out.Annotations) != maxCheckRunAnnotations || out.Unannotated != 120 {
		t.Errorf("%d annotations, %d unannotated; want %d and 120", len(out.Annotations), out.Unannotated, maxCheckRunAnnotations)
	}
	if !strings.Contains(out.Summary, "120 findings not annotated (0 without a file, 120 over the bound") {
		t.Errorf("summary does not count what was not annotated:\n%.400s", out.Summary)
	}
	rank := map[string]int{AnnotationFailure: 0, AnnotationWarning: 1, AnnotationNotice: 2}
	if !slices.IsSortedFunc(out.Annotations, func(a, b Annotation) int { return rank[a.Level] - rank[b.Level] }) {
		t.Errorf("annotations are not worst first")
	}
	for level, want := range map[catalog.Level]string{catalog.Error: AnnotationFailure, catalog.Warn: AnnotationWarning,
		catalog.Info: AnnotationNotice, catalog.Off: AnnotationNotice, "bogus": AnnotationNotice} {
		if got := annotationLevel(level); got != want {
			t.Errorf("annotationLevel(%s) = %s, want %s", level, got, want)
		}
	}
}

func TestAnnotationOf(t *testing.T) {
	long := strings.Repeat("é", 300)
	f := report.Finding{Code: "BROKEN_LINK", Title: long, Detail: strings.Repeat("d", maxAnnotationMessage+10), Severity: report.SeverityHigh, Level: catalog.Error,
		Location: report.Location{Path: "a.md"}}
	a := annotationOf(f, GitHubContext{Scanned: repopath.New("/site/../docs-root/")})
	if a.Path != "docs-root/a.md" || a.StartLine != 1 || a.EndLine != 1 {
		t.Errorf("whole-file finding annotated at %s:%d-%d", a.Path, a.StartLine, a.EndLine)
	}
	if n := len([]rune(a.Title)); n != maxAnnotationTitle || !strings.HasSuffix(a.Title, "…") {
		t.Errorf("title of %d runes, want %d ending in …", n, maxAnnotationTitle)
	}
	if n := len([]rune(a.Message)); n != maxAnnotationMessage {
		t.Errorf("message of %d runes, want %d", n, maxAnnotationMessage)
	}
}

func TestAnnotationNormalized(t *testing.T) {
	cases := []struct{ in, want Annotation }{
		{Annotation{StartLine: 3, EndLine: 3, StartColumn: 2, EndColumn: 5}, Annotation{StartLine: 3, EndLine: 3, StartColumn: 2, EndColumn: 5}},
		{Annotation{StartLine: 3, EndLine: 4, StartColumn: 2, EndColumn: 5}, Annotation{StartLine: 3, EndLine: 4}},
		{Annotation{StartLine: 0, EndLine: 0, StartColumn: 7, EndColumn: 1}, Annotation{StartLine: 1, EndLine: 1, StartColumn: 7, EndColumn: 7}},
		{Annotation{StartLine: 5, EndLine: 2}, Annotation{StartLine: 5, EndLine: 5}},
		{Annotation{StartLine: 2, EndLine: 2, EndColumn: 9}, Annotation{StartLine: 2, EndLine: 2}},
	}
	for _, c := range cases {
		if got := c.in.Normalized(); got != c.want {
			t.Errorf("%+v normalized to %+v, want %+v", c.in, got, c.want)
		}
	}
	line := WorkflowAnnotation(Annotation{Path: "a.md", StartLine: 3, EndLine: 3, StartColumn: 2, EndColumn: 5, Level: AnnotationWarning, Message: "m"})
	if line != "::warning file=a.md,line=3,col=2,endColumn=5::m" {
		t.Errorf("one-line annotation with columns: %q", line)
	}
	line = WorkflowAnnotation(Annotation{Path: "a.md", StartLine: 3, EndLine: 4, StartColumn: 2, EndColumn: 5, Level: AnnotationFailure, Message: "m"})
	if line != "::error file=a.md,line=3,endLine=4::m" {
		t.Errorf("multi-line annotation: %q", line)
	}
}

func TestWorkflowCommandsPerTypeBound(t *testing.T) {
	// 25 findings: levels cycle error, error, warn, info → 13 errors, 6
	// warnings, 6 notices.
	anns, _ := Annotations(manyReport(25, 10, "error", "error", "warn", "info"), GitHubContext{})
	var b strings.Builder
	if err := WriteWorkflowCommands(&b, anns); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var overflow []string
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		name, props, msg, err := parseWorkflowCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		count[name]++
		if props["file"] == "" {
			overflow = append(overflow, name+": "+msg)
		}
	}
	want := map[string]int{"error": MaxWorkflowAnnotationsPerType, "warning": 6, "notice": 6}
	for k, v := range want {
		if count[k] != v {
			t.Errorf("%d %s lines, want %d", count[k], k, v)
		}
	}
	if len(overflow) != 1 || !strings.HasPrefix(overflow[0], "error: 4 more errors not shown") {
		t.Errorf("overflow notes: %q", overflow)
	}
}

func TestWorkflowCommandEscaping(t *testing.T) {
	got := WorkflowCommand("error", [][2]string{{"file", "a,b:c%d\r\ne.md"}, {"title", "t"}}, "50% done\r\nnext::x,y:z")
	want := "::error file=a%2Cb%3Ac%25d%0D%0Ae.md,title=t::50%25 done%0D%0Anext::x,y:z"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestMarkdownBounds(t *testing.T) {
	amp := strings.Repeat("&", 600) // each & costs 5 bytes escaped
	// heavy has n findings over codes codes, every message and
	// remediation at the cell bound and five times longer escaped.
	heavy := func(n, codes int) *report.Report {
		r := manyReport(n, 10)
		for i := range r.Findings {
			r.Findings[i].Detail, r.Findings[i].Remediation = amp, amp
			r.Findings[i].Code = fmt.Sprintf("CODE_%02d", i%codes)
		}
		return r
	}
	t.Run("comment", func(t *testing.T) {
		body := Comment(heavy(1000, 10), ghOptions())
		if len(body) > MaxCommentChars {
			t.Fatalf("comment of %d bytes", len(body))
		}
		shown := strings.Count(body, "\n| 🔴 |") + strings.Count(body, "\n| 🟡 |") + strings.Count(body, "\n| 🔵 |")
		more := strings.Count(body, "\n| | … and ")
		// 30 rows over 6 codes: 5 of each and a "more" row each.
		if cut := cutRows(t, body); shown+more+cut != maxCommentRows+6 || cut == 0 {
			t.Errorf("%d rows shown + %d more rows + %d cut, want %d with some cut", shown, more, cut, maxCommentRows+6)
		}
		if !strings.HasSuffix(body, "</sub>\n") {
			t.Errorf("the footer was lost")
		}
	})
	t.Run("check run", func(t *testing.T) {
		out := CheckRun(heavy(300, 10), RenderOptions{})
		if len(out.Summary) > MaxCheckRunText || strings.Contains(out.Summary, "✂️") {
			t.Errorf("summary of %d bytes, cut: %v", len(out.Summary), strings.Contains(out.Summary, "✂️"))
		}
		reporttest.WantTally(t, "check run", tallyMarkdown(t, out.Summary)["New findings"], codeCounts(heavy(300, 10).Findings), report.DefaultMaxPerCode)
	})
	t.Run("job summary", func(t *testing.T) {
		r := heavy(2000, 10)
		s := JobSummary(r, RenderOptions{})
		if len(s) > MaxJobSummary || strings.Contains(s, "✂️") {
			t.Errorf("summary of %d bytes, cut: %v", len(s), strings.Contains(s, "✂️"))
		}
		reporttest.WantTally(t, "job summary", tallyMarkdown(t, s)["New findings"], codeCounts(r.Findings), report.DefaultMaxPerCode)
	})
	t.Run("job summary cut", func(t *testing.T) {
		// 20 codes of rows of 5 KB: not even one of each fits, so the
		// budget cuts and says so, and the footer stays.
		s := JobSummary(heavy(2000, 20), ghOptions())
		if len(s) > MaxJobSummary || cutRows(t, s) == 0 || !strings.HasSuffix(s, "</sub>\n") {
			t.Errorf("summary of %d bytes, %d rows cut", len(s), cutRows(t, s))
		}
	})
	t.Run("comment rows", func(t *testing.T) {
		body := Comment(manyReport(45, 20), RenderOptions{})
		if n := strings.Count(body, "\n| 🔴 |") + strings.Count(body, "\n| 🟡 |") + strings.Count(body, "\n| 🔵 |"); n != maxCommentPerCode {
			t.Errorf("%d rows, want %d", n, maxCommentPerCode)
		}
		if !strings.Contains(body, "| | … and 40 more `BROKEN_LINK` findings | in the job summary |") || strings.Contains(body, "✂️") {
			t.Errorf("the 40 findings over the per-code bound are not counted (or the comment was cut)")
		}
	})
}

var cutRe = regexp.MustCompile(`✂️ Cut to stay under [0-9,]+ characters: (\d+) rows?`)

// cutRows reads the count of cut rows from the cut notice (0 without one).
func cutRows(t *testing.T, md string) int {
	t.Helper()
	m := cutRe.FindStringSubmatch(md)
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFailing(t *testing.T) {
	cases := []struct {
		r      *report.Report
		failOn catalog.FailOn
		want   int
	}{
		{sampleReport(), "error", 2}, {sampleReport(), "", 2}, {sampleReport(), "warn", 2},
		{sampleReport(), "info", 3}, {sampleReport(), "none", 0},
		{sampleReportNoBase(), "error", 2}, {sampleReportNoBase(), "warn", 4}, {sampleReportNoBase(), "info", 6},
	}
	for _, c := range cases {
		got := report.Failing(report.Judged(c.r), c.failOn)
		if len(got) != c.want {
			t.Errorf("compared=%v fail-on %q: %d failing, want %d", c.r.Compared, c.failOn, len(got), c.want)
		}
		for _, f := range got {
			if c.r.Compared && f.Status != report.StatusNew {
				t.Errorf("a %s finding fails", f.Status)
			}
		}
	}
}

func TestDoctorChange(t *testing.T) {
	cases := []struct {
		d    DoctorSummary
		want string
	}{
		{DoctorSummary{Grade: "B", Score: "82/100", BaseGrade: "C", BaseScore: "79/100"}, "▲3"},
		{DoctorSummary{Grade: "C", Score: "70/100", BaseGrade: "B", BaseScore: "81/100"}, "▼11"},
		{DoctorSummary{Grade: "B", Score: "80/100", BaseGrade: "B", BaseScore: "80/100"}, "±0"},
		{DoctorSummary{Grade: "B", Score: "good", BaseGrade: "C", BaseScore: "fair"}, "was C fair"},
		{DoctorSummary{Grade: "B", Score: "82/100"}, ""},
	}
	for _, c := range cases {
		if got := c.d.change(); got != c.want {
			t.Errorf("%+v: change %q, want %q", c.d, got, c.want)
		}
	}
}

func TestBlobURL(t *testing.T) {
	g := ghContext()
	g.Scanned = repopath.New("./site/")
	cases := []struct {
		g    GitHubContext
		l    report.Location
		want string
	}{
		{g, report.Location{Path: reporttest.HostilePath, Line: 3},
			"https://github.com/octo/docs-demo/blob/headsha1/site/docs/%C3%BCn%C3%AFcode%20%22weird%22%20%231.md#L3"},
		{g, report.Location{Path: "a (1).md"}, "https://github.com/octo/docs-demo/blob/headsha1/site/a%20%281%29.md"},
		{GitHubContext{ServerURL: "https://ghe.example/", Repository: "o/r"}, report.Location{Path: "a.md", Line: 1}, ""},
		{g, report.Location{}, ""},
	}
	for _, c := range cases {
		if got := c.g.blobURL(c.g.HeadSHA, c.l); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
	}
}

// FuzzMarkdownInline checks that no text escapes a table cell: one line,
// every pipe escaped, no HTML, no live mention, no unescaped backtick.
func FuzzMarkdownInline(f *testing.F) {
	for _, s := range []string{"a|b", "`x`", "<!-- m -->", "@u", `\|`, "\\", "$x$", "a\nb", "\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := InlineText(s)
		if strings.ContainsAny(out, "\n\r<>") {
			t.Fatalf("%q → %q: line break or markup", s, out)
		}
		for _, c := range []byte{'|', '`', '$', '[', '*'} {
			if unescapedCount(out, c) != 0 {
				t.Fatalf("%q → %q: unescaped %c", s, out, c)
			}
		}
		if mentionRe.MatchString(out) {
			t.Fatalf("%q → %q: live mention", s, out)
		}
	})
}

// FuzzWorkflowCommand checks that a command decodes back to its parts and
// stays one line, whatever the values.
func FuzzWorkflowCommand(f *testing.F) {
	for _, s := range []string{"a,b", "x::y", "%0A", "l\r\nm", "k=v"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, prop, msg string) {
		line := WorkflowCommand("warning", [][2]string{{"file", prop}, {"title", prop}}, msg)
		name, props, got, err := parseWorkflowCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		if name != "warning" || props["file"] != prop || props["title"] != prop || got != msg || len(props) != 2 {
			t.Fatalf("(%q, %q) → %q decodes to %s %q %q", prop, msg, line, name, props, got)
		}
	})
}

// BenchmarkGitHubRenderers renders everything a pull-request run posts
// for 10,000 new findings.
func BenchmarkGitHubRenderers(b *testing.B) {
	r, opts := manyReport(10000, 80), ghOptions()
	for b.Loop() {
		_ = Comment(r, opts)
		_ = CheckRun(r, opts)
		_ = JobSummary(r, opts)
	}
}

// TestSelection: the caller's selection replaces the default judged set,
// even when it selects nothing; the texts call the findings new only when
// the selection says they are the new ones, name a filter other than new,
// and read the caller's failing count.
func TestSelection(t *testing.T) {
	r := ghReport()
	var unchanged, fresh []report.Finding
	for _, f := range r.Findings {
		switch f.Status {
		case report.StatusUnchanged:
			unchanged = append(unchanged, f)
		case report.StatusNew:
			fresh = append(fresh, f)
		}
	}
	opts := ghOptions()
	opts.Selection = &Selection{Filter: actionenv.FilterChangedFiles, InChangedFiles: true, Note: "a sentence no renderer shows",
		Findings: unchanged[:2]}
	opts.Failing = 2
	body := Comment(r, opts)
	out := CheckRun(r, opts)
	if !strings.Contains(body, "### docbridge · 2 findings ·") || !strings.Contains(body, "Filter: `changed-files`.") ||
		!strings.Contains(body, "❌ 2 findings at or above") || strings.Contains(body, "not annotated") {
		t.Errorf("comment heading, verdict or filter:\n%.600s", body)
	}
	if n := strings.Count(body, "\n| 🟡 |") + strings.Count(body, "\n| 🔵 |") + strings.Count(body, "\n| 🔴 |") + strings.Count(body, "\n| ⚪ |"); n != 2+len(r.Resolved) {
		t.Errorf("%d rows, want the 2 selected and %d resolved", n, len(r.Resolved))
	}
	if len(out.Annotations) != 2 || !strings.HasPrefix(out.Title, "2 findings") {
		t.Errorf("check run: %d annotations, title %q", len(out.Annotations), out.Title)
	}
	// The judged unchanged findings are listed once, not again as unchanged.
	if sum, want := JobSummary(r, opts), fmt.Sprintf("### Unchanged (%d)", len(unchanged)-2); !strings.Contains(sum, want) ||
		!strings.Contains(sum, "### Findings (2)") {
		t.Errorf("job summary: want %q and the 2 judged:\n%s", want, sum)
	}
	for _, text := range []string{body, out.Summary, JobSummary(r, opts)} {
		if strings.Contains(text, opts.Selection.Note) {
			t.Errorf("a renderer shows the note:\n%.600s", text)
		}
	}

	// The new ones against the base: "new findings", the unchanged ones
	// not annotated, no filter named.
	opts.Selection = &Selection{Filter: actionenv.FilterNew, OnlyNew: true, Findings: fresh}
	opts.Failing = len(report.Failing(fresh, opts.FailOn))
	body, out = Comment(r, opts), CheckRun(r, opts)
	if want := fmt.Sprintf("%d new findings", len(fresh)); !strings.HasPrefix(out.Title, strings.ToUpper(want[:1])+want[1:]) ||
		!strings.Contains(body, "### docbridge · "+want) || !strings.Contains(body, "(not annotated; see ") || strings.Contains(body, "Filter:") {
		t.Errorf("new against the base: title %q, comment:\n%.600s", out.Title, body)
	}
	if def := opts; true {
		def.Selection = nil
		if Comment(r, def) != body || CheckRun(r, def).Title != out.Title || JobSummary(r, def) != JobSummary(r, opts) {
			t.Error("the selection of the new findings renders otherwise than the default")
		}
	}

	opts.Selection = &Selection{Filter: actionenv.FilterNew, OnlyNew: true}
	opts.Failing = 0
	if body := Comment(r, opts); !strings.Contains(body, "No new documentation findings.") {
		t.Errorf("an empty selection fell back to the default:\n%.300s", body)
	}
	if out := CheckRun(r, opts); len(out.Annotations) != 0 || out.Title != "No new findings · grade B 82/100" {
		t.Errorf("empty selection: %d annotations, title %q", len(out.Annotations), out.Title)
	}

	// Without a base, the changed files' findings: the counts line says
	// which are judged.
	nb := sampleReportNoBase()
	opts.Selection = &Selection{Filter: actionenv.FilterNew, InChangedFiles: true, Findings: nb.Findings[:1]}
	if s := JobSummary(nb, opts); !strings.Contains(s, "(no base to compare with: the findings in the pull request's changed files are judged)") {
		t.Errorf("no base, changed files:\n%.600s", s)
	}
}

// Annotations is annotationsOf over r's judged findings.
func Annotations(r *report.Report, g GitHubContext) (anns []Annotation, fileless int) {
	return annotationsOf(report.Judged(r), g)
}

// TestJobSummaryInferred: the job summary says which site convention the
// scan inferred, once.
func TestJobSummaryInferred(t *testing.T) {
	r := sampleReportNoBase()
	note := "site generator not recognised in src/: 9 of 10 site-shaped links resolve as a site serves pretty URLs; checking them as such"
	r.Inferred = []string{note}
	if got := JobSummary(r, RenderOptions{FailOn: "warn"}); strings.Count(got, note) != 1 {
		t.Errorf("job summary says the inferred convention %d times:\n%s", strings.Count(got, note), got)
	}
}
