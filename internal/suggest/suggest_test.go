package suggest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/prdiff"
	"github.com/docbridge/docbridge/internal/report"
)

const doc = "# A\r\n\r\nSee [b](b.md#instal).\r\nSee [c](c.md#usag).\r\nOld line [d](d.md#x).\r\n"

func anchorFix(id string, line int, old, new string, cols ...int) report.Finding {
	return report.Finding{ID: id, Code: "BROKEN_ANCHOR", Location: report.Location{Path: "a.md", Line: line},
		Edits: []finding.Edit{{Path: "a.md", Line: line, Kind: finding.EditLink, Old: old, New: new, Columns: cols}}}
}

func input(fs ...report.Finding) (Input, *[]string) {
	var verified []string
	return Input{
		Findings: fs,
		Sources:  map[string][]byte{"a.md": []byte(doc)},
		// The pull request adds lines 3 and 4; line 5 is the base's.
		Added:  map[string]prdiff.Added{"site/a.md": {3: "See [b](b.md#instal).", 4: "See [c](c.md#usag)."}},
		ToRepo: func(p string) string { return "site/" + p },
		Verify: func(f report.Finding, edited map[string][]byte) error {
			verified = append(verified, f.ID)
			if f.ID == "bad" {
				return errors.New("the edit would add BROKEN_LINK at a.md:4")
			}
			if !strings.Contains(string(edited["a.md"]), f.Edits[0].New+")") {
				return errors.New("not edited")
			}
			return nil
		},
	}, &verified
}

// A finding whose edit lies on an added line becomes a suggestion of that
// line's new text, verified first; the others are outside, with why.
func TestMake(t *testing.T) {
	in, verified := input(
		anchorFix("ok", 3, "b.md#instal", "b.md#install", 9),
		anchorFix("bad", 4, "c.md#usag", "c.md#usage", 9),
		anchorFix("base-line", 5, "d.md#x", "d.md#y", 19),
		anchorFix("unlocated", 3, "b.md#instal", "b.md#install"),
		report.Finding{ID: "no-edits", Code: "BROKEN_LINK"},
	)
	p := Make(in)
	if len(p.Suggestions) != 1 {
		t.Fatalf("suggestions = %+v", p.Suggestions)
	}
	s := p.Suggestions[0]
	if s.Path != "site/a.md" || s.StartLine != 3 || s.Line != 3 || !slices.Equal(s.Lines, []string{"See [b](b.md#install)."}) ||
		!slices.Equal(s.Old, []string{"See [b](b.md#instal)."}) || len(s.Fingerprint) != 16 {
		t.Errorf("suggestion = %+v", s)
	}
	why := map[string]string{}
	for _, o := range p.Outside {
		why[o.Finding.ID] = o.Reason
	}
	want := map[string]string{
		"bad":       "the edit was not checked: the edit would add BROKEN_LINK at a.md:4",
		"base-line": "not on a line the pull request adds",
		"unlocated": "its reference is not where the finding says",
	}
	if len(why) != len(want) {
		t.Errorf("outside = %v, want %v", why, want)
	}
	for id, w := range want {
		if why[id] != w {
			t.Errorf("%s: %q, want %q", id, why[id], w)
		}
	}
	if !slices.Equal(*verified, []string{"ok", "bad"}) {
		t.Errorf("verified %v, want only the findings on added lines", *verified)
	}
}

// The fingerprint follows the finding, the place and the text, and
// nothing else: the same plan twice has the same fingerprints; another
// text has another.
func TestFingerprint(t *testing.T) {
	in, _ := input(anchorFix("ok", 3, "b.md#instal", "b.md#install", 9))
	a, b := Make(in), Make(in)
	if a.Suggestions[0].Fingerprint != b.Suggestions[0].Fingerprint {
		t.Error("the same suggestion has two fingerprints")
	}
	in2, _ := input(anchorFix("ok", 3, "b.md#instal", "b.md#installing", 9))
	in2.Verify = func(report.Finding, map[string][]byte) error { return nil }
	if c := Make(in2); c.Suggestions[0].Fingerprint == a.Suggestions[0].Fingerprint {
		t.Error("another text, the same fingerprint")
	}
}

// The head's text must be the checked-out file's: a merge checkout that
// differs on the line offers nothing.
func TestMakeRefusesAnotherText(t *testing.T) {
	in, _ := input(anchorFix("ok", 3, "b.md#instal", "b.md#install", 9))
	in.Added["site/a.md"][3] = "See [b](b.md#instal) — edited on the branch."
	p := Make(in)
	if len(p.Suggestions) != 0 || len(p.Outside) != 1 || !strings.Contains(p.Outside[0].Reason, "differs") {
		t.Errorf("plan = %+v", p)
	}
}

