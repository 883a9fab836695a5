package snapshot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// maxDirectDepth bounds how deep the encoder recurses into metadata itself.
// Deeper values are handed to encoding/json, which encodes them the same way
// and detects cycles (a map holding itself) instead of overflowing the stack.
const maxDirectDepth = 64

// appendObject writes a metadata object with its keys sorted bytewise, as
// encoding/json sorts map keys.
func appendObject(b []byte, m map[string]any, depth int) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	var arr [16]string
	keys := arr[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		if b, err = appendValue(b, m[k], depth+1); err != nil {
			return b, fmt.Errorf("key %q: %w", k, err)
		}
	}
	return append(b, '}'), nil
}

// appendValue writes one metadata value: the plain JSON types Normalize
// leaves directly, anything else through encoding/json.
func appendValue(b []byte, v any, depth int) ([]byte, error) {
	if depth > maxDirectDepth {
		return appendFallback(b, v)
	}
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			// Let encoding/json produce its own error for the value.
			return appendFallback(b, v)
		}
		return appendFloat(b, x), nil
	case []string:
		if x == nil {
			return append(b, "null"...), nil
		}
		return appendStrings(b, x), nil
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		var err error
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendValue(b, item, depth+1); err != nil {
				return b, fmt.Errorf("index %d: %w", i, err)
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		return appendObject(b, x, depth)
	}
	return appendFallback(b, v)
}

// appendWriter lets a json.Encoder append straight to the output buffer.
type appendWriter struct{ b *[]byte }

func (w appendWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// appendFallback encodes v with encoding/json, HTML escaping off, exactly as
// it would be encoded inside the snapshot (a Marshaler's output is compacted
// the same way), without the newline Encode appends.
func appendFallback(b []byte, v any) ([]byte, error) {
	start := len(b)
	enc := json.NewEncoder(appendWriter{&b})
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b[:start], fmt.Errorf("encode %T: %w", v, err)
	}
	return bytes.TrimSuffix(b, []byte{'\n'}), nil
}

func appendStrings(b []byte, s []string) []byte {
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, v)
	}
	return append(b, ']')
}

// appendStringMap writes a map[string]string with sorted keys; nil is null.
func appendStringMap(b []byte, m map[string]string) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	var arr [16]string
	keys := arr[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendString(b, m[k])
	}
	return append(b, '}')
}

// appendFloat formats a finite float64 as encoding/json does (ES6 number to
// string): 'f' format unless the magnitude is below 1e-6 or at least 1e21,
// then 'e' with a one-digit negative exponent not padded (e-7, not e-07).
func appendFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// safeASCII marks the ASCII bytes a JSON string holds unescaped when HTML
// escaping is off: everything printable except '"' and '\\'.
var safeASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString quotes s exactly as encoding/json does with HTML escaping off:
// short escapes for \b \f \n \r \t, \u00xx for other control bytes, \ufffd
// for each invalid UTF-8 byte, and \u2028/\u2029 escaped for JSONP safety.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		// Skip eight plain ASCII bytes at a time: most of a snapshot is
		// paths and ids that need no escaping.
		for i+8 <= len(s) && plainWord(load64(s[i:i+8])) {
			i += 8
		}
		if i >= len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			if safeASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// SWAR constants: the byte 0x01 and the byte 0x80 repeated eight times.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// load64 reads the first eight bytes of s, little-endian; the compiler
// turns it into one load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// plainWord reports whether the eight bytes of x are all printable ASCII
// other than '"' and '\\', i.e. bytes appendString copies unchanged. It tests
// all eight at once: (v-ones)&^v&highs is non-zero iff some byte of v is 0,
// and (x-ones*0x20)&^x&highs iff some byte is below 0x20, given none has its
// high bit set, which the last test rules out.
func plainWord(x uint64) bool {
	quote := x ^ (ones * '"')
	backslash := x ^ (ones * '\\')
	special := (quote-ones)&^quote | (backslash-ones)&^backslash | (x-ones*0x20)&^x
	return (special|x)&highs == 0
}
