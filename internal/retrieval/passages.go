package retrieval

import (
	"strings"
	"unicode/utf8"

	"github.com/docbridge/docbridge/internal/scan/markdown"
	"github.com/docbridge/docbridge/internal/snapshot"
)

// A question is usually answered by one section of a page. A hit of the
// natural-language path names the heading-bounded section (passage) of
// its document that matches the question best — its anchor, and a snippet
// of it with the query's terms marked. Sections choose the anchor only: a
// document's rank is its own (scoring documents by their best passages
// was measured on the dev halves of the external suites and lowered
// hit@3; docs/bench.md, "Sections and proximity"). Only the hits returned
// are split, so an index carries nothing for it and a query pays for its
// hits' sections alone.

// Section scoring: BM25F over a passage's heading path (the document's
// title and the headings above and of the section) and its text, with the
// document-level idf of each term and the length normalised by the
// document's own passages.
const (
	sectionHeadingWeight = 2.0
	sectionTextWeight    = 1.0
	sectionK1            = 1.2
	sectionB             = 0.75
)

// span is a passage: its byte range in the body, the section that opens
// it (-1: none) and its heading path.
type span struct {
	start, end int
	section    int
	heading    string
}

// splitSections splits a document's body at its sections' heading lines
// (the scanner's, so a "#" line in a code fence is no heading and a setext
// heading starts at its text line): the text before the first heading
// (front matter, as the scanner reads it, left out) and one span per
// heading, to the next heading
// of any level. A heading's path is the title and the headings above it.
// Headings past the end of the body (a bounded body) are left out; spans
// with nothing but blanks are dropped.
func splitSections(title, body string, sections []HeadingSection) []span {
	lineStart := lineOffsets(body)
	at := func(line int) (int, bool) {
		if line < 1 || line > len(lineStart) {
			return len(body), false
		}
		return lineStart[line-1], true
	}
	var out []span
	add := func(s span) {
		if strings.TrimSpace(body[s.start:s.end]) != "" {
			out = append(out, s)
		}
	}
	begin := 0
	if end := markdown.FrontMatterEnd([]byte(body)); end > 0 {
		begin, _ = at(end + 1) // the line after the closing delimiter; the body's end when none
	}
	var stack []HeadingSection // the open headings, shallowest first
	prev := span{start: begin, section: -1, heading: title}
	last := 0
	for i, h := range sections {
		off, ok := at(h.Line)
		if !ok || h.Line < last || off < begin {
			continue // out of the body, out of order, or in the front matter
		}
		last = h.Line
		prev.end = off
		add(prev)
		for len(stack) > 0 && stack[len(stack)-1].Level >= h.Level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, h)
		parts := make([]string, 0, len(stack)+1)
		if title != "" && title != stack[0].Text {
			parts = append(parts, title)
		}
		for _, s := range stack {
			parts = append(parts, s.Text)
		}
		prev = span{start: off, section: i, heading: strings.Join(parts, " › ")}
	}
	prev.end = len(body)
	add(prev)
	return out
}

// lineOffsets are the byte offsets at which body's lines start, lines
// ending as the scanner ends them: at LF, CRLF or a lone CR.
func lineOffsets(body string) []int {
	out := []int{0}
	for i := 0; i < len(body); i++ {
		switch {
		case body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n':
			continue // the LF ends the line
		case (body[i] == '\n' || body[i] == '\r') && i+1 < len(body):
			out = append(out, i+1)
		}
	}
	return out
}

