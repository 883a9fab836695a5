package reconcile

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/docbridge/docbridge/internal/catalog"
	"github.com/docbridge/docbridge/internal/finding"
)

// draft is what a rule emits: a diagnostic before its severity and
// fingerprint are set. Key names the subject within the file (a link
// target, a symbol, a cycle's node list) — whatever identifies the finding
// without its line.
type draft struct {
	Code        string
	Message     string
	Evidence    []finding.Location
	EntityIDs   []string
	Remediation string
	Key         string
	// edits rewrite the reference when its new form is unambiguous.
	edits []finding.Edit
	// moved, on a DRIFT_LINK or DRIFT_PATH finding, is what the base path
	// was and where it went (see groupMoves).
	moved *movedRef
	// members are the findings a DRIFT_MOVE groups.
	members []draft
}

// fingerprint hashes what a finding is about. Two findings with one code,
// file and key (the same broken link written twice) are told apart by
// their order in the file, which survives moving both.
func fingerprint(code, path, key string, ordinal int) string {
	h := xxhash.New()
	for _, s := range []string{code, path, key, fmt.Sprint(ordinal)} {
		_, _ = h.WriteString(s)
		_, _ = h.Write([]byte{0})
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// finalize collapses identical findings, sets severities and fingerprints
// and sorts: by path, line, code, then id.
func finalize(fs []draft, severity func(code string) catalog.Level) []finding.Diagnostic {
	return finalizeBy(fs, severity, true)
}

// finalizeBy is finalize; acrossLines says whether one reference repeated on
// several lines of a document is one finding (see collapse).
func finalizeBy(fs []draft, severity func(code string) catalog.Level, acrossLines bool) []finding.Diagnostic {
	// Order findings of one (code, path, key) by line so ordinals follow the
	// file, whatever order the rules produced them in.
	slices.SortStableFunc(fs, func(a, b draft) int {
		pa, pb := primary(a), primary(b)
		return cmp.Or(strings.Compare(a.Code, b.Code), strings.Compare(pa.Path, pb.Path),
			strings.Compare(a.Key, b.Key), cmp.Compare(pa.Line, pb.Line), strings.Compare(a.Message, b.Message))
	})
	fs, counts := collapse(fs, acrossLines)
	out := make([]finding.Diagnostic, 0, len(fs))
	ordinal := 0
	for i, f := range fs {
		p := primary(f)
		if i > 0 && fs[i-1].Code == f.Code && primary(fs[i-1]).Path == p.Path && fs[i-1].Key == f.Key {
			ordinal++
		} else {
			ordinal = 0
		}
		ids := slices.Clone(f.EntityIDs)
		slices.Sort(ids)
		ids = slices.Compact(ids)
		if ids == nil {
			ids = []string{}
		}
		ev := f.Evidence
		if ev == nil {
			ev = []finding.Location{}
		}
		out = append(out, finding.Diagnostic{
			ID:          fingerprint(f.Code, p.Path, f.Key, ordinal),
			Code:        f.Code,
			Severity:    severity(f.Code),
			Message:     f.Message,
			Evidence:    ev,
			EntityIDs:   ids,
			Remediation: f.Remediation,
			Subject:     f.Key,
			Occurrences: counts[i],
			Edits:       f.edits,
			Members:     finalizeMembers(f.members, severity),
		})
	}
	finding.Sort(out)
	return out
}

// collapse keeps the first of the findings that say the same thing in the
// same document — one code, file, key and message — and counts them: one
// problem, one finding. One reference written twice on a line is always
// one finding; with acrossLines, so is one written on many lines (the same
// missing anchor in 24 rows of a table): the finding kept carries every
// further line as evidence, the edits of all, and the findings it stands
// for, one per line, as members (the doctor counts references). The one
// kept is the first in fs's order (fs is sorted by line), so its
// fingerprint (its ordinal among the findings of its code, file and key)
// does not depend on how many times the reference repeats. counts[i] is
// how many findings out[i] stands for when more than one, else 0.
func collapse(fs []draft, acrossLines bool) (out []draft, counts []int) {
	type same struct {
		code, key, message string
		at                 finding.Location
	}
	first := make(map[same]int, len(fs))
	lines := map[int][]draft{} // index in out → its findings, one per line
	out = fs[:0:0]
	for _, f := range fs {
		at := primary(f)
		k := same{f.Code, f.Key, f.Message, at}
		if acrossLines && f.members == nil {
			k.at.Line = 0
		}
		i, ok := first[k]
		if !ok {
			first[k] = len(out)
			out = append(out, f)
			counts = append(counts, 0)
			lines[len(out)-1] = []draft{f}
			continue
		}
		counts[i] = max(counts[i], 1) + 1
		if ls := lines[i]; primary(ls[len(ls)-1]) == at {
			// The same line again: nothing more to show, but the reference
			// written another way (guide.md#x beside #x) is one more to fix.
			for _, e := range f.edits {
				if !slices.ContainsFunc(out[i].edits, func(k finding.Edit) bool { return k.Line == e.Line && k.Old == e.Old && k.New == e.New }) {
					out[i].edits = append(slices.Clip(out[i].edits), e)
				}
			}
			continue
		}
		lines[i] = append(lines[i], f)
		g := &out[i]
		g.Evidence = append(slices.Clip(g.Evidence), at)
		g.EntityIDs = append(slices.Clip(g.EntityIDs), f.EntityIDs...)
		g.edits = append(slices.Clip(g.edits), f.edits...)
	}
	for i, ls := range lines {
		if len(ls) > 1 {
			out[i].members = ls
		}
	}
	return out, counts
}

func primary(f draft) finding.Location {
	if len(f.Evidence) == 0 {
		return finding.Location{}
	}
	return f.Evidence[0]
}

// finalizeMembers finalizes the members of a grouped finding on their
// own (nil when there are none).
func finalizeMembers(ms []draft, severity func(code string) catalog.Level) []finding.Diagnostic {
	if len(ms) == 0 {
		return nil
	}
	return finalizeBy(slices.Clone(ms), severity, false)
}
