package extract

import (
	"strings"
	"unicode/utf8"
)

// Summarise cuts text to limit runes, the ellipsis that marks the cut
// included, backing up to a word boundary when there is one. Analyzers use
// it for the one-paragraph summaries they keep (package docs, docstrings).
func Summarise(text string, limit int) string {
	if utf8.RuneCountInString(text) <= limit {
		return text
	}
	cut, runes := len(text), 0
	for i := range text {
		if runes == limit-1 {
			cut = i
			break
		}
		runes++
	}
	head := text[:cut]
	if text[cut] != ' ' {
		if i := strings.LastIndexByte(head, ' '); i > 0 {
			head = head[:i]
		}
	}
	return strings.TrimRight(head, " ") + "…"
}
