package nearmiss

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestLengthRange(t *testing.T) {
	tests := []struct{ n, maxLen, lo, hi int }{
		{1, 100, 1, 1},
		{5, 100, 3, 8},
		{10, 100, 6, 16},
		{20, 100, 12, 33},
		{100, 1000, 60, 166},
		{100, 120, 60, 120}, // capped by the longest candidate
		{100, 50, 60, 100},
	}
	for _, tt := range tests {
		if lo, hi := lengthRange(tt.n, tt.maxLen); lo != tt.lo || hi != tt.hi {
			t.Errorf("lengthRange(%d, %d) = [%d, %d], want [%d, %d]", tt.n, tt.maxLen, lo, hi, tt.lo, tt.hi)
		}
	}
	// Against the closed form r = 3·(T−0.4)/0.6 − 2: lengths in [r·n, n/r].
	r := 3*(Threshold-0.4)/0.6 - 2
	for n := 1; n <= maxRunes; n++ {
		lo, hi := lengthRange(n, 4*maxRunes)
		wantLo := int(math.Ceil(r*float64(n) - 1e-9))
		wantHi := int(math.Floor(float64(n)/r + 1e-9))
		if lo != max(wantLo, 1) || hi != wantHi {
			t.Fatalf("lengthRange(%d) = [%d, %d], closed form [%d, %d]", n, lo, hi, wantLo, wantHi)
		}
	}
}

// TestBoundsOverEstimate checks, on many random pairs built to collide (a
// tiny alphabet, and runes 128 apart that share a slot), that neither bound
// ever falls below the true score.
func TestBoundsOverEstimate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	alphabet := []rune("ab/.aá\u0161\u00e1日")
	for range 100000 {
		a, b := randomString(rng, alphabet, 12), randomString(rng, alphabet, 12)
		ra, rb := []rune(a), []rune(b)
		got := JaroWinkler(a, b)
		if len(ra) == 0 || len(rb) == 0 {
			continue
		}
		var counts [slots]int
		for _, r := range ra {
			counts[slotOf(r)]++
		}
		m, ok := sharedAtLeast(&counts, countSlots(rb), len(rb), len(rb))
		if !ok {
			t.Fatalf("sharedAtLeast(%q, %q) gave up with the whole candidate allowed", a, b)
		}
		if m < matchCount(ra, rb) {
			t.Fatalf("character bound %d below the %d real matches of %q, %q", m, matchCount(ra, rb), a, b)
		}
		shared := upperBound(m, len(ra), len(rb), commonPrefix(ra, rb))
		length := upperBound(min(len(ra), len(rb)), len(ra), len(rb), maxPrefix)
		if got > shared+1e-12 || got > length+1e-12 {
			t.Fatalf("JaroWinkler(%q, %q) = %v above a bound (shared %v, length %v)", a, b, got, shared, length)
		}
	}
}

// matchCount is m, the Jaro matching runes of a and b.
func matchCount(a, b []rune) int {
	m, _ := matches(a, b, newScratch(max(len(a), len(b))))
	return m
}

func TestSharedAtLeast(t *testing.T) {
	var q [slots]int
	for _, r := range "aab/" {
		q[slotOf(r)]++
	}
	tests := []struct {
		cand      string
		allowance int
		shared    int
		ok        bool
	}{
		{"aab/", 0, 4, true},
		{"ab", 0, 2, true},
		{"aaab", 1, 3, true}, // one 'a' unpaired
		{"aaab", 0, 0, false},
		{"xyz", 2, 0, false},
		{"xyz", 3, 0, true},
		{"á", 0, 1, true}, // shares slot 97 with 'a': pooled, so counted
	}
	for _, tt := range tests {
		r := []rune(tt.cand)
		shared, ok := sharedAtLeast(&q, countSlots(r), len(r), tt.allowance)
		if shared != tt.shared || ok != tt.ok {
			t.Errorf("sharedAtLeast(%q, allowance %d) = %d, %v; want %d, %v", tt.cand, tt.allowance, shared, ok, tt.shared, tt.ok)
		}
	}
}

// TestNeedTable checks each entry is the fewest matches the bound admits.
func TestNeedTable(t *testing.T) {
	for _, n := range []int{1, 2, 7, 40, 300} {
		lo, hi := lengthRange(n, 4*n)
		rows := needTable(n, lo, hi)
		for lb := lo; lb <= hi; lb++ {
			for l, need := range rows[lb-lo] {
				most := min(n, lb)
				if need < 1 || need > most+1 {
					t.Fatalf("need(%d, %d, l=%d) = %d out of [1, %d]", n, lb, l, need, most+1)
				}
				if need <= most && !admits(upperBound(need, n, lb, l)) {
					t.Errorf("need(%d, %d, l=%d) = %d is not admitted", n, lb, l, need)
				}
				if need > 1 && admits(upperBound(need-1, n, lb, l)) {
					t.Errorf("need(%d, %d, l=%d) = %d, but %d is admitted", n, lb, l, need, need-1)
				}
			}
		}
	}
}

func TestCountSlots(t *testing.T) {
	// 'a' (97) and 'á' (225) share slot 97.
	got := countSlots([]rune("aáb/a"))
	want := []slotCount{{'/', 1}, {'a', 3}, {'b', 1}}
	if len(got) != len(want) {
		t.Fatalf("countSlots = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("countSlots = %v, want %v", got, want)
		}
	}
	if slotOf(-1) < 0 || slotOf(-1) >= slots {
		t.Errorf("slotOf(-1) = %d, out of range", slotOf(-1))
	}
}

// randomString returns up to maxLen runes from alphabet.
func randomString(rng *rand.Rand, alphabet []rune, maxLen int) string {
	r := make([]rune, rng.IntN(maxLen+1))
	for i := range r {
		r[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(r)
}
