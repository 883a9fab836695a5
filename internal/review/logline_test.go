package review

import (
	"strings"
	"testing"
)

func TestLogLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":               "plain",
		"a\n::error::x":       "a ::error::x",
		"::warning::x":        " ::warning::x",
		"  ::x":               "   ::x",
		"bidi\u202eend\x1b[m": "bidi end [m",
		// Marks the first version missed: LRM, RLM, the Arabic letter mark.
		"a\u200eb\u200fc\u061cd": "a b c d",
	} {
		if got := LogLine(in); got != want {
			t.Errorf("LogLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzLogLine checks that no text logged through LogLine can start a
// workflow command: one line, never beginning with "::".
func FuzzLogLine(f *testing.F) {
	for _, s := range []string{"::error::x", "a\n::x", " \r::y", "\u2028::z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := LogLine(s)
		if strings.ContainsAny(out, "\n\r") || strings.HasPrefix(out, "::") {
			t.Fatalf("%q → %q", s, out)
		}
	})
}
