package markdown

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// When the YAML cannot be read, the line scanner gives one diagnostic per bad
// line of the docbridge section and recovers the covers it can read.
func TestBlockFallback(t *testing.T) {
	yamlErr := func(line int, msg string) string {
		return "DOCBRIDGE_YAML docbridge: the front matter is not valid YAML (line " + itoa(line) + ": " + msg +
			"); the block was read line by line: readable covers are kept, relations are ignored until the YAML is fixed"
	}
	tests := []struct {
		name   string
		yaml   string
		issues []string
		block  string
	}{
		{
			name: "one diagnostic per bad line",
			yaml: "title: x\ndocbridge:\n  covers:\n    - area:src/rules\n\t- module:bad/tab.ts\n    - module:src/a.ts\n" +
				"    - bogus\n    - area:src/rules\n  note: hi\n  relations:\n    - from: package:web\n      to: module:src/index.ts\n" +
				"      kind: imports\n      nte: 1\n    - {to: x, kind: y, bad: 1}\n    this is not yaml\nowner: me\n",
			issues: []string{
				"3 " + yamlErr(5, "found a tab character that violates indentation"),
				"5 FRONT_MATTER_INVALID front matter is not valid YAML: found a tab character that violates indentation",
				"6 DOCBRIDGE_YAML docbridge: tab in indentation; YAML indents with spaces only",
				`8 DOCBRIDGE_INVALID_ID docbridge.covers.2: invalid id "bogus": expected kind:value`,
				"9 DOCBRIDGE_DUPLICATE docbridge.covers.3: duplicate cover area:src/rules (first at line 5)",
				"10 DOCBRIDGE_UNKNOWN_KEY docbridge: unknown key note",
				"15 DOCBRIDGE_UNKNOWN_KEY docbridge.relations.0: unknown key nte",
				"16 DOCBRIDGE_UNKNOWN_KEY docbridge.relations.1: unknown key bad",
				`17 DOCBRIDGE_YAML docbridge: expected ` + "`key: value` or `- item`" + `, found "this is not yaml"`,
			},
			block: `{"covers":[{"id":"area:src/rules","line":5},{"id":"module:src/a.ts","line":7}]}`,
		},
		{
			name: "flow covers over several lines, error elsewhere",
			yaml: "docbridge:\n  covers: [area:a,  # first\n     \"area:b\",\n     module:c.ts]\n  relations: []\nbroken: [\n",
			issues: []string{
				"2 " + yamlErr(8, "did not find expected node content"),
				"8 FRONT_MATTER_INVALID front matter is not valid YAML: did not find expected node content",
			},
			block: `{"covers":[{"id":"area:a","line":3},{"id":"area:b","line":4},{"id":"module:c.ts","line":5}]}`,
		},
		{
			name: "unclosed flow and wrong shapes",
			yaml: "docbridge:\n  covers: area:a\n  relations:\n    - plain\n  covers: [area:b\n",
			issues: []string{
				"2 " + yamlErr(6, "did not find expected ',' or ']'"),
				"3 DOCBRIDGE_TYPE docbridge.covers: expected a list, found \"area:a\"",
				"5 DOCBRIDGE_TYPE docbridge.relations.0: expected a mapping with from, to and kind, found \"plain\"",
				"6 DOCBRIDGE_DUPLICATE docbridge: key covers appears twice (first at line 3)",
				"6 FRONT_MATTER_INVALID front matter is not valid YAML: did not find expected ',' or ']'",
			},
			block: `{}`,
		},
		{
			name: "indentation",
			yaml: "docbridge:\n    covers:\n      - area:a\n  relations:\n    - [x]\n  - area:b\n",
			issues: []string{
				"2 " + yamlErr(5, "did not find expected key"),
				"5 DOCBRIDGE_YAML docbridge: indented less than the first line of the block",
				"5 FRONT_MATTER_INVALID front matter is not valid YAML: did not find expected key",
				"6 DOCBRIDGE_YAML docbridge: expected covers: or relations: at this indentation, found a list item",
				"7 DOCBRIDGE_YAML docbridge: indented less than the first line of the block",
			},
			block: `{"covers":[{"id":"area:a","line":4}]}`,
		},
		{
			name: "scalar block value",
			yaml: "docbridge: nope\nx: [\n",
			issues: []string{
				`2 DOCBRIDGE_NOT_MAPPING docbridge: expected a mapping with covers and relations, found "nope"`,
				"2 " + yamlErr(4, "did not find expected node content"),
				"4 FRONT_MATTER_INVALID front matter is not valid YAML: did not find expected node content",
			},
			block: `{}`,
		},
		{
			name:   "no docbridge section",
			yaml:   "title: x\nbad: [\n",
			issues: []string{"4 FRONT_MATTER_INVALID front matter is not valid YAML: did not find expected node content"},
			block:  `null`,
		},
	}
	for _, tt := range tests {
		d := Extract("docs/guide.md", withFrontMatter(tt.yaml))
		if got := issueStrings(d.Issues); !slices.Equal(got, tt.issues) {
			t.Errorf("%s: issues\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.issues, "\n"))
		}
		b, _ := json.Marshal(d.Block)
		if string(b) != tt.block {
			t.Errorf("%s: block\n%s\nwant\n%s", tt.name, b, tt.block)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestSplitKeyValue(t *testing.T) {
	tests := []struct {
		text, key, value string
		ok               bool
	}{
		{"covers: [a]", "covers", " [a]", true},
		{"covers:", "covers", "", true},
		{`"to": area:a`, "to", " area:a", true},
		{"area:src/rules", "", "", false}, // no space after the colon: a scalar
		{`"a: b"`, "", "", false},         // the colon is quoted
		{": x", "", "", false},
		{"[a]: x", "", "", false},
	}
	for _, tt := range tests {
		k, v, ok := splitKeyValue(tt.text)
		if k != tt.key || v != tt.value || ok != tt.ok {
			t.Errorf("splitKeyValue(%q) = %q, %q, %v; want %q, %q, %v", tt.text, k, v, ok, tt.key, tt.value, tt.ok)
		}
	}
}

func TestStripComment(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a: b # note", "a: b "},
		{"# all", ""},
		{"a: b#c", "a: b#c"},
		{`a: "b # c"`, `a: "b # c"`},
		{`a: 'it''s' # x`, `a: 'it''s' `},
	}
	for _, tt := range tests {
		if got := stripComment(tt.in); got != tt.want {
			t.Errorf("stripComment(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
