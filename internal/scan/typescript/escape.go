package typescript

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// simpleEscapes are JavaScript's single-character escapes.
var simpleEscapes = map[byte]string{
	'n': "\n", 'r': "\r", 't': "\t", 'b': "\b", 'f': "\f", 'v': "\v", '0': "\x00",
}

// decodeEscape decodes one JavaScript escape sequence as tree-sitter
// delimits it (`\n`, `\x41`, `\u0041`, `\u{1F600}`, a line continuation);
// what it does not recognise stands for the escaped character itself, as in
// JavaScript's non-strict strings.
func decodeEscape(esc string) string {
	if len(esc) < 2 || esc[0] != '\\' {
		return esc
	}
	body := esc[1:]
	switch body[0] {
	case '\n', '\r':
		return "" // line continuation
	case 'x':
		if r, ok := hexRune(body[1:]); ok && len(body) == 3 {
			return string(r)
		}
	case 'u':
		digits := body[1:]
		if strings.HasPrefix(digits, "{") && strings.HasSuffix(digits, "}") {
			digits = digits[1 : len(digits)-1]
		} else if len(digits) != 4 {
			break
		}
		if r, ok := hexRune(digits); ok {
			return string(r)
		}
	}
	if s, ok := simpleEscapes[body[0]]; ok && len(body) == 1 {
		return s
	}
	return body
}

// hexRune parses 1–6 hex digits as a valid rune; surrogates (a pair would
// need two escapes) and out-of-range values are not valid.
func hexRune(digits string) (rune, bool) {
	if digits == "" || len(digits) > 6 {
		return 0, false
	}
	v, err := strconv.ParseUint(digits, 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, false
	}
	return rune(v), true
}
