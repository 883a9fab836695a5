package nearmiss

import (
	"cmp"
	"slices"
	"sort"
	"unicode/utf8"
)

// Bounds of an Index; what crosses them is counted in Dropped.
const (
	// maxRunes bounds the length of a candidate or query, keeping one O(n²)
	// comparison cheap; repository paths are far shorter in practice.
	// Longer candidates are dropped and longer queries match nothing.
	maxRunes = 1024
	// maxCandidates bounds the paths one Index holds (the scan's own file
	// bound is far lower); beyond it the longest paths are dropped.
	maxCandidates = 2 << 20
)

// Index holds candidate paths sorted by rune length, with their runes and
// character counts precomputed, for Match. It is immutable and safe for
// concurrent use.
//
// Match skips candidates with two upper bounds on JaroWinkler. Both only
// over-estimate, so a candidate they exclude cannot reach Threshold and Match
// returns exactly what MatchNaive returns. The derivation:
//
// Let a be the query (|a| runes), b a candidate (|b| runes), m their matching
// runes, t the transpositions (t ≤ m) and l ≤ 4 their common prefix. Then
//
//	J  = (m/|a| + m/|b| + (m−t)/m) / 3  ≤  (m/|a| + m/|b| + 1) / 3 = Jmax(m)
//	JW = J + 0.1·l·(1−J)                ≤  Jmax(m) + 0.1·l·(1−Jmax(m))
//
// because J + c·(1−J) = (1−c)·J + c grows with J for c = 0.1·l ≤ 0.4 < 1, and
// Jmax grows with m; so any over-estimate of m gives an over-estimate of JW,
// and l ≤ 4 gives JW ≤ 0.6·Jmax + 0.4 whatever the prefix.
//
// Length bound: m ≤ min(|a|, |b|). For |b| ≤ |a|, Jmax = (|b|/|a| + 2)/3, so
// JW ≥ T needs |b|/|a| ≥ r = 3·(T−0.4)/0.6 − 2; symmetrically |a|/|b| ≥ r
// when |b| ≥ |a|. At T = 0.92, r = 0.6: only candidates 0.6× to 1.67× the
// query's length can match. lengthRange evaluates the bound itself rather
// than this closed form, so it holds for any Threshold.
//
// Character bound: every matched pair is two equal runes, so for each rune
// value the pairs number at most min(count in a, count in b); pooling runes
// into 128 slots (rune % 128) can only raise each minimum's sum, so
// m ≤ Σ over slots of min(countA[slot], countB[slot]). The common prefix l
// costs at most 4 comparisons, so this bound uses the true l rather than 4.
//
// Rounding: the bounds are computed in floating point like the score, and are
// compared with Threshold − boundSlack, so an error in the last bits can only
// admit a candidate, never exclude one.
type Index struct {
	entries []entry
	// slotArena holds every entry's non-zero slots back to back, so the
	// character-bound loop walks memory in order.
	slotArena []slotCount
	maxLen    int
	dropped   int
}

// entry is one candidate; its slots are slotArena[slotStart:slotEnd].
type entry struct {
	path               string
	runes              []rune
	slotStart, slotEnd int32
}

// NewIndex indexes the distinct candidates.
func NewIndex(candidates []string) *Index {
	paths := slices.Clone(candidates)
	slices.Sort(paths)
	paths = slices.Compact(paths)
	ix := &Index{entries: make([]entry, 0, min(len(paths), maxCandidates))}
	for _, p := range paths {
		if utf8.RuneCountInString(p) > maxRunes {
			ix.dropped++
			continue
		}
		ix.entries = append(ix.entries, entry{path: p, runes: []rune(p)})
	}
	// By length for the length bound; by path within a length so the order,
	// and so every answer, is deterministic.
	slices.SortFunc(ix.entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(len(a.runes), len(b.runes)), cmp.Compare(a.path, b.path))
	})
	if len(ix.entries) > maxCandidates {
		ix.dropped += len(ix.entries) - maxCandidates
		ix.entries = ix.entries[:maxCandidates:maxCandidates]
	}
	for i := range ix.entries {
		e := &ix.entries[i]
		e.slotStart = int32(len(ix.slotArena))
		ix.slotArena = append(ix.slotArena, countSlots(e.runes)...)
		e.slotEnd = int32(len(ix.slotArena))
	}
	if n := len(ix.entries); n > 0 {
		ix.maxLen = len(ix.entries[n-1].runes)
	}
	return ix
}

// Match returns the one candidate whose Jaro-Winkler score against query is
// at least Threshold, and that score; ok is false when no candidate or more
// than one reaches it. The query itself, if indexed, is not a candidate.
//
// Candidates outside the length bound are never looked at (a binary search
// over the length-sorted entries finds the range); within it, the character
// bound, checked against a per-query table of the fewest matches each length
// and prefix needs, skips most of the rest before the O(n·m) comparison.
// Both bounds only over-estimate (see bound.go), so the answer is
// MatchNaive's. Cost: O(log N) plus O(slots) per candidate in the length
// range, plus O(n·m) per candidate that passes the bounds.
func (ix *Index) Match(query string) (candidate string, score float64, ok bool) {
	q, valid := queryRunes(query)
	if !valid {
		return "", 0, false
	}
	lo, hi := lengthRange(len(q), ix.maxLen)
	start := sort.Search(len(ix.entries), func(i int) bool { return len(ix.entries[i].runes) >= lo })
	end := sort.Search(len(ix.entries), func(i int) bool { return len(ix.entries[i].runes) > hi })
	var counts [slots]int
	for _, r := range q {
		counts[slotOf(r)]++
	}
	need := needTable(len(q), lo, hi)
	s := newScratch(max(len(q), hi))
	found := -1
	for i := start; i < end; i++ {
		e := &ix.entries[i]
		lb := len(e.runes)
		row := &need[lb-lo]
		// First with the most generous prefix, which spares computing the
		// real one for most candidates; then with the real one.
		shared, fits := sharedAtLeast(&counts, ix.slotArena[e.slotStart:e.slotEnd], lb, lb-row[maxPrefix])
		if !fits || shared < row[commonPrefix(q, e.runes)] || e.path == query {
			continue
		}
		if sc := scoreRunes(q, e.runes, s); sc >= Threshold {
			if found >= 0 {
				return "", 0, false
			}
			found, score = i, sc
		}
	}
	if found < 0 {
		return "", 0, false
	}
	return ix.entries[found].path, score, true
}

// queryRunes converts a query, rejecting what can match nothing: the empty
// string (it scores 0 against every other candidate) and anything longer
// than maxRunes.
func queryRunes(query string) ([]rune, bool) {
	if query == "" || utf8.RuneCountInString(query) > maxRunes {
		return nil, false
	}
	return []rune(query), true
}