// bestSection is the anchor of the passage of entry i that scores best
// for terms (the first of equals) and a snippet of it; "" and "" for an
// entry without a body, or when no passage has a term.
func (ix *Index) bestSection(i int32, terms []string) (anchor, snip string) {
	e := &ix.entries[i]
	if e.Kind != snapshot.KindDocument || e.Body == "" || len(terms) == 0 {
		return "", ""
	}
	spans := splitSections(e.Title, e.Body, e.Sections)
	want := make(map[string]int, len(terms))
	idf := make([]float64, len(terms))
	for k, t := range terms {
		want[t] = k
		idf[k] = ix.idf(len(ix.postings[t]))
	}
	// Per passage: each query term's frequency in the heading path and in
	// the text, and the two lengths.
	type counts struct {
		tf         [][2]int
		head, text int
	}
	cs := make([]counts, len(spans))
	var avgHead, avgText float64
	for j, sp := range spans {
		c := &cs[j]
		c.tf = make([][2]int, len(terms))
		for f, text := range [2]string{sp.heading, e.Body[sp.start:sp.end]} {
			toks := tokenize(text)
			for _, t := range toks {
				if k, ok := want[t]; ok {
					c.tf[k][f]++
				}
			}
			if f == 0 {
				c.head = len(toks)
			} else {
				c.text = len(toks)
			}
		}
		avgHead += float64(c.head) / float64(len(spans))
		avgText += float64(c.text) / float64(len(spans))
	}
	norm := func(n int, avg float64) float64 {
		if avg == 0 {
			return 1
		}
		return 1 - sectionB + sectionB*float64(n)/avg
	}
	best, bestScore := -1, 0.0
	for j := range cs {
		c := &cs[j]
		var s float64
		for k := range terms {
			tf := sectionHeadingWeight*float64(c.tf[k][0])/norm(c.head, avgHead) +
				sectionTextWeight*float64(c.tf[k][1])/norm(c.text, avgText)
			if tf > 0 {
				s += idf[k] * tf * (sectionK1 + 1) / (sectionK1 + tf)
			}
		}
		if s > bestScore {
			best, bestScore = j, s
		}
	}
	if best < 0 {
		return "", ""
	}
	sp := spans[best]
	text := e.Body[sp.start:sp.end]
	if sp.section >= 0 {
		anchor = e.Sections[sp.section].Anchor
		// The heading line is the anchor's; the snippet is what follows.
		if _, rest, ok := strings.Cut(text, "\n"); ok {
			text = rest
		}
	}
	return anchor, snippet(text, terms)
}

// Snippet bounds.
const (
	// snippetWords is the most words a snippet holds.
	snippetWords = 32
	// snippetRunes bounds a snippet's length.
	snippetRunes = 320
)

// snippet is the window of text (whitespace folded) of at most
// snippetWords words holding the most words that match one of terms (as
// tokenize reads them), the first such window, moved to center its
// matches; matching words are marked **word**, and "…" says the text goes
// on. Without a match it is the text's start.
func snippet(text string, terms []string) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return ""
	}
	want := make(map[string]bool, len(terms))
	for _, t := range terms {
		want[t] = true
	}
	hit := make([]bool, len(words))
	for i, w := range words {
		for _, t := range tokenize(w) {
			if want[t] {
				hit[i] = true
				break
			}
		}
	}
	n := min(snippetWords, len(words))
	count := 0
	for _, h := range hit[:n] {
		if h {
			count++
		}
	}
	bestAt, best := 0, count
	for i := n; i < len(words); i++ {
		if hit[i] {
			count++
		}
		if hit[i-n] {
			count--
		}
		if count > best {
			bestAt, best = i-n+1, count
		}
	}
	// Center the matches in the window: context on both sides.
	first, last := -1, -1
	for i := bestAt; i < bestAt+n; i++ {
		if hit[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first >= 0 {
		bestAt = max(0, min(first-(n-(last-first+1))/2, len(words)-n))
	}
	var b strings.Builder
	if bestAt > 0 {
		b.WriteString("… ")
	}
	runes := 0
	end := bestAt + n
	for i := bestAt; i < bestAt+n; i++ {
		w := words[i]
		if runes += utf8.RuneCountInString(w) + 1; runes > snippetRunes && i > bestAt {
			end = i
			break
		}
		if i > bestAt {
			b.WriteByte(' ')
		}
		if hit[i] {
			b.WriteString("**" + strings.Trim(w, "*") + "**")
		} else {
			b.WriteString(w)
		}
	}
	if end < len(words) {
		b.WriteString(" …")
	}
	return b.String()
}
