package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

// TestGroupByCode: groups worst first, then larger, then by code; in a
// group new findings first, then worst first, then canonical order; and
// the input's order does not matter.
func TestGroupByCode(t *testing.T) {
	f := func(code string, level catalog.Level, status, path string, line int) Finding {
		return Finding{ID: path + strconv.Itoa(line), Code: code, Severity: SeverityOf(level), Level: level, Status: status,
			Location: Location{Path: path, Line: line}}
	}
	in := []Finding{
		f("DOCUMENT_WITHOUT_CODE", catalog.Info, StatusUnchanged, "a.md", 0),
		f("DOCUMENT_WITHOUT_CODE", catalog.Info, StatusUnchanged, "b.md", 0),
		f("DOCUMENT_WITHOUT_CODE", catalog.Info, StatusUnchanged, "c.md", 0),
		f("UNRESOLVED_PATH", catalog.Warn, StatusUnchanged, "a.md", 3),
		f("IMPORT_CYCLE", catalog.Warn, StatusNew, "x.ts", 1),
		f("IMPORT_CYCLE", catalog.Warn, StatusUnchanged, "a.ts", 1),
		f("BROKEN_LINK", catalog.Error, StatusUnchanged, "a.md", 9),
		f("BROKEN_LINK", catalog.Error, StatusNew, "z.md", 2),
		f("BROKEN_LINK", catalog.Error, StatusUnchanged, "a.md", 1),
		f("BROKEN_ANCHOR", catalog.Error, StatusUnchanged, "q.md", 1),
		f("BROKEN_ANCHOR", catalog.Error, StatusUnchanged, "p.md", 1),
		f("BROKEN_ANCHOR", catalog.Error, StatusUnchanged, "o.md", 1),
	}
	want := []string{
		"BROKEN_ANCHOR 0new: o.md:1 p.md:1 q.md:1",
		"BROKEN_LINK 1new: z.md:2 a.md:1 a.md:9",
		"IMPORT_CYCLE 1new: x.ts:1 a.ts:1",
		"UNRESOLVED_PATH 0new: a.md:3",
		"DOCUMENT_WITHOUT_CODE 0new: a.md b.md c.md",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		orig := slices.Clone(in)
		var got []string
		for _, g := range GroupByCode(in) {
			var locs []string
			for _, f := range g.Findings {
				locs = append(locs, locationLabel(f.Location))
			}
			got = append(got, fmt.Sprintf("%s %dnew: %s", g.Code, g.New, strings.Join(locs, " ")))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("groups\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !slices.EqualFunc(in, orig, func(a, b Finding) bool { return a.ID == b.ID }) {
			t.Fatalf("GroupByCode changed its input")
		}
		rng.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	}
	g := GroupByCode(in)[0]
	for n, want := range map[int][2]int{0: {3, 0}, -1: {3, 0}, 1: {1, 2}, 3: {3, 0}, 5: {3, 0}} {
		shown, more := g.Shown(n)
		if len(shown) != want[0] || more != want[1] {
			t.Errorf("Shown(%d) = %d shown, %d more; want %v", n, len(shown), more, want)
		}
	}
}

// TestGroupedGolden pins the grouped renderings of a report with more
// findings of some codes than the bounds list.
func TestGroupedGolden(t *testing.T) {
	opts := ghOptions()
	opts.FullReport = "the JSON report `.docbridge/report.json` (the step's `report` output) and the run's log"
	text := func(o TextOptions) func() ([]byte, error) {
		return func() ([]byte, error) {
			var b bytes.Buffer
			err := WriteText(&b, groupedReport(), o)
			return b.Bytes(), err
		}
	}
	cases := []struct {
		name   string
		render func() ([]byte, error)
	}{
		{"text-grouped.golden", text(TextOptions{MaxPerCode: 3, Rest: "--max-per-code 0 lists them"})},
		{"text-grouped-color.golden", text(TextOptions{MaxPerCode: 3, Rest: "--max-per-code 0 lists them", Color: true})},
		{"summary-grouped.md.golden", str(func() string { return JobSummary(groupedReport(), opts) })},
		{"comment-grouped.md.golden", str(func() string { return Comment(groupedReport(), opts) })},
		{"checkrun-grouped.json.golden", func() ([]byte, error) {
			var b bytes.Buffer
			err := encodeJSON(&b, CheckRun(groupedReport(), opts))
			return b.Bytes(), err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenStable(t, c.name, c.render) })
	}
}

// tally is what a rendering shows of one code in one section: the count
// its heading states, the findings listed and the findings counted as
// "more".
type tally struct{ stated, listed, more int }

var (
	textHeadRe = regexp.MustCompile(`^\S+ +([A-Z0-9_]+) .* · (\d+) findings?`)
	textMoreRe = regexp.MustCompile(`^  … and (\d+) more (resolved )?([A-Z0-9_]+) findings?`)
	textResRe  = regexp.MustCompile(`^  ([A-Z0-9_]+)  `)
)

// tallyText reads a text report back: per section ("" for the head's
// findings, "resolved"), per code.
func tallyText(t *testing.T, out string) map[string]map[string]*tally {
	t.Helper()
	res := map[string]map[string]*tally{"": {}, "resolved": {}}
	section, code := "", ""
	get := func(c string) *tally {
		if res[section][c] == nil {
			res[section][c] = &tally{}
		}
		return res[section][c]
	}
	for _, l := range strings.Split(out, "\n") {
		switch {
		case l == "resolved since the base":
			section = "resolved"
		case textMoreRe.MatchString(l):
			m := textMoreRe.FindStringSubmatch(l)
			n, _ := strconv.Atoi(m[1])
			get(m[3]).more += n
		case section == "" && textHeadRe.MatchString(l):
			m := textHeadRe.FindStringSubmatch(l)
			code = m[1]
			get(code).stated, _ = strconv.Atoi(m[2])
		case section == "resolved" && textResRe.MatchString(l):
			get(textResRe.FindStringSubmatch(l)[1]).listed++
		case section == "" && strings.HasPrefix(l, "  ") && l[2] != ' ':
			get(code).listed++
		}
	}
	return res
}

var (
	mdSectionRe = regexp.MustCompile(`^### ([A-Za-z :]+?)(?: \(|$)`)
	mdHeadRe    = regexp.MustCompile("^#### .* · `([A-Z0-9_]+)` · ([0-9,]+) findings?$")
	mdMoreRe    = regexp.MustCompile("^… and ([0-9,]+) more `([A-Z0-9_]+)` findings? \\(see ")
)

// tallyMarkdown reads a job summary or check-run summary back: per
// section heading ("New findings", "Unchanged", …), per code.
func tallyMarkdown(t *testing.T, md string) map[string]map[string]*tally {
	t.Helper()
	res := map[string]map[string]*tally{}
	section, code := "", ""
	for _, l := range strings.Split(md, "\n") {
		switch {
		case mdSectionRe.MatchString(l):
			section, code = mdSectionRe.FindStringSubmatch(l)[1], ""
			res[section] = map[string]*tally{}
		case mdHeadRe.MatchString(l):
			m := mdHeadRe.FindStringSubmatch(l)
			code = m[1]
			if res[section][code] != nil {
				t.Fatalf("%s: %s headed twice", section, code)
			}
			res[section][code] = &tally{stated: atoi(t, m[2])}
		case mdMoreRe.MatchString(l):
			m := mdMoreRe.FindStringSubmatch(l)
			if m[2] != code {
				t.Fatalf("%s: more line of %s under %s", section, m[2], code)
			}
			res[section][code].more += atoi(t, m[1])
		case strings.HasPrefix(l, "| ") && code != "" && l != "| Finding | Where |":
			res[section][code].listed++
		case l == "" || strings.HasPrefix(l, "|"):
		default:
			code = ""
		}
	}
	return res
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

var (
	commentRowRe   = regexp.MustCompile("^\\| \\S+ \\| \\*\\*.*\\*\\* `([A-Z0-9_]+)` — ")
	commentMoreRe  = regexp.MustCompile("^\\| \\| … and ([0-9,]+) more `([A-Z0-9_]+)` findings? \\|")
	commentOtherRe = regexp.MustCompile("`([A-Z0-9_]+)` \\(([0-9,]+)\\)")
)

// tallyComment reads the new findings of a comment back, per code:
// listed rows, "more" rows and the codes named in the closing line.
func tallyComment(t *testing.T, body string) map[string]*tally {
	t.Helper()
	res := map[string]*tally{}
	get := func(c string) *tally {
		if res[c] == nil {
			res[c] = &tally{}
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
			get(commentRowRe.FindStringSubmatch(l)[1]).listed++
		case commentMoreRe.MatchString(l):
			m := commentMoreRe.FindStringSubmatch(l)
			get(m[2]).more += atoi(t, m[1])
		case strings.HasPrefix(l, "… and ") && strings.Contains(l, " of other codes in "):
			for _, m := range commentOtherRe.FindAllStringSubmatch(l, -1) {
				get(m[1]).stated += atoi(t, m[2])
			}
		}
	}
	return res
}

// wantTally checks that per code, listed + more = want, the heading
// states want, and no code is missing or extra; perCode bounds what is
// listed (0: no bound).
func wantTally(t *testing.T, name string, got map[string]*tally, want map[string]int, perCode int) {
	t.Helper()
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Errorf("%s: codes %v, want %v", name, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
	for code, n := range want {
		g := got[code]
		if g == nil {
			continue
		}
		if g.listed+g.more != n || (g.stated != 0 && g.stated != n) {
			t.Errorf("%s %s: %d listed + %d more (heading %d), want %d", name, code, g.listed, g.more, g.stated, n)
		}
		if perCode > 0 && g.listed > perCode {
			t.Errorf("%s %s: %d listed, more than %d", name, code, g.listed, perCode)
		}
	}
	if perCode <= 0 {
		return
	}
	// One bound for the whole list (a summary may have shrunk it to fit):
	// every code lists that many, or all it has.
	n := 0
	for _, g := range got {
		n = max(n, g.listed)
	}
	for code, g := range got {
		if g.listed != min(n, want[code]) {
			t.Errorf("%s %s: %d listed of %d, while another code lists %d", name, code, g.listed, want[code], n)
		}
	}
}

// TestTextGroupedCounts: per code, the findings listed and counted add up
// to the code's findings, at most MaxPerCode are listed, and 0 lists all.
func TestTextGroupedCounts(t *testing.T) {
	for _, r := range []*Report{groupedReport(), bigReport(2400, true), bigReport(2400, false), sampleReport()} {
		for _, n := range []int{0, 1, 3, DefaultMaxPerCode} {
			got := tallyText(t, renderText(t, r, TextOptions{MaxPerCode: n, Rest: "see the JSON report"}))
			name := fmt.Sprintf("%s (%d findings) per code %d", r.Project, len(r.Findings), n)
			wantTally(t, name, got[""], codeCounts(r.Findings), n)
			wantTally(t, name+" resolved", got["resolved"], codeCounts(r.Resolved), n)
			if left := LeftOut(r, n); (left == 0) != !strings.Contains(renderText(t, r, TextOptions{MaxPerCode: n}), "… and ") {
				t.Errorf("%s: LeftOut %d disagrees with the text", name, left)
			}
		}
	}
}

// TestTextGroupedNewFirst: with a base, a code's new findings are listed
// before its unchanged ones, and the "more" line counts the new ones it
// leaves out.
func TestTextGroupedNewFirst(t *testing.T) {
	out := renderText(t, groupedReport(), TextOptions{MaxPerCode: 3})
	block := out[strings.Index(out, "BROKEN_LINK"):]
	block = block[:strings.Index(block, "\n\n")]
	lines := strings.Split(block, "\n")
	if !strings.Contains(lines[0], "· 21 findings (12 new)") {
		t.Errorf("header %q", lines[0])
	}
	for _, l := range lines[1:4] {
		if !strings.HasSuffix(l, "(new)") {
			t.Errorf("%q: not a new finding listed first", l)
		}
	}
	if lines[4] != "  … and 18 more BROKEN_LINK findings (9 new)" {
		t.Errorf("more line %q", lines[4])
	}
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
		judgedKey, want := "Findings", map[string][]Finding{}
		if compared {
			judgedKey = "New findings"
			want["Unchanged"] = WithStatus(r.Findings, StatusUnchanged)
			want["Resolved"] = r.Resolved
		}
		want[judgedKey] = Judged(r)
		if len(sections) != len(want) {
			t.Errorf("%s: sections %v", name, slices.Sorted(maps.Keys(sections)))
		}
		for sec, fs := range want {
			wantTally(t, name+" summary "+sec, sections[sec], codeCounts(fs), DefaultMaxPerCode)
			for code, tl := range sections[sec] {
				if tl.listed == 0 {
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
			listed += tl.listed
			tl.more += tl.stated // the closing line counts whole codes
			tl.stated = 0
		}
		wantTally(t, name+" comment", got, codeCounts(Judged(r)), 0)
		if listed != MaxCommentRows {
			t.Errorf("%s: comment lists %d findings, want %d", name, listed, MaxCommentRows)
		}
		for code, tl := range got {
			if tl.listed > MaxCommentPerCode {
				t.Errorf("%s comment: %d findings of %s listed", name, tl.listed, code)
			}
		}

		out := CheckRun(r, opts)
		if len(out.Summary) > MaxCheckRunText || strings.Contains(out.Summary, "✂️") {
			t.Errorf("%s: check-run summary of %d bytes", name, len(out.Summary))
		}
		crWant := map[string][]Finding{judgedKey: Judged(r)}
		if compared {
			crWant["Resolved"] = r.Resolved
		}
		for sec, fs := range crWant {
			wantTally(t, name+" check run "+sec, tallyMarkdown(t, out.Summary)[sec], codeCounts(fs), DefaultMaxPerCode)
		}
		if len(out.Annotations) != min(MaxCheckRunAnnotations, len(Judged(r))-codeCounts(Judged(r))["UNDOCUMENTED_AREA"]) {
			t.Errorf("%s: %d annotations: a per-code bound crept in", name, len(out.Annotations))
		}

		wantEveryFinding(t, name, r)
	}
}

// wantEveryFinding: the JSON report and SARIF hold every finding of r.
func wantEveryFinding(t *testing.T, name string, r *Report) {
	t.Helper()
	var ids []string
	for _, f := range r.Findings {
		ids = append(ids, f.ID)
	}
	slices.Sort(ids)
	var js bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range back.Findings {
		got = append(got, f.ID)
	}
	slices.Sort(got)
	if !slices.Equal(got, ids) || len(back.Resolved) != len(r.Resolved) {
		t.Errorf("%s: the JSON report holds %d findings and %d resolved, want %d and %d", name, len(got), len(back.Resolved), len(ids), len(r.Resolved))
	}
	var log map[string]any
	if err := json.Unmarshal(renderSARIF(t, r, SARIFOptions{}), &log); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, res := range results(log) {
		got = append(got, res.(map[string]any)["partialFingerprints"].(map[string]any)["docbridge/v1"].(string))
	}
	slices.Sort(got)
	if !slices.Equal(got, ids) {
		t.Errorf("%s: SARIF holds %d results, want the %d findings", name, len(got), len(ids))
	}
}
