package markdown

import (
	"bytes"
	"unicode/utf8"
)

// buildBody returns the text handed to goldmark: every line of the file,
// with the lines marked in blank left empty (front matter, MDX), delimiter
// rows wider than MaxTableColumns left empty and lines longer than
// MaxLineBytes cut. Line numbers never move, so a line of the body is the
// line of the file with the same number.
func buildBody(src *source, blank []bool, is *issues) []byte {
	out := make([]byte, 0, len(src.text)+1)
	var long, wide, firstLong, firstWide int
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
		case len(line) > MaxLineBytes:
			if long++; long == 1 {
				firstLong = n
			}
			line = cutAtRune(line, MaxLineBytes)
		}
		out = append(out, line...)
		out = append(out, '\n')
	}
	if wide > 0 {
		is.add(firstWide, "", "%d table delimiter rows have more than %d columns; those tables were read as text",
			wide, MaxTableColumns)
	}
	if long > 0 {
		is.add(firstLong, "", "%d lines are longer than %d bytes; only their first %d bytes were read",
			long, MaxLineBytes, MaxLineBytes)
	}
	return out
}

// isWideDelimiterRow reports whether line could be a GFM table delimiter row
// (only |, -, :, blanks, at least one -) with more than MaxTableColumns
// pipes.
func isWideDelimiterRow(line []byte) bool {
	pipes := bytes.Count(line, []byte("|"))
	if pipes <= MaxTableColumns || bytes.IndexByte(line, '-') < 0 {
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
