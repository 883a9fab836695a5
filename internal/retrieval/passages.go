package retrieval

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
)

// A document answers a question usually in one of its sections, and a
// long page that mentions every word of a question once, each in another
// section, answers it less than a short section that has them together.
// The natural-language path therefore also scores heading-bounded
// sections (passages) and adds to a document's lexical score its best
// passage's score plus a share of its other passages' (Tuning.Passages,
// Tuning.PassageShare); the hit names the best section's anchor and a
// snippet of it with the query's terms marked.

// Passage fields: the document's title with the section's heading path,
// and the section's text.
const (
	passageHeading = iota
	passageText
	numPassageFields
)

// PassageFieldNames names the passage fields, in the order of
// Tuning.PassageFields.
var PassageFieldNames = [numPassageFields]string{"heading path", "text"}

// passage is one section of a document's body.
type passage struct {
	entry int32
	// section is the index in the entry's Sections of the heading that
	// opens the passage; -1 for the text before the first heading.
	section    int32
	start, end int32 // byte offsets in the entry's Body
}

// passagePosting is one passage's term frequencies of one term.
type passagePosting struct {
	passage int32
	tf      [numPassageFields]uint16
}

// span is a passage before indexing: its byte range in the body, the
// section that opens it (-1: none) and its heading path.
type span struct {
	start, end int
	section    int
	heading    string
}

// splitSections splits a document's body at its sections' heading lines
// (the scanner's, so a "#" line in a code fence is no heading and a setext
// heading starts at its text line): the text before the first heading
// (front matter left out) and one span per heading, to the next heading
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
	begin := frontMatterEnd(body)
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

// lineOffsets are the byte offsets at which body's lines start.
func lineOffsets(body string) []int {
	out := []int{0}
	for i := 0; i < len(body); i++ {
		if body[i] == '\n' && i+1 < len(body) {
			out = append(out, i+1)
		}
	}
	return out
}

// frontMatterEnd is the offset after a YAML (---) or TOML (+++) front
// matter block at the start of body, else 0.
func frontMatterEnd(body string) int {
	for _, fence := range []string{"---", "+++"} {
		first, rest, ok := strings.Cut(body, "\n")
		if !ok || strings.TrimRight(first, " \t\r") != fence {
			continue
		}
		off := len(first) + 1
		for rest != "" {
			line, tail, _ := strings.Cut(rest, "\n")
			off += len(line) + 1
			if strings.TrimRight(line, " \t\r") == fence {
				return min(off, len(body))
			}
			rest = tail
		}
		return 0 // never closed: no front matter
	}
	return 0
}

// addPassages splits document i's body into passages and indexes them.
func (ix *Index) addPassages(i int32, e *Entry) {
	first := int32(len(ix.passages))
	defer func() { ix.pspan[i] = [2]int32{first, int32(len(ix.passages))} }()
	tf := ix.build.tf
	for _, s := range splitSections(e.Title, e.Body, e.Sections) {
		k := int32(len(ix.passages))
		ix.passages = append(ix.passages, passage{entry: i, section: int32(s.section), start: int32(s.start), end: int32(s.end)})
		clear(tf)
		terms := ix.build.pterms[:0]
		var lens [numPassageFields]uint16
		for f, text := range [numPassageFields]string{passageHeading: s.heading, passageText: e.Body[s.start:s.end]} {
			toks, _ := TokenizeN(text, MaxFieldTokens)
			for _, t := range toks {
				j, ok := tf[t]
				if !ok {
					j = int32(len(terms))
					tf[t] = j
					terms = append(terms, passagePosting{passage: k})
					ix.build.names = append(ix.build.names[:j], t)
				}
				terms[j].tf[f]++
			}
			lens[f] = uint16(len(toks))
		}
		ix.plens = append(ix.plens, lens)
		for j, p := range terms {
			t := ix.build.names[j]
			ix.ppostings[t] = append(ix.ppostings[t], p)
		}
		ix.build.pterms = terms
	}
}

// passageAverages sets the passages' average field lengths.
func (ix *Index) passageAverages() {
	var total [numPassageFields]float64
	for _, l := range ix.plens {
		for f := range numPassageFields {
			total[f] += float64(l[f])
		}
	}
	if n := float64(len(ix.plens)); n > 0 {
		for f := range numPassageFields {
			ix.pavgLen[f] = total[f] / n
		}
	}
}

