package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func fill(line string) string {
	// lines of exactly MaxLineBytes+ bytes up to 1 MiB
	l := strings.Repeat(line, MaxLineBytes/len(line)+1)
	return strings.Repeat(l+"\n", (MaxDocumentBytes-10)/(len(l)+1))
}

func TestScratchPerf(t *testing.T) {
	pats := map[string]string{
		"mismatched":     fill("*a_ "),
		"unclosed B":     fill("[a](b"),
		"unclosed C":     fill("[a]("),
		"images":         fill("![a]("),
		"quotes":         fill("> "),
		"brackets":       fill("["),
		"nested strong":  fill("*a **a "),
		"link openers":   fill("[a"),
		"table":          "|" + strings.Repeat("a|", 128) + "\n|" + strings.Repeat("-|", 127) + "\n" + strings.Repeat("|a\n", 300000),
		"tablewide":      "|" + strings.Repeat("a|", 2000) + "\n|" + strings.Repeat("-|", 2000) + "\n" + strings.Repeat("|a\n", 300000),
		"lists":          func() string { var b strings.Builder; for i := 0; b.Len() < MaxDocumentBytes-9000; i++ { b.WriteString(strings.Repeat(" ", i%4000) + "* a\n") }; return b.String() }(),
		"random-ish md":  fill("[`*_<>!]( \\&#"),
	}
	for name, s := range pats {
		st := time.Now()
		d := Extract("a.md", []byte(s))
		fmt.Printf("%-16s %6d KB %v issues=%d\n", name, len(s)>>10, time.Since(st), len(d.Issues))
	}
}
