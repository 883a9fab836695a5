package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/report/reporttest"
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

// TestGroupedGolden pins the grouped text renderings of a report with more
// findings of some codes than the bounds list.
func TestGroupedGolden(t *testing.T) {
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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { goldenStable(t, c.name, c.render) })
	}
}

var (
	textHeadRe = regexp.MustCompile(`^\S+ +([A-Z0-9_]+) .* · (\d+) findings?`)
	textMoreRe = regexp.MustCompile(`^  … and (\d+) more (resolved )?([A-Z0-9_]+) findings?`)
	textResRe  = regexp.MustCompile(`^  ([A-Z0-9_]+)  `)
)

// tallyText reads a text report back: per section ("" for the head's
// findings, "resolved"), per code.
func tallyText(t *testing.T, out string) map[string]map[string]*reporttest.Tally {
	t.Helper()
	res := map[string]map[string]*reporttest.Tally{"": {}, "resolved": {}}
	section, code := "", ""
	get := func(c string) *reporttest.Tally {
		if res[section][c] == nil {
			res[section][c] = &reporttest.Tally{}
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
			get(m[3]).More += n
		case section == "" && textHeadRe.MatchString(l):
			m := textHeadRe.FindStringSubmatch(l)
			code = m[1]
			get(code).Stated, _ = strconv.Atoi(m[2])
		case section == "resolved" && textResRe.MatchString(l):
			get(textResRe.FindStringSubmatch(l)[1]).Listed++
		case section == "" && strings.HasPrefix(l, "  ") && l[2] != ' ':
			get(code).Listed++
		}
	}
	return res
}

// TestTextGroupedCounts: per code, the findings listed and counted add up
// to the code's findings, at most MaxPerCode are listed, and 0 lists all.
func TestTextGroupedCounts(t *testing.T) {
	for _, r := range []*Report{groupedReport(), bigReport(2400, true), bigReport(2400, false), sampleReport()} {
		for _, n := range []int{0, 1, 3, DefaultMaxPerCode} {
			got := tallyText(t, renderText(t, r, TextOptions{MaxPerCode: n, Rest: "see the JSON report"}))
			name := fmt.Sprintf("%s (%d findings) per code %d", r.Project, len(r.Findings), n)
			reporttest.WantTally(t, name, got[""], codeCounts(r.Findings), n)
			reporttest.WantTally(t, name+" resolved", got["resolved"], codeCounts(r.Resolved), n)
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

// TestLargeReportKeepsEveryFinding: whatever the text and GitHub
// renderings leave out of a large report, the JSON report and SARIF hold
// every finding.
func TestLargeReportKeepsEveryFinding(t *testing.T) {
	for _, compared := range []bool{false, true} {
		wantEveryFinding(t, fmt.Sprintf("compared=%v", compared), bigReport(2400, compared))
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
