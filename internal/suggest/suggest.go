// Package suggest plans a pull request's suggested changes: which judged
// findings' edits lie on lines the pull request adds, the head lines each
// replaces and their new text, each checked before it is offered (the
// finding gone, no finding added), and the fingerprint that finds it again
// on the next run. It is pure: the caller reads the diff and the files,
// judges the edited tree (Input.Verify), posts and renders.
package suggest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
	"github.com/docbridge/docbridge/internal/fix"
	"github.com/docbridge/docbridge/internal/prdiff"
	"github.com/docbridge/docbridge/internal/report"
)

// maxSuggestions bounds the suggestions of one run: one review holds them
// all, and a reader acts on a few dozen at most; the rest keep their
// annotation and get the fix command.
const maxSuggestions = 50

// maxSpan bounds the head lines one suggestion replaces.
const maxSpan = 10

// Suggestion is one finding's fix as a suggested change: head lines
// StartLine..Line of Path (the repository's path) replaced by Lines.
type Suggestion struct {
	Finding         report.Finding
	Path            string
	StartLine, Line int
	// Old are the head's lines it replaces, Lines their new text (line
	// endings left out; a CRLF file keeps its endings when applied).
	Old, Lines []string
	// Fingerprint names the suggestion across runs: the finding's id, the
	// place and the new text.
	Fingerprint string
}

// Outside is a judged finding with edits that got no suggestion, and why.
type Outside struct {
	Finding report.Finding
	Reason  string
}

// Plan is what a run offers.
type Plan struct {
	Suggestions []Suggestion
	Outside     []Outside
}

// Input is what a plan is made from.
type Input struct {
	// Findings are the judged findings, in the report's order.
	Findings []report.Finding
	// Sources are the documents the edits are in, by the findings' paths
	// (pipeline.Outcome.Sources).
	Sources map[string][]byte
	// Added are the lines the pull request adds, by repository path; a
	// file absent has none (not changed, or no patch listed).
	Added map[string]prdiff.Added
	// ToRepo turns a finding's path into the repository's.
	ToRepo func(string) string
	// Verify judges the tree with edited documents (path → bytes, the
	// findings' paths) and says why the edit is wrong, nil when the
	// finding is gone and nothing was added.
	Verify func(f report.Finding, edited map[string][]byte) error
	// VerifyAll, when set, judges the tree once with the edits of all of
	// fs (pipeline.Outcome.VerifyAll): nil only when that shows Verify
	// would accept each alone. Make asks it first about every suggestion
	// it would offer, and verifies them one by one only when it refuses.
	VerifyAll func(fs []report.Finding, edited map[string][]byte) error
}

// Make plans the suggestions: at most maxSuggestions, the findings taken
// in the report's canonical order (whatever order they come in); every
// other judged finding with edits is Outside.
//
// With VerifyAll, the plan is first made as if every edit passed, and
// its suggestions' edits are judged together: accepted, that plan is the
// one verifying each alone makes (each passes, so each takes the same
// lines and place under the bound); refused, the plan is made again,
// verifying one by one.
func Make(in Input) Plan {
	if in.VerifyAll == nil {
		return plan(in, in.Verify)
	}
	var batch []report.Finding
	p := plan(in, func(f report.Finding, _ map[string][]byte) error {
		batch = append(batch, f)
		return nil
	})
	if len(batch) < 2 {
		// One judgement either way: Verify's own reason when it fails.
		return plan(in, in.Verify)
	}
	if edited, ok := applyAll(in.Sources, batch); ok && in.VerifyAll(batch, edited) == nil {
		return p
	}
	return plan(in, in.Verify)
}

// applyAll applies the edits of fs to their documents in sources, per
// document, and returns the edited ones; false when an edit is not where
// it says once the others are applied.
func applyAll(sources map[string][]byte, fs []report.Finding) (map[string][]byte, bool) {
	byPath := map[string][]finding.Edit{}
	for _, f := range fs {
		for _, e := range f.Edits {
			byPath[e.Path] = append(byPath[e.Path], e)
		}
	}
	edited := make(map[string][]byte, len(byPath))
	for path, edits := range byPath {
		res := fix.Apply(sources[path], edits)
		if len(res.Skipped) > 0 {
			return nil, false
		}
		edited[path] = res.Out
	}
	return edited, true
}