// At most maxSuggestions; the rest are outside.
func TestMakeBound(t *testing.T) {
	var fs []report.Finding
	var doc strings.Builder
	added := prdiff.Added{}
	for i := range maxSuggestions + 2 {
		line := fmt.Sprintf("See [b](b.md#instal%d).", i)
		doc.WriteString(line + "\n")
		added[i+1] = line
		fs = append(fs, anchorFix(fmt.Sprintf("f%03d", i), i+1, fmt.Sprintf("b.md#instal%d", i), "b.md#install", 9))
	}
	in, _ := input(fs...)
	in.Sources["a.md"] = []byte(doc.String())
	in.Added["site/a.md"] = added
	p := Make(in)
	if len(p.Suggestions) != maxSuggestions || len(p.Outside) != 2 || !strings.Contains(p.Outside[0].Reason, "bound") {
		t.Errorf("%d suggestions, outside %+v", len(p.Suggestions), p.Outside)
	}
}

// The plan does not depend on the findings' order: shuffled, the same
// suggestions and outside findings come out in the same order.
func TestMakeDeterministic(t *testing.T) {
	fs := []report.Finding{
		anchorFix("ok", 3, "b.md#instal", "b.md#install", 9),
		anchorFix("bad", 4, "c.md#usag", "c.md#usage", 9),
		anchorFix("base-line", 5, "d.md#x", "d.md#y", 19),
	}
	in, _ := input(fs...)
	want := fmt.Sprintf("%+v", Make(in))
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		r.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
		in, _ := input(fs...)
		if got := fmt.Sprintf("%+v", Make(in)); got != want {
			t.Fatalf("shuffled input, another plan:\n%s\nwant\n%s", got, want)
		}
	}
}

// Two findings on one line: the first gets the suggestion, the second
// waits (both could not be applied); its edit is not checked.
func TestMakeOneSuggestionALine(t *testing.T) {
	first := anchorFix("ok", 3, "b.md#instal", "b.md#install", 9)
	second := report.Finding{ID: "ok2", Code: "BROKEN_ANCHOR", Location: report.Location{Path: "a.md", Line: 3},
		Edits: []finding.Edit{{Path: "a.md", Line: 3, Kind: finding.EditLink, Old: "b.md#instal", New: "b.md#installs", Columns: []int{9}}}}
	in, verified := input(first, second)
	p := Make(in)
	if len(p.Suggestions) != 1 || p.Suggestions[0].Finding.ID != "ok" || len(p.Outside) != 1 ||
		p.Outside[0].Reason != "another finding's suggestion stands on its line" {
		t.Errorf("plan = %+v", p)
	}
	if !slices.Equal(*verified, []string{"ok"}) {
		t.Errorf("verified %v", *verified)
	}
}

// With VerifyAll, the suggestions are judged together once, on the
// documents with every one's edit: accepted, the plan is the one
// verifying each alone makes, and nothing is verified alone; refused (a
// bad edit among them), the plan is made again one by one, and is that
// plan too. One suggestion is verified alone, as before.
func TestMakeVerifyAll(t *testing.T) {
	good := []report.Finding{
		anchorFix("ok", 3, "b.md#instal", "b.md#install", 9),
		anchorFix("ok2", 4, "c.md#usag", "c.md#usage", 9),
		anchorFix("base-line", 5, "d.md#x", "d.md#y", 19),
	}
	withBad := slices.Clone(good)
	withBad[1].ID = "bad"
	for _, c := range []struct {
		name    string
		fs      []report.Finding
		batches []string
		alone   []string
	}{
		{"all good", good, []string{"ok ok2"}, nil},
		{"one bad", withBad, []string{"ok bad"}, []string{"ok", "bad"}},
		{"one suggestion", good[:1], nil, []string{"ok"}},
	} {
		in, _ := input(c.fs...)
		want := fmt.Sprintf("%+v", Make(in))
		in, verified := input(c.fs...)
		var batches []string
		in.VerifyAll = func(fs []report.Finding, edited map[string][]byte) error {
			var ids []string
			for _, f := range fs {
				ids = append(ids, f.ID)
				if !strings.Contains(string(edited["a.md"]), f.Edits[0].New+")") {
					t.Errorf("%s: the batch's document lacks %s's edit:\n%s", c.name, f.ID, edited["a.md"])
				}
			}
			batches = append(batches, strings.Join(ids, " "))
			if slices.Contains(ids, "bad") {
				return errors.New("the edit would add BROKEN_LINK at a.md:4")
			}
			return nil
		}
		if got := fmt.Sprintf("%+v", Make(in)); got != want {
			t.Errorf("%s: with VerifyAll\n%s\nwant\n%s", c.name, got, want)
		}
		if !slices.Equal(batches, c.batches) || !slices.Equal(*verified, c.alone) {
			t.Errorf("%s: batches %q, verified alone %v; want %q, %v", c.name, batches, *verified, c.batches, c.alone)
		}
	}
}
