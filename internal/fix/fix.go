// Package fix applies the edits of drift findings to a document's bytes
// and renders what changed as a unified diff. It is pure: the caller
// reads and writes the files (docbridge fix).
//
// An edit is applied only where the reference is written the way its kind
// says — a link destination after "(", "<", a reference definition's
// "]: " or an HTML attribute's quote; a code span's text between
// backticks — on the edit's line, so that prose or a code block that
// happens to hold the same text elsewhere is never touched. Every byte
// outside the rewritten references is kept: line endings (CRLF stays
// CRLF), encoding, a missing final newline.
package fix

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/docbridge/docbridge/internal/finding"
)

// Result is what Apply did to one document.
type Result struct {
	// Out is the document with the edits applied (the input itself when
	// none applied).
	Out []byte
	// Applied are the edits that rewrote at least one occurrence; Skipped
	// those whose reference was not found where the edit says.
	Applied, Skipped []finding.Edit
	// Rewritten counts the occurrences rewritten (a reference written
	// twice on one line is rewritten twice).
	Rewritten int
}

// Apply rewrites src with edits (those of one document; their Path is not
// read). Edits are deduplicated and applied per line; two edits whose
// occurrences overlap apply the one that starts first.
func Apply(src []byte, edits []finding.Edit) Result {
	es := slices.Clone(edits)
	slices.SortFunc(es, func(a, b finding.Edit) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), strings.Compare(a.Kind, b.Kind), strings.Compare(a.Old, b.Old),
			strings.Compare(a.New, b.New))
	})
	es = slices.CompactFunc(es, func(a, b finding.Edit) bool { return a.Line == b.Line && a.Kind == b.Kind && a.Old == b.Old })
	res := Result{Out: src}
	starts := lineStarts(src)
	type span struct {
		from, to int
		edit     int
	}
	var spans []span
	for i, e := range es {
		lo, _, ats := locate(src, starts, e)
		for _, at := range ats {
			spans = append(spans, span{lo + at, lo + at + len(e.Old), i})
		}
	}
	if len(spans) == 0 {
		res.Skipped = es
		return res
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.edit, b.edit)) })
	var out bytes.Buffer
	out.Grow(len(src))
	pos := 0
	used := map[int]bool{}
	for _, s := range spans {
		if s.from < pos {
			continue // overlaps the previous rewrite
		}
		out.Write(src[pos:s.from])
		out.WriteString(es[s.edit].New)
		pos = s.to
		used[s.edit] = true
		res.Rewritten++
	}
	out.Write(src[pos:])
	res.Out = out.Bytes()
	for i, e := range es {
		if used[i] {
			res.Applied = append(res.Applied, e)
		} else {
			res.Skipped = append(res.Skipped, e)
		}
	}
	return res
}

// Locate returns the columns of e's occurrences in src, where Apply
// rewrites it: 1-based, in UTF-16 code units (finding.Edit.Columns). It is
// empty when the edit does not apply to src.
func Locate(src []byte, e finding.Edit) []int {
	_, line, ats := locate(src, lineStarts(src), e)
	cols := make([]int, 0, len(ats))
	for _, at := range ats {
		cols = append(cols, finding.ColumnWidth(line[:at])+1)
	}
	return cols
}

// locate finds e on its line of src (starts are its line starts): the
// line's start offset, its text without the line ending, and the offsets
// in it of e's occurrences (none when the edit is out of range, empty or
// a no-op).
func locate(src []byte, starts []int, e finding.Edit) (lo int, line string, ats []int) {
	if e.Line < 1 || e.Line > len(starts) || e.Old == "" || e.Old == e.New {
		return 0, "", nil
	}
	lo = starts[e.Line-1]
	hi := len(src)
	if e.Line < len(starts) {
		hi = starts[e.Line]
	}
	line = string(bytes.TrimRight(src[lo:hi], "\r\n"))
	return lo, line, occurrences(line, e)
}

