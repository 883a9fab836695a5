package precision

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
)

func keys(n int, prefix string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("BROKEN_LINK|docs/%s%03d.md|x.md|-", prefix, i)
	}
	return out
}

func picked(ks []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, j := range idx {
		out[i] = ks[j]
	}
	slices.Sort(out)
	return out
}

func TestSampleStableAndSeeded(t *testing.T) {
	ks := keys(200, "a")
	a := picked(ks, sample(ks, 30, 1))
	if len(a) != 30 {
		t.Fatalf("sampled %d", len(a))
	}
	if b := picked(ks, sample(ks, 30, 1)); !slices.Equal(a, b) {
		t.Error("same seed, another sample")
	}
	if c := picked(ks, sample(ks, 30, 2)); slices.Equal(a, c) {
		t.Error("another seed, the same sample")
	}
	// The input's order does not matter.
	shuffled := slices.Clone(ks)
	rand.New(rand.NewPCG(7, 7)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if d := picked(shuffled, sample(shuffled, 30, 1)); !slices.Equal(a, d) {
		t.Error("order changed the sample")
	}
	// Returned indexes are in input order.
	if idx := sample(ks, 30, 1); !slices.IsSorted(idx) {
		t.Errorf("indexes %v", idx)
	}
	// All of them when n covers them or is 0.
	if len(sample(ks[:10], 30, 1)) != 10 || len(sample(ks, 0, 1)) != 200 {
		t.Error("n >= len or 0 must take all")
	}
}

func TestSampleUnderUnrelatedFindings(t *testing.T) {
	old := keys(100, "a")
	before := picked(old, sample(old, 30, 1))
	newcomers := keys(20, "new")
	all := append(slices.Clone(old), newcomers...)
	after := picked(all, sample(all, 30, 1))
	// An old finding sampled now was sampled before, and at most one old
	// finding leaves the sample per newcomer that enters it.
	entered := 0
	for _, k := range after {
		if slices.Contains(newcomers, k) {
			entered++
		} else if !slices.Contains(before, k) {
			t.Errorf("%s entered the sample without being new", k)
		}
	}
	kept := 0
	for _, k := range before {
		if slices.Contains(after, k) {
			kept++
		}
	}
	if kept != 30-entered {
		t.Errorf("kept %d of the old sample with %d newcomers in it", kept, entered)
	}
	// Findings that go away do not reshuffle the rest.
	gone := picked(old[10:], sample(old[10:], 30, 1))
	for _, k := range before {
		if !slices.Contains(old[:10], k) && !slices.Contains(gone, k) {
			t.Errorf("%s left the sample when unrelated findings went", k)
		}
	}
}

func newFinding(code, level, path string, line int, target string) Finding {
	return Finding{Key: NewKey(code, path, target, fmt.Sprintf("line %d of %s", line, path), line > 0),
		Level: catalog.Level(level), Path: path, Line: line, Message: code + " " + target}
}

func label(f Finding, l string) Label {
	return Label{Key: f.Key.String(), Label: l, Reason: l + ": because"}
}

func TestEvaluate(t *testing.T) {
	linkTP := newFinding("BROKEN_LINK", "error", "docs/a.md", 3, "docs/gone.md")
	linkFP := newFinding("BROKEN_LINK", "error", "docs/a.md", 4, "docs/hugo/")
	anchorFP := newFinding("BROKEN_ANCHOR", "error", "docs/a.md", 5, "docs/b.md#x")
	pathNew := newFinding("UNRESOLVED_PATH", "warn", "docs/b.md", 2, "src/x.go")
	noCodeUseful := newFinding("DOCUMENT_WITHOUT_CODE", "info", "docs/c.md", 0, "docs/c.md")
	noCodeNoise := newFinding("DOCUMENT_WITHOUT_CODE", "info", "docs/d.md", 0, "docs/d.md")
	noCodeWrong := newFinding("DOCUMENT_WITHOUT_CODE", "info", "docs/e.md", 0, "docs/e.md")
	cycleTP := newFinding("IMPORT_CYCLE", "warn", "src/a.ts", 1, "src/a.ts src/b.ts")
	goneFP := Label{Key: "BROKEN_LINK|docs/z.md|docs/y.md|0123abcd", Label: FP, Reason: "FP: fixed"}
	goneTP := Label{Key: "BROKEN_LINK|docs/z.md|docs/w.md|0123abcd", Label: TP, Reason: "TP: lost"}
	// linkTP stands for the same link on a further line too: that line's
	// label is not gone.
	repeated := Label{Key: "BROKEN_LINK|docs/a.md|docs/gone.md|89abcdef", Label: TP, Reason: "TP: the same link again"}
	linkTP.Also = []Key{{Code: "BROKEN_LINK", Path: "docs/a.md", Target: "docs/gone.md", Line: "89abcdef"}}
	repos := []repo{
		{Repository: "b/two", Findings: []Finding{cycleTP},
			Labels: LabelFile{Repository: "b/two", Labels: []Label{label(cycleTP, TP)}}},
		{Repository: "a/one", Findings: []Finding{linkTP, linkFP, anchorFP, pathNew, noCodeUseful, noCodeNoise, noCodeWrong},
			Labels: LabelFile{Repository: "a/one", Labels: []Label{
				label(linkTP, TP), label(linkFP, FP), label(anchorFP, FP),
				label(noCodeUseful, Useful), label(noCodeNoise, Noise), label(noCodeWrong, TP),
				{Key: pathNew.Key.String()}, // pending: not a label yet
				goneFP, goneTP, repeated,
			}}},
	}
	r := evaluate(repos, Options{Seed: 1})
	if want := (Counts{Findings: 5, Sampled: 5, Labelled: 4, TP: 2, FP: 2, Precision: 0.5}); r.Overall != want {
		t.Errorf("overall %+v, want %+v", r.Overall, want)
	}
	if len(r.Repositories) != 2 || r.Repositories[0].Repository != "a/one" {
		t.Fatalf("repositories %+v", r.Repositories)
	}
	one := r.Repositories[0]
	if want := (Counts{Findings: 4, Sampled: 4, Labelled: 3, TP: 1, FP: 2, Precision: 1.0 / 3}); one.Counts != want || one.Info != 3 {
		t.Errorf("a/one %+v info %d, want %+v", one.Counts, one.Info, want)
	}
	wantCodes := []CodeCounts{
		{"BROKEN_ANCHOR", Counts{Findings: 1, Sampled: 1, Labelled: 1, FP: 1}},
		{"BROKEN_LINK", Counts{Findings: 2, Sampled: 2, Labelled: 2, TP: 1, FP: 1, Precision: 0.5}},
		{"IMPORT_CYCLE", Counts{Findings: 1, Sampled: 1, Labelled: 1, TP: 1, Precision: 1}},
		{"UNRESOLVED_PATH", Counts{Findings: 1, Sampled: 1}},
	}
	if !slices.Equal(r.ByCode, wantCodes) {
		t.Errorf("by code %+v\nwant %+v", r.ByCode, wantCodes)
	}
	if want := []InfoCounts{{Code: "DOCUMENT_WITHOUT_CODE", Findings: 3, Sampled: 3, Labelled: 2, Useful: 1, Noise: 1, Usefulness: 0.5}}; !slices.Equal(r.Info, want) {
		t.Errorf("info %+v, want %+v", r.Info, want)
	}
	if len(r.ToLabel) != 2 || r.ToLabel[0].Code != "DOCUMENT_WITHOUT_CODE" || r.ToLabel[0].Note == "" ||
		r.ToLabel[1].Key != pathNew.Key.String() || r.ToLabel[1].At != "docs/b.md:2" || r.ToLabel[1].Note != "" {
		t.Errorf("to label %+v", r.ToLabel)
	}
	if len(r.Gone) != 2 || r.Gone[0].Label != goneFP || r.Gone[1].Label != goneTP {
		t.Errorf("gone %+v", r.Gone)
	}
}

func TestEvaluateSamples(t *testing.T) {
	var fs []Finding
	var infos []Finding
	for i := range 50 {
		fs = append(fs, newFinding("BROKEN_LINK", "error", "docs/a.md", i+1, fmt.Sprintf("t%d.md", i)))
		infos = append(infos, newFinding("DOCUMENT_WITHOUT_CODE", "info", fmt.Sprintf("docs/i%d.md", i), 0, "x"))
	}
	lf := LabelFile{Repository: "a/one"}
	for _, f := range fs[:40] {
		lf.Labels = append(lf.Labels, label(f, FP))
	}
	r := evaluate([]repo{{Repository: "a/one", Findings: append(fs, infos...), Labels: lf}}, Options{Sample: 30, InfoSample: 10, Seed: 3})
	// Every labelled finding counts, sampled or not; only sampled ones are
	// to label.
	if r.Overall.Findings != 50 || r.Overall.Sampled != 30 || r.Overall.Labelled != 40 || r.Overall.FP != 40 {
		t.Errorf("overall %+v", r.Overall)
	}
	toLabel := map[string]int{}
	for _, p := range r.ToLabel {
		toLabel[p.Code]++
	}
	sampled := sample(keyStrings(fs), 30, 3)
	wantLinks := 0
	for _, i := range sampled {
		if i >= 40 {
			wantLinks++
		}
	}
	if toLabel["BROKEN_LINK"] != wantLinks || toLabel["DOCUMENT_WITHOUT_CODE"] != 10 || r.Info[0].Sampled != 10 {
		t.Errorf("to label %v (want %d links), info %+v", toLabel, wantLinks, r.Info)
	}
}

func keyStrings(fs []Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Key.String()
	}
	return out
}

// A finding standing for one reference on several lines takes the label
// of a further line when its first line has none: the reference was
// judged, on whichever line.
func TestEvaluateLabelOfFurtherLine(t *testing.T) {
	first := newFinding("BROKEN_ANCHOR", "error", "docs/a.md", 7, "docs/b.md#gone")
	further := newFinding("BROKEN_ANCHOR", "error", "docs/a.md", 9, "docs/b.md#gone")
	first.Also = []Key{further.Key}
	repos := []repo{{Repository: "a/one", Findings: []Finding{first},
		Labels: LabelFile{Repository: "a/one", Labels: []Label{label(further, TP)}}}}
	r := evaluate(repos, Options{Seed: 1})
	if want := (Counts{Findings: 1, Sampled: 1, Labelled: 1, TP: 1, Precision: 1}); r.Overall != want || len(r.ToLabel) != 0 || len(r.Gone) != 0 {
		t.Errorf("overall %+v (want %+v), to label %+v, gone %+v", r.Overall, want, r.ToLabel, r.Gone)
	}
}
