package python

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestModuleDocstring(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"none", "import os\n", ""},
		{"empty file", "", ""},
		{"one line", "\"\"\"Render findings as SARIF.\"\"\"\nimport os\n", "Render findings as SARIF."},
		{"first paragraph, indentation collapsed",
			"\"\"\"\n    Parse docbridge.yaml\n    strictly.\n    \n    Details stay out.\n\"\"\"\n", "Parse docbridge.yaml strictly."},
		{"after comments and a shebang", "#!/usr/bin/env python\n# Copyright.\n'''Walk the tree.'''\n", "Walk the tree."},
		{"raw string, escapes as written", "r\"\"\"Match \\d+ digits.\"\"\"\n", "Match \\d+ digits."},
		{"escape sequence kept as written", "\"\"\"Split on \\n lines.\"\"\"\n", "Split on \\n lines."},
		{"bytes is no docstring", "b\"\"\"Not a doc.\"\"\"\n", ""},
		{"f-string is no docstring", "f\"\"\"Not {a} doc.\"\"\"\n", ""},
		{"not the first statement", "import os\n\"\"\"Too late.\"\"\"\n", ""},
		{"an expression with a string is not one", "\"\"\"a\"\"\" + x\n", ""},
		{"an assignment is not one", "x = \"\"\"Doc?\"\"\"\n", ""},
	}
	e := newTestExtractor(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := e.Extract("m.py", []byte(tt.src)).Doc; got != tt.want {
				t.Errorf("doc %q, want %q", got, tt.want)
			}
		})
	}

	t.Run("bound", func(t *testing.T) {
		got := e.Extract("m.py", []byte(`"""`+strings.Repeat("word ", maxDocRunes)+`"""`)).Doc
		n := utf8.RuneCountInString(got)
		if n > maxDocRunes || n < maxDocRunes-len("word ") || !strings.HasSuffix(got, "word…") {
			t.Errorf("doc of %d runes (bound %d), want a cut at a word boundary marked by …: %q", n, maxDocRunes, got)
		}
	})
}
