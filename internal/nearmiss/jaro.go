// Package nearmiss suggests the repository path a document probably meant
// when it mentions one that does not exist: Jaro-Winkler similarity over all
// paths, accepted only at Threshold or above and only when exactly one
// candidate reaches it.
//
// Index answers exactly what comparing the query against every candidate
// would (MatchNaive), but skips most candidates with two cheap upper bounds
// on the score; Index's documentation derives them.
package nearmiss

import "slices"

// Threshold is the lowest Jaro-Winkler score accepted as a near miss.
const Threshold = 0.92

// Winkler's prefix bonus: prefixScale per common leading rune, for at most
// maxPrefix runes.
const (
	prefixScale = 0.1
	maxPrefix   = 4
)

// JaroWinkler returns the Jaro-Winkler similarity of a and b, over runes, in
// [0, 1]. The Jaro matching window is max(len)/2-1; Winkler's prefix bonus
// (scale 0.1, at most 4 runes) is applied whatever the Jaro score (there is
// no 0.7 boost threshold). Identical strings score 1; an empty string and a
// non-empty one score 0.
func JaroWinkler(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	return scoreRunes(ra, rb, newScratch(max(len(ra), len(rb))))
}

// scratch holds the match flags score needs, so Match can reuse them across
// candidates instead of allocating per comparison.
type scratch struct {
	matchedA, matchedB []bool
}

func newScratch(n int) *scratch {
	return &scratch{matchedA: make([]bool, n), matchedB: make([]bool, n)}
}

// scoreRunes is JaroWinkler over rune slices. Match and MatchNaive both use it, so
// their scores are bit-identical.
func scoreRunes(a, b []rune, s *scratch) float64 {
	if slices.Equal(a, b) {
		return 1
	}
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	m, t := matches(a, b, s)
	if m == 0 {
		return 0
	}
	return winkler(jaro(m, t, len(a), len(b)), commonPrefix(a, b))
}

// jaro combines the match count m and the transpositions t (half the matched
// runes that are out of order) into the Jaro similarity.
func jaro(m int, t float64, la, lb int) float64 {
	fm := float64(m)
	return (fm/float64(la) + fm/float64(lb) + (fm-t)/fm) / 3
}

// winkler adds the prefix bonus for l common leading runes.
func winkler(j float64, l int) float64 {
	return j + float64(l)*prefixScale*(1-j)
}

// matches counts the runes of a and b that match within the window, and
// their transpositions. O(len(a)·window).
func matches(a, b []rune, s *scratch) (m int, t float64) {
	window := max(max(len(a), len(b))/2-1, 0)
	ma, mb := s.matchedA[:len(a)], s.matchedB[:len(b)]
	clear(ma)
	clear(mb)
	for i, r := range a {
		lo, hi := max(i-window, 0), min(i+window+1, len(b))
		for j := lo; j < hi; j++ {
			if !mb[j] && b[j] == r {
				ma[i], mb[j] = true, true
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0, 0
	}
	// Walk both matched subsequences in order; each mismatch is half a
	// transposition.
	outOfOrder, j := 0, 0
	for i, r := range a {
		if !ma[i] {
			continue
		}
		for !mb[j] {
			j++
		}
		if r != b[j] {
			outOfOrder++
		}
		j++
	}
	return m, float64(outOfOrder) / 2
}

// commonPrefix is the length of a and b's common prefix, at most maxPrefix.
func commonPrefix(a, b []rune) int {
	n := min(len(a), len(b), maxPrefix)
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
