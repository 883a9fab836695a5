package config

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// bom is the UTF-8 byte order mark some editors write at the start of a file.
var bom = []byte("\xef\xbb\xbf")

// lineAt returns the 1-based line holding data[offset].
func lineAt(data []byte, offset int) int {
	offset = min(offset, len(data))
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// lineCount returns the number of lines in data, at least 1.
func lineCount(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) == 0 || data[len(data)-1] != '\n' {
		n++
	}
	return max(n, 1)
}

// checkText finds the first character YAML does not allow in a stream.
// yaml.v3 reports these without a position, so they are found here first to
// give the author a line.
func checkText(name string, data []byte) *Error {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return &Error{File: name, Line: lineAt(data, i), Code: CodeSyntax,
				Message: fmt.Sprintf("invalid UTF-8 (byte 0x%02x); docbridge.yaml must be UTF-8", data[i])}
		}
		if !yamlPrintable(r) {
			return &Error{File: name, Line: lineAt(data, i), Code: CodeSyntax,
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
