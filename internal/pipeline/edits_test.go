package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/fix"
	"github.com/docbridge/docbridge/internal/graph"
	"github.com/docbridge/docbridge/internal/reconcile"
	"github.com/docbridge/docbridge/internal/snapshot"
	"github.com/docbridge/docbridge/internal/testtree"
)

// editTree has one near-miss anchor, written twice on line 3 of
// docs/a.md, after a character outside the BMP.
func editTree(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"docs/a.md": "# A\n\n😀 See [b](b.md#instal) or [again](b.md#instal).\n\nAnd [c](c.md).\n",
		"docs/b.md": "# B\n\n## Install\n\nSteps.\n",
		"docs/c.md": "# C\n\nSee [a](a.md).\n",
	})
}

func anchorFinding(t *testing.T, out *Outcome) finding.Diagnostic {
	t.Helper()
	i := slices.IndexFunc(out.Findings, func(d finding.Diagnostic) bool { return d.Code == catalog.BrokenAnchor })
	if i < 0 {
		t.Fatalf("no BROKEN_ANCHOR among %+v", out.Findings)
	}
	return out.Findings[i]
}

// The check locates each edit in the file it read: both occurrences, at
// UTF-16 columns, and keeps the bytes as Sources.
func TestCheckLocatesEdits(t *testing.T) {
	dir := editTree(t)
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	d := anchorFinding(t, out)
	want := []finding.Edit{{Path: "docs/a.md", Line: 3, Kind: finding.EditLink, Old: "b.md#instal", New: "b.md#install", Columns: []int{12, 36}}}
	if !slices.EqualFunc(d.Edits, want, func(a, b finding.Edit) bool {
		return a.Path == b.Path && a.Line == b.Line && a.Old == b.Old && a.New == b.New && slices.Equal(a.Columns, b.Columns)
	}) {
		t.Errorf("edits = %+v, want %+v", d.Edits, want)
	}
	if src := out.Sources["docs/a.md"]; !strings.Contains(string(src), "b.md#instal)") {
		t.Errorf("Sources[docs/a.md] = %q", src)
	}
}

// Verify accepts the finding's own edit, and refuses an edit that leaves
// the finding or adds another.
func TestVerify(t *testing.T) {
	dir := editTree(t)
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	d := anchorFinding(t, out)
	src := out.Sources["docs/a.md"]
	good := fix.Apply(src, d.Edits).Out
	if err := out.Verify(d, map[string][]byte{"docs/a.md": good}); err != nil {
		t.Errorf("the finding's own edit: %v", err)
	}
	if err := out.Verify(d, map[string][]byte{"docs/a.md": src}); err == nil || !strings.Contains(err.Error(), "still reported") {
		t.Errorf("no change: err = %v, want still reported", err)
	}
	// Fixed, but a new broken link on the way.
	worse := []byte(strings.Replace(string(good), "c.md)", "gone.md)", 1))
	if err := out.Verify(d, map[string][]byte{"docs/a.md": worse}); err == nil || !strings.Contains(err.Error(), catalog.BrokenLink) {
		t.Errorf("a new broken link: err = %v, want one naming %s", err, catalog.BrokenLink)
	}
}

// twoAnchorsTree has two near-miss anchors of docs/b.md on lines 3 and 4
// of docs/a.md, and a clean link on line 6.
func twoAnchorsTree(t *testing.T) string {
	return testtree.New(t, map[string]string{
		"docs/a.md": "# A\n\nSee [b](b.md#instal).\nThen [b](b.md#usag).\n\nAnd [c](c.md).\n",
		"docs/b.md": "# B\n\n## Install\n\nSteps.\n\n## Usage\n\nMore.\n",
		"docs/c.md": "# C\n\nSee [a](a.md).\n",
	})
}

