// Line-level helpers for reading YAML that yaml.v3 refused. The block
// scanner and the flow splitter use them; they do not parse YAML.

package markdown

import "strings"

// cutItem splits "- x" into x; ok is false when text is not a list item.
func cutItem(text string) (string, bool) {
	if text == "-" {
		return "", true
	}
	if rest, ok := strings.CutPrefix(text, "- "); ok {
		return strings.TrimSpace(rest), true
	}
	return "", false
}

// splitKeyValue splits "key: value" (or "key:") whose key is a plain or
// quoted word; ok is false for anything else.
func splitKeyValue(text string) (key, value string, ok bool) {
	i := indexOutsideQuotes(text, func(s string, i int) bool {
		return s[i] == ':' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t')
	})
	if i <= 0 {
		return "", "", false
	}
	key = unquote(strings.TrimSpace(text[:i]))
	if key == "" {
		return "", "", false
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.' || r == ' ') {
			return "", "", false
		}
	}
	return key, text[i+1:], true
}

// stripComment drops a " #" comment outside quotes.
func stripComment(text string) string {
	i := indexOutsideQuotes(text, func(s string, i int) bool {
		return s[i] == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t')
	})
	if i < 0 {
		return text
	}
	return text[:i]
}

// indexOutsideQuotes returns the first byte index i, outside '…' and "…",
// for which match(s, i) holds, or -1.
func indexOutsideQuotes(s string, match func(string, int) bool) int {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && (i == 0 || strings.IndexByte(" \t[{,:", s[i-1]) >= 0):
			quote = c
		case match(s, i):
			return i
		}
	}
	return -1
}

// unquote strips one pair of matching quotes.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// isBlockScalar reports whether a value starts a | or > block scalar.
func isBlockScalar(v string) bool { return v != "" && (v[0] == '|' || v[0] == '>') }

// clip shortens text quoted in a message.
func clip(s string) string {
	const maxRunes = 60
	if t, cut := truncateRunes(s, maxRunes); cut {
		return t + "…"
	}
	return s
}
