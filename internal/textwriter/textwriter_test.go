package textwriter

import (
	"errors"
	"strings"
	"testing"
)

type failAfter struct {
	n   int
	got strings.Builder
}

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return f.got.Write(p)
}

// TestWriterKeepsFirstError: after a failed write nothing more is written
// and Err reports the failure.
func TestWriterKeepsFirstError(t *testing.T) {
	f := &failAfter{n: 1}
	w := New(f)
	w.Printf("%d ", 1)
	w.Print("two ")
	w.Print("three")
	if w.Err() == nil || f.got.String() != "1 " {
		t.Fatalf("wrote %q, err %v; want %q and an error", f.got.String(), w.Err(), "1 ")
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n          int
		want, word string
	}{{0, "0 cycles", "cycles"}, {1, "1 cycle", "cycle"}, {2, "2 cycles", "cycles"}} {
		if got := Plural(c.n, "cycle", "cycles"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
		if got := PluralWord(c.n, "cycle", "cycles"); got != c.word {
			t.Errorf("PluralWord(%d) = %q, want %q", c.n, got, c.word)
		}
	}
}

func TestDir(t *testing.T) {
	for dir, want := range map[string]string{".": "the repository root", "docs": "docs/", "site/content": "site/content/"} {
		if got := Dir(dir); got != want {
			t.Errorf("Dir(%q) = %q, want %q", dir, got, want)
		}
	}
}