// VerifyAll judges two fragment edits at once, as Verify judges each
// alone: both accepted; together with an edit that breaks a link, refused.
func TestVerifyAll(t *testing.T) {
	dir := twoAnchorsTree(t)
	out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	var ds []finding.Diagnostic
	var edits []finding.Edit
	for _, d := range out.Findings {
		if d.Code == catalog.BrokenAnchor && len(d.Edits) > 0 {
			ds = append(ds, d)
			edits = append(edits, d.Edits...)
		}
	}
	if len(ds) != 2 {
		t.Fatalf("fixable anchors = %+v, want 2", ds)
	}
	src := out.Sources["docs/a.md"]
	for _, d := range ds {
		if err := out.Verify(d, map[string][]byte{"docs/a.md": fix.Apply(src, d.Edits).Out}); err != nil {
			t.Errorf("%s alone: %v", d.Edits[0].Old, err)
		}
	}
	both := fix.Apply(src, edits).Out
	if err := out.VerifyAll(ds, map[string][]byte{"docs/a.md": both}); err != nil {
		t.Errorf("both at once: %v", err)
	}
	if err := out.VerifyAll(ds, map[string][]byte{"docs/a.md": fix.Apply(src, ds[0].Edits).Out}); err == nil || !strings.Contains(err.Error(), "still reported") {
		t.Errorf("one of two edited: err = %v, want still reported", err)
	}
	worse := []byte(strings.Replace(string(both), "c.md)", "gone.md)", 1))
	if err := out.VerifyAll(ds, map[string][]byte{"docs/a.md": worse}); err == nil || !strings.Contains(err.Error(), catalog.BrokenLink) {
		t.Errorf("a new broken link: err = %v, want one naming %s", err, catalog.BrokenLink)
	}
}

// VerifyAll answers only for edits that cannot meet: a rewrite of a
// link's document, or two findings whose ids are ordinals of one code,
// file and subject (removing the first renumbers the second), are left to
// Verify, one by one.
func TestVerifyAllIndependent(t *testing.T) {
	anchor := func(id string, line int, old, new, subject string) finding.Diagnostic {
		return finding.Diagnostic{ID: id, Code: catalog.BrokenAnchor, Subject: subject, Evidence: []finding.Location{{Path: "docs/a.md", Line: line}},
			Edits: []finding.Edit{{Path: "docs/a.md", Line: line, Kind: finding.EditLink, Old: old, New: new}}}
	}
	cases := []struct {
		name   string
		judged []finding.Diagnostic
		why    string // "" for independent
	}{
		{"fragments of two subjects", []finding.Diagnostic{
			anchor("1", 3, "b.md#instal", "b.md#install", "b.md#instal"),
			anchor("2", 4, "#usag", "#usage", "#usag"),
		}, ""},
		{"a document rewritten", []finding.Diagnostic{
			anchor("1", 3, "b.md#instal", "b.md#install", "b.md#instal"),
			anchor("2", 4, "old/b.md#usage", "b.md#usage", "old/b.md#usage"),
		}, "more than a link's #fragment"},
		{"a link without a fragment", []finding.Diagnostic{
			anchor("1", 3, "b.md#instal", "b.md#install", "b.md#instal"),
			anchor("2", 4, "b.md", "c.md", "b.md"),
		}, "more than a link's #fragment"},
		{"a code span", []finding.Diagnostic{
			anchor("1", 3, "b.md#instal", "b.md#install", "b.md#instal"),
			{ID: "2", Code: catalog.BrokenAnchor, Subject: "x", Evidence: []finding.Location{{Path: "docs/a.md", Line: 4}},
				Edits: []finding.Edit{{Path: "docs/a.md", Line: 4, Kind: finding.EditCode, Old: "a#b", New: "a#c"}}},
		}, "more than a link's #fragment"},
		{"one subject twice", []finding.Diagnostic{
			anchor("1", 3, "b.md#instal", "b.md#install", "b.md#instal"),
			anchor("2", 7, "b.md#instal", "b.md#install", "b.md#instal"),
		}, "share their subject"},
	}
	for _, c := range cases {
		o := &Outcome{judged: c.judged}
		err := o.independent(c.judged)
		if c.why == "" && err != nil || c.why != "" && (err == nil || !strings.Contains(err.Error(), c.why)) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.why)
		}
	}
	o := &Outcome{judged: cases[0].judged}
	if err := o.independent([]finding.Diagnostic{{ID: "3", Code: catalog.BrokenAnchor}}); err == nil {
		t.Error("a finding the head does not have: independent")
	}
}

