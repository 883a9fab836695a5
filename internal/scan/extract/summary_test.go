package extract

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSummarise(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		limit    int
		want     string
	}{
		{"under the bound", "short text", 20, "short text"},
		{"exactly the bound", "0123456789", 10, "0123456789"},
		{"cut at a word boundary", "alpha beta gamma delta", 12, "alpha beta…"},
		{"cut falls on a space", "alpha beta gamma", 7, "alpha…"},
		{"no space: cut inside the word", "abcdefghijkl", 5, "abcd…"},
		{"multi-byte runes stay whole", strings.Repeat("é", 20), 10, strings.Repeat("é", 9) + "…"},
	} {
		got := Summarise(tt.in, tt.limit)
		if got != tt.want || !utf8.ValidString(got) || utf8.RuneCountInString(got) > tt.limit {
			t.Errorf("%s: Summarise(%q, %d) = %q, want %q", tt.name, tt.in, tt.limit, got, tt.want)
		}
	}
}
