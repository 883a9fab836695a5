package nearmiss

import (
	"math"
	"testing"
)

func TestJaroWinkler(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
		tol  float64
	}{
		// The textbook values, quoted to three places.
		{"MARTHA", "MARHTA", 0.961, 0.0005},
		{"DWAYNE", "DUANE", 0.84, 0.0005},
		{"DIXON", "DICKSONX", 0.813, 0.0005},
		// Exact cases.
		{"", "", 1, 0},
		{"", "a", 0, 0},
		{"a", "", 0, 0},
		{"same", "same", 1, 0},
		{"abc", "xyz", 0, 0},
		// Window max(2)/2-1 = 0: a swap of two runes matches nothing.
		{"ab", "ba", 0, 0},
		// Jaro 7/12 < 0.7, and the prefix bonus still applies: 7/12 + 0.3·5/12.
		{"abcdefgh", "abcxyzuv", 7.0/12 + 0.3*5/12, 1e-12},
		// Over runes, not bytes: é is one rune. m=4, t=0, l=1.
		{"héllo", "hello", (4.0/5+4.0/5+1)/3 + 0.1*(1-(4.0/5+4.0/5+1)/3), 1e-12},
		// The prefix counts at most 4 runes (here 9 are common): m=9, t=0, l=4.
		{"abcdefghij", "abcdefghiX", (0.9+0.9+1)/3 + 0.4*(1-(0.9+0.9+1)/3), 1e-12},
	}
	for _, tt := range tests {
		got := JaroWinkler(tt.a, tt.b)
		if math.Abs(got-tt.want) > tt.tol {
			t.Errorf("JaroWinkler(%q, %q) = %.6f, want %.6f", tt.a, tt.b, got, tt.want)
		}
	}
}