// VerifyAll's answer is Verify's: on random trees of near-miss anchors —
// within a document and across, one anchor written on several lines, two
// links on a line — whenever VerifyAll accepts the edits of a set of
// findings together, Verify accepts each alone.
func TestVerifyAllIsVerifyOfEach(t *testing.T) {
	seeds := 24
	if testing.Short() {
		seeds = 6
	}
	accepted, refused, failedAlone := 0, 0, 0
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(uint64(seed), 29))
		dir := testtree.New(t, anchorTree(rng))
		out, err := Run(context.Background(), Options{Repo: Repo{Dir: dir}})
		if err != nil {
			t.Fatal(err)
		}
		// The findings a suggestion is planned for: edits located.
		var fixable []finding.Diagnostic
		for _, d := range out.Findings {
			if len(d.Edits) > 0 && !slices.ContainsFunc(d.Edits, func(e finding.Edit) bool { return len(e.Columns) == 0 }) {
				fixable = append(fixable, d)
			}
		}
		alone := map[string]error{}
		for _, d := range fixable {
			alone[d.ID] = out.Verify(d, applied(out.Sources, d))
			if alone[d.ID] != nil {
				failedAlone++
			}
		}
		for range 8 {
			var set []finding.Diagnostic
			for _, d := range fixable {
				if rng.IntN(2) == 0 {
					set = append(set, d)
				}
			}
			if len(set) < 2 {
				continue
			}
			if out.VerifyAll(set, applied(out.Sources, set...)) != nil {
				refused++
				continue
			}
			accepted++
			for _, d := range set {
				if alone[d.ID] != nil {
					t.Errorf("seed %d: VerifyAll accepted %d findings, but %s at %s:%d alone: %v", seed, len(set), d.Code, d.Primary().Path, d.Primary().Line, alone[d.ID])
				}
			}
		}
	}
	t.Logf("%d sets accepted together, %d refused; %d edits refused alone", accepted, refused, failedAlone)
	if accepted == 0 {
		t.Error("VerifyAll accepted no set: the test checks nothing")
	}
}

// anchorTree is a few documents with headings from a small vocabulary and
// links to them, some with a letter dropped from the anchor.
func anchorTree(rng *rand.Rand) map[string]string {
	words := []string{"install", "usage", "configure", "upgrade", "testing", "release"}
	n := 2 + rng.IntN(3)
	heads := make([][]string, n)
	for i := range n {
		heads[i] = slices.Clone(words[:2+rng.IntN(len(words)-1)])
	}
	anchor := func(d int) string {
		a := heads[d][rng.IntN(len(heads[d]))]
		if rng.IntN(3) > 0 {
			k := 1 + rng.IntN(len(a)-1)
			a = a[:k] + a[k+1:] // a near miss
		}
		return a
	}
	tree := map[string]string{}
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "# Doc %d\n\n", i)
		for _, h := range heads[i] {
			fmt.Fprintf(&b, "## %s\n\nText.\n\n", strings.ToUpper(h[:1])+h[1:])
		}
		var last string
		for range 2 + rng.IntN(5) {
			j := rng.IntN(n)
			dest := fmt.Sprintf("d%d.md#%s", j, anchor(j))
			if j == i && rng.IntN(2) == 0 {
				dest = dest[strings.Index(dest, "#"):]
			}
			switch rng.IntN(4) {
			case 0:
				if last != "" {
					dest = last // the same link on another line
				}
			case 1:
				fmt.Fprintf(&b, "See [x](%s) and [y](d%d.md#%s).\n", dest, j, anchor(j))
				last = dest
				continue
			}
			fmt.Fprintf(&b, "See [x](%s).\n", dest)
			last = dest
		}
		tree[fmt.Sprintf("docs/d%d.md", i)] = b.String()
	}
	return tree
}

// applied is sources' documents with the edits of ds applied.
func applied(sources map[string][]byte, ds ...finding.Diagnostic) map[string][]byte {
	byPath := map[string][]finding.Edit{}
	for _, d := range ds {
		for _, e := range d.Edits {
			byPath[e.Path] = append(byPath[e.Path], e)
		}
	}
	out := map[string][]byte{}
	for p, edits := range byPath {
		out[p] = fix.Apply(sources[p], edits).Out
	}
	return out
}

