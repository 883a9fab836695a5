package review

import "strings"

// logLine makes s one safe log line: line breaks and other control
// characters become spaces, so text from an error or a title (which may
// quote repository content) cannot start a workflow command on a line of
// its own, and a line that would begin with "::" gets a leading space.
func logLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return ' '
		}
		return r
	}, s)
	if strings.HasPrefix(strings.TrimLeft(s, " "), "::") {
		return " " + s
	}
	return s
}
