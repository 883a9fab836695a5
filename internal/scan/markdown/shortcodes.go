package markdown

import (
	"bytes"
	"strings"
)

// scanShortcodes lexes the Hugo shortcode calls of a body: {{< name args >}}
// and {{% name args %}}. Hugo expands shortcodes before Markdown is
// rendered, inside code blocks too, so the whole body is read; a comment
// call ({{</* … */>}}) is the escape that shows one as text, and is
// skipped. Calls without a path-like argument are kept too (their names
// tell resolution whether the page pulls in other content).
func scanShortcodes(body []byte, lines lineIndex, bodyFrom int, is *issues) []Shortcode {
	var out []Shortcode
	dropped := 0
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte("{{"))
		if j < 0 {
			break
		}
		start := i + j
		if end, ok := commentEnd(body, i, start); ok {
			// Inside an HTML comment: whatever the call renders, no reader
			// sees it ("<!-- TODO: [C#]({{< relref "csharp#dev-stories" >}}) -->").
			i = end
			continue
		}
		i = start + 2
		if i >= len(body) || (body[i] != '<' && body[i] != '%') {
			continue
		}
		sc, end, ok := lexShortcode(body, start)
		if !ok {
			continue
		}
		i = end
		if lines.lineOf(start) < bodyFrom {
			continue
		}
		if len(out) >= maxShortcodes {
			dropped++
			continue
		}
		sc.Line = lines.lineOf(start)
		out = append(out, sc)
	}
	if dropped > 0 {
		is.add(0, "", "%d shortcode calls beyond the first %d are not listed", dropped, maxShortcodes)
	}
	return out
}

// lexShortcode reads the call opening at body[start] ("{{<" or "{{%").
// It returns the call, the offset past it, and false for a comment, a
// closing tag or text that is no call.
func lexShortcode(body []byte, start int) (Shortcode, int, bool) {
	delim := body[start+2]
	closer := string(delim) + "}}"
	if delim == '<' {
		closer = ">}}"
	}
	i := start + 3
	i = skipBlank(body, i)
	if bytes.HasPrefix(body[i:], []byte("/*")) {
		return Shortcode{}, i + 2, false // a comment: shown as text
	}
	closing := i < len(body) && body[i] == '/'
	if closing {
		i = skipBlank(body, i+1)
	}
	n := i
	for n < len(body) && isShortcodeNameByte(body[n]) {
		n++
	}
	if n == i || n-i > 128 {
		return Shortcode{}, i, false
	}
	sc := Shortcode{Name: string(body[i:n]), Percent: delim == '%'}
	if closing {
		sc.Name = "/" + sc.Name
	}
	i = n
	positional := -1
	for {
		i = skipBlank(body, i)
		if i >= len(body) {
			return Shortcode{}, i, false
		}
		if bytes.HasPrefix(body[i:], []byte(closer)) {
			return sc, i + len(closer), true
		}
		if body[i] == '/' && bytes.HasPrefix(body[i+1:], []byte(closer)) {
			return sc, i + 1 + len(closer), true // self-closing
		}
		key, val, next, ok := lexParam(body, i, closer)
		if !ok {
			return Shortcode{}, next, false
		}
		i = next
		switch {
		case key == "" && positional < 0:
			positional = 0
			if sc.Arg == "" {
				sc.Arg = val
			}
		case key == "path", key == "file", key == "src":
			sc.Arg = val
		}
		if len(sc.Arg) > maxShortcodeArg {
			sc.Arg = ""
		}
	}
}

// lexParam reads one parameter: "quoted", `raw`, a bare word, each maybe
// after key=.
func lexParam(body []byte, i int, closer string) (key, val string, next int, ok bool) {
	word := func(i int) (string, int) {
		j := i
		for j < len(body) && !isBlank(body[j]) && body[j] != '=' && !bytes.HasPrefix(body[j:], []byte(closer)) {
			j++
		}
		return string(body[i:j]), j
	}
	value := func(i int) (string, int, bool) {
		if i >= len(body) {
			return "", i, false
		}
		switch body[i] {
		case '"':
			var b strings.Builder
			for j := i + 1; j < len(body); j++ {
				switch body[j] {
				case '\\':
					if j+1 < len(body) {
						j++
						b.WriteByte(body[j])
					}
				case '"':
					return b.String(), j + 1, true
				case '\n':
					return "", j, false
				default:
					b.WriteByte(body[j])
				}
			}
			return "", len(body), false
		case '`':
			k := bytes.IndexByte(body[i+1:], '`')
			if k < 0 {
				return "", len(body), false
			}
			return string(body[i+1 : i+1+k]), i + 2 + k, true
		}
		w, j := word(i)
		return w, j, w != ""
	}
	if body[i] == '"' || body[i] == '`' {
		v, j, ok := value(i)
		return "", v, j, ok
	}
	w, j := word(i)
	if j < len(body) && body[j] == '=' {
		v, k, ok := value(j + 1)
		return strings.ToLower(w), v, k, ok
	}
	return "", w, j, w != ""
}

func skipBlank(body []byte, i int) int {
	for i < len(body) && isBlank(body[i]) {
		i++
	}
	return i
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isShortcodeNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '/' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// commentEnd reports whether body[at] lies inside an HTML comment opened
// in body[from:at] ("<!--" with no "-->" before at) and closed after it,
// and returns the offset past its "-->". A "<!--" never closed (text
// about comments, a code span) is no comment here.
func commentEnd(body []byte, from, at int) (int, bool) {
	c := bytes.LastIndex(body[from:at], []byte("<!--"))
	if c < 0 || bytes.Contains(body[from+c:at], []byte("-->")) {
		return 0, false
	}
	e := bytes.Index(body[at:], []byte("-->"))
	if e < 0 {
		return 0, false
	}
	return at + e + 3, true
}
