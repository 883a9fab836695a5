package markdown

import (
	"bytes"
	"unicode/utf8"
)

// buildBody returns the text handed to goldmark: every line of the file,
// with the lines marked in blank left empty (front matter, MDX), and the
// guards that keep goldmark's worst cases cheap applied: delimiter rows wider
// than maxTableColumns left empty, lines longer than maxLineBytes cut, and a
// line left empty wherever a possible paragraph crosses
// maxParagraphDelimiters. Line numbers never move, so a line of the body is
// the line of the file with the same number.
func buildBody(src *source, blank []bool, is *issues) []byte {
	out := make([]byte, 0, len(src.text)+1)
	var long, wide, split, firstLong, firstWide, firstSplit int
	delims := 0 // emphasis delimiters in the current run of lines
	for n := 1; n <= src.lineCount(); n++ {
		line := src.line(n)
		switch {
		case blank[n]:
			line = nil
		case isWideDelimiterRow(line):
			if wide++; wide == 1 {
				firstWide = n
			}
			line = nil
		case len(line) > maxLineBytes:
			if long++; long == 1 {
				firstLong = n
			}
			line = cutAtRune(line, maxLineBytes)
		}
		if startsBlock(line) {
			delims = 0
		}
		if delims += emphasisDelimiters(line); delims > maxParagraphDelimiters {
			if split++; split == 1 {
				firstSplit = n
			}
			line, delims = nil, 0
		}
		out = append(out, line...)
		out = append(out, '\n')
	}
	if split > 0 {
		is.add(firstSplit, "", "%d lines were skipped to keep paragraphs under %d emphasis delimiters",
			split, maxParagraphDelimiters)
	}
	if wide > 0 {
		is.add(firstWide, "", "%d table delimiter rows have more than %d columns; those tables were read as text",
			wide, maxTableColumns)
	}
	if long > 0 {
		is.add(firstLong, "", "%d lines are longer than %d bytes; only their first %d bytes were read",
			long, maxLineBytes, maxLineBytes)
	}
	return out
}

// isWideDelimiterRow reports whether line could be a GFM table delimiter row
// (only |, -, :, blanks, at least one -) with more than maxTableColumns
// pipes.
func isWideDelimiterRow(line []byte) bool {
	pipes := bytes.Count(line, []byte("|"))
	if pipes <= maxTableColumns || bytes.IndexByte(line, '-') < 0 {
		return false
	}
	for _, c := range line {
		switch c {
		case '|', '-', ':', ' ', '\t':
		default:
			return false
		}
	}
	return true
}

// cutAtRune cuts valid UTF-8 to at most n bytes without splitting a rune.
func cutAtRune(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}

// startsBlock reports whether line certainly ends any paragraph before it
// and starts a new inline block: a blank line, an ATX heading or a non-empty
// bullet list item, indented at most three spaces. When unsure it says no,
// which only makes the paragraph guard count more.
func startsBlock(line []byte) bool {
	t := bytes.TrimLeft(line, " ")
	if len(bytes.TrimSpace(t)) == 0 {
		return true
	}
	if len(line)-len(t) > 3 {
		return false
	}
	switch t[0] {
	case '#':
		h := bytes.TrimLeft(t, "#")
		return len(t)-len(h) <= 6 && (len(h) == 0 || h[0] == ' ' || h[0] == '\t')
	case '-', '*', '+':
		// An empty item cannot interrupt a paragraph, so it must have text.
		return len(t) > 1 && (t[1] == ' ' || t[1] == '\t') && len(bytes.TrimSpace(t[1:])) > 0
	}
	return false
}

// emphasisDelimiters counts the bytes of line goldmark may treat as emphasis
// delimiters.
func emphasisDelimiters(line []byte) int {
	n := 0
	for _, c := range line {
		if c == '*' || c == '_' || c == '~' {
			n++
		}
	}
	return n
}
