package markdown

import (
	"strings"
	"testing"
	"time"
)

func TestLongLineCut(t *testing.T) {
	long := strings.Repeat("word ", maxLineBytes/5) + "[late](late.md)"
	doc := "[early](a.md) " + long + "\n\n[next](b.md)\n"
	d := Extract("x.md", []byte(doc))
	if len(d.Links) != 2 || d.Links[0].Destination != "a.md" || d.Links[1] != (Link{Text: "next", Destination: "b.md", Line: 3, Kind: LinkRelative, Target: "b.md"}) {
		t.Errorf("links %+v, want early and next only, next still at line 3", d.Links)
	}
	if !hasIssue(d.Issues, 1, "", "1 lines are longer than 8192 bytes") {
		t.Errorf("issues %q, want the cut recorded at line 1", issueStrings(d.Issues))
	}
	// A cut never splits a rune.
	if got := string(cutAtRune([]byte("aé"), 2)); got != "a" {
		t.Errorf("cutAtRune split a rune: %q", got)
	}
}

func TestWideTableReadAsText(t *testing.T) {
	cols := maxTableColumns + 1
	doc := "|" + strings.Repeat(" h |", cols) + "\n|" + strings.Repeat("---|", cols) + "\n| `x` |\n"
	d := Extract("x.md", []byte(doc))
	if !hasIssue(d.Issues, 2, "", "more than 128 columns") {
		t.Errorf("issues %q, want the wide delimiter row recorded at line 2", issueStrings(d.Issues))
	}
	if len(d.CodeSpans) != 1 || d.CodeSpans[0].Line != 3 {
		t.Errorf("code spans %+v, want the cell's span still read at line 3", d.CodeSpans)
	}
	narrow := Extract("x.md", []byte("| a | b |\n|---|---|\n| `x` | y |\n"))
	if len(narrow.Issues) != 0 || narrow.WordCount != 4 {
		t.Errorf("a normal table: issues %q, words %d; want none, 4", issueStrings(narrow.Issues), narrow.WordCount)
	}
}

func TestParagraphDelimiterGuard(t *testing.T) {
	line := strings.Repeat("*a_ ", 16) // 32 delimiters
	var b strings.Builder
	for range maxParagraphDelimiters/32 + 1 {
		b.WriteString(line + "\n")
	}
	b.WriteString("\n[after](x.md)\n")
	d := Extract("x.md", []byte(b.String()))
	skipped := maxParagraphDelimiters/32 + 1 // the line crossing the bound
	if !hasIssue(d.Issues, skipped, "", "1 lines were skipped") {
		t.Errorf("issues %q, want line %d skipped", issueStrings(d.Issues), skipped)
	}
	if len(d.Links) != 1 || d.Links[0].Line != skipped+2 {
		t.Errorf("links %+v, want the later link at its line", d.Links)
	}
	// Blank lines, headings and list items start new runs: no skip.
	var ok strings.Builder
	for i := range 200 {
		switch i % 3 {
		case 0:
			ok.WriteString("\n")
		case 1:
			ok.WriteString("# h " + line + "\n")
		case 2:
			ok.WriteString("- item " + line + "\n")
		}
	}
	if d := Extract("x.md", []byte(ok.String())); len(d.Issues) != 0 {
		t.Errorf("separate blocks were guarded: %q", issueStrings(d.Issues))
	}
}

func TestStartsBlock(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"", true}, {"   \t", true}, {"# h", true}, {"###### h", true}, {"#", true},
		{"####### h", false}, {"#h", false}, {"- x", true}, {"* x", true}, {"+\tx", true}, {"   - x", true},
		{"    - x", false}, // indented code or a lazy line
		{"- ", false},      // an empty item cannot interrupt a paragraph
		{"*x*", false}, {"text", false}, {"> - x", false}, {"1. x", false},
	}
	for _, tt := range tests {
		if got := startsBlock([]byte(tt.line)); got != tt.want {
			t.Errorf("startsBlock(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// Inputs on which goldmark is quadratic stay fast behind the guards. The
// bound is loose (the race detector and a shared machine are slow); without
// the guards these take minutes.
func TestPathologicalInputsFast(t *testing.T) {
	const size = 256 << 10
	rep := func(s string) string { return strings.Repeat(s, size/len(s)) }
	inputs := map[string]string{
		"unmatched emphasis, one paragraph": rep(strings.Repeat("*a_ ", 20) + "\n"),
		"unclosed links, one line":          rep("[a]("),
		"nested quotes, one line":           rep("> "),
		"wide table":                        "|" + strings.Repeat("a|", 2000) + "\n|" + strings.Repeat("-|", 2000) + "\n" + rep("|a\n"),
	}
	for name, s := range inputs {
		start := time.Now()
		d := Extract("x.md", []byte(s))
		if el := time.Since(start); el > 20*time.Second {
			t.Errorf("%s: %v", name, el)
		}
		if len(d.Issues) == 0 {
			t.Errorf("%s: no guard recorded", name)
		}
	}
}
