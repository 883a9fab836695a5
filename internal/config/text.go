package config

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// bom is the UTF-8 byte order mark some editors write at the start of a file.
var bom = []byte("\xef\xbb\xbf")

// lineAt returns the 1-based line holding data[offset]. Lines end at LF,
// CRLF or a lone CR, as they do for yaml.v3 and for editors.
func lineAt(data []byte, offset int) int {
	return countBreaks(data[:min(offset, len(data))]) + 1
}

// lineCount returns the number of lines in data, at least 1.
func lineCount(data []byte) int {
	n := countBreaks(data)
	if len(data) == 0 || (data[len(data)-1] != '\n' && data[len(data)-1] != '\r') {
		n++
	}
	return max(n, 1)
}

// countBreaks counts line breaks, a CRLF once.
func countBreaks(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	for i, b := range data {
		if b == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			n++
		}
	}
	return n
}

// checkText finds the first character YAML does not allow in a stream.
// yaml.v3 reports these without a position, so they are found here first to
// give the author a line.
func checkText(name string, data []byte) *Error {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return &Error{File: name, Line: lineAt(data, i), Code: codeSyntax,
				Message: fmt.Sprintf("invalid UTF-8 (byte 0x%02x); docbridge.yaml must be UTF-8", data[i])}
		}
		if r == 0x85 || r == 0x2028 || r == 0x2029 {
			// yaml.v3 counts these as line breaks and most editors do not;
			// refusing them keeps every reported line number unambiguous.
			return &Error{File: name, Line: lineAt(data, i), Code: codeSyntax,
				Message: fmt.Sprintf("line separator %U is not allowed; use a newline", r)}
		}
		if !yamlPrintable(r) {
			return &Error{File: name, Line: lineAt(data, i), Code: codeSyntax,
				Message: fmt.Sprintf("character %U is not allowed in YAML", r)}
		}
		i += size
	}
	return nil
}

// yamlPrintable is the YAML 1.2 c-printable set, as yaml.v3's reader checks it.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85:
		return true
	case r >= 0x20 && r <= 0x7e:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}
