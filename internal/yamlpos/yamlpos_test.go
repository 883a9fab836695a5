package yamlpos

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestErrorLine pins the line of real yaml.v3 errors to where an editor
// shows the problem.
func TestErrorLine(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		line     int
		msg      string
	}{
		{"parser error, reported 0-based: the unclosed [ is on line 2", "a: 1\nb: [1, 2\nc: 3\n", 2, "did not find expected ',' or ']'"},
		{"parser error on a mapping", "a: 1\n b: 2\nc\n", 2, "mapping values are not allowed in this context"},
		{"scanner error, reported 1-based: the open quote is on line 2", "a: 1\nb: \"unterminated\n", 2, "found unexpected end of stream"},
		{"tab indentation", "a:\n\t- x\n", 2, "found character that cannot start any token"},
		{"decoding error", "a: [1]\n", 1, "cannot unmarshal !!seq into int"},
		{"no position", "a: *nowhere\n", 0, "unknown anchor 'nowhere' referenced"},
	} {
		var out map[string]int
		err := yaml.Unmarshal([]byte(tc.in), &out)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		line, msg := ErrorLine(err)
		if line != tc.line {
			t.Errorf("%s: line %d, want %d (%v)", tc.name, line, tc.line, err)
		}
		if msg == "" || (tc.msg != "" && !strings.Contains(msg, tc.msg)) {
			t.Errorf("%s: message %q, want it to contain %q", tc.name, msg, tc.msg)
		}
	}
}
