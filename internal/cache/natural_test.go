package cache

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNaturalCompare(t *testing.T) {
	sorted := []string{
		"", "0", "00", "01", "1", "2", "9", "10", "10a", "10b", "99", "100",
		"a", "a-9-1", "a-9-2", "a-10-1", "a-10-1x", "b",
	}
	shuffled := slices.Clone(sorted)
	slices.Reverse(shuffled)
	shuffled[3], shuffled[10] = shuffled[10], shuffled[3]
	slices.SortFunc(shuffled, naturalCompare)
	if !slices.Equal(shuffled, sorted) {
		t.Errorf("sorted %q\nwant   %q", shuffled, sorted)
	}
	for _, a := range sorted {
		if naturalCompare(a, a) != 0 {
			t.Errorf("%q differs from itself", a)
		}
	}
}

// FuzzNaturalCompare: the directory store's tie-break must be a total
// order, or "newest" would depend on the listing's order.
func FuzzNaturalCompare(f *testing.F) {
	f.Add("a-9-1", "a-10-1", "a-010-1")
	f.Add("0", "00", "")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		ab, ba := naturalCompare(a, b), naturalCompare(b, a)
		if ab != -ba || (ab == 0) != (a == b) {
			t.Fatalf("compare(%q, %q) = %d, reverse %d", a, b, ab, ba)
		}
		if ab <= 0 && naturalCompare(b, c) <= 0 && naturalCompare(a, c) > 0 {
			t.Fatalf("not transitive: %q <= %q <= %q but %q > %q", a, b, c, a, c)
		}
	})
}

// FuzzCleanWarning: whatever an error says, a warning is one line, bounded,
// valid UTF-8 when its input is, and leaks no URL query.
func FuzzCleanWarning(f *testing.F) {
	f.Add("GET https://b.example/c?sig=S&se=1: 403\nretry")
	f.Add("http://a?b http://c?d#e")
	f.Fuzz(func(t *testing.T, s string) {
		w := cleanWarning(s)
		if strings.ContainsAny(w, "\n\r") || len(w) > maxWarnLen {
			t.Fatalf("warning %q", w)
		}
		if utf8.ValidString(s) && !utf8.ValidString(w) {
			t.Fatalf("invalid UTF-8 from valid input: %q", w)
		}
		for _, loc := range signedQuery.FindAllStringIndex(w, -1) {
			m := w[loc[0]:loc[1]]
			_, q, _ := strings.Cut(m, "?")
			// The bound may cut the placeholder itself: "?REDA…" ends
			// the warning.
			if cut, ok := strings.CutSuffix(q, "…"); ok && loc[1] == len(w) && strings.HasPrefix("REDACTED", cut) {
				continue
			}
			if q != "REDACTED" {
				t.Fatalf("query left in %q", m)
			}
		}
	})
}
