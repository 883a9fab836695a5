package nearmiss

import "sort"

// boundSlack absorbs floating-point rounding in the bounds; far below any
// difference a score can make, far above float64 error on these sums.
const boundSlack = 1e-9

// slots is the size of the character-count vector; a rune counts in slot
// rune % slots.
const slots = 128

// upperBound over-estimates JaroWinkler for strings of la and lb runes that
// have at most m matching runes and a common prefix of l runes.
func upperBound(m, la, lb, l int) float64 {
	if m == 0 {
		return 0
	}
	fm := float64(m)
	return winkler((fm/float64(la)+fm/float64(lb)+1)/3, l)
}

// admits reports whether a bound leaves the candidate in play.
func admits(bound float64) bool {
	return bound >= Threshold-boundSlack
}

// lengthRange returns the rune lengths [lo, hi] the length bound admits for a
// query of n ≥ 1 runes, searching no further than maxLen. Below n the bound
// grows with the candidate's length, above n it shrinks, so each side is a
// binary search.
func lengthRange(n, maxLen int) (lo, hi int) {
	// Smallest lb in [1, n] that is admitted (n itself always is).
	lo = 1 + sort.Search(n, func(k int) bool {
		lb := 1 + k
		return admits(upperBound(lb, n, lb, maxPrefix))
	})
	// Largest lb in [n, maxLen] that is admitted.
	if maxLen <= n {
		return lo, n
	}
	hi = n - 1 + sort.Search(maxLen-n+1, func(k int) bool {
		return !admits(upperBound(n, n, n+k, maxPrefix))
	})
	return lo, hi
}

// slotCount is one non-zero slot of a candidate's character-count vector.
type slotCount struct {
	slot uint8
	n    uint16 // at most maxRunes
}

// countSlots returns the non-zero slots of r's character counts, by slot.
func countSlots(r []rune) []slotCount {
	var c [slots]int
	for _, x := range r {
		c[slotOf(x)]++
	}
	var out []slotCount
	for s, n := range c {
		if n > 0 {
			out = append(out, slotCount{uint8(s), uint16(n)})
		}
	}
	return out
}

// slotOf maps a rune to its slot; negative runes cannot come from a string
// conversion, but are mapped into range all the same.
func slotOf(r rune) int {
	return int(uint32(r) % slots)
}

// sharedAtLeast returns the character bound on m, Σ min(query count,
// candidate count), for a candidate of lb runes, or ok=false as soon as it is
// certain to be below lb−allowance: it sums the candidate's runes the query
// cannot pair (lb minus the bound) and stops once they exceed allowance,
// which on most candidates is after a few slots.
func sharedAtLeast(query *[slots]int, cand []slotCount, lb, allowance int) (shared int, ok bool) {
	unpaired := 0
	for _, sc := range cand {
		if extra := int(sc.n) - query[sc.slot]; extra > 0 {
			unpaired += extra
			if unpaired > allowance {
				return 0, false
			}
		}
	}
	return lb - unpaired, true
}

// needRow holds, for one candidate length and each prefix length l, the
// fewest matching runes m for which upperBound admits the candidate; a
// candidate whose character bound is below it cannot reach Threshold.
type needRow [maxPrefix + 1]int

// needTable computes needRow for every candidate length in [lo, hi] against
// a query of n runes. upperBound grows with m (by at least 0.6·(1/n+1/lb)/3
// per step, far above rounding), so each entry is a binary search; when no m
// up to min(n, lb) is admitted the entry is min(n, lb)+1, which no bound
// reaches.
func needTable(n, lo, hi int) []needRow {
	rows := make([]needRow, hi-lo+1)
	for lb := lo; lb <= hi; lb++ {
		most := min(n, lb)
		for l := range rows[lb-lo] {
			rows[lb-lo][l] = 1 + sort.Search(most, func(k int) bool {
				return admits(upperBound(1+k, n, lb, l))
			})
		}
	}
	return rows
}