// passageBM25 scores one passage posting: BM25F over the passage fields
// with t's passage weights and the passage k1 and b.
func (ix *Index) passageBM25(p passagePosting, idf float64, t *Tuning) float64 {
	var tf float64
	for f := range numPassageFields {
		if p.tf[f] == 0 || t.PassageFields[f] == 0 {
			continue
		}
		norm := 1.0
		if ix.pavgLen[f] > 0 {
			norm = 1 - PassageB + PassageB*float64(ix.plens[p.passage][f])/ix.pavgLen[f]
		}
		tf += t.PassageFields[f] * float64(p.tf[f]) / norm
	}
	if tf == 0 {
		return 0
	}
	return idf * tf * (PassageK1 + 1) / (PassageK1 + tf)
}

// PassageK1 and PassageB are BM25's parameters for passages: sections are
// short and alike in length, so the textbook values.
const (
	PassageK1 = 1.2
	PassageB  = 0.75
)

// scorePassages adds to each touched entry's lexical score its passage
// score under t: the best passage's BM25F plus t.PassageShare of the
// others', times t.Passages.
func (ix *Index) scorePassages(terms []string, sc *scratch, t *Tuning) {
	n := float64(len(ix.passages))
	for _, term := range terms {
		ps := ix.ppostings[term]
		idf := logIDF(n, len(ps))
		for _, p := range ps {
			s := ix.passageBM25(p, idf, t)
			if s == 0 {
				continue
			}
			if sc.pscore[p.passage] == 0 {
				sc.ptouched = append(sc.ptouched, p.passage)
			}
			sc.pscore[p.passage] += s
		}
	}
	for _, k := range sc.ptouched {
		e := ix.passages[k].entry
		s := sc.pscore[k]
		if sc.best[e] == 0 {
			sc.bestTouched = append(sc.bestTouched, e)
			sc.best[e] = k + 1
		} else if b := sc.best[e] - 1; s > sc.pscore[b] || (s == sc.pscore[b] && k < b) {
			sc.best[e] = k + 1
		}
		sc.psum[e] += s
	}
	for _, e := range sc.bestTouched {
		if sc.mask[e] == 0 {
			continue // not a candidate: no field the tuning weighs has a term
		}
		best := sc.pscore[sc.best[e]-1]
		sc.lex[e] += t.Passages * (best + t.PassageShare*(sc.psum[e]-best))
	}
}

// bestSection is the anchor of entry i's passage that scores best for
// terms under t (the first of equals) and a snippet of it; "" and "" when
// no passage of it has a term. It reads only i's passages: a passage's
// postings are found by binary search, since each term's postings are in
// passage order.
func (ix *Index) bestSection(i int32, terms []string, t *Tuning) (anchor, snip string) {
	if int(i) >= len(ix.pspan) {
		return "", ""
	}
	n := float64(len(ix.passages))
	best, bestScore := int32(-1), 0.0
	for k := ix.pspan[i][0]; k < ix.pspan[i][1]; k++ {
		var s float64
		for _, term := range terms {
			ps := ix.ppostings[term]
			j, ok := slices.BinarySearchFunc(ps, k, func(p passagePosting, k int32) int { return cmp.Compare(p.passage, k) })
			if ok {
				s += ix.passageBM25(ps[j], logIDF(n, len(ps)), t)
			}
		}
		if s > bestScore {
			best, bestScore = k, s
		}
	}
	if best < 0 {
		return "", ""
	}
	p := ix.passages[best]
	e := &ix.entries[p.entry]
	text := e.Body[p.start:p.end]
	if p.section >= 0 {
		anchor = e.Sections[p.section].Anchor
		// The heading line is the anchor's; the snippet is what follows.
		if _, rest, ok := strings.Cut(text, "\n"); ok {
			text = rest
		}
	}
	return anchor, Snippet(text, terms)
}

// Snippet bounds.
const (
	// SnippetWords is the most words a snippet holds.
	SnippetWords = 32
	// SnippetRunes bounds a snippet's length.
	SnippetRunes = 320
)

// Snippet is the window of text (whitespace folded) of at most
// SnippetWords words holding the most words that match one of terms (as
// Tokenize reads them), the first such window, moved to center its
// matches; matching words are marked **word**, and "…" says the text goes
// on. Without a match it is the text's start.
func Snippet(text string, terms []string) string {
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
		for _, t := range Tokenize(w) {
			if want[t] {
				hit[i] = true
				break
			}
		}
	}
	n := min(SnippetWords, len(words))
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
		if runes += utf8.RuneCountInString(w) + 1; runes > SnippetRunes && i > bestAt {
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
