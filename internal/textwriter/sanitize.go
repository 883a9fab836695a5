package textwriter

import (
	"strings"
	"unicode"
)

// Printable makes text safe for a terminal or a log: a newline becomes the
// two characters `\n`, a tab a space, and any other control character
// (ESC above all: file content must not drive the terminal) or bidi
// control (which could reorder what a reviewer reads) its \x or \u
// escape. Everything else, unicode included, is kept.
func Printable(s string) string {
	if !strings.ContainsFunc(s, UnsafeRune) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteByte(' ')
		case UnsafeRune(r):
			b.WriteString(ControlEscape(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ControlEscape spells a control character as \xNN or \uNNNN.
func ControlEscape(r rune) string {
	const hex = "0123456789abcdef"
	if r < 0x100 {
		return `\x` + string([]byte{hex[r>>4], hex[r&0xf]})
	}
	return `\u` + string([]byte{hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf]})
}

// UnsafeRune reports whether r must not reach a terminal, a log or a
// reviewer's screen as is: a control character (ESC above all) or a bidi
// control (which could reorder what a reviewer reads).
func UnsafeRune(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}