// plan makes the plan with verify judging each suggestion's edit.
func plan(in Input, verify func(f report.Finding, edited map[string][]byte) error) Plan {
	var p Plan
	fs := slices.Clone(in.Findings)
	slices.SortStableFunc(fs, report.CompareFindings)
	for _, f := range fs {
		if len(f.Edits) == 0 {
			continue
		}
		if len(p.Suggestions) == maxSuggestions {
			p.Outside = append(p.Outside, Outside{f, fmt.Sprintf("past the bound of %d suggestions a run", maxSuggestions)})
			continue
		}
		s, why := one(in, f, verify, func(path string, lo, hi int) bool {
			return slices.ContainsFunc(p.Suggestions, func(o Suggestion) bool {
				return o.Path == path && o.StartLine <= hi && lo <= o.Line
			})
		})
		if why != "" {
			p.Outside = append(p.Outside, Outside{f, why})
			continue
		}
		p.Suggestions = append(p.Suggestions, s)
	}
	return p
}

// one plans f's suggestion, or says why there is none. taken reports
// whether an earlier suggestion stands on lines lo..hi of a repository
// path: two suggestions on one line could not both be applied.
func one(in Input, f report.Finding, verify func(f report.Finding, edited map[string][]byte) error, taken func(path string, lo, hi int) bool) (Suggestion, string) {
	path := f.Edits[0].Path
	lo, hi := f.Edits[0].Line, f.Edits[0].Line
	for _, e := range f.Edits {
		switch {
		case e.Path != path:
			return Suggestion{}, "its edits are in several files"
		case len(e.Columns) == 0:
			return Suggestion{}, "its reference is not where the finding says"
		}
		lo, hi = min(lo, e.Line), max(hi, e.Line)
	}
	if hi-lo >= maxSpan {
		return Suggestion{}, fmt.Sprintf("its edits span more than %d lines", maxSpan)
	}
	src := in.Sources[path]
	repoPath := in.ToRepo(path)
	if taken(repoPath, lo, hi) {
		return Suggestion{}, "another finding's suggestion stands on its line"
	}
	added := in.Added[repoPath]
	old := lineRange(src, lo, hi)
	if old == nil {
		return Suggestion{}, "its file was not read"
	}
	for i, l := range old {
		text, ok := added[lo+i]
		switch {
		case !ok:
			return Suggestion{}, "not on a line the pull request adds"
		case text != l:
			return Suggestion{}, "the checked-out file differs from the pull request's head there"
		}
	}
	res := fix.Apply(src, f.Edits)
	if len(res.Skipped) > 0 {
		return Suggestion{}, "its reference is not where the finding says"
	}
	if err := verify(f, map[string][]byte{path: res.Out}); err != nil {
		return Suggestion{}, "the edit was not checked: " + err.Error()
	}
	lines := lineRange(res.Out, lo, hi)
	s := Suggestion{Finding: f, Path: repoPath, StartLine: lo, Line: hi, Old: old, Lines: lines}
	s.Fingerprint = fingerprint(f.ID, repoPath, lo, hi, lines)
	return s, ""
}

// lineRange returns lines lo..hi (1-based) of src without their endings;
// nil when src has fewer.
func lineRange(src []byte, lo, hi int) []string {
	all := bytes.SplitAfter(src, []byte("\n"))
	if lo < 1 || hi > len(all) || (hi == len(all) && len(all[hi-1]) == 0) {
		return nil
	}
	out := make([]string, 0, hi-lo+1)
	for _, l := range all[lo-1 : hi] {
		out = append(out, strings.TrimSuffix(strings.TrimSuffix(string(l), "\n"), "\r"))
	}
	return out
}

// fingerprint hashes what a suggestion is: the same finding, place and
// text on the next run is the same suggestion, left alone.
func fingerprint(id, path string, lo, hi int, lines []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00", id, path, lo, hi)
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
