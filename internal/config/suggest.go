package config

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// unknownKeyMessage explains an unknown key at path, suggesting the closest
// valid sibling when one is close enough, or listing the valid keys.
func unknownKeyMessage(path, name string, fields []field) string {
	best, bestDist := "", -1
	for _, f := range fields {
		dist := editDistance(strings.ToLower(name), strings.ToLower(f.name))
		// A third of the key's length: catches typos, plurals and case
		// slips without suggesting an unrelated short key.
		if dist <= max(1, len(f.name)/3) && (bestDist < 0 || dist < bestDist) {
			best, bestDist = f.name, dist
		}
	}
	if bestDist >= 0 {
		return fmt.Sprintf("unknown key %q (did you mean %q?)", path, best)
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return fmt.Sprintf("unknown key %q (valid keys: %s)", path, strings.Join(names, ", "))
}

// maxSuggestRunes bounds the strings editDistance compares, keeping a huge
// unknown key from costing quadratic time; longer keys get no suggestion.
const maxSuggestRunes = 64

// editDistance is the optimal-string-alignment distance (Levenshtein plus
// adjacent transpositions) between a and b, or a large number when either
// is longer than maxSuggestRunes.
func editDistance(a, b string) int {
	if utf8.RuneCountInString(a) > maxSuggestRunes || utf8.RuneCountInString(b) > maxSuggestRunes {
		return 1 << 30
	}
	ra, rb := []rune(a), []rune(b)
	// Three rolling rows: the transposition case looks two rows back.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