// lineStarts returns the byte offset of each line's start.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// occurrences returns the offsets in line where e.Old is written as a
// reference of e's kind.
func occurrences(line string, e finding.Edit) []int {
	var out []int
	for from := 0; from <= len(line)-len(e.Old); {
		i := strings.Index(line[from:], e.Old)
		if i < 0 {
			break
		}
		at := from + i
		if written(line, at, at+len(e.Old), e.Kind) {
			out = append(out, at)
		}
		from = at + 1
	}
	return out
}

// written reports whether line[from:to] is a whole reference of kind: a
// link destination or a code span's text.
func written(line string, from, to int, kind string) bool {
	before, after := line[:from], line[to:]
	switch kind {
	case finding.EditLink:
		// A destination ends the link (")" or a title after a space), an
		// autolink (">"), a definition (end of line, a space) or an
		// attribute (its quote).
		endOK := after == "" || strings.ContainsRune(") \t>\"'", rune(after[0]))
		switch {
		case strings.HasSuffix(before, "]("), strings.HasSuffix(before, "](<"):
			return endOK
		case strings.HasSuffix(before, "<"):
			return strings.HasPrefix(after, ">")
		case strings.HasSuffix(before, `="`), strings.HasSuffix(before, `='`):
			return strings.HasPrefix(after, before[len(before)-1:])
		case strings.HasSuffix(strings.TrimRight(before, " \t"), "]:") && strings.HasPrefix(strings.TrimLeft(before, " \t"), "["):
			return endOK
		}
		return false
	case finding.EditCode:
		b := strings.TrimSuffix(before, " ")
		a := strings.TrimPrefix(after, " ")
		return strings.HasSuffix(b, "`") && strings.HasPrefix(a, "`")
	}
	return false
}

// Diff renders the change from old to new of the document at path as a
// unified diff (three lines of context, a/ and b/ prefixes), or "" when
// they are equal. Apply never adds or removes a line, so the hunks pair
// lines one to one. A line's "\r" is kept as written.
func Diff(path string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	if len(a) != len(b) {
		// Not Apply's output: show the whole file replaced.
		return fmt.Sprintf("--- a/%s\n+++ b/%s\n%s", path, path, hunk(a, b, 0, len(a), 0, len(b)))
	}
	var changed []int
	for i := range a {
		if a[i] != b[i] {
			changed = append(changed, i)
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- a/%s\n+++ b/%s\n", path, path)
	const ctx = 3
	for i := 0; i < len(changed); {
		lo := max(changed[i]-ctx, 0)
		j := i
		for j+1 < len(changed) && changed[j+1]-changed[j] <= 2*ctx {
			j++
		}
		hi := min(changed[j]+ctx+1, len(a))
		sb.WriteString(hunk(a, b, lo, hi, lo, hi))
		i = j + 1
	}
	return sb.String()
}

// hunk renders a[alo:ahi] against b[blo:bhi], pairing equal-index lines
// when both ranges have one length.
func hunk(a, b []string, alo, ahi, blo, bhi int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(alo, ahi-alo), hunkRange(blo, bhi-blo))
	line := func(prefix, s string) {
		sb.WriteString(prefix)
		if strings.HasSuffix(s, "\n") {
			sb.WriteString(s)
		} else {
			sb.WriteString(s + "\n\\ No newline at end of file\n")
		}
	}
	if ahi-alo != bhi-blo {
		for _, s := range a[alo:ahi] {
			line("-", s)
		}
		for _, s := range b[blo:bhi] {
			line("+", s)
		}
		return sb.String()
	}
	for k := 0; k < ahi-alo; {
		if a[alo+k] == b[blo+k] {
			line(" ", a[alo+k])
			k++
			continue
		}
		n := k
		for n < ahi-alo && a[alo+n] != b[blo+n] {
			n++
		}
		for _, s := range a[alo+k : alo+n] {
			line("-", s)
		}
		for _, s := range b[blo+k : blo+n] {
			line("+", s)
		}
		k = n
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits s after each "\n", keeping it.
func splitLines(s []byte) []string {
	var out []string
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, string(s))
			break
		}
		out = append(out, string(s[:i+1]))
		s = s[i+1:]
	}
	return out
}
