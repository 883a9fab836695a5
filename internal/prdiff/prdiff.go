// Package prdiff reads the patch GitHub lists for a pull request's file
// (the `patch` of pulls/list-files: hunks of a unified diff, no file
// headers) for the lines it adds on the head side: the lines a review
// comment with a suggested change may stand on. It is pure.
package prdiff

import (
	"fmt"
	"strconv"
	"strings"
)

// Added maps a head line number (1-based) to its text, without the line
// ending, for every line the patch adds.
type Added map[int]string

// AddedLines reads patch's hunks and returns the lines they add. A patch
// that is not a sequence of hunks (a header out of place, a hunk whose
// counts its lines do not match) is an error: its line numbers cannot be
// trusted.
func AddedLines(patch string) (Added, error) {
	out := Added{}
	if patch == "" {
		return out, nil
	}
	lines := strings.Split(strings.TrimSuffix(patch, "\n"), "\n")
	var oldLeft, newLeft, next int
	for i, l := range lines {
		if strings.HasPrefix(l, "@@") {
			if oldLeft != 0 || newLeft != 0 {
				return nil, fmt.Errorf("line %d: hunk starts before the last one ended", i+1)
			}
			oldN, newStart, newN, err := hunkHeader(l)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			oldLeft, newLeft, next = oldN, newN, newStart
			continue
		}
		switch {
		case strings.HasPrefix(l, `\`): // "\ No newline at end of file"
		case strings.HasPrefix(l, "+") && newLeft > 0:
			out[next] = strings.TrimSuffix(l[1:], "\r")
			next++
			newLeft--
		case strings.HasPrefix(l, "-") && oldLeft > 0:
			oldLeft--
		case (strings.HasPrefix(l, " ") || l == "") && oldLeft > 0 && newLeft > 0:
			next++
			oldLeft--
			newLeft--
		default:
			return nil, fmt.Errorf("line %d: %q is outside a hunk", i+1, clip(l))
		}
	}
	if oldLeft != 0 || newLeft != 0 {
		return nil, fmt.Errorf("the last hunk is %d old and %d new lines short", oldLeft, newLeft)
	}
	return out, nil
}

// hunkHeader reads "@@ -a,b +c,d @@ …" (a count of 1 may be left out):
// the old side's count, the new side's start and count.
func hunkHeader(l string) (oldN, newStart, newN int, err error) {
	rest, ok := strings.CutPrefix(l, "@@ -")
	end := strings.Index(rest, " @@")
	if !ok || end < 0 {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q", clip(l))
	}
	o, n, ok := strings.Cut(rest[:end], " +")
	if !ok {
		return 0, 0, 0, fmt.Errorf("malformed hunk header %q", clip(l))
	}
	if _, oldN, err = hunkRange(o); err == nil {
		newStart, newN, err = hunkRange(n)
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("hunk header %q: %w", clip(l), err)
	}
	return oldN, newStart, newN, nil
}

func hunkRange(s string) (start, n int, err error) {
	a, b, hasN := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("range %q", s)
	}
	n = 1
	if hasN {
		if n, err = strconv.Atoi(b); err != nil || n < 0 {
			return 0, 0, fmt.Errorf("range %q", s)
		}
	}
	return start, n, nil
}

// clip bounds a line quoted in an error.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
