package markdown

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestScratchPerf(t *testing.T) {
	pats := []struct {
		name string
		gen  func(n int) string
	}{
		{"nested strong emph", func(n int) string { return strings.Repeat("*a **a ", n) + "b" + strings.Repeat(" a** a*", n) }},
		{"emph closers no openers", func(n int) string { return strings.Repeat("a_ ", n) }},
		{"emph openers no closers", func(n int) string { return strings.Repeat("_a ", n) }},
		{"link closers no openers", func(n int) string { return strings.Repeat("a]", n) }},
		{"link openers no closers", func(n int) string { return strings.Repeat("[a", n) }},
		{"mismatched", func(n int) string { return strings.Repeat("*a_ ", n) }},
		{"link openers emph closers", func(n int) string { return strings.Repeat("[ a_", n) }},
		{"nested brackets", func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("]", n) }},
		{"nested block quotes", func(n int) string { return strings.Repeat("> ", n) + "a" }},
		{"deeply nested lists", func(n int) string {
			var b strings.Builder
			for i := 0; i < n/10; i++ {
				b.WriteString(strings.Repeat("  ", i) + "* a\n")
			}
			return b.String()
		}},
		{"backticks", func(n int) string {
			var b strings.Builder
			for i := 1; b.Len() < n*2; i++ {
				b.WriteString("e" + strings.Repeat("`", i))
			}
			return b.String()
		}},
		{"unclosed links A", func(n int) string { return strings.Repeat("[a](<b", n) }},
		{"unclosed links B", func(n int) string { return strings.Repeat("[a](b", n) }},
		{"unclosed links C", func(n int) string { return strings.Repeat("[a](", n) }},
		{"images", func(n int) string { return strings.Repeat("![a](", n) }},
		{"many refs", func(n int) string { return strings.Repeat("[a]: b\n", n/10) + strings.Repeat("[a]", n) }},
		{"autolinks", func(n int) string { return strings.Repeat("<a", n) }},
		{"www", func(n int) string { return strings.Repeat("www.a", n) }},
		{"table cols", func(n int) string { return "|" + strings.Repeat("a|", n/5) + "\n|" + strings.Repeat("-|", n/5) + "\n" + strings.Repeat("|a\n", n/5) }},
		{"strike", func(n int) string { return strings.Repeat("~~a ", n) }},
		{"html inline", func(n int) string { return strings.Repeat("<a ", n) }},
		{"entities", func(n int) string { return strings.Repeat("&#", n) }},
		{"setext", func(n int) string { return strings.Repeat("a\n", n) + "=" }},
		{"list items", func(n int) string { return strings.Repeat("- ", n) }},
		{"quote lines", func(n int) string { return strings.Repeat(">\n", n) }},
	}
	for _, p := range pats {
		var ts []time.Duration
		for _, n := range []int{10000, 20000, 40000} {
			s := p.gen(n)
			st := time.Now()
			Extract("a.md", []byte(s))
			ts = append(ts, time.Since(st))
		}
		fmt.Printf("%-28s %v\n", p.name, ts)
	}
}
