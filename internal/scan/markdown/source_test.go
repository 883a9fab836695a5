package markdown

import (
	"testing"
)

func TestSourceLines(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		lines []string // as an editor shows them
	}{
		{"empty", "", nil},
		{"no final newline", "a\nb", []string{"a", "b"}},
		{"final newline", "a\nb\n", []string{"a", "b"}},
		{"blank last line", "a\n\n", []string{"a", ""}},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}},
		{"lone cr", "a\rb\rc", []string{"a", "b", "c"}},
		{"mixed", "a\r\n\rb\nc", []string{"a", "", "b", "c"}},
		{"bom", "\xEF\xBB\xBFa\nb", []string{"a", "b"}},
		{"invalid utf-8 keeps lines", "a\xff\nb\xe2\n", []string{"a\uFFFD", "b\uFFFD"}},
	}
	for _, tt := range tests {
		src := newSource([]byte(tt.in))
		if src.lineCount() != len(tt.lines) {
			t.Errorf("%s: lineCount = %d, want %d", tt.name, src.lineCount(), len(tt.lines))
			continue
		}
		for i, want := range tt.lines {
			if got := string(src.line(i + 1)); got != want {
				t.Errorf("%s: line %d = %q, want %q", tt.name, i+1, got, want)
			}
		}
	}
}

func TestRawLineKeepsBytes(t *testing.T) {
	src := newSource([]byte("a\xff\r\nb"))
	if got := string(src.rawLine(1)); got != "a\xff" {
		t.Errorf("rawLine(1) = %q, want the original bytes", got)
	}
	if got := string(src.line(1)); got != "a\uFFFD" {
		t.Errorf("line(1) = %q, want invalid byte replaced", got)
	}
}

func TestLineOf(t *testing.T) {
	ix := newLineIndex([]byte("ab\ncd\n\nef"))
	tests := []struct{ offset, want int }{
		{0, 1}, {2, 1}, {3, 2}, {5, 2}, {6, 3}, {7, 4}, {8, 4}, {100, 4},
	}
	for _, tt := range tests {
		if got := ix.lineOf(tt.offset); got != tt.want {
			t.Errorf("lineOf(%d) = %d, want %d", tt.offset, got, tt.want)
		}
	}
	if got := newLineIndex(nil).lineOf(0); got != 0 {
		t.Errorf("lineOf on empty text = %d, want 0", got)
	}
}
