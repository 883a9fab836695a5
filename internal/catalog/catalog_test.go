package catalog

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestCatalogIsSortedAndComplete(t *testing.T) {
	codes := Codes()
	if !slices.IsSorted(codes) {
		t.Fatalf("catalog not sorted by code: %v", codes)
	}
	if len(slices.Compact(slices.Clone(codes))) != len(codes) {
		t.Fatal("a code is listed twice")
	}
	upperSnake := regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`)
	for _, r := range All() {
		if !upperSnake.MatchString(r.Code) {
			t.Errorf("%s is not UPPER_SNAKE", r.Code)
		}
		if Rank(r.Severity) < 0 || r.Title == "" || r.Help == "" || r.Group == "" {
			t.Errorf("%s: incomplete rule %+v", r.Code, r)
		}
		if got, ok := Lookup(r.Code); !ok || got != r {
			t.Errorf("Lookup(%s) = %+v, %v", r.Code, got, ok)
		}
	}
}

// TestEveryCodeIsDocumented: docs/diagnostics.md has a section per code,
// and its table names each code's default severity.
func TestEveryCodeIsDocumented(t *testing.T) {
	data, err := os.ReadFile("../../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, r := range All() {
		if !strings.Contains(doc, "\n### "+r.Code+"\n") {
			t.Errorf("docs/diagnostics.md has no section ### %s", r.Code)
		}
		row := "| [`" + r.Code + "`](#" + strings.ToLower(r.Code) + ") | " + r.Severity
		if r.Severity == Off {
			row = "| [`" + r.Code + "`](#" + strings.ToLower(r.Code) + ") | off"
		}
		if !strings.Contains(doc, row) {
			t.Errorf("docs/diagnostics.md table has no row starting %q", row)
		}
	}
}

// TestFails: the one rule of what fails a run, which the exit code and the
// pull request's count both read.
func TestFails(t *testing.T) {
	for _, tc := range []struct {
		severity, failOn string
		want             bool
	}{
		{Error, Error, true}, {Warn, Error, false}, {Error, Warn, true}, {Warn, Warn, true},
		{Info, Warn, false}, {Info, Info, true}, {Off, Info, false}, {Error, FailNone, false},
		{Error, "", true}, {Warn, "", false}, {Off, "", false}, {"bogus", Info, false}, {Error, "bogus", false},
	} {
		if got := Fails(tc.severity, tc.failOn); got != tc.want {
			t.Errorf("Fails(%q, %q) = %v, want %v", tc.severity, tc.failOn, got, tc.want)
		}
	}
}