// The edited tree is judged with the head's graph signals when its edits
// change no relation they walk, and against the base the check prepared,
// and that judgement is the one a full computation gives (the signals
// computed again, the base prepared for it alone): on random trees of
// near-miss anchors (a module import cycle, so there are cycles and
// centrality, and a heading the base had, so there is drift), every
// suggested #fragment fix reuses the head's signals, a link turned to
// another document computes them again, and either way the edited tree's
// findings and signals are the full computation's.
func TestEditedTreeReusesSignals(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	reused, recomputed := 0, 0
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(uint64(seed), 31))
		tree := anchorTree(rng)
		tree["src/a.ts"] = "import { b } from './b';\nexport const a = 1;\n"
		tree["src/b.ts"] = "import { a } from './a';\nexport const b = 2;\n"
		// The base has a heading of d0 the pull request removes, which d1
		// links to: drift, judged against the base the check prepared.
		tree["docs/d1.md"] += "\nSee [r](d0.md#removed).\n"
		baseTree := maps.Clone(tree)
		baseTree["docs/d0.md"] += "\n## Removed\n\nGone soon.\n"
		before, err := Run(context.Background(), Options{Repo: Repo{Dir: testtree.New(t, baseTree)}})
		if err != nil {
			t.Fatal(err)
		}
		data, err := snapshot.MarshalCompact(before.Head)
		if err != nil {
			t.Fatal(err)
		}
		baseFile := filepath.Join(t.TempDir(), "base.json")
		if err := os.WriteFile(baseFile, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := Run(context.Background(), Options{Repo: Repo{Dir: testtree.New(t, tree)}, Base: baseFile})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Signals.Cycles) == 0 || !slices.ContainsFunc(out.Findings, func(d finding.Diagnostic) bool { return d.Code == catalog.DriftAnchor }) {
			t.Fatalf("seed %d: the fixture has no import cycle or no drift", seed)
		}
		type change struct {
			edited   map[string][]byte
			fragment bool
		}
		var changes []change
		for _, d := range out.Findings {
			if len(d.Edits) > 0 && !slices.ContainsFunc(d.Edits, func(e finding.Edit) bool { return len(e.Columns) == 0 || !fragmentOnly(e) }) {
				changes = append(changes, change{applied(out.Sources, d), true})
			}
		}
		// Every link to d0 turned to d1: relations change.
		for p, text := range tree {
			if strings.Contains(text, "(d0.md#") {
				changes = append(changes, change{map[string][]byte{p: []byte(strings.ReplaceAll(text, "(d0.md#", "(d1.md#"))}, false})
			}
		}
		for i, c := range changes {
			in, err := out.editedInput(c.edited)
			if err != nil {
				t.Fatal(err)
			}
			// In full: the signals computed, the base prepared for this
			// judgement alone.
			full := in
			full.Signals = graph.Compute(in.Head, reconcile.SignalOptions(out.Config, out.Base))
			full.PreparedBase = nil
			if a, b := mustJSON(t, in.Signals), mustJSON(t, full.Signals); a != b {
				t.Fatalf("seed %d, change %d: the edited tree's signals differ from a computation's", seed, i)
			}
			if a, b := mustJSON(t, reconcile.Run(in)), mustJSON(t, reconcile.Run(full)); a != b {
				t.Fatalf("seed %d, change %d: the edited tree's findings differ from a computation's\n got %.400s\nwant %.400s", seed, i, a, b)
			}
			isReused := fmt.Sprintf("%p", in.Signals.Canonicality) == fmt.Sprintf("%p", out.Signals.Canonicality)
			if c.fragment && !isReused {
				t.Errorf("seed %d, change %d: a #fragment fix computed the signals again", seed, i)
			}
			if isReused {
				reused++
			} else {
				recomputed++
			}
		}
	}
	t.Logf("%d edited trees judged with the head's signals, %d with signals computed again", reused, recomputed)
	if reused == 0 || recomputed == 0 {
		t.Errorf("the fixture takes one way only: %d reused, %d recomputed", reused, recomputed)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
