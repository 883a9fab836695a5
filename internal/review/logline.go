package review

import (
	"strings"

	"github.com/docbridge/docbridge/internal/textwriter"
)

// LogLine makes s one safe log line: line breaks, other control
// characters and bidi controls become spaces, so text from an error or a title (which may
// quote repository content) cannot start a workflow command on a line of
// its own, and a line that would begin with "::" gets a leading space.
func LogLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if textwriter.UnsafeRune(r) {
			return ' '
		}
		return r
	}, s)
	if strings.HasPrefix(strings.TrimLeft(s, " "), "::") {
		return " " + s
	}
	return s
}
