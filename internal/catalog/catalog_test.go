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
		if r.Severity.Rank() < 0 || r.Title == "" || r.Help == "" || r.Group == "" {
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
	data, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, r := range All() {
		if !strings.Contains(doc, "\n### "+r.Code+"\n") {
			t.Errorf("docs/diagnostics.md has no section ### %s", r.Code)
		}
		row := "| [`" + r.Code + "`](#" + strings.ToLower(r.Code) + ") | " + string(r.Severity)
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
		level  Level
		failOn FailOn
		want   bool
	}{
		{Error, FailError, true}, {Warn, FailError, false}, {Error, FailWarn, true}, {Warn, FailWarn, true},
		{Info, FailWarn, false}, {Info, failInfo, true}, {Off, failInfo, false}, {Error, FailNone, false},
		{Error, "", true}, {Warn, "", false}, {Off, "", false}, {"bogus", failInfo, false}, {Error, "bogus", false},
	} {
		if got := tc.failOn.Fails(tc.level); got != tc.want {
			t.Errorf("FailOn(%q).Fails(%q) = %v, want %v", tc.failOn, tc.level, got, tc.want)
		}
	}
}

// TestValuesParse: levels and fail-on values parse as flags do (pflag.Value)
// and refuse anything off the scale with the values to use.
func TestValuesParse(t *testing.T) {
	for _, s := range []string{"off", "info", "warn", "error"} {
		var l Level
		if err := l.Set(s); err != nil || l.String() != s {
			t.Errorf("Level.Set(%q) = %v, %q", s, err, l)
		}
	}
	for _, s := range []string{"error", "warn", "info", "none"} {
		var f FailOn
		if err := f.Set(s); err != nil || f.String() != s {
			t.Errorf("FailOn.Set(%q) = %v, %q", s, err, f)
		}
	}
	var l Level
	if err := l.Set("high"); err == nil || !strings.Contains(err.Error(), "off, info, warn, error") || l != "" {
		t.Errorf("Level.Set(high) = %v, left %q", err, l)
	}
	var f FailOn
	if err := f.Set("off"); err == nil || !strings.Contains(err.Error(), "error, warn, info, none") || f != "" {
		t.Errorf("FailOn.Set(off) = %v, left %q", err, f)
	}
	if f.OrDefault() != FailError {
		t.Errorf("the zero fail-on reads as %q, want error", f.OrDefault())
	}
}
