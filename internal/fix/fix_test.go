package fix

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/finding"
)

func link(line int, old, new string) finding.Edit {
	return finding.Edit{Path: "d.md", Line: line, Kind: finding.EditLink, Old: old, New: new}
}

func code(line int, old, new string) finding.Edit {
	return finding.Edit{Path: "d.md", Line: line, Kind: finding.EditCode, Old: old, New: new}
}

// Each reference shape is rewritten where written as its kind says, and
// only there; the twin of each (the same text elsewhere on the line, or in
// another kind) stays.
func TestApply(t *testing.T) {
	tests := []struct {
		name, src string
		edits     []finding.Edit
		want      string
		skipped   int
	}{
		{"inline link", "See [a](a.md#x) and a.md#x.\n", []finding.Edit{link(1, "a.md#x", "b/a.md#x")},
			"See [a](b/a.md#x) and a.md#x.\n", 0},
		{"link with title", "[a](a.md \"A\")\n", []finding.Edit{link(1, "a.md", "b.md")}, "[a](b.md \"A\")\n", 0},
		{"angle destination", "[a](<a b.md>)\n", []finding.Edit{link(1, "a b.md", "c.md")}, "[a](<c.md>)\n", 0},
		{"autolink", "<https://x.test/o/r/blob/main/a.md>\n", []finding.Edit{link(1, "https://x.test/o/r/blob/main/a.md", "https://x.test/o/r/blob/main/b.md")},
			"<https://x.test/o/r/blob/main/b.md>\n", 0},
		{"reference definition", "[a]: ../a.md\n", []finding.Edit{link(1, "../a.md", "../b/a.md")}, "[a]: ../b/a.md\n", 0},
		{"html attribute", "<a href=\"a.md\">a</a>\n", []finding.Edit{link(1, "a.md", "b.md")}, "<a href=\"b.md\">a</a>\n", 0},
		{"link twice on a line", "[a](a.md), [again](a.md)\n", []finding.Edit{link(1, "a.md", "b.md")}, "[a](b.md), [again](b.md)\n", 0},
		{"a longer destination is another link", "[a](a.md.bak)\n", []finding.Edit{link(1, "a.md", "b.md")}, "[a](a.md.bak)\n", 1},
		{"a link edit leaves code spans", "`a.md` [a](a.md)\n", []finding.Edit{link(1, "a.md", "b.md")}, "`a.md` [a](b.md)\n", 0},
		{"code span", "The `src/a.ts` file and src/a.ts.\n", []finding.Edit{code(1, "src/a.ts", "lib/a.ts")},
			"The `lib/a.ts` file and src/a.ts.\n", 0},
		{"code span with spaces", "`` `x` `` and `` src/a.ts ``\n", []finding.Edit{code(1, "src/a.ts", "lib/a.ts")},
			"`` `x` `` and `` lib/a.ts ``\n", 0},
		{"a code edit leaves links", "[a](src/a.ts) `src/a.ts`\n", []finding.Edit{code(1, "src/a.ts", "lib/a.ts")},
			"[a](src/a.ts) `lib/a.ts`\n", 0},
		{"only the edit's line", "`src/a.ts`\n```\n`src/a.ts`\n```\n", []finding.Edit{code(1, "src/a.ts", "lib/a.ts")},
			"`lib/a.ts`\n```\n`src/a.ts`\n```\n", 0},
		{"CRLF and non-ASCII kept", "é [a](a.md) ✓\r\nnext — `a.md`\r\n", []finding.Edit{link(1, "a.md", "b.md"), code(2, "a.md", "b.md")},
			"é [a](b.md) ✓\r\nnext — `b.md`\r\n", 0},
		{"no final newline", "[a](a.md)", []finding.Edit{link(1, "a.md", "b.md")}, "[a](b.md)", 0},
		{"line out of range", "[a](a.md)\n", []finding.Edit{link(2, "a.md", "b.md"), link(0, "a.md", "b.md")}, "[a](a.md)\n", 2},
		{"duplicate edits apply once", "[a](a.md)\n", []finding.Edit{link(1, "a.md", "b.md"), link(1, "a.md", "b.md")}, "[a](b.md)\n", 0},
		{"two edits on one line", "`Rank` and [a](a.md)\n", []finding.Edit{code(1, "Rank", "Score"), link(1, "a.md", "b/a.md")},
			"`Score` and [a](b/a.md)\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Apply([]byte(tt.src), tt.edits)
			if string(r.Out) != tt.want {
				t.Errorf("got  %q\nwant %q", r.Out, tt.want)
			}
			if len(r.Skipped) != tt.skipped {
				t.Errorf("skipped %v, want %d", r.Skipped, tt.skipped)
			}
			// Applying again changes nothing: the old text is gone.
			if again := Apply(r.Out, tt.edits); !bytes.Equal(again.Out, r.Out) && tt.skipped == 0 {
				t.Errorf("second apply changed %q to %q", r.Out, again.Out)
			}
		})
	}
}

func TestDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\r\nm"
	src := strings.NewReplacer("b\n", "B\n", "l\r\n", "L\r\n", "m", "M").Replace(old)
	want := "--- a/d.md\n+++ b/d.md\n" +
		"@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n" +
		"@@ -9,5 +9,5 @@\n i\n j\n k\n-l\r\n-m\n\\ No newline at end of file\n+L\r\n+M\n\\ No newline at end of file\n"
	if got := Diff("d.md", []byte(old), []byte(src)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Diff("d.md", []byte(old), []byte(old)); got != "" {
		t.Errorf("equal files: %q", got)
	}
}

// Apply never panics, keeps every byte outside its rewrites (the output
// with each New put back to Old is the input) and keeps the line count.
func FuzzApply(f *testing.F) {
	f.Add("See [a](a.md#x) and `src/a.ts`.\r\n[b]: a.md\n", 1, "a.md#x", "b.md#x", true)
	f.Add("`` x `` `a`", 1, "a", "b", false)
	f.Add("<a href='a.md'>", 1, "a.md", "", true)
	f.Fuzz(func(t *testing.T, src string, line int, old, new string, isLink bool) {
		kind := finding.EditCode
		if isLink {
			kind = finding.EditLink
		}
		e := finding.Edit{Line: line, Kind: kind, Old: old, New: new}
		r := Apply([]byte(src), []finding.Edit{e})
		if r.Rewritten == 0 && string(r.Out) != src {
			t.Fatalf("nothing rewritten, output changed")
		}
		if !strings.Contains(old, "\n") && !strings.Contains(new, "\n") &&
			bytes.Count(r.Out, []byte("\n")) != strings.Count(src, "\n") {
			t.Fatalf("line count changed")
		}
		if utf8.ValidString(src) && utf8.ValidString(new) && utf8.ValidString(old) && !utf8.Valid(r.Out) && r.Rewritten > 0 {
			// A rewrite at a byte offset inside a rune cannot happen: Old
			// is matched whole.
			t.Fatalf("invalid UTF-8 out of valid input")
		}
		_ = Diff("d.md", []byte(src), r.Out)
	})
}

// Locate finds the occurrences Apply rewrites, and only those, at UTF-16
// columns (a character outside the BMP counts two).
func TestLocate(t *testing.T) {
	tests := []struct {
		name, src string
		edit      finding.Edit
		want      []int
	}{
		{"inline link", "See [a](a.md#x) and a.md#x.\n", link(1, "a.md#x", "b.md#x"), []int{9}},
		{"twice on the line", "[a](a.md), [again](a.md)\n", link(1, "a.md", "b.md"), []int{5, 20}},
		{"second line", "x\n`src/a.ts`\n", code(2, "src/a.ts", "lib/a.ts"), []int{2}},
		{"after non-ASCII", "é😀 [a](a.md)\n", link(1, "a.md", "b.md"), []int{9}},
		{"not written as its kind", "a.md\n", link(1, "a.md", "b.md"), []int{}},
		{"line out of range", "[a](a.md)\n", link(3, "a.md", "b.md"), []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Locate([]byte(tt.src), tt.edit)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Locate = %v, want %v", got, tt.want)
			}
			// Apply rewrites exactly as many occurrences.
			if r := Apply([]byte(tt.src), []finding.Edit{tt.edit}); r.Rewritten != len(got) {
				t.Errorf("Apply rewrote %d, Locate found %d", r.Rewritten, len(got))
			}
		})
	}
}
