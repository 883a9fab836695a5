package markdown

import (
	"bytes"
	"sort"
)

// source is a document's text as an editor shows it: BOM stripped and every
// line end (CRLF, LF, lone CR) turned into LF, so that byte offsets into the
// parsed text map back to the lines a person sees.
type source struct {
	// raw is the normalised text with its bytes untouched otherwise; the
	// generated-region hashes are computed over it.
	raw []byte
	// text is raw with invalid UTF-8 replaced by U+FFFD; everything that
	// becomes a string in the output comes from it, so the output survives
	// a JSON round trip. Line ends sit at the same line numbers in both.
	text []byte
	// lines indexes text, rawLines indexes raw.
	lines, rawLines lineIndex
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func newSource(data []byte) *source {
	data = bytes.TrimPrefix(data, utf8BOM)
	raw := normaliseLineEnds(data)
	text := bytes.ToValidUTF8(raw, []byte("\uFFFD"))
	return &source{raw: raw, text: text, lines: newLineIndex(text), rawLines: newLineIndex(raw)}
}

// normaliseLineEnds turns CRLF and lone CR into LF.
func normaliseLineEnds(data []byte) []byte {
	if bytes.IndexByte(data, '\r') < 0 {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c == '\r' {
			out = append(out, '\n')
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// lineIndex holds the offset at which every line of a text starts.
type lineIndex []int

// newLineIndex indexes b; a final LF does not start a line, and an empty
// text has none.
func newLineIndex(b []byte) lineIndex {
	if len(b) == 0 {
		return nil
	}
	starts := lineIndex{0}
	for i, c := range b {
		if c == '\n' && i+1 < len(b) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf maps an offset to its 1-based line, clamped to the text so an
// offset at the very end still lands on the last line; 0 for an empty text.
func (ix lineIndex) lineOf(offset int) int {
	if len(ix) == 0 {
		return 0
	}
	// The first start greater than offset is one past offset's line.
	i := sort.SearchInts(ix, offset+1)
	if i < 1 {
		return 1
	}
	return i
}

// at returns line n (1-based) of b, which ix indexes, without its line end.
func (ix lineIndex) at(b []byte, n int) []byte {
	if n < 1 || n > len(ix) {
		return nil
	}
	start := ix[n-1]
	end := len(b)
	if n < len(ix) {
		end = ix[n] - 1
	} else if end > start && b[end-1] == '\n' {
		end--
	}
	return b[start:end]
}

// lineCount is the number of lines.
func (s *source) lineCount() int { return len(s.lines) }

// line returns line n (1-based) of text without its line end.
func (s *source) line(n int) []byte { return s.lines.at(s.text, n) }

// rawLine returns line n (1-based) of raw without its line end.
func (s *source) rawLine(n int) []byte { return s.rawLines.at(s.raw, n) }
