package precision

import (
	"strings"
	"testing"
)

// keyAt keys a finding of code on the 1-based line of a file's text, as
// bench precision does.
func keyAt(t *testing.T, code, path, target, file string, line int) string {
	t.Helper()
	text, ok := LineText([]byte(file), line)
	if !ok {
		t.Fatalf("%s has no line %d", path, line)
	}
	return NewKey(code, path, target, text, true).String()
}

func TestKeySurvivesUnrelatedEdits(t *testing.T) {
	before := "# Guide\n\nSee [setup](other.md#setup).\n\n## End\n"
	tests := []struct {
		name  string
		after string
		line  int
		same  bool
	}{
		{"lines inserted above", "# Guide\n\nIntro.\n\nMore intro.\n\nSee [setup](other.md#setup).\n\n## End\n", 7, true},
		{"other lines edited", "# Guide, renamed\n\nSee [setup](other.md#setup).\n\n## The end\n", 3, true},
		{"re-indented, spaces re-wrapped", "# Guide\n\n   See  [setup](other.md#setup).\t\n", 3, true},
		{"CRLF line endings", "# Guide\r\n\r\nSee [setup](other.md#setup).\r\n", 3, true},
		{"the line's own text edited", "# Guide\n\nRead [setup](other.md#setup).\n", 3, false},
	}
	want := keyAt(t, "BROKEN_ANCHOR", "docs/a.md", "other.md#setup", before, 3)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := keyAt(t, "BROKEN_ANCHOR", "docs/a.md", "other.md#setup", tt.after, tt.line)
			if (got == want) != tt.same {
				t.Errorf("key %q vs %q: same=%v, want %v", got, want, got == want, tt.same)
			}
		})
	}
}

func TestKeyParts(t *testing.T) {
	k := NewKey("BROKEN_LINK", "docs/a.md", "docs/b.md", "see [b](b.md)", true)
	if k.String() != "BROKEN_LINK|docs/a.md|docs/b.md|"+lineHash("see [b](b.md)") {
		t.Errorf("key %q", k)
	}
	// Each part tells findings apart.
	others := []Key{
		NewKey("UNRESOLVED_PATH", "docs/a.md", "docs/b.md", "see [b](b.md)", true),
		NewKey("BROKEN_LINK", "docs/c.md", "docs/b.md", "see [b](b.md)", true),
		NewKey("BROKEN_LINK", "docs/a.md", "docs/d.md", "see [b](b.md)", true),
		NewKey("BROKEN_LINK", "docs/a.md", "docs/b.md", "see [b](b.md)", false),
	}
	for _, o := range others {
		if o.String() == k.String() {
			t.Errorf("%q keys like %q", o, k)
		}
	}
	// A finding without a line or a path.
	if got := NewKey("IMPORT_CYCLE", "", "cycles-truncated", "ignored", false).String(); got != "IMPORT_CYCLE|-|cycles-truncated|-" {
		t.Errorf("repository-level key %q", got)
	}
	// A long target (a cycle's nodes) and one with the separator are hashed.
	long := strings.Repeat("packages/a/src/index.ts ", 20)
	for _, target := range []string{long, "a|b"} {
		k := NewKey("IMPORT_CYCLE", "a.ts", target, "import x", true)
		if !strings.HasPrefix(k.Target, "sha256:") || len(k.Target) != len("sha256:")+16 {
			t.Errorf("target %q for %q", k.Target, target)
		}
		if _, err := parseKey(k.String()); err != nil {
			t.Errorf("parseKey(%q): %v", k, err)
		}
	}
	if NewKey("X", "p", long, "", true).Target == NewKey("X", "p", long+"b.ts", "", true).Target {
		t.Error("two long targets hash alike")
	}
}

func TestLineHash(t *testing.T) {
	// printf '%s' 'See [setup](other.md#setup).' | sha256sum | cut -c1-8
	if got := lineHash("  See [setup](other.md#setup).  "); got != "d963cf09" {
		t.Errorf("lineHash = %s", got)
	}
}

func TestLineText(t *testing.T) {
	tests := []struct {
		data string
		line int
		want string
		ok   bool
	}{
		{"a\nb\nc", 2, "b", true},
		{"a\nb\nc", 3, "c", true},
		{"a\nb\n", 3, "", false},
		{"a\nb\n", 0, "", false},
		{"", 1, "", true},
		{"", 2, "", false},
	}
	for _, tt := range tests {
		got, ok := LineText([]byte(tt.data), tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("LineText(%q, %d) = %q, %v; want %q, %v", tt.data, tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseKey(t *testing.T) {
	good := []string{
		"BROKEN_LINK|docs/a.md|docs/b.md|0123abcd",
		"DOCUMENT_WITHOUT_CODE|docs/a.md|docs/a.md|-",
		"IMPORT_CYCLE|-|cycles-truncated|-",
	}
	for _, s := range good {
		k, err := parseKey(s)
		if err != nil || k.String() != s {
			t.Errorf("parseKey(%q) = %q, %v", s, k, err)
		}
	}
	bad := map[string]string{
		"":                                   "want CODE|path|target|linehash",
		"BROKEN_LINK|docs/a.md|0123abcd":     "want CODE|path|target|linehash",
		"broken|docs/a.md|b|0123abcd":        "not a diagnostic code",
		"BROKEN_LINK||b|0123abcd":            "empty path or target",
		"BROKEN_LINK|a.md|b|12":              "line hash",
		"BROKEN_LINK|a.md|b|0123ABCD":        "line hash",
		"BROKEN_LINK|docs/a.md|b.md|line 12": "line hash",
	}
	for s, want := range bad {
		if _, err := parseKey(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseKey(%q) = %v, want an error with %q", s, err, want)
		}
	}
}

func FuzzParseKey(f *testing.F) {
	f.Add("BROKEN_LINK|docs/a.md|docs/b.md|0123abcd")
	f.Add("IMPORT_CYCLE|-|a|b|c|-")
	f.Fuzz(func(t *testing.T, s string) {
		k, err := parseKey(s)
		if err != nil {
			return
		}
		if k2, err := parseKey(k.String()); err != nil || k2 != k {
			t.Fatalf("%q parsed as %+v, which reparses as %+v, %v", s, k, k2, err)
		}
	})
}
