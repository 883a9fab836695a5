package snapshot

import "bytes"

// indentGrowth is how much larger the indented form is than the compact one,
// rounded up, so the indented buffer is allocated about once.
const indentGrowth = 2

// indentSpaces serves the indentation of a new line without a loop up to
// this depth; deeper lines (only nested metadata gets there) append more.
const indentSpaces = "\n                                                                "

// indent appends to dst the form json.Indent(dst, src, "", "  ") writes,
// for src that is compact JSON (no whitespace outside strings but a final
// newline), as the encoder writes it. json.Indent runs a full JSON state
// machine over every byte; this copies strings whole and only looks at the
// punctuation, which makes Marshal several times faster on a large snapshot.
// The encoder tests prove the two agree byte for byte.
func indent(dst, src []byte) []byte {
	depth := 0
	// needIndent delays the newline after '{' or '[' so that empty objects
	// and arrays stay {} and [], as json.Indent writes them.
	needIndent := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			dst = newline(dst, depth)
		}
		switch c {
		case '"':
			end := stringEnd(src, i)
			dst = append(dst, src[i:end]...)
			i = end - 1
		case '{', '[':
			needIndent = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			dst = newline(dst, depth)
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				dst = newline(dst, depth)
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd returns the index just past the JSON string that starts with the
// quote at src[start], or len(src) if it is not closed. A quote ends the
// string unless an odd number of backslashes precedes it.
func stringEnd(src []byte, start int) int {
	i := start + 1
	for {
		q := bytes.IndexByte(src[i:], '"')
		if q < 0 {
			return len(src)
		}
		i += q
		backslashes := 0
		for j := i - 1; j > start && src[j] == '\\'; j-- {
			backslashes++
		}
		i++
		if backslashes%2 == 0 {
			return i
		}
	}
}

func newline(dst []byte, depth int) []byte {
	n := 1 + 2*depth
	if depth >= 0 && n <= len(indentSpaces) {
		return append(dst, indentSpaces[:n]...)
	}
	dst = append(dst, '\n')
	for range depth {
		dst = append(dst, "  "...)
	}
	return dst
}
